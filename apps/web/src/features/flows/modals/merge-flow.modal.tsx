import { Button, Group, Modal, Stack } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirm } from '../../../ui/confirm-dialog';
import { FormError } from '../../../ui/form/form-error';
import { toast } from '../../../ui/toasts';
import { Typeahead } from '../../../ui/typeahead';
import { useMergeFlow } from '../mutations';
import { searchMergeTargets } from '../queries';
import type { Flow, MergeTarget } from '../types';

interface Props {
  flow: Flow;
  opened: boolean;
  onClose: () => void;
  onMerged: (target: Flow) => void;
}

/** mergeflow (spec 001 section 5): needs a target flow and asks the spec's question first. */
export function MergeFlowModal({ flow, opened, onClose, onMerged }: Props) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('flows.merge.title')}
      closeOnClickOutside={false}
      centered
    >
      {opened && <MergeFlowForm flow={flow} onClose={onClose} onMerged={onMerged} />}
    </Modal>
  );
}

function MergeFlowForm({ flow, onClose, onMerged }: Omit<Props, 'opened'>) {
  const { t } = useTranslation();
  const [target, setTarget] = useState<MergeTarget | null>(null);
  const [isSubmitAttempted, setSubmitAttempted] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const merge = useMergeFlow(flow.id);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitAttempted(true);
    if (!target) return;
    if (!(await confirm({ title: t('flows.merge.title'), message: t('flows.merge.confirm') }))) return;
    setError(null);
    merge.mutate(target.id, {
      onSuccess: (merged) => {
        toast.success(t('flows.merge.merged'));
        onClose();
        onMerged(merged);
      },
      onError: (failure) => setError(failure.message),
    });
  };

  return (
    <form noValidate onSubmit={(event) => void submit(event)}>
      <FormError message={error} />
      <Stack gap="sm">
        <Typeahead<MergeTarget>
          label={t('flows.merge.target')}
          placeholder={t('flows.merge.targetPlaceholder')}
          required
          value={target}
          onChange={setTarget}
          searchKey={`mergetarget-${flow.id}`}
          search={async (query, signal) =>
            (await searchMergeTargets(query, signal)).filter((candidate) => candidate.id !== flow.id)
          }
          getKey={(candidate) => String(candidate.id)}
          getLabel={(candidate) => candidate.displayname}
          error={isSubmitAttempted && !target ? t('flows.merge.required') : undefined}
        />
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" color="red" loading={merge.isPending}>
            {t('flows.merge.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
