import { ROLE } from '@im/domain';
import { Alert, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { hasModule } from '../../../api/access';
import { LoadingBlock } from '../../../ui/loading-block';
import { useSession } from '../../auth';
import { WebsitesCard } from '../../websites';
import { InvoiceSettingsForm } from '../components/invoice-settings-form';
import { useInvoiceSettings } from '../queries';

/**
 * /account/company_profile (spec 002; decision 022): the company's address and contact details, KvK
 * number, VAT id, IBAN, BIC and payment term on every invoice, and the payment provider for payment
 * links. Saving needs the SETTINGS module and role manager, as the PATCH does; others only read.
 */
export function CompanyProfileScreen() {
  const { t } = useTranslation();
  const session = useSession();
  const settings = useInvoiceSettings();
  const canSave = hasModule(session, 'SETTINGS') && session.userrole >= ROLE.MANAGER;

  return (
    <Stack gap="md" maw={900}>
      <div>
        <Title order={1}>{t('invoices.profileTitle')}</Title>
        <Text c="dimmed" size="sm">
          {t('invoices.profileIntro')}
        </Text>
      </div>
      <LoadingBlock when={settings.isPending} h={240} />
      {settings.isError && (
        <Alert color="red" role="alert" title={t('invoices.loadFailed')}>
          {settings.error.message}
        </Alert>
      )}
      {settings.data && (
        <>
          {!settings.data.einvoice_ready && (
            <Alert color="yellow" icon={<IconAlertTriangle size={18} />}>
              {t('invoices.einvoiceNotReady')}
            </Alert>
          )}
          {!canSave && <Alert color="blue">{t('invoices.readOnly')}</Alert>}
          <InvoiceSettingsForm settings={settings.data} canSave={canSave} />
        </>
      )}
      {hasModule(session, 'SETTINGS') && <WebsitesCard />}
    </Stack>
  );
}
