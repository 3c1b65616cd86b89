import {
  DEFAULT_PAGE_SIZE,
  FLOW_IMPORT_ROW_STATUSES,
  type FlowImportChoice,
  type FlowImportPreview,
  type FlowImportPreviewRow,
  type FlowImportRowStatus,
} from '@im/domain';
import {
  Badge,
  Card,
  Group,
  Pagination,
  ScrollArea,
  SegmentedControl,
  Select,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { DataTable, type DataTableColumn } from 'mantine-datatable';
import 'mantine-datatable/styles.css';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FOCUSABLE_SCROLL } from '../../../ui/data-table/focusable-scroll';
import { RecordCards } from '../../../ui/data-table/record-cards';
import { useIsPhone } from '../../../ui/responsive';

const STATUS_COLORS: Record<FlowImportRowStatus, string> = {
  new: 'teal',
  existing: 'blue',
  duplicate: 'yellow',
  refused: 'red',
};

interface Props {
  preview: FlowImportPreview;
  choices: Record<string, FlowImportChoice>;
  onChoice: (row: number, choice: FlowImportChoice) => void;
}

/** Every row of the file with its status, the reason per refused cell, and the choice per row. */
export function ImportPreviewTable({ preview, choices, onChoice }: Props) {
  const { t } = useTranslation();
  const isPhone = useIsPhone();
  const [filter, setFilter] = useState<'all' | FlowImportRowStatus>('all');
  const [page, setPage] = useState(1);
  const rows = filter === 'all' ? preview.rows : preview.rows.filter((r) => r.status === filter);
  const pageRows = rows.slice((page - 1) * DEFAULT_PAGE_SIZE, page * DEFAULT_PAGE_SIZE);
  const choiceOf = (r: FlowImportPreviewRow) => choices[String(r.row)] ?? r.choice;
  const choiceData = (r: FlowImportPreviewRow) =>
    (['create', 'existing', 'skip'] as const)
      .filter((c) => c !== 'existing' || r.match)
      .map((c) => ({ value: c, label: t(`flowImports.choice.${c}`) }));

  const columns: DataTableColumn<FlowImportPreviewRow>[] = [
    { accessor: 'row', title: t('flowImports.row'), width: 64 },
    {
      accessor: 'status',
      title: t('common.status'),
      render: (r) => (
        <Badge color={STATUS_COLORS[r.status]} variant="light">
          {t(`flowImports.rowStatus.${r.status}`)}
        </Badge>
      ),
    },
    {
      accessor: 'fullname',
      title: t('flowImports.relation'),
      width: 260,
      render: (r) => (
        <Stack gap={0}>
          <Text size="sm" fw={500}>
            {r.fullname || '—'}
          </Text>
          {r.address && (
            <Text size="xs" c="dimmed">
              {r.address}
            </Text>
          )}
          {r.email && (
            <Text size="xs" c="dimmed">
              {r.email}
            </Text>
          )}
        </Stack>
      ),
    },
    {
      accessor: 'errors',
      title: t('flowImports.remark'),
      width: 240,
      render: (r) => <Remark row={r} />,
    },
    {
      accessor: 'choice',
      title: t('flowImports.choiceLabel', { row: '' }).trim(),
      width: 200,
      render: (r) =>
        r.status === 'refused' ? (
          <Text size="sm" c="dimmed">
            {t('flowImports.choice.skip')}
          </Text>
        ) : (
          <Select
            size="xs"
            w="100%"
            maw={180}
            aria-label={t('flowImports.choiceLabel', { row: r.row })}
            data={choiceData(r)}
            value={choiceOf(r)}
            allowDeselect={false}
            onChange={(value) => value && onChoice(r.row, value as FlowImportChoice)}
            comboboxProps={{ withinPortal: true }}
          />
        ),
    },
  ];
  // On a phone the relation is the card's title; on a desk the row number leads.
  const phoneColumns = [columns[2]!, columns[0]!, columns[1]!, columns[3]!, columns[4]!];

  return (
    <Card withBorder padding="lg">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('flowImports.previewTitle')}
        </Title>
        <ScrollArea type="auto" offsetScrollbars>
          <SegmentedControl
            value={filter}
            onChange={(value) => {
              setFilter(value as typeof filter);
              setPage(1);
            }}
            data={[
              { value: 'all', label: t('flowImports.counts.all', { count: preview.total }) },
              ...FLOW_IMPORT_ROW_STATUSES.map((s) => ({
                value: s,
                label: t(`flowImports.counts.${s}`, { count: preview.counts[s] }),
              })),
            ]}
          />
        </ScrollArea>
        {isPhone ? (
          <>
            <RecordCards<FlowImportPreviewRow>
              columns={phoneColumns}
              records={pageRows}
              idAccessor="row"
              fetching={false}
              emptyText={t('common.noResults')}
            />
            {rows.length > DEFAULT_PAGE_SIZE && (
              <Pagination
                size="sm"
                total={Math.ceil(rows.length / DEFAULT_PAGE_SIZE)}
                value={page}
                onChange={setPage}
              />
            )}
          </>
        ) : (
          <DataTable<FlowImportPreviewRow>
            scrollAreaProps={FOCUSABLE_SCROLL}
            withTableBorder
            borderRadius="sm"
            minHeight={rows.length === 0 ? 120 : undefined}
            records={pageRows}
            idAccessor="row"
            noRecordsText={t('common.noResults')}
            totalRecords={rows.length}
            recordsPerPage={DEFAULT_PAGE_SIZE}
            page={page}
            onPageChange={setPage}
            columns={columns}
          />
        )}
      </Stack>
    </Card>
  );
}

function Remark({ row }: { row: FlowImportPreviewRow }) {
  const { t } = useTranslation();
  const errors = Object.entries(row.errors);
  if (errors.length)
    return (
      <Stack gap={2}>
        {errors.map(([field, message]) => (
          <Text key={field} size="xs" c="red">
            {t(`flowImports.fields.${field}`, { defaultValue: field })}: {message}
          </Text>
        ))}
      </Stack>
    );
  if (row.duplicate_of)
    return <Text size="xs">{t('flowImports.duplicateOf', { row: row.duplicate_of })}</Text>;
  if (row.match)
    return (
      <Group gap={4}>
        <Text size="xs">
          {t('flowImports.match', {
            name: row.match.fullname,
            reason: t(`flowImports.matchReason.${row.match.reason}`),
          })}
        </Text>
        {row.match.address && (
          <Text size="xs" c="dimmed">
            {row.match.address}
          </Text>
        )}
      </Group>
    );
  return null;
}
