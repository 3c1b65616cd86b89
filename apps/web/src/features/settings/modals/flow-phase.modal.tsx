import { type FlowPhase, type FlowStage, zCreateFlowPhase } from '@im/domain';
import { ColorSwatch, Group, Select, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FormActions } from '../../../ui/form/form-actions';
import { FormError } from '../../../ui/form/form-error';
import { FormModal } from '../../../ui/form/form-modal';
import { schemaError } from '../../../ui/form/schema-error';
import { useAppForm } from '../../../ui/form/use-app-form';
import { useFlowPhaseMutations } from '../queries';

/** CSS colour names (also valid for the contract's colour rule) a sub-status can have. */
export const PHASE_COLORS = [
  'gray',
  'red',
  'orange',
  'yellow',
  'green',
  'teal',
  'blue',
  'purple',
  'pink',
  'brown',
] as const;

export type PhaseEditing = { stage: FlowStage; phase: FlowPhase | null } | null;

/** New or edit sub-status: its description and colour; the stage stays. */
export function FlowPhaseModal({ editing, onClose }: { editing: PhaseEditing; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <FormModal
      opened={editing !== null}
      onClose={onClose}
      title={editing?.phase ? t('settings.phases.editTitle') : t('settings.phases.newTitle')}
    >
      {editing && <FlowPhaseForm editing={editing} onClose={onClose} />}
    </FormModal>
  );
}

function FlowPhaseForm({ editing, onClose }: { editing: NonNullable<PhaseEditing>; onClose: () => void }) {
  const { t } = useTranslation();
  const { create, update } = useFlowPhaseMutations();
  const { phase, stage } = editing;
  const { inputProps, onSubmit, formError, saveCallbacks, values } = useAppForm({
    initialValues: { description: phase?.description ?? '', color: phase?.color ?? 'gray' },
    validate: (v) => ({ description: schemaError(zCreateFlowPhase.shape.description, v.description) }),
  });
  const colors = [...PHASE_COLORS, ...(PHASE_COLORS.some((c) => c === values.color) ? [] : [values.color])];
  const submit = onSubmit((v) => {
    const done = saveCallbacks(t('settings.phases.saved'), onClose);
    if (phase) update.mutate({ id: phase.id, ...v }, done);
    else create.mutate({ ...v, flowstage: stage }, done);
  });
  return (
    <form noValidate onSubmit={submit}>
      <FormError message={formError} title={t('common.saveFailed')} />
      <Stack gap="sm">
        <TextInput
          label={t('common.description')}
          required
          maxLength={200}
          data-autofocus
          {...inputProps('description')}
        />
        <Select
          label={t('settings.phases.color')}
          allowDeselect={false}
          data={colors.map((c) => ({
            value: c,
            label: t(`settings.phases.colors.${c}`, { defaultValue: c }),
          }))}
          leftSection={<ColorSwatch color={values.color} size={16} />}
          renderOption={({ option }) => (
            <Group gap="xs">
              <ColorSwatch color={option.value} size={14} />
              {option.label}
            </Group>
          )}
          {...inputProps('color')}
        />
        <FormActions onCancel={onClose} isPending={create.isPending || update.isPending} mt="sm" />
      </Stack>
    </form>
  );
}
