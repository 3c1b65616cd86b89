import {
  DEFAULT_VERTICAL_TYPE,
  FORM_MESSAGES,
  VERTICAL_TYPE_LABELS,
  VERTICAL_TYPES,
  type VerticalDetail,
  type VerticalType,
} from '@im/domain';
import { Checkbox, Select, Stack, Textarea, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FormActions } from '../../../ui/form/form-actions';
import { FormError } from '../../../ui/form/form-error';
import { FormModal, type FormModalProps } from '../../../ui/form/form-modal';
import { useAppForm } from '../../../ui/form/use-app-form';
import { toast } from '../../../ui/toasts';
import { useCreateVertical, useUpdateVertical } from '../queries';

export const VERTICAL_TYPE_OPTIONS = VERTICAL_TYPES.map((type) => ({
  value: type,
  label: VERTICAL_TYPE_LABELS[type],
}));

type Values = {
  name: string;
  type: VerticalType;
  description: string;
  is_recurring: boolean;
};

interface FormProps {
  initial: Values;
  isPending: boolean;
  onCancel: () => void;
  onSave: (values: Values, showServerError: (error: unknown) => void) => void;
}

function VerticalForm({ initial, isPending, onCancel, onSave }: FormProps) {
  const { t } = useTranslation();
  const { inputProps, onSubmit, formError, showServerError } = useAppForm<Values>({
    initialValues: initial,
    validate: (v) => ({ name: v.name.trim() ? undefined : FORM_MESSAGES.nameRequired }),
  });
  return (
    <form
      noValidate
      onSubmit={onSubmit((values) =>
        onSave(
          { ...values, name: values.name.trim(), description: values.description.trim() },
          showServerError,
        ),
      )}
    >
      <FormError message={formError} />
      <Stack gap="sm">
        <TextInput label={t('common.name')} required data-autofocus {...inputProps('name')} />
        <Select
          label={t('common.type')}
          data={VERTICAL_TYPE_OPTIONS}
          allowDeselect={false}
          {...inputProps('type')}
        />
        <Textarea
          label={t('common.description')}
          autosize
          minRows={2}
          maxRows={6}
          {...inputProps('description')}
        />
        <Checkbox
          label={t('verticals.isRecurring')}
          description={t('verticals.isRecurringHint')}
          {...inputProps('is_recurring', { type: 'checkbox' })}
        />
      </Stack>
      <FormActions onCancel={onCancel} isPending={isPending} mt="md" />
    </form>
  );
}

/** 'Nieuw formulier': saved, then its detail opens to add the fields. */
export function CreateVerticalModal({ opened, onClose }: FormModalProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const create = useCreateVertical();
  return (
    <FormModal opened={opened} onClose={onClose} title={t('verticals.newVertical')}>
      <VerticalForm
        initial={{ name: '', type: DEFAULT_VERTICAL_TYPE, description: '', is_recurring: false }}
        isPending={create.isPending}
        onCancel={onClose}
        onSave={(values, showServerError) =>
          create.mutate(values, {
            onSuccess: (created) => {
              toast.success(t('verticals.created'));
              onClose();
              navigate(`/vertical_detail/${created.id}`);
            },
            onError: showServerError,
          })
        }
      />
    </FormModal>
  );
}

export function EditVerticalModal({
  vertical,
  opened,
  onClose,
}: FormModalProps & { vertical: VerticalDetail }) {
  const { t } = useTranslation();
  const update = useUpdateVertical(vertical.id);
  return (
    <FormModal opened={opened} onClose={onClose} title={t('verticals.editVertical')}>
      <VerticalForm
        initial={{
          name: vertical.name,
          type: vertical.type,
          description: vertical.description,
          is_recurring: vertical.is_recurring,
        }}
        isPending={update.isPending}
        onCancel={onClose}
        onSave={(values, showServerError) =>
          update.mutate(values, {
            onSuccess: () => {
              toast.success(t('verticals.saved'));
              onClose();
            },
            onError: showServerError,
          })
        }
      />
    </FormModal>
  );
}
