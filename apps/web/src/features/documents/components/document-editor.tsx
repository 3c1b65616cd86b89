import type { SalesDocument } from '@im/domain';
import { Alert, Grid, Stack, Tabs } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { AttachmentsCard } from './attachments-card';
import { CalculationCard } from './calculation-card';
import { CustomerActivityCard } from './customer-activity-card';
import { DocumentHeader } from './document-header';
import { DocumentPreview } from './document-preview';
import { InvoiceCard } from './invoice-card';
import { VersionsCard } from './versions-card';
import { WidgetList } from './widget-list';

/** Wide enough for the widget list beside the preview; below it the preview sits behind a tab. */
const SIDE_BY_SIDE_QUERY = '(min-width: 75em)';

/** The one editor of quotations, confirmations, documents and their templates. */
export function DocumentEditor({ document }: { document: SalesDocument }) {
  const { t } = useTranslation();
  const isSideBySide = useMediaQuery(SIDE_BY_SIDE_QUERY, false, { getInitialValueInEffect: false }) === true;

  // A sent invoice is frozen (decision 022): its content shows, nothing in it changes.
  const isLocked = document.kind === 'invoice' && document.date_send !== null && !document.is_template;
  const content = (
    <Stack gap="md">
      {document.kind === 'invoice' && <InvoiceCard document={document} />}
      {isLocked ? (
        <Alert color="blue" icon={<IconLock size={18} />}>
          {t('documents.lockedInvoice')}
        </Alert>
      ) : (
        <>
          <WidgetList document={document} />
          <CalculationCard document={document} />
          <AttachmentsCard document={document} />
        </>
      )}
      {!document.is_template && <VersionsCard document={document} />}
      {!document.is_template && <CustomerActivityCard kind={document.kind} id={document.id} />}
    </Stack>
  );
  const preview = <DocumentPreview kind={document.kind} id={document.id} />;

  return (
    <Stack gap="md" maw={1600}>
      <DocumentHeader document={document} />
      {isSideBySide ? (
        <Grid gap="md" align="flex-start">
          <Grid.Col span={5}>{content}</Grid.Col>
          <Grid.Col
            span={7}
            style={{ position: 'sticky', top: 'calc(var(--app-shell-header-height, 60px) + 8px)' }}
          >
            {preview}
          </Grid.Col>
        </Grid>
      ) : (
        <Tabs defaultValue="content">
          <Tabs.List>
            <Tabs.Tab value="content">{t('documents.widgets')}</Tabs.Tab>
            <Tabs.Tab value="preview">{t('common.preview')}</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="content" pt="md">
            {content}
          </Tabs.Panel>
          <Tabs.Panel value="preview" pt="md">
            {preview}
          </Tabs.Panel>
        </Tabs>
      )}
    </Stack>
  );
}
