import { Button, Group, Stack, Textarea, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FormError } from '../../../ui/form/form-error';
import { useAppForm } from '../../../ui/form/use-app-form';
import { required } from '../../../ui/form/validators';
import { toast } from '../../../ui/toasts';
import { type SubscriptionType, useUpdateSubscriptionType } from '../queries';

export function SubscriptionTypeForm({ type }: { type: SubscriptionType }) {
  const { t } = useTranslation();
  const update = useUpdateSubscriptionType(type.id);
  const { inputProps, onSubmit, formError, showServerError } = useAppForm({
    initialValues: { name: type.name, description: type.description },
    validate: (v) => ({ name: required(v.name) }),
  });
  const submit = onSubmit((v) =>
    update.mutate(
      { name: v.name.trim(), description: v.description.trim() },
      { onSuccess: () => toast.success(t('subscriptions.typeSaved')), onError: showServerError },
    ),
  );
  return (
    <form noValidate onSubmit={submit}>
      <FormError message={formError} title={t('common.saveFailed')} />
      <Stack gap="sm">
        <TextInput label={t('common.name')} required {...inputProps('name')} />
        <Textarea label={t('common.description')} autosize minRows={3} {...inputProps('description')} />
        <Group justify="flex-end">
          <Button type="submit" loading={update.isPending}>
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
