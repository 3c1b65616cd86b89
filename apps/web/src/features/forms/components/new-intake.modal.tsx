import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from '../../../ui/toasts';
import { type RelationOption, RelationTypeahead } from '../../../ui/typeahead';
import { useCreateIntake } from '../queries';

/** createByRelation (spec 002 section 2): a new intake, on a new flow for the chosen relation. */
export function NewIntakeModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const create = useCreateIntake();
  const [relation, setRelation] = useState<RelationOption | null>(null);
  const [description, setDescription] = useState('');
  const onSave = async () => {
    if (!relation) return;
    try {
      const created = await create.mutateAsync({ relation_id: relation.id, description });
      toast.success(t('forms.intakeCreated'));
      onClose();
      navigate(`/intake_detail/${created.id}`);
    } catch (error) {
      toast.error((error as Error).message);
    }
  };
  return (
    <Modal opened={opened} onClose={onClose} title={t('forms.newIntake')} closeOnClickOutside={false}>
      <Stack>
        <RelationTypeahead value={relation} onChange={setRelation} onCreate={false} />
        <TextInput
          label={t('common.description')}
          value={description}
          onChange={(e) => setDescription(e.currentTarget.value)}
        />
        <Group justify="flex-end">
          <Button disabled={!relation} loading={create.isPending} onClick={() => void onSave()}>
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
