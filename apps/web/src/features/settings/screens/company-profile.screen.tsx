import { ROLE } from '@im/domain';
import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { hasModule } from '../../../api/access';
import { LoadingBlock } from '../../../ui/loading-block';
import { useSession } from '../../auth';
import { InvoiceDetailsSection } from '../../invoices';
import { WebsitesCard } from '../../websites';
import { BrandingCard } from '../components/branding-card';
import { ListsCard } from '../components/lists-card';
import { SettingsScreenHead, useSettingsReads } from '../components/settings-screen-head';
import { TextsCard } from '../components/texts-card';

/**
 * /account/company_profile (spec 000 section 2 "Company profile"): name, logo and button colour, the
 * details on every invoice (decision 022), lead sources, dossier tags, cancel reasons, the info box for
 * new leads, the e-mail signature under every customer mail, the standard request profile, and the
 * company's websites. Saving needs role manager; others only read.
 */
export function CompanyProfileScreen() {
  const { t } = useTranslation();
  const session = useSession();
  const canSave = hasModule(session, 'SETTINGS') && session.userrole >= ROLE.MANAGER;
  const { flowSettings, settings, error } = useSettingsReads();

  return (
    <Stack gap="md" maw={1000}>
      <SettingsScreenHead
        title={t('settings.profile.title')}
        intro={t('settings.profile.intro')}
        error={error}
      />
      <LoadingBlock when={!settings.data && !settings.isError && !flowSettings.isError} h={200} />
      {settings.data && flowSettings.data && (
        <BrandingCard settings={settings.data} version={settings.dataUpdatedAt} canSave={canSave} />
      )}
      <InvoiceDetailsSection canSave={canSave} />
      {settings.data && flowSettings.data && (
        <>
          <ListsCard settings={settings.data} canSave={canSave} />
          <TextsCard settings={settings.data} profiles={flowSettings.data.flowprofiles} canSave={canSave} />
        </>
      )}
      {hasModule(session, 'SETTINGS') && <WebsitesCard />}
    </Stack>
  );
}
