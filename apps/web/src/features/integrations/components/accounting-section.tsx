import { isAccountingService, ROLE } from '@im/domain';
import { Alert, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { hasModule } from '../../../api/access';
import { LoadingBlock } from '../../../ui/loading-block';
import { useSession } from '../../auth';
import { useAccountingSettings, useCompanyIntegrations } from '../queries';
import { AccountingLinkCard } from './accounting-link-card';
import { AccountingPushesCard } from './accounting-pushes-card';
import { AccountingSettingsCard } from './accounting-settings-card';
import { IntegrationLogCard } from './integration-log-card';

/**
 * The accounting part of the document settings (spec 000 section 2: "settings for two accounting packages";
 * decision 065): the package's link, the ledger and VAT settings, every invoice's booking and the link's log
 * ('Koppelingen'). Shown to managers: the company's books are theirs to link.
 */
export function AccountingSection() {
  const { t } = useTranslation();
  const session = useSession();
  const canSave = hasModule(session, 'SETTINGS') && session.userrole >= ROLE.MANAGER;
  const integrations = useCompanyIntegrations(session.currentcompany_id, canSave);
  const settings = useAccountingSettings(canSave);
  if (!canSave) return null;
  const linked = (integrations.data ?? []).find((i) => isAccountingService(i.service));
  const error = integrations.error ?? settings.error;
  return (
    <Stack gap="md" component="section" aria-labelledby="accounting-title">
      <div>
        <Title order={2} id="accounting-title">
          {t('integrations.title')}
        </Title>
        <Text c="dimmed" size="sm">
          {t('integrations.intro')}
        </Text>
      </div>
      {error && (
        <Alert color="red" role="alert">
          {error.message}
        </Alert>
      )}
      <LoadingBlock when={integrations.isPending || settings.isPending} h={120} />
      {integrations.data && <AccountingLinkCard integrations={integrations.data} />}
      {settings.data && (
        <AccountingSettingsCard
          settings={settings.data}
          service={linked && isAccountingService(linked.service) ? linked.service : null}
          linked={linked?.status === 'active'}
          canSave={canSave}
        />
      )}
      {integrations.data && <AccountingPushesCard linked={linked?.status === 'active'} canSave={canSave} />}
      <IntegrationLogCard service={linked?.service ?? 'exact'} />
    </Stack>
  );
}
