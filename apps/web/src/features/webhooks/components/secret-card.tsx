import type { WebhookConnection } from '@im/domain';
import { Button, Card, Group, PasswordInput, Text, Title } from '@mantine/core';
import { IconKey } from '@tabler/icons-react';
import { showActionError } from '../../../ui/alert-dialog';
import { CopyButton } from '../../../ui/clipboard';
import { confirm } from '../../../ui/confirm-dialog';
import { toast } from '../../../ui/toasts';
import { useWebhookTexts } from '../i18n';
import { useWebhookConnectionAction } from '../queries';

/** The signing key: hidden until shown, copyable, and replaceable ('Nieuwe sleutel' resets the status). */
export function SecretCard({ connection }: { connection: WebhookConnection }) {
  const tx = useWebhookTexts();
  const reset = useWebhookConnectionAction(connection.id, 'resetsecret');
  const onReset = async () => {
    if (
      !(await confirm({ title: tx.newSecretTitle, message: tx.newSecretConfirm, confirmLabel: tx.newSecret }))
    )
      return;
    reset.mutate(undefined, {
      onSuccess: () => toast.success(tx.newSecretDone),
      onError: (error) => showActionError(error),
    });
  };
  return (
    <Card withBorder padding="md" component="section" aria-label={tx.secret}>
      <Title order={2} size="h4">
        {tx.secret}
      </Title>
      <Text size="sm" c="dimmed" mb="xs">
        {tx.secretHint}
      </Text>
      <Group align="flex-end" gap="xs" wrap="wrap">
        <PasswordInput
          label={tx.secret}
          value={connection.secret}
          readOnly
          style={{ flex: '1 1 260px', minWidth: 0 }}
          styles={{ input: { fontFamily: 'monospace' } }}
          visibilityToggleButtonProps={{ 'aria-label': tx.showSecret }}
        />
        <CopyButton value={connection.secret} label={tx.copySecret} />
        <Button
          variant="default"
          leftSection={<IconKey size={16} />}
          loading={reset.isPending}
          onClick={() => void onReset()}
        >
          {tx.newSecret}
        </Button>
      </Group>
    </Card>
  );
}
