import { Button, Group, Modal, Stack } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormError } from '../../../ui/form/form-error';
import { toast } from '../../../ui/toasts';
import { type RelationOption, RelationTypeahead } from '../../../ui/typeahead';
import { useUpdateFlow } from '../mutations';
import type { Flow } from '../types';

interface Props {
  flow: Flow;
  opened: boolean;
  onClose: () => void;
}

/** editflowcontactperson (spec 001 section 5): the form needs a selected relation. */
export function EditFlowContactPersonModal({ flow, opened, onClose }: Props) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('flows.contactPerson.title')}
      closeOnClickOutside={false}
      centered
    >
      {opened && <ContactPersonForm flow={flow} onClose={onClose} />}
    </Modal>
  );
}

function ContactPersonForm({ flow, onClose }: Omit<Props, 'opened'>) {
  const { t } = useTranslation();
  const update = useUpdateFlow(flow.id);
  const [relation, setRelation] = useState<RelationOption | null>({
    id: flow.relation_id,
    fullname: flow.relation_fullname,
  });
  const [isSubmitAttempted, setSubmitAttempted] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitAttempted(true);
    if (!relation) return;
    if (relation.id === flow.relation_id) return onClose();
    setError(null);
    update.mutate(
      { relation_id: relation.id },
      {
        onSuccess: () => {
          toast.success(t('flows.contactPerson.saved'));
          onClose();
        },
        onError: (failure) => setError(failure.message),
      },
    );
  };

  return (
    <form noValidate onSubmit={submit}>
      <FormError message={error} />
      <Stack gap="sm">
        <RelationTypeahead
          required
          value={relation}
          onChange={setRelation}
          error={isSubmitAttempted && !relation ? t('flows.contactPerson.required') : undefined}
        />
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={update.isPending}>
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
