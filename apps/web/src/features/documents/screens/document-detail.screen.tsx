import { DOCUMENT_TEXTS, type DocumentKind } from '@im/domain';
import { Alert, Anchor, Loader, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams } from 'react-router';
import { isApiError } from '../../../api/client';
import { hasLoadFailed, RefreshFailedNotice } from '../../../ui/detail';
import { useSession } from '../../auth';
import { DocumentEditor } from '../components/document-editor';
import { detailPath, overviewPath } from '../kinds';
import { useDocument } from '../queries';

/**
 * /{kind}_detail/:id and /{kind}template_detail/:id: the same editor. A template opened as a document
 * (or the other way round) moves to its own route.
 */
export function DocumentDetail({ kind, isTemplateRoute }: { kind: DocumentKind; isTemplateRoute: boolean }) {
  const { t } = useTranslation();
  const params = useParams();
  const id = Number(params[`${kind}${isTemplateRoute ? 'template' : ''}Id`]);
  const document = useDocument(kind, id);
  const session = useSession();

  // Partner users get the partner's read-only view of a quotation or invoice (spec 002 section 2).
  if (session.user_type === 'partner' && (kind === 'quotation' || kind === 'invoice') && !isTemplateRoute)
    return <Navigate to={`/document_partner/${id}?documentType=${kind}`} replace />;
  if (hasLoadFailed(document) || !Number.isInteger(id) || id <= 0) {
    const isGone = !document.isError || isApiError(document.error, 404);
    return (
      <Alert
        color="red"
        icon={<IconAlertTriangle />}
        title={t('documents.loadFailed')}
        role="alert"
        maw={700}
      >
        <Stack gap="sm" align="flex-start">
          <Text size="sm">
            {isGone
              ? isTemplateRoute
                ? DOCUMENT_TEXTS.templateNotFound
                : DOCUMENT_TEXTS.notFound(kind)
              : document.error?.message}
          </Text>
          <Anchor component={Link} to={overviewPath(kind, isTemplateRoute)} size="sm">
            {t('documents.toOverview')}
          </Anchor>
        </Stack>
      </Alert>
    );
  }
  if (!document.data) return <Loader aria-label={t('app.loading')} />;
  if (document.data.is_template !== isTemplateRoute)
    return <Navigate to={detailPath(kind, id, document.data.is_template)} replace />;
  return (
    <Stack gap="md">
      <RefreshFailedNotice query={document} />
      <DocumentEditor key={document.data.id} document={document.data} />
    </Stack>
  );
}

export const QuotationDetailScreen = () => <DocumentDetail kind="quotation" isTemplateRoute={false} />;
export const ConfirmationDetailScreen = () => <DocumentDetail kind="confirmation" isTemplateRoute={false} />;
export const DocumentDetailScreen = () => <DocumentDetail kind="document" isTemplateRoute={false} />;
export const QuotationTemplateDetailScreen = () => <DocumentDetail kind="quotation" isTemplateRoute />;
export const ConfirmationTemplateDetailScreen = () => <DocumentDetail kind="confirmation" isTemplateRoute />;
export const DocumentTemplateDetailScreen = () => <DocumentDetail kind="document" isTemplateRoute />;
export const InvoiceDetailScreen = () => <DocumentDetail kind="invoice" isTemplateRoute={false} />;
export const InvoiceTemplateDetailScreen = () => <DocumentDetail kind="invoice" isTemplateRoute />;
