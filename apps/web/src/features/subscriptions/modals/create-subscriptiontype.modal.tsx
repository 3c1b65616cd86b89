import { Button, Group, Modal, Stack, Textarea, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FormError } from '../../../ui/form/form-error';
import { useAppForm } from '../../../ui/form/use-app-form';
import { required } from '../../../ui/form/validators';
import { toast } from '../../../ui/toasts';
import { type SubscriptionType, useCreateSubscriptionType } from '../queries';

interface CreateSubscriptionTypeModalProps {
  opened: boolean;
  onClose: () => void;
  onCreated: (type: SubscriptionType) => void;
}

export function CreateSubscriptionTypeModal({
  opened,
  onClose,
  onCreated,
}: CreateSubscriptionTypeModalProps) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={t('subscriptions.newType')} centered>
      {opened && <CreateTypeForm onCancel={onClose} onCreated={onCreated} />}
    </Modal>
  );
}

function CreateTypeForm({
  onCancel,
  onCreated,
}: {
  onCancel: () => void;
  onCreated: (type: SubscriptionType) => void;
}) {
  const { t } = useTranslation();
  const create = useCreateSubscriptionType();
  const { inputProps, onSubmit, formError, showServerError } = useAppForm({
    initialValues: { name: '', description: '' },
    validate: (v) => ({ name: required(v.name) }),
  });
  const submit = onSubmit((v) =>
    create.mutate(
      { name: v.name.trim(), description: v.description.trim() },
      {
        onSuccess: (type) => {
          toast.success(t('subscriptions.typeCreated', { name: type.name }));
          onCreated(type);
        },
        onError: showServerError,
      },
    ),
  );
  return (
    <form noValidate onSubmit={submit}>
      <FormError message={formError} title={t('account.saveFailed')} />
      <Stack gap="sm">
        <TextInput label={t('common.name')} required data-autofocus {...inputProps('name')} />
        <Textarea label={t('common.description')} autosize minRows={2} {...inputProps('description')} />
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onCancel}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={create.isPending}>
            {t('common.create')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
