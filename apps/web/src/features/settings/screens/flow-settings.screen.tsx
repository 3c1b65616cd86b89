import { ROLE } from '@im/domain';
import { Alert, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useFlowSettings } from '../../../api/companies';
import { LoadingBlock } from '../../../ui/loading-block';
import { useSession } from '../../auth';
import { WebsitesCard } from '../../websites';
import { FlowPhasesCard } from '../components/flow-phases-card';
import { FlowProfilesCard } from '../components/flow-profiles-card';
import { ListsCard } from '../components/lists-card';
import { useCompanySettings } from '../queries';

/**
 * /account/company_flowprofiles (spec 000 section 2 "Flow settings"): sub-statuses per stage, request
 * profiles (detail on /account/company_flowprofiles/{id}), websites, lead sources, tags and cancel reasons.
 */
export function FlowSettingsScreen() {
  const { t } = useTranslation();
  const session = useSession();
  const canSave = session.userrole >= ROLE.MANAGER;
  const flowSettings = useFlowSettings();
  const settings = useCompanySettings(flowSettings.data?.company_settings_id);

  return (
    <Stack gap="md" maw={1000}>
      <div>
        <Title order={1}>{t('settings.flow.title')}</Title>
        <Text c="dimmed" size="sm">
          {t('settings.flow.intro')}
        </Text>
      </div>
      {(flowSettings.isError || settings.isError) && (
        <Alert color="red" role="alert" title={t('invoices.loadFailed')}>
          {(flowSettings.error ?? settings.error)?.message}
        </Alert>
      )}
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
    </Stack>
  );
}
