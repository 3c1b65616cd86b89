import {
  DOCUMENT_KIND_LABELS,
  DOCUMENT_STATUS_LABELS,
  type DocumentStatus,
  type PartnerDocument,
} from '@im/domain';
import { Anchor, Badge, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { formatDate, formatMoney } from '../../../ui/format';

/** Quotations, confirmations and invoices, each opening the read-only /document_partner screen. */
export function PartnerDocumentRows({
  documents,
  withFlow = false,
}: {
  documents: PartnerDocument[];
  withFlow?: boolean;
}) {
  return (
    <>
      {documents.map((d) => (
        <Group key={`${d.kind}-${d.id}`} justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Anchor component={Link} to={`/document_partner/${d.id}?documentType=${d.kind}`} fw={500}>
              {`${DOCUMENT_KIND_LABELS[d.kind].one} ${d.number ?? ''}`.trim()}
            </Anchor>
            <Text size="sm" c="dimmed" truncate>
              {[withFlow ? `#${d.flow_number}` : null, d.title, formatDate(d.documentdate)]
                .filter(Boolean)
                .join(' · ')}
            </Text>
          </Stack>
          <Stack gap={2} align="flex-end" style={{ flexShrink: 0 }}>
            <Badge variant="light" color="gray" c="dark">
              {DOCUMENT_STATUS_LABELS[d.status as DocumentStatus] ?? d.status}
            </Badge>
            {d.amount_inc_vat !== null && <Text size="sm">{formatMoney(d.amount_inc_vat)}</Text>}
          </Stack>
        </Group>
      ))}
    </>
  );
}
