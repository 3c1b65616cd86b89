import { DOCUMENT_KINDS } from '@im/domain';
import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../auth';
import { StandardCalculations } from '../../calculations';
// Not in the incidents index yet: the card moved here from the incidents' interim screen.
import { IncidentTypesCard } from '../../incidents';
import { AccountingSection } from '../../integrations';
import { CustomerPagesCard } from '../components/customer-pages-card';
import { DocumentTypesCard } from '../components/document-types-card';
import { TemplatesCard } from '../components/templates-card';
import { hasTemplateModule, useDocumentTypes } from '../queries';

/**
 * /account/company_documentsettings (spec 002): the quotation, confirmation and document templates
 * (each kind only with its module), the company's document types, its standard calculations and its
 * incident types (until now the incidents feature's interim screen of this route).
 */
export function DocumentSettingsScreen() {
  const { t } = useTranslation();
  const session = useSession();
  const types = useDocumentTypes();
  const kinds = DOCUMENT_KINDS.filter((kind) => hasTemplateModule(session, kind));

  return (
    <Stack gap="md" maw={1100}>
      <div>
        <Title order={1}>{t('documentsettings.title')}</Title>
        <Text c="dimmed" size="sm">
          {t('documentsettings.intro')}
        </Text>
      </div>
      {kinds.map((kind) => (
        <TemplatesCard key={kind} kind={kind} documentTypes={types.data ?? []} />
      ))}
      <DocumentTypesCard types={types.data ?? []} isFetching={types.isFetching} error={types.error} />
      <CustomerPagesCard />
      <StandardCalculations />
      <IncidentTypesCard />
      <AccountingSection />
    </Stack>
  );
}
