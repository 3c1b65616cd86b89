import { DOCUMENT_KIND_LABELS, DOCUMENT_KINDS, type DocumentKind, type DocumentRow } from '@im/domain';
import { Anchor, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDate, formatMoney } from '../../../ui/format';
import { LoadingBlock } from '../../../ui/loading-block';
import { useSession } from '../../auth';
import { detailPath, hasKindModule } from '../kinds';
import { NewDocumentModal } from '../modals/new-document.modal';
import { useFlowDocuments } from '../queries';
import { DocumentStatusBadge } from './document-status-badge';

/** The flow's quotations, order confirmations and documents, each kind with its module. */
export function FlowDocuments({ flowId, isReadOnly }: { flowId: number; isReadOnly?: boolean }) {
  const { t } = useTranslation();
  const session = useSession();
  const kinds = DOCUMENT_KINDS.filter((kind) => hasKindModule(session, kind));
  const [creating, setCreating] = useState<DocumentKind | null>(null);
  if (kinds.length === 0) return null;
  const newLabel = {
    quotation: t('documents.newQuotation'),
    confirmation: t('documents.newConfirmation'),
    document: t('documents.newDocument'),
    invoice: t('documents.newInvoice'),
  };

  return (
    <Card withBorder padding="md" component="section" aria-label={t('documents.flowCardTitle')}>
      <Group justify="space-between" mb="sm" wrap="wrap" gap="xs">
        <Title order={2} size="h4">
          {t('documents.flowCardTitle')}
        </Title>
        {!isReadOnly && (
          <Group gap="xs" wrap="wrap">
            {kinds.map((kind) => (
              <Button
                key={kind}
                size="xs"
                variant={kind === 'quotation' ? 'filled' : 'default'}
                leftSection={<IconPlus size={14} />}
                onClick={() => setCreating(kind)}
              >
                {newLabel[kind]}
              </Button>
            ))}
          </Group>
        )}
      </Group>
      <Stack gap="md">
        {kinds.map((kind) => (
          <KindList key={kind} kind={kind} flowId={flowId} />
        ))}
      </Stack>
      <NewDocumentModal kind={creating} flowId={flowId} onClose={() => setCreating(null)} />
    </Card>
  );
}

function KindList({ kind, flowId }: { kind: DocumentKind; flowId: number }) {
  const { t } = useTranslation();
  const list = useFlowDocuments(kind, flowId);
  const rows = list.data?.data ?? [];
  return (
    <Stack gap={4}>
      <Text size="sm" fw={600} c="dimmed">
        {DOCUMENT_KIND_LABELS[kind].many}
      </Text>
      <LoadingBlock when={list.isPending} h={40} />
      {list.isSuccess && rows.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('documents.noneOnFlow')}
        </Text>
      )}
      {rows.map((row) => (
        <DocumentLine key={row.id} row={row} />
      ))}
    </Stack>
  );
}

function DocumentLine({ row }: { row: DocumentRow }) {
  const { t } = useTranslation();
  return (
    <Group justify="space-between" wrap="nowrap" gap="xs" data-testid={`flow-document-${row.kind}-${row.id}`}>
      <Stack gap={0} style={{ minWidth: 0 }}>
        <Anchor component={Link} to={detailPath(row.kind, row.id)} size="sm" fw={500} truncate>
          {[row.number ?? t('documents.concept'), row.document_type, row.title].filter(Boolean).join(' · ')}
        </Anchor>
        <Text size="xs" c="dimmed">
          {formatDate(row.documentdate)}
        </Text>
      </Stack>
      <Group gap="xs" wrap="nowrap" style={{ flexShrink: 0 }}>
        <DocumentStatusBadge status={row.status} />
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {formatMoney(row.billed_inc ?? row.amount_inc_vat)}
        </Text>
      </Group>
    </Group>
  );
}
