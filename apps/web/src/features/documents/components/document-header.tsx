import { DOCUMENT_KIND_LABELS, type SalesDocument } from '@im/domain';
import { Anchor, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDate } from '../../../ui/format';
import { detailPath } from '../kinds';
import { DocumentActions } from './document-actions';
import { DocumentStatusBadge } from './document-status-badge';

/** Kind and number (a template's name), status, title, the flow and the relation; the actions. */
export function DocumentHeader({ document }: { document: SalesDocument }) {
  const { t } = useTranslation();
  const label = DOCUMENT_KIND_LABELS[document.kind].one;
  const heading = document.is_template
    ? t('documents.templateTitle', { name: document.title })
    : `${document.documenttype && document.kind === 'document' ? document.documenttype.description : label} ${document.number ?? ''}`.trim();
  const dates = [
    document.documentdate && `${t('common.date')} ${formatDate(document.documentdate)}`,
    document.kind === 'quotation' &&
      document.enddate &&
      `${t('documents.enddate')} ${formatDate(document.enddate)}`,
  ].filter(Boolean);

  return (
    <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
      <Stack gap={4} style={{ minWidth: 0, flex: '1 1 320px' }}>
        <Group gap="sm" wrap="wrap">
          <Title order={1} style={{ overflowWrap: 'anywhere' }}>
            {heading}
          </Title>
          {!document.is_template && <DocumentStatusBadge status={document.status} />}
        </Group>
        {!document.is_template && (
          <Text fw={500} style={{ overflowWrap: 'anywhere' }}>
            {document.title}
          </Text>
        )}
        {document.is_template && (
          <Text size="sm" c="dimmed">
            {t('common.template')} · {label}
            {document.documenttype && ` · ${document.documenttype.description}`}
          </Text>
        )}
        <Group gap="xs" wrap="wrap">
          {document.flow && (
            <Anchor component={Link} to={`/flow_detail/${document.flow.id}`} size="sm">
              {t('documents.linkedFlow', { number: document.flow.number })}
            </Anchor>
          )}
          {document.relation && (
            <Anchor component={Link} to={`/relation_detail/${document.relation.id}`} size="sm">
              {document.relation.fullname}
            </Anchor>
          )}
          {document.source && (
            <Anchor component={Link} to={detailPath(document.source.kind, document.source.id)} size="sm">
              {t('documents.madeFrom', {
                kind: DOCUMENT_KIND_LABELS[document.source.kind].one.toLowerCase(),
                number: document.source.number ?? '',
              })}
            </Anchor>
          )}
          {dates.length > 0 && (
            <Text size="sm" c="dimmed">
              {dates.join(' · ')}
            </Text>
          )}
        </Group>
      </Stack>
      <DocumentActions document={document} />
    </Group>
  );
}
