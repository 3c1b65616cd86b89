import type { WebhookConnection } from '@im/domain';
import { Button, Card, Group, PasswordInput, Text, Title } from '@mantine/core';
import { IconKey } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { showActionError } from '../../../ui/alert-dialog';
import { CopyButton } from '../../../ui/clipboard';
import { confirm } from '../../../ui/confirm-dialog';
import { toast } from '../../../ui/toasts';
import { useWebhookConnectionAction } from '../queries';

/** The signing key: hidden until shown, copyable, and replaceable ('Nieuwe sleutel' resets the status). */
export function SecretCard({ connection }: { connection: WebhookConnection }) {
  const { t } = useTranslation();
  const reset = useWebhookConnectionAction(connection.id, 'resetsecret');
  const onReset = async () => {
    if (
      !(await confirm({
        title: t('webhooks.newSecretTitle'),
        message: t('webhooks.newSecretConfirm'),
        confirmLabel: t('webhooks.newSecret'),
      }))
    )
      return;
    reset.mutate(undefined, {
      onSuccess: () => toast.success(t('webhooks.newSecretDone')),
      onError: (error) => showActionError(error),
    });
  };
  return (
    <Card withBorder padding="md" component="section" aria-label={t('webhooks.secret')}>
      <Title order={2} size="h4">
        {t('webhooks.secret')}
      </Title>
      <Text size="sm" c="dimmed" mb="xs">
        {t('webhooks.secretHint')}
      </Text>
      <Group align="flex-end" gap="xs" wrap="wrap">
        <PasswordInput
          label={t('webhooks.secret')}
          value={connection.secret}
          readOnly
          style={{ flex: '1 1 260px', minWidth: 0 }}
          styles={{ input: { fontFamily: 'monospace' } }}
          visibilityToggleButtonProps={{ 'aria-label': t('webhooks.showSecret') }}
        />
        <CopyButton value={connection.secret} label={t('webhooks.copySecret')} />
        <Button
          variant="default"
          leftSection={<IconKey size={16} />}
          loading={reset.isPending}
          onClick={() => void onReset()}
        >
          {t('webhooks.newSecret')}
        </Button>
      </Group>
    </Card>
  );
}
