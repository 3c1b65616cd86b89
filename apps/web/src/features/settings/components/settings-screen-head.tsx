import { Alert, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useFlowSettings } from '../../../api/companies';
import { useCompanySettings } from '../queries';

/** The company's flow settings and, through them, its company settings: what both settings screens read. */
export function useSettingsReads() {
  const flowSettings = useFlowSettings();
  const settings = useCompanySettings(flowSettings.data?.company_settings_id);
  return { flowSettings, settings, error: flowSettings.error ?? settings.error };
}

/** A settings screen's title, its intro line and a failed read. */
export function SettingsScreenHead({
  title,
  intro,
  error,
}: {
  title: string;
  intro: string;
  error: Error | null;
}) {
  const { t } = useTranslation();
  return (
    <>
      <div>
        <Title order={1}>{title}</Title>
        <Text c="dimmed" size="sm">
          {intro}
        </Text>
      </div>
      {error && (
        <Alert color="red" role="alert" title={t('invoices.loadFailed')}>
          {error.message}
        </Alert>
      )}
    </>
  );
}
