import { WEBHOOK_MESSAGES, WEBHOOK_METHODS, type WebhookMethod, zWebhookUrl } from '@im/domain';
import { Select, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FormActions } from '../../../ui/form/form-actions';
import { FormError } from '../../../ui/form/form-error';
import { FormModal, type FormModalProps } from '../../../ui/form/form-modal';
import { useAppForm } from '../../../ui/form/use-app-form';
import { toast } from '../../../ui/toasts';
import { useCreateWebhookConnection } from '../queries';

type Values = { name: string; url: string; method: WebhookMethod };

export const METHOD_OPTIONS = WEBHOOK_METHODS.map((m) => ({ value: m, label: m }));

/** The contract's own URL rule, so the form says what the server would. */
export function urlError(url: string): string | undefined {
  const parsed = zWebhookUrl.safeParse(url);
  return parsed.success ? undefined : parsed.error.issues[0]?.message;
}

/** 'Nieuwe koppeling': name, URL and method; the detail opens for the tags and the test. */
export function CreateConnectionModal({ opened, onClose }: FormModalProps) {
  const { t } = useTranslation();
  return (
    <FormModal opened={opened} onClose={onClose} title={t('webhooks.newConnection')}>
      <CreateConnectionForm onClose={onClose} />
    </FormModal>
  );
}

function CreateConnectionForm({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const create = useCreateWebhookConnection();
  const { inputProps, onSubmit, formError, showServerError } = useAppForm<Values>({
    initialValues: { name: '', url: 'https://', method: 'POST' },
    validate: (v) => ({
      name: v.name.trim() ? undefined : WEBHOOK_MESSAGES.nameRequired,
      url: urlError(v.url),
    }),
  });
  return (
    <form
      noValidate
      onSubmit={onSubmit((values) =>
        create.mutate(
          { ...values, name: values.name.trim(), url: values.url.trim() },
          {
            onSuccess: (created) => {
              toast.success(t('webhooks.created'));
              onClose();
              navigate(`/webhookconnection_detail/${created.id}`);
            },
            onError: showServerError,
          },
        ),
      )}
    >
      <FormError message={formError} />
      <Stack gap="sm">
        <TextInput label={t('common.name')} required data-autofocus {...inputProps('name')} />
        <TextInput label={t('webhooks.url')} required type="url" inputMode="url" {...inputProps('url')} />
        <Select
          label={t('webhooks.method')}
          data={METHOD_OPTIONS}
          allowDeselect={false}
          {...inputProps('method')}
        />
      </Stack>
      <FormActions onCancel={onClose} isPending={create.isPending} mt="md" />
    </form>
  );
}
