import { INTEGRATION_SERVICE_LABELS, INTEGRATION_STATUS_LABELS, type Integration, ROLE } from '@im/domain';
import {
  Alert,
  Button,
  Card,
  Group,
  Modal,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { hasModule } from '../../../api/access';
import { confirm } from '../../../ui/confirm-dialog';
import { LightBadge } from '../../../ui/light-badge';
import { toast } from '../../../ui/toasts';
import { useSession } from '../../auth';
import { useCompanyIntegrations, useUnlink } from '../queries';
import { useSolarLink } from '../solar-queries';
import { solarError } from './solar-fields';

type SolarService = 'quickr' | 'glbl';

function LinkDialog({ service, onClose }: { service: SolarService | null; onClose: () => void }) {
  const { t } = useTranslation();
  const link = useSolarLink();
  const [username, setUsername] = useState('');
  const [secret, setSecret] = useState('');
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    setSecret('');
    setError(null);
    onClose();
  };

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (!service) return;
    setError(null);
    try {
      const res = await link.mutateAsync(
        service === 'quickr'
          ? { service, username: username.trim(), password: secret }
          : { service, api_key: secret.trim() },
      );
      toast.success(res.message);
      close();
    } catch (err) {
      setError(solarError(err));
    }
  }

  return (
    <Modal
      opened={service !== null}
      onClose={close}
      title={service ? t('integrations.keyTitle', { service: INTEGRATION_SERVICE_LABELS[service] }) : ''}
    >
      <form onSubmit={submit}>
        <Stack gap="sm">
          <Text size="sm">
            {service === 'quickr' ? t('integrations.solar.quickrIntro') : t('integrations.solar.glblIntro')}
          </Text>
          {service === 'quickr' && (
            <TextInput
              label={t('integrations.solar.username')}
              value={username}
              onChange={(e) => setUsername(e.currentTarget.value)}
              required
              autoComplete="off"
              maxLength={200}
            />
          )}
          <PasswordInput
            label={service === 'quickr' ? t('integrations.solar.password') : t('integrations.solar.apiKey')}
            value={secret}
            onChange={(e) => setSecret(e.currentTarget.value)}
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
            <Button type="submit" loading={link.isPending} disabled={!secret.trim()}>
              {t('integrations.keySubmit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/**
 * The company's Quickr and Glbl links (spec 000 section 7, decision 071), for managers: link with the account
 * or key, see what is linked, unlink (DELETE integrations/{service}/{id}).
 */
export function SolarLinksCard() {
  const { t } = useTranslation();
  const session = useSession();
  const canManage = hasModule(session, 'SETTINGS') && session.userrole >= ROLE.MANAGER;
  const integrations = useCompanyIntegrations(session.currentcompany_id, canManage);
  const unlink = useUnlink();
  const [dialog, setDialog] = useState<SolarService | null>(null);
  if (!canManage) return null;

  async function doUnlink(i: Integration) {
    const label = INTEGRATION_SERVICE_LABELS[i.service];
    if (
      !(await confirm({
        title: t('integrations.unlink'),
        message: t('integrations.solar.unlinkConfirm', { service: label }),
      }))
    )
      return;
    try {
      toast.success((await unlink.mutateAsync(i)).message);
    } catch (err) {
      toast.error(solarError(err));
    }
  }

  return (
    <Card withBorder padding="md" component="section" aria-label={t('integrations.solar.title')}>
      <Stack gap="sm">
        <div>
          <Title order={2} size="h4">
            {t('integrations.solar.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('integrations.solar.intro')}
          </Text>
        </div>
        {integrations.error && (
          <Alert color="red" role="alert">
            {integrations.error.message}
          </Alert>
        )}
        {(['quickr', 'glbl'] as const).map((service) => {
          const linked = integrations.data?.find((i) => i.service === service);
          return (
            <Group key={service} justify="space-between" gap="xs" wrap="wrap">
              <div style={{ minWidth: 0 }}>
                <Text fw={600}>{INTEGRATION_SERVICE_LABELS[service]}</Text>
                <Text size="sm" c="dimmed">
                  {linked
                    ? linked.status === 'error' && linked.last_error
                      ? linked.last_error
                      : t('integrations.linkedAs', { label: linked.account_label })
                    : t('integrations.notLinked')}
                </Text>
              </div>
              <Group gap="xs">
                {linked && (
                  <LightBadge color={linked.status === 'active' ? 'green' : 'red'}>
                    {INTEGRATION_STATUS_LABELS[linked.status]}
                  </LightBadge>
                )}
                {(!linked || linked.status === 'error') && (
                  <Button size="sm" onClick={() => setDialog(service)} disabled={integrations.isPending}>
                    {linked
                      ? t('integrations.relink')
                      : t('integrations.link', { service: INTEGRATION_SERVICE_LABELS[service] })}
                  </Button>
                )}
                {linked && (
                  <Button
                    size="sm"
                    variant="default"
                    color="red"
                    onClick={() => doUnlink(linked)}
                    loading={unlink.isPending}
                  >
                    {t('integrations.unlink')}
                  </Button>
                )}
              </Group>
            </Group>
          );
        })}
      </Stack>
      <LinkDialog service={dialog} onClose={() => setDialog(null)} />
    </Card>
  );
}
