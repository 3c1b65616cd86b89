import {
  amsterdamDay,
  formatEuro,
  type QuarterRow,
  quarterRange,
  showsVat6,
  zQuarterlyQuery,
} from '@im/domain';
import { Alert, Box, Button, Group, Select, Stack, Text, Title } from '@mantine/core';
import { IconDownload, IconFileSpreadsheet } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import type { DataTableColumn } from 'mantine-datatable';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { showActionError } from '../../../ui/alert-dialog';
import { ListTable } from '../../../ui/data-table/list-table';
import { formatDate } from '../../../ui/format';
import { downloadQuarterlyExport, type QuarterlyExportFormat, useQuarterlyOverview } from '../queries';

/** The current year and the 5 before it, newest first (plus a year from the address outside them). */
const YEARS_BACK = 5;

type AmountKey = Exclude<keyof QuarterRow, 'year' | 'quarter' | 'invoices'>;

/** A row of the table: a quarter (with its period) or the year's total. */
interface QuarterRecord extends QuarterRow {
  id: string;
  label: string;
  period: string | null;
  isTotal: boolean;
}

/** `?year=` when it is a year the API accepts (the contract's own rule), otherwise this year. */
export function yearFromQuery(value: string | null, currentYear: number): number {
  const parsed = zQuarterlyQuery.shape.year.safeParse(value ?? '');
  return parsed.success ? parsed.data : currentYear;
}

export function yearOptions(currentYear: number, chosen: number): string[] {
  const years = Array.from({ length: YEARS_BACK + 1 }, (_, i) => currentYear - i);
  if (!years.includes(chosen)) years.push(chosen);
  return years.sort((a, b) => b - a).map(String);
}

function toRecords(quarters: QuarterRow[], total: QuarterRow, t: TFunction): QuarterRecord[] {
  return [
    ...quarters.map((q) => {
      const range = quarterRange(q.year, q.quarter as 1 | 2 | 3 | 4);
      return {
        ...q,
        id: `q${q.quarter}`,
        label: t('invoices.quarterLabel', { quarter: q.quarter }),
        period: t('invoices.quarterPeriod', { from: formatDate(range.from), to: formatDate(range.to) }),
        isTotal: false,
      };
    }),
    { ...total, id: 'total', label: t('invoices.total'), period: null, isTotal: true },
  ];
}

function Cell({ record, children }: { record: QuarterRecord; children: ReactNode }) {
  return (
    <Text span size="sm" fw={record.isTotal ? 700 : undefined} style={{ whiteSpace: 'nowrap' }}>
      {children}
    </Text>
  );
}

/** The table's columns; the 6 % ones only for a year with 6 % amounts (decision 038). */
function columnsOf(t: TFunction, withVat6: boolean): DataTableColumn<QuarterRecord>[] {
  const amount = (accessor: AmountKey, title: string): DataTableColumn<QuarterRecord> => ({
    accessor,
    title,
    textAlign: 'right',
    render: (record) => <Cell record={record}>{formatEuro(record[accessor])}</Cell>,
  });
  return [
    {
      accessor: 'label',
      title: t('invoices.quarter'),
      render: (record) => (
        <Box>
          <Cell record={record}>{record.label}</Cell>
          {record.period && (
            <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
              {record.period}
            </Text>
          )}
        </Box>
      ),
    },
    {
      accessor: 'invoices',
      title: t('invoices.invoices'),
      textAlign: 'right',
      render: (record) => <Cell record={record}>{record.invoices}</Cell>,
    },
    amount('exc_0', t('invoices.netRate', { rate: 0 })),
    ...(withVat6 ? [amount('exc_6', t('invoices.netRate', { rate: 6 }))] : []),
    amount('exc_9', t('invoices.netRate', { rate: 9 })),
    amount('exc_21', t('invoices.netRate', { rate: 21 })),
    ...(withVat6 ? [amount('vat_6', t('invoices.vatRate', { rate: 6 }))] : []),
    amount('vat_9', t('invoices.vatRate', { rate: 9 })),
    amount('vat_21', t('invoices.vatRate', { rate: 21 })),
    amount('exc', t('common.totalExcVat')),
    amount('vat', t('invoices.totalVat')),
    amount('inc', t('common.totalIncVat')),
  ];
}

/**
 * /invoice_overview_quarterly (spec 002): per quarter of a year the invoices sent in it, net turnover
 * and VAT per rate and the totals, as the VAT return asks; exported as CSV or Excel. The year lives in
 * the address (`?year=2026`). On a phone each quarter is a card (decision 020).
 */
export function QuarterlyInvoiceOverviewScreen() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const currentYear = Number(amsterdamDay(new Date()).slice(0, 4));
  const year = yearFromQuery(params.get('year'), currentYear);
  const overview = useQuarterlyOverview(year);
  const [exporting, setExporting] = useState<QuarterlyExportFormat | null>(null);

  const chooseYear = (value: string | null) => {
    if (!value) return;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set('year', value);
        return next;
      },
      { replace: true },
    );
  };

  const onExport = (format: QuarterlyExportFormat) => {
    setExporting(format);
    downloadQuarterlyExport(year, format)
      .catch((error: unknown) => showActionError(error))
      .finally(() => setExporting(null));
  };

  const records = overview.data ? toRecords(overview.data.quarters, overview.data.total, t) : [];

  return (
    <Stack gap="md" maw={1400}>
      <div>
        <Title order={1}>{t('invoices.quarterlyTitle')}</Title>
        <Text c="dimmed" size="sm">
          {t('invoices.quarterlyIntro')}
        </Text>
      </div>
      <Group gap="sm" align="flex-end" wrap="wrap">
        <Select
          label={t('invoices.year')}
          data={yearOptions(currentYear, year)}
          value={String(year)}
          allowDeselect={false}
          onChange={chooseYear}
          w={140}
        />
        <Button
          variant="default"
          leftSection={<IconDownload size={16} />}
          loading={exporting === 'csv'}
          disabled={exporting !== null && exporting !== 'csv'}
          onClick={() => onExport('csv')}
        >
          {t('invoices.exportCsv')}
        </Button>
        <Button
          variant="default"
          leftSection={<IconFileSpreadsheet size={16} />}
          loading={exporting === 'xlsx'}
          disabled={exporting !== null && exporting !== 'xlsx'}
          onClick={() => onExport('xlsx')}
        >
          {t('invoices.exportXlsx')}
        </Button>
      </Group>
      {overview.isError && (
        <Alert color="red" role="alert">
          {t('ui.tableLoadFailed')}
        </Alert>
      )}
      <ListTable<QuarterRecord>
        records={records}
        columns={columnsOf(t, showsVat6(records))}
        idAccessor="id"
        fetching={overview.isFetching}
        noRecordsText={t('common.noResults')}
      />
    </Stack>
  );
}
