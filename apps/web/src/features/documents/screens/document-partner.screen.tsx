import { DOCUMENT_KIND_LABELS, DOCUMENT_TEXTS } from '@im/domain';
import { Alert, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { downloadFile } from '../../../api/download';
import { showActionError } from '../../../ui/alert-dialog';
import { formatDate, formatMoney } from '../../../ui/format';
import { NotFoundScreen } from '../../errors';
import { DocumentPreview } from '../components/document-preview';
import { DocumentStatusBadge } from '../components/document-status-badge';
import { kindApi } from '../kinds';
import { useDocument } from '../queries';

/**
 * /document_partner/:documentId?documentType=quotation|confirmation|invoice: what a partner user sees of a
 * quotation, confirmation or invoice on one of their partner's flows (spec 002 section 6): the document as the customer gets it
 * and its PDF, nothing to change.
 */
export function DocumentPartnerScreen() {
  const [search] = useSearchParams();
  const documentType = search.get('documentType') ?? 'quotation';
  if (documentType !== 'quotation' && documentType !== 'confirmation' && documentType !== 'invoice')
    return <NotFoundScreen />;
  return <PartnerDocument kind={documentType} />;
}

function PartnerDocument({ kind }: { kind: 'quotation' | 'confirmation' | 'invoice' }) {
  const { t } = useTranslation();
  const id = Number(useParams().documentId);
  const document = useDocument(kind, id);

  if (document.isError || !Number.isInteger(id) || id <= 0)
    return (
      <Alert
        color="red"
        icon={<IconAlertTriangle />}
        title={t('documents.loadFailed')}
        role="alert"
        maw={700}
      >
        {DOCUMENT_TEXTS.notFound(kind)}
      </Alert>
    );
  if (!document.data) return <Loader aria-label={t('app.loading')} />;
  const d = document.data;
  return (
    <Stack gap="md" maw={1100}>
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <Stack gap={4}>
          <Group gap="sm" wrap="nowrap">
            <Title order={1}>{`${DOCUMENT_KIND_LABELS[kind].one} ${d.number ?? ''}`.trim()}</Title>
            <DocumentStatusBadge status={d.status} />
          </Group>
          <Text>{d.title}</Text>
          <Text size="sm" c="dimmed">
            {[
              d.flow ? t('documents.flowNumber', { number: d.flow.number }) : null,
              d.relation?.fullname,
              d.documentdate ? `${t('common.date')} ${formatDate(d.documentdate)}` : null,
              d.calculation
                ? `${t('common.totalIncVat')} ${formatMoney(d.calculation.amount_inc_vat)}`
                : null,
            ]
              .filter(Boolean)
              .join(' · ')}
          </Text>
        </Stack>
        <Button
          variant="default"
          leftSection={<IconDownload size={16} />}
          onClick={() =>
            downloadFile(kindApi(kind, d.id, 'download'), `${d.title || kind}.pdf`).catch((e: unknown) =>
              showActionError(e),
            )
          }
        >
          {t('documents.download')}
        </Button>
      </Group>
      <DocumentPreview kind={kind} id={d.id} />
    </Stack>
  );
}
