import {
  type AccountingService,
  INTEGRATION_SERVICE_LABELS,
  INTEGRATION_STATUS_LABELS,
  type Integration,
  isAccountingService,
} from '@im/domain';
import { Alert, Button, Card, Group, Modal, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirm } from '../../../ui/confirm-dialog';
import { LightBadge } from '../../../ui/light-badge';
import { toast } from '../../../ui/toasts';
import { useAuthUrl, useRefreshIntegrations, useSnelstartLink, useUnlink } from '../queries';
import { type IntegrationOutcome, useIntegrationOutcome } from './use-integration-outcome';

const SNELSTART = INTEGRATION_SERVICE_LABELS.snelstart;

/**
 * SnelStart links with a key, not a consent screen (decision 068): SnelStart Web (getSnelstartAuthUrl) opens in
 * a window, the manager makes the koppelsleutel there and pastes it here; the server checks it at once.
 */
function SnelstartKeyDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const authUrl = useAuthUrl();
  const link = useSnelstartLink();
  const [key, setKey] = useState('');
  const [error, setError] = useState<string | null>(null);

  async function openWeb() {
    const popup = window.open('', 'im-integration', 'width=900,height=760');
    try {
      const { authUrl: url } = await authUrl.mutateAsync('snelstart');
      if (!popup) {
        toast.error(t('integrations.popupBlocked'));
        return;
      }
      popup.location.href = url;
    } catch (err) {
      popup?.close();
      setError(err instanceof Error ? err.message : String(err));
    }
  }

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    setError(null);
    try {
      toast.success((await link.mutateAsync(key.trim())).message);
      setKey('');
      onClose();
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    }
  }

  return (
    <Modal opened={opened} onClose={onClose} title={t('integrations.keyTitle', { service: SNELSTART })}>
      <form onSubmit={submit}>
        <Stack gap="sm">
          <Text size="sm">{t('integrations.keyIntro', { service: SNELSTART })}</Text>
          <Group>
            <Button variant="default" onClick={openWeb} loading={authUrl.isPending}>
              {t('integrations.keyOpen', { service: SNELSTART })}
            </Button>
          </Group>
          <PasswordInput
            label={t('integrations.keyLabel')}
            value={key}
            onChange={(e) => setKey(e.currentTarget.value)}
            required
            autoComplete="off"
            maxLength={2000}
          />
          {error && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button type="submit" loading={link.isPending} disabled={!key.trim()}>
              {t('integrations.keySubmit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/**
 * The accounting package's link: Exact Online's 'Koppelen' opens its consent screen in a window (spec 000
 * section 7); the window tells this screen how it went (postMessage from the app's own origin) and closes.
 * SnelStart's opens the key dialog. One package per company: the choice shows while none is linked.
 */
export function AccountingLinkCard({ integrations }: { integrations: Integration[] }) {
  const { t } = useTranslation();
  const linked = integrations.find((i) => isAccountingService(i.service));
  const authUrl = useAuthUrl();
  const unlink = useUnlink();
  const refresh = useRefreshIntegrations();
  const [waiting, setWaiting] = useState(false);
  const [keyDialog, setKeyDialog] = useState(false);

  const onOutcome = useCallback(
    (outcome: IntegrationOutcome) => {
      setWaiting(false);
      if (outcome.ok) toast.success(outcome.message);
      else toast.error(outcome.message);
      void refresh();
    },
    [refresh],
  );
  useIntegrationOutcome(onOutcome);

  async function startLink(service: AccountingService) {
    if (service === 'snelstart') {
      setKeyDialog(true);
      return;
    }
    // The window opens at once (a click's window is not blocked), then gets the package's address.
    const popup = window.open('', 'im-integration', 'width=640,height=760');
    try {
      const { authUrl: url } = await authUrl.mutateAsync(service);
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
                <Button
                  onClick={() => startLink(linked.service as AccountingService)}
                  loading={authUrl.isPending}
                >
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
            <Group gap="xs">
              {(['exact', 'snelstart'] as const).map((service) => (
                <Button
                  key={service}
                  onClick={() => startLink(service)}
                  loading={service === 'exact' && authUrl.isPending}
                >
                  {t('integrations.link', { service: INTEGRATION_SERVICE_LABELS[service] })}
                </Button>
              ))}
            </Group>
          </>
        )}
        {waiting && (
          <Text size="sm" role="status">
            {t('integrations.waiting')}
          </Text>
        )}
      </Stack>
      <SnelstartKeyDialog opened={keyDialog} onClose={() => setKeyDialog(false)} />
    </Card>
  );
}
