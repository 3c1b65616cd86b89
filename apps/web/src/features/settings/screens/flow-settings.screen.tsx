import { ROLE } from '@im/domain';
import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LoadingBlock } from '../../../ui/loading-block';
import { useSession } from '../../auth';
import { WebsitesCard } from '../../websites';
import { FlowPhasesCard } from '../components/flow-phases-card';
import { FlowProfilesCard } from '../components/flow-profiles-card';
import { KpiDashboardCard } from '../components/kpi-dashboard-card';
import { ListsCard } from '../components/lists-card';
import { SettingsScreenHead, useSettingsReads } from '../components/settings-screen-head';

/**
 * /account/company_flowprofiles (spec 000 section 2 "Flow settings"): sub-statuses per stage, request
 * profiles (detail on /account/company_flowprofiles/{id}), websites, lead sources, tags and cancel reasons,
 * KPI settings and dashboard leads.
 */
export function FlowSettingsScreen() {
  const { t } = useTranslation();
  const session = useSession();
  const canSave = session.userrole >= ROLE.MANAGER;
  const { flowSettings, settings, error } = useSettingsReads();

  return (
    <Stack gap="md" maw={1000}>
      <SettingsScreenHead title={t('settings.flow.title')} intro={t('settings.flow.intro')} error={error} />
      <LoadingBlock when={flowSettings.isPending} h={240} />
      {flowSettings.data && (
        <>
          <FlowPhasesCard phases={flowSettings.data.flowphases} />
          <FlowProfilesCard
            profiles={flowSettings.data.flowprofiles}
            standardId={flowSettings.data.standard_flowprofile_id}
          />
        </>
      )}
      <WebsitesCard />
      {settings.data && <ListsCard settings={settings.data} canSave={canSave} />}
      {settings.data && <KpiDashboardCard settings={settings.data} canSave={canSave} />}
    </Stack>
  );
}
