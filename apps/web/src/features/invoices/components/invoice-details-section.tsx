import { Alert, Card, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { LoadingBlock } from '../../../ui/loading-block';
import { useInvoiceSettings } from '../queries';
import { InvoiceSettingsForm } from './invoice-settings-form';

/**
 * The company's details on every invoice (decision 022): address and contact details, KvK number, VAT
 * id, IBAN, BIC, payment term and the payment provider. Part of the company profile screen.
 */
export function InvoiceDetailsSection({ canSave }: { canSave: boolean }) {
  const { t } = useTranslation();
  const settings = useInvoiceSettings();
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="invoice-details-title">
      <Stack gap="md">
        <div>
          <Title order={2} size="h4" id="invoice-details-title">
            {t('invoices.profileTitle')}
          </Title>
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
      </Stack>
    </Card>
  );
}
