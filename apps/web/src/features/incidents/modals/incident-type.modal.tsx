import {
  DEFAULT_SHOWABLE_MONTHS,
  type IncidentType,
  MAX_INCIDENT_TYPE_NAME_LENGTH,
  SHOWABLE_MONTHS_MAX,
  SHOWABLE_MONTHS_MIN,
  zCreateIncidentType,
} from '@im/domain';
import { NumberInput, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FormActions } from '../../../ui/form/form-actions';
import { FormError } from '../../../ui/form/form-error';
import { FormModal, type FormModalProps } from '../../../ui/form/form-modal';
import { schemaError } from '../../../ui/form/schema-error';
import { useAppForm } from '../../../ui/form/use-app-form';
import { useSaveIncidentType } from '../queries';

/** Incident type create and edit: name and how many months resolved incidents stay visible to customers. */
export function IncidentTypeModal({
  opened,
  onClose,
  type,
}: FormModalProps & { type?: IncidentType | null }) {
  const { t } = useTranslation();
  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={type ? t('incidents.types.edit') : t('incidents.types.new')}
    >
      <IncidentTypeForm type={type ?? null} onDone={onClose} />
    </FormModal>
  );
}

type Values = { name: string; showable_months: number | string };

function IncidentTypeForm({ type, onDone }: { type: IncidentType | null; onDone: () => void }) {
  const { t } = useTranslation();
  const save = useSaveIncidentType();
  const { inputProps, onSubmit, formError, saveCallbacks } = useAppForm<Values>({
    initialValues: {
      name: type?.name ?? '',
      showable_months: type?.showable_months ?? DEFAULT_SHOWABLE_MONTHS,
    },
    validate: (v) => ({
      name: schemaError(zCreateIncidentType.shape.name, v.name),
      showable_months: schemaError(zCreateIncidentType.shape.showable_months, v.showable_months),
    }),
  });
  const submit = onSubmit((v) => {
    const body = { name: v.name, showable_months: Number(v.showable_months) };
    save.mutate(type ? { id: type.id, ...body } : body, saveCallbacks(t('incidents.types.saved'), onDone));
  });
  return (
    <form noValidate onSubmit={submit}>
      <FormError message={formError} />
      <Stack gap="sm">
        <TextInput
          label={t('common.name')}
          required
          maxLength={MAX_INCIDENT_TYPE_NAME_LENGTH}
          data-autofocus
          {...inputProps('name')}
        />
        <NumberInput
          label={t('incidents.types.showableMonths')}
          description={t('incidents.types.intro')}
          min={SHOWABLE_MONTHS_MIN}
          max={SHOWABLE_MONTHS_MAX}
          allowDecimal={false}
          allowNegative={false}
          required
          {...inputProps('showable_months')}
        />
        <FormActions onCancel={onDone} isPending={save.isPending} mt="sm" />
      </Stack>
    </form>
  );
}
