import { Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { IncidentTypesCard } from '../components/incident-types-card';

// /account/company_documentsettings (SETTINGS). Spec 000 lists here the document templates, standard
// calculations, document types, incident types, forms and the accounting settings; only the incident
// types exist yet. The other parts arrive with the documents issue, which moves this screen to its own
// feature and keeps the incident types card; until then nothing is shown that does not work.
export function DocumentSettingsScreen() {
  const { t } = useTranslation();
  return (
    <Stack gap="md" maw={800}>
      <Title order={1} size="h2">
        {t('incidents.documentSettings.title')}
      </Title>
      <IncidentTypesCard />
    </Stack>
  );
}
