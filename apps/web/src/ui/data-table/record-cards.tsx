import { Box, Button, Card, Group, LoadingOverlay, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import type { DataTableColumn } from 'mantine-datatable';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { SortState } from './table-state';

function cellOf<T>(record: T, column: DataTableColumn<T>, index: number): ReactNode {
  if (column.render) return column.render(record, index);
  let value: unknown = record;
  for (const part of String(column.accessor).split('.'))
    value = value == null ? undefined : (value as Record<string, unknown>)[part];
  return value == null || value === '' ? '' : String(value);
}

interface RecordCardsProps<T> {
  columns: DataTableColumn<T>[];
  records: T[];
  idAccessor?: keyof T & string;
  fetching: boolean;
  emptyText: string;
  onRowClick?: (record: T) => void;
  /** Without them the cards keep the order they came in. */
  sort?: SortState | null;
  onSortChange?: (sort: SortState | null) => void;
}

/**
 * A list's records as one card per row (phones): the first column is the card's title (and opens the
 * record when the list opens records), every other column a labelled line, columns without a title
 * (actions) at the card's foot. Sorting moves to one select over the sortable columns.
 */
export function RecordCards<T>({
  columns,
  records,
  idAccessor,
  fetching,
  emptyText,
  onRowClick,
  sort,
  onSortChange,
}: RecordCardsProps<T>) {
  const { t } = useTranslation();
  const visible = columns.filter((c) => !c.hidden);
  const [first, ...rest] = visible;
  const labelled = rest.filter((c) => c.title !== undefined && c.title !== '');
  const untitled = rest.filter((c) => c.title === undefined || c.title === '');
  const sortOptions = !onSortChange
    ? []
    : visible
        .filter((c) => c.sortable && typeof c.title === 'string')
        .flatMap((c) => [
          { value: `${String(c.accessor)}:asc`, label: `${c.title} ↑` },
          { value: `${String(c.accessor)}:desc`, label: `${c.title} ↓` },
        ]);
  const key = (record: T, index: number) =>
    idAccessor ? String(record[idAccessor]) : String((record as { id?: unknown }).id ?? index);

  return (
    <Stack gap="xs" pos="relative" mih={120}>
      <LoadingOverlay visible={fetching} overlayProps={{ blur: 0, backgroundOpacity: 0.3 }} />
      {sortOptions.length > 0 && (
        <Select
          label={t('ui.tableSort')}
          data={sortOptions}
          value={sort ? `${sort.column}:${sort.direction}` : null}
          clearable
          onChange={(value) => {
            if (!value) return onSortChange?.(null);
            const [column, direction] = value.split(':');
            onSortChange?.({ column: column!, direction: direction as 'asc' | 'desc' });
          }}
        />
      )}
      {records.length === 0 && !fetching && (
        <Text c="dimmed" ta="center" py="lg">
          {emptyText}
        </Text>
      )}
      {records.map((record, index) => (
        <Card key={key(record, index)} withBorder padding="sm" radius="sm" data-testid="record-card">
          {first && (
            <Box mb={4} fw={600}>
              {cellOf(record, first, index) || '—'}
            </Box>
          )}
          <SimpleGrid cols={2} spacing={4} verticalSpacing={2}>
            {labelled.map((column) => (
              <Box key={String(column.accessor)} style={{ minWidth: 0 }}>
                <Text size="xs" c="dimmed">
                  {column.title}
                </Text>
                <Box fz="sm" style={{ overflowWrap: 'anywhere' }}>
                  {cellOf(record, column, index) || '—'}
                </Box>
              </Box>
            ))}
          </SimpleGrid>
          {(untitled.length > 0 || onRowClick) && (
            <Group justify="flex-end" gap="xs" mt={4}>
              {untitled.map((column) => (
                <Box key={String(column.accessor)}>{cellOf(record, column, index)}</Box>
              ))}
              {onRowClick && (
                <Button size="compact-sm" variant="light" onClick={() => onRowClick(record)}>
                  {t('common.open')}
                </Button>
              )}
            </Group>
          )}
        </Card>
      ))}
    </Stack>
  );
}
