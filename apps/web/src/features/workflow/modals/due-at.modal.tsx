import { type DelayedRule, fromAmsterdamInput, toAmsterdamInput, zUpdateDelayedRule } from '@im/domain';
import { Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FormActions } from '../../../ui/form/form-actions';
import { FormError } from '../../../ui/form/form-error';
import { FormModal } from '../../../ui/form/form-modal';
import { schemaError } from '../../../ui/form/schema-error';
import { useAppForm } from '../../../ui/form/use-app-form';
import { useUpdateDelayedRule } from '../queries';

interface Props {
  delayed: DelayedRule | null;
  flowId: number;
  onClose: () => void;
}

/** 'Tijdstip wijzigen': when a scheduled rule runs, typed in Amsterdam time. */
export function DueAtModal({ delayed, flowId, onClose }: Props) {
  const { t } = useTranslation();
  return (
    <FormModal opened={delayed !== null} onClose={onClose} title={t('workflow.changeDueTitle')} size="sm">
      {delayed && <DueAtForm delayed={delayed} flowId={flowId} onDone={onClose} />}
    </FormModal>
  );
}

function DueAtForm({
  delayed,
  flowId,
  onDone,
}: {
  delayed: DelayedRule;
  flowId: number;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const update = useUpdateDelayedRule(flowId);
  const { inputProps, onSubmit, formError, saveCallbacks } = useAppForm<{ due_at: string }>({
    initialValues: { due_at: toAmsterdamInput(delayed.due_at) },
    validate: (v) => ({
      due_at: schemaError(zUpdateDelayedRule.shape.due_at, fromAmsterdamInput(v.due_at) ?? ''),
    }),
  });
  const submit = onSubmit((v) =>
    update.mutate(
      { id: delayed.id, due_at: fromAmsterdamInput(v.due_at) ?? '' },
      saveCallbacks(t('workflow.dueChanged'), onDone),
    ),
  );
  return (
    <form noValidate onSubmit={submit}>
      <FormError message={formError} />
      <Stack gap="sm">
        <Text size="sm">{delayed.rule_description || delayed.type_label}</Text>
        <TextInput
          type="datetime-local"
          label={t('workflow.dueAt')}
          required
          data-autofocus
          {...inputProps('due_at')}
        />
        <FormActions onCancel={onDone} isPending={update.isPending} mt="sm" />
      </Stack>
    </form>
  );
}
