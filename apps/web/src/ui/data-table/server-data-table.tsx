import { DEFAULT_PAGE_SIZE } from '@im/domain';
import { Alert, Group, Select, Stack, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { DataTable, type DataTableColumn, type DataTableSortStatus } from 'mantine-datatable';
// The table's styles come with the first screen that shows one, not with the login screen.
import 'mantine-datatable/styles.css';
import type { Paginated } from '@im/domain';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, type QueryValue } from '../../api/client';
import { useIsPhone } from '../responsive';
import { FOCUSABLE_SCROLL } from './focusable-scroll';
import { FullNumberPager } from './full-number-pager';
import { RecordCards } from './record-cards';
import { loadTableState, type SortState, saveTableState, type TableState, toSortParam } from './table-state';

export type { Paginated } from '@im/domain';

export interface TableFilter {
  /** Query parameter sent to the server. */
  key: string;
  label: string;
  options: { value: string; label: string }[];
  defaultValue?: string | null;
  /** Shown while no value is chosen (e.g. "Alle bedrijven"). */
  placeholder?: string;
}

export interface ServerDataTableProps<T> {
  /** Saved state (page, search, sort, filters) lives in localStorage under this key. */
  tableKey: string;
  /** A `querypaginated` endpoint of the contract. */
  path: string;
  columns: DataTableColumn<T>[];
  defaultSort?: SortState | null;
  filters?: TableFilter[];
  /** Fixed parameters of the screen (for example a relation id). */
  params?: Record<string, QueryValue>;
  withSearch?: boolean;
  pageSize?: number;
  idAccessor?: keyof T & string;
  onRowClick?: (record: T) => void;
}

const SEARCH_DEBOUNCE_MS = 300;

export function ServerDataTable<T extends Record<string, unknown>>({
  tableKey,
  path,
  columns,
  defaultSort = null,
  filters = [],
  params = {},
  withSearch = true,
  pageSize = DEFAULT_PAGE_SIZE,
  idAccessor,
  onRowClick,
}: ServerDataTableProps<T>) {
  const { t } = useTranslation();
  const isPhone = useIsPhone();
  const [state, setState] = useState<TableState>(() =>
    loadTableState(tableKey, {
      page: 1,
      query: '',
      sort: defaultSort,
      filters: Object.fromEntries(filters.map((f) => [f.key, f.defaultValue ?? null])),
    }),
  );
  const [search, setSearch] = useState(state.query);
  const [debouncedSearch] = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);

  useEffect(() => saveTableState(tableKey, state), [tableKey, state]);
  useEffect(() => {
    setState((s) => (s.query === debouncedSearch ? s : { ...s, query: debouncedSearch, page: 1 }));
  }, [debouncedSearch]);

  const request = {
    ...params,
    ...state.filters,
    offset: (state.page - 1) * pageSize,
    limit: pageSize,
    // Only a table with a search box sends one (a saved search must not reach a list that takes none).
    query: (withSearch && state.query) || undefined,
    sort: toSortParam(state.sort),
  };
  const result = useQuery({
    queryKey: ['table', path, request],
    queryFn: ({ signal }) => api.get<Paginated<T>>(path, { query: request, signal }),
    placeholderData: keepPreviousData,
  });

  const total = result.data?.pagination.total ?? 0;
  const capped = result.data?.pagination.total_capped === true;
  // The data shrank (deletes, another filter): go back to the last page that still exists.
  useEffect(() => {
    const lastPage = Math.max(1, Math.ceil(total / pageSize));
    if (result.isSuccess && state.page > lastPage) setState((s) => ({ ...s, page: lastPage }));
  }, [result.isSuccess, total, pageSize, state.page]);

  const sortStatus: DataTableSortStatus<T> | undefined = state.sort
    ? { columnAccessor: state.sort.column, direction: state.sort.direction }
    : undefined;

  return (
    <Stack gap="sm">
      {(withSearch || filters.length > 0) && (
        <Group gap="sm" align="flex-end">
          {withSearch && (
            <TextInput
              leftSection={<IconSearch size={16} />}
              placeholder={t('common.search')}
              aria-label={t('common.search')}
              value={search}
              onChange={(event) => setSearch(event.currentTarget.value)}
            />
          )}
          {filters.map((filter) => (
            <Select
              key={filter.key}
              label={filter.label}
              data={filter.options}
              placeholder={filter.placeholder}
              value={state.filters[filter.key] ?? null}
              searchable
              clearable
              onChange={(value) =>
                setState((s) => ({ ...s, page: 1, filters: { ...s.filters, [filter.key]: value } }))
              }
            />
          ))}
        </Group>
      )}
      {result.isError && <Alert color="red">{t('ui.tableLoadFailed')}</Alert>}
      {capped && <Alert color="yellow">{t('ui.tableCapped', { total })}</Alert>}
      {isPhone ? (
        <>
          <RecordCards<T>
            columns={columns}
            records={result.data?.data ?? []}
            idAccessor={idAccessor}
            fetching={result.isFetching}
            emptyText={t('common.noResults')}
            onRowClick={onRowClick}
            sort={state.sort}
            onSortChange={(sort) => setState((s) => ({ ...s, page: 1, sort }))}
          />
          <FullNumberPager
            page={state.page}
            pageSize={pageSize}
            total={total}
            capped={capped}
            onPageChange={(page) => setState((s) => ({ ...s, page }))}
          />
        </>
      ) : (
        <DataTable<T>
          scrollAreaProps={FOCUSABLE_SCROLL}
          withTableBorder
          borderRadius="sm"
          minHeight={150}
          highlightOnHover={Boolean(onRowClick)}
          columns={columns}
          records={result.data?.data ?? []}
          idAccessor={idAccessor}
          fetching={result.isFetching}
          noRecordsText={t('common.noResults')}
          onRowClick={onRowClick ? ({ record }) => onRowClick(record) : undefined}
          sortStatus={sortStatus as DataTableSortStatus<T>}
          onSortStatusChange={(next) =>
            setState((s) => ({
              ...s,
              page: 1,
              sort: { column: String(next.columnAccessor), direction: next.direction },
            }))
          }
          page={state.page}
          onPageChange={(page) => setState((s) => ({ ...s, page }))}
          totalRecords={total}
          recordsPerPage={pageSize}
          renderPagination={({ state: pager, actions }) => (
            <FullNumberPager
              page={pager.page}
              pageSize={pageSize}
              total={total}
              capped={capped}
              onPageChange={actions.setPage}
            />
          )}
        />
      )}
    </Stack>
  );
}
