import {
  INTEGRATION_CHANNEL,
  INTEGRATION_SERVICE_LABELS,
  INTEGRATION_STATUS_LABELS,
  type Integration,
  isAccountingService,
} from '@im/domain';
import { Alert, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirm } from '../../../ui/confirm-dialog';
import { LightBadge } from '../../../ui/light-badge';
import { toast } from '../../../ui/toasts';
import { useExactAuthUrl, useRefreshIntegrations, useUnlink } from '../queries';

const EXACT = INTEGRATION_SERVICE_LABELS.exact;

/**
 * The accounting package's link: 'Koppelen' opens the package's consent screen in a window (spec 000
 * section 7); the window tells this screen how it went (postMessage from the app's own origin) and closes.
 */
export function AccountingLinkCard({ integrations }: { integrations: Integration[] }) {
  const { t } = useTranslation();
  const linked = integrations.find((i) => isAccountingService(i.service));
  const authUrl = useExactAuthUrl();
  const unlink = useUnlink();
  const refresh = useRefreshIntegrations();
  const [waiting, setWaiting] = useState(false);

  // The window's last page tells every open screen of the app (BroadcastChannel: same origin), and the opener
  // when it is still reachable; both may arrive, the second finds nothing waiting.
  useEffect(() => {
    let handled = '';
    function onOutcome(origin: string, raw: unknown) {
      if (origin !== window.location.origin) return;
      const data = raw as { type?: string; ok?: boolean; message?: string } | null;
      if (data?.type !== INTEGRATION_CHANNEL) return;
      const key = `${data.ok}:${data.message}:${Math.floor(Date.now() / 2000)}`;
      if (key === handled) return;
      handled = key;
      setWaiting(false);
      if (data.ok) toast.success(data.message ?? '');
      else toast.error(data.message ?? '');
      void refresh();
    }
    const onMessage = (event: MessageEvent) => onOutcome(event.origin, event.data);
    window.addEventListener('message', onMessage);
    const channel =
      typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(INTEGRATION_CHANNEL);
    if (channel) channel.onmessage = (event) => onOutcome(window.location.origin, event.data);
    return () => {
      window.removeEventListener('message', onMessage);
      channel?.close();
    };
  }, [refresh]);

  async function startLink() {
    // The window opens at once (a click's window is not blocked), then gets the package's address.
    const popup = window.open('', 'im-integration', 'width=640,height=760');
    try {
      const { authUrl: url } = await authUrl.mutateAsync();
      if (!popup) {
        toast.error(t('integrations.popupBlocked'));
        return;
      }
      popup.location.href = url;
      setWaiting(true);
    } catch (err) {
      popup?.close();
      toast.error(err instanceof Error ? err.message : String(err));
    }
  }

  async function doUnlink(i: Integration) {
    const label = INTEGRATION_SERVICE_LABELS[i.service];
    if (
      !(await confirm({
        title: t('integrations.unlink'),
        message: t('integrations.unlinkConfirm', { service: label }),
      }))
    )
      return;
    try {
      toast.success((await unlink.mutateAsync(i)).message);
    } catch (err) {
      toast.error(err instanceof Error ? err.message : String(err));
    }
  }

  return (
    <Card withBorder padding="md" component="section" aria-label={t('integrations.accounting')}>
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('integrations.accounting')}
        </Title>
        {linked ? (
          <>
            <Group justify="space-between" gap="xs">
              <div style={{ minWidth: 0 }}>
                <Text fw={600}>{INTEGRATION_SERVICE_LABELS[linked.service]}</Text>
                <Text size="sm" c="dimmed">
                  {t('integrations.linkedAs', { label: linked.account_label })}
                </Text>
              </div>
              <LightBadge color={linked.status === 'active' ? 'green' : 'red'}>
                {INTEGRATION_STATUS_LABELS[linked.status]}
              </LightBadge>
            </Group>
            {linked.status === 'error' && linked.last_error && (
              <Alert color="red" role="alert">
                {linked.last_error}
              </Alert>
            )}
            <Group gap="xs">
              {linked.status === 'error' && (
                <Button onClick={startLink} loading={authUrl.isPending}>
                  {t('integrations.relink')}
                </Button>
              )}
              <Button
                variant="default"
                color="red"
                onClick={() => doUnlink(linked)}
                loading={unlink.isPending}
              >
                {t('integrations.unlink')}
              </Button>
            </Group>
          </>
        ) : (
          <>
            <Text size="sm" c="dimmed">
              {t('integrations.notLinked')}
            </Text>
            <Group>
              <Button onClick={startLink} loading={authUrl.isPending}>
                {t('integrations.link', { service: EXACT })}
              </Button>
            </Group>
          </>
        )}
        {waiting && (
          <Text size="sm" role="status">
            {t('integrations.waiting')}
          </Text>
        )}
      </Stack>
    </Card>
  );
}
