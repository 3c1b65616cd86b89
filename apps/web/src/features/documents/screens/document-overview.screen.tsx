import {
  DOCUMENT_KIND_LABELS,
  DOCUMENT_KINDS,
  DOCUMENT_STATUS_LABELS,
  type DocumentKind,
  type DocumentRow,
  INVOICE_STATUS_FILTERS,
  QUOTATION_STATUS_FILTERS,
  statusesOf,
} from '@im/domain';
import { Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import type { DataTableColumn } from 'mantine-datatable';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ServerDataTable } from '../../../ui/data-table/server-data-table';
import { formatDate, formatMoney } from '../../../ui/format';
import { useSession } from '../../auth';
import { DocumentStatusBadge } from '../components/document-status-badge';
import { DueLabelText } from '../components/invoice-card';
import { detailPath, hasKindModule, kindApi, overviewPath } from '../kinds';

/** The status filter of a kind: the quotation's four plus 'alle'; the others every status they have. */
function statusOptions(kind: DocumentKind, allLabel: string) {
  const statuses =
    kind === 'quotation'
      ? QUOTATION_STATUS_FILTERS.filter((s) => s !== 'all')
      : kind === 'invoice'
        ? INVOICE_STATUS_FILTERS.filter((s) => s !== 'all')
        : statusesOf(kind);
  return [
    ...statuses.map((s) => ({ value: s, label: DOCUMENT_STATUS_LABELS[s] })),
    { value: 'all', label: allLabel },
  ];
}

/** /quotation_overview, /confirmation_overview, /document_overview and /invoice_overview: one server-paged list. */
export function DocumentOverview({ kind }: { kind: DocumentKind }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const session = useSession();
  // The spec's menu names quotations only; the three lists link to each other here.
  const kinds = DOCUMENT_KINDS.filter((k) => hasKindModule(session, k));

  const columns: DataTableColumn<DocumentRow>[] = [
    {
      accessor: 'number',
      title: t('common.number'),
      sortable: true,
      render: (d) => (
        <Anchor component={Link} to={detailPath(kind, d.id)} onClick={(event) => event.stopPropagation()}>
          {d.number ?? t('documents.concept')}
        </Anchor>
      ),
    },
    {
      accessor: 'title',
      title: t('common.title'),
      sortable: true,
      render: (d) => (
        <Text size="sm" lineClamp={2}>
          {d.title}
        </Text>
      ),
    },
    {
      accessor: 'relation',
      title: t('common.customer'),
      sortable: true,
      render: (d) => d.relation_fullname ?? '',
    },
    {
      accessor: 'flow_number',
      title: t('documents.flow'),
      render: (d) =>
        d.flow_id ? (
          <Anchor
            component={Link}
            to={`/flow_detail/${d.flow_id}`}
            size="sm"
            onClick={(event) => event.stopPropagation()}
          >
            {t('documents.flowNumber', { number: d.flow_number })}
          </Anchor>
        ) : (
          ''
        ),
    },
    {
      accessor: 'status',
      title: t('common.status'),
      sortable: true,
      render: (d) => <DocumentStatusBadge status={d.status} />,
    },
    {
      accessor: 'amount',
      title: t('common.amountIncVat'),
      sortable: true,
      textAlign: 'right',
      render: (d) => (
        <span style={{ whiteSpace: 'nowrap' }}>
          {d.billed_inc !== null
            ? formatMoney(d.billed_inc)
            : kind === 'invoice'
              ? ''
              : formatMoney(d.amount_inc_vat)}
        </span>
      ),
    },
    ...(kind === 'invoice'
      ? [
          {
            accessor: 'due',
            title: t('documents.due'),
            render: (d) => (d.due ? <DueLabelText due={d.due} /> : ''),
          } as DataTableColumn<DocumentRow>,
        ]
      : []),
    // Column 7: the document date, the default sort (newest first).
    {
      accessor: 'documentdate',
      title: t('common.date'),
      sortable: true,
      render: (d) => formatDate(d.documentdate),
    },
    ...(kind === 'document'
      ? [{ accessor: 'document_type', title: t('common.documentType') } as DataTableColumn<DocumentRow>]
      : []),
  ];

  return (
    <Stack gap="md" maw={1400}>
      <Title order={1}>{DOCUMENT_KIND_LABELS[kind].many}</Title>
      {kinds.length > 1 && (
        <Group gap="xs" component="nav" aria-label={t('documents.kindsNav')}>
          {kinds.map((k) => (
            <Button
              key={k}
              component={Link}
              to={overviewPath(k)}
              size="compact-sm"
              variant={k === kind ? 'filled' : 'light'}
              aria-current={k === kind ? 'page' : undefined}
            >
              {DOCUMENT_KIND_LABELS[k].many}
            </Button>
          ))}
        </Group>
      )}
      {kind === 'invoice' && (
        <Group gap="xs" component="nav" aria-label={t('documents.invoiceOverviews')}>
          <Button component={Link} to="/overdueinvoice_overview.html" size="compact-sm" variant="default">
            {t('documents.overdueInvoices')}
          </Button>
          <Button component={Link} to="/invoice_overview_quarterly" size="compact-sm" variant="default">
            {t('documents.quarterlyOverview')}
          </Button>
        </Group>
      )}
      <ServerDataTable<DocumentRow>
        tableKey={`${kind}_overview`}
        path={kindApi(kind)}
        columns={columns}
        defaultSort={{ column: 'documentdate', direction: 'desc' }}
        filters={[
          {
            key: 'status',
            label: t('common.status'),
            placeholder: t('documents.allStatuses'),
            options: statusOptions(kind, t('documents.statusAll')),
          },
        ]}
        idAccessor="id"
        onRowClick={(d) => navigate(detailPath(kind, d.id))}
      />
    </Stack>
  );
}

export const QuotationOverviewScreen = () => <DocumentOverview kind="quotation" />;
export const ConfirmationOverviewScreen = () => <DocumentOverview kind="confirmation" />;
export const DocumentOverviewScreen = () => <DocumentOverview kind="document" />;
export const InvoiceOverviewScreen = () => <DocumentOverview kind="invoice" />;
