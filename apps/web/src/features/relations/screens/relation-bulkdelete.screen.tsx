import { DEFAULT_PAGE_SIZE } from '@im/domain';
import { Anchor, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconSearch, IconTrash } from '@tabler/icons-react';
import { DataTable } from 'mantine-datatable';
import 'mantine-datatable/styles.css';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { showActionError } from '../../../ui/alert-dialog';
import { openBatchProgress } from '../../../ui/batch-progress.modal';
import { confirm } from '../../../ui/confirm-dialog';
import { FOCUSABLE_SCROLL } from '../../../ui/data-table/focusable-scroll';
import { FullNumberPager } from '../../../ui/data-table/full-number-pager';
import { formatDate } from '../../../ui/format';
import { toast } from '../../../ui/toasts';
import {
  BulkCriteriaList,
  type CriterionValue,
  initialCriteria,
  isComplete,
  toRequestCriteria,
} from '../components/bulk-criteria';
import { useBulkDeleteRelations, useRefreshAfterBatch, useSearchInactiveRelations } from '../queries';
import type { InactiveRelation } from '../types';

/** Bulk deletion of inactive relations: criteria, search, select all or none, delete (batch job). */
export function RelationBulkDeleteScreen() {
  const { t } = useTranslation();
  const [criteria, setCriteria] = useState<CriterionValue[]>(initialCriteria);
  const [results, setResults] = useState<InactiveRelation[] | null>(null);
  const [selected, setSelected] = useState<InactiveRelation[]>([]);
  const [page, setPage] = useState(1);
  const search = useSearchInactiveRelations();
  const bulkDelete = useBulkDeleteRelations();
  const refresh = useRefreshAfterBatch();

  const onSearch = () =>
    search.mutate(toRequestCriteria(criteria), {
      onSuccess: (answer) => {
        setResults(answer.data);
        setSelected([]);
        setPage(1);
      },
      onError: (error) => showActionError(error),
    });

  const onDelete = async () => {
    const isConfirmed = await confirm({
      title: t('relations.bulkProgressTitle'),
      message: t('relations.bulkConfirm', { count: selected.length }),
      confirmLabel: t('common.delete'),
      isDanger: true,
    });
    if (!isConfirmed) return;
    bulkDelete.mutate(
      selected.map((r) => r.id),
      {
        onSuccess: ({ batchId }) =>
          openBatchProgress({
            batchId,
            title: t('relations.bulkProgressTitle'),
            onFinished: (state) => {
              refresh();
              if (state === 'done') toast.success(t('relations.bulkDone'));
              onSearch();
            },
          }),
        onError: (error) => showActionError(error),
      },
    );
  };

  const rows = results ?? [];
  const pageRows = rows.slice((page - 1) * DEFAULT_PAGE_SIZE, page * DEFAULT_PAGE_SIZE);
  const canSearch = criteria.every(isComplete);

  return (
    <Stack gap="md" maw={1200}>
      <Anchor component={Link} to="/relation_overview" size="sm">
        ← {t('relations.backToOverview')}
      </Anchor>
      <Title order={1}>{t('relations.bulkTitle')}</Title>
      <Text c="dimmed">{t('relations.bulkIntro')}</Text>
      <Card withBorder padding="lg">
        <Title order={2} size="h4" mb="sm">
          {t('relations.criteriaTitle')}
        </Title>
        <BulkCriteriaList criteria={criteria} onChange={setCriteria} />
        <Group justify="flex-end" mt="md">
          <Button
            leftSection={<IconSearch size={16} />}
            onClick={onSearch}
            loading={search.isPending}
            disabled={!canSearch}
          >
            {t('common.search')}
          </Button>
        </Group>
      </Card>
      {results && (
        <Card withBorder padding="lg">
          <Group justify="space-between" mb="sm" wrap="wrap">
            <Group gap="md">
              <Text fw={600} role="status">
                {t('relations.resultsCount', { count: rows.length })}
              </Text>
              <Text c="dimmed">{t('relations.selectedCount', { count: selected.length })}</Text>
            </Group>
            <Group gap="xs">
              <Button
                variant="default"
                size="xs"
                onClick={() => setSelected(rows)}
                disabled={rows.length === 0}
              >
                {t('relations.selectAll')}
              </Button>
              <Button
                variant="default"
                size="xs"
                onClick={() => setSelected([])}
                disabled={selected.length === 0}
              >
                {t('relations.selectNone')}
              </Button>
              <Button
                color="red"
                size="xs"
                leftSection={<IconTrash size={14} />}
                onClick={() => void onDelete()}
                disabled={selected.length === 0}
                loading={bulkDelete.isPending}
              >
                {t('common.delete')}
              </Button>
            </Group>
          </Group>
          <DataTable<InactiveRelation>
            scrollAreaProps={FOCUSABLE_SCROLL}
            withTableBorder
            borderRadius="sm"
            minHeight={rows.length === 0 ? 120 : undefined}
            records={pageRows}
            idAccessor="id"
            noRecordsText={t('common.noResults')}
            selectedRecords={selected}
            onSelectedRecordsChange={setSelected}
            // The header checkbox covers this page; 'Alles selecteren' covers every result.
            allRecordsSelectionCheckboxProps={{ 'aria-label': t('relations.selectPage') }}
            getRecordSelectionCheckboxProps={(r) => ({ 'aria-label': r.fullname })}
            columns={[
              {
                accessor: 'fullname',
                title: t('common.name'),
                render: (r) => (
                  <Anchor component={Link} to={`/relation_detail/${r.id}`} target="_blank">
                    {r.fullname}
                  </Anchor>
                ),
              },
              { accessor: 'address', title: t('common.address') },
              { accessor: 'flows_count', title: t('relations.flowsCount'), textAlign: 'right' },
              {
                accessor: 'last_activity_at',
                title: t('relations.lastActivity'),
                render: (r) => formatDate(r.last_activity_at),
              },
            ]}
            totalRecords={rows.length}
            recordsPerPage={DEFAULT_PAGE_SIZE}
            page={page}
            onPageChange={setPage}
            renderPagination={({ state, actions }) => (
              <FullNumberPager
                page={state.page}
                pageSize={DEFAULT_PAGE_SIZE}
                total={rows.length}
                onPageChange={actions.setPage}
              />
            )}
          />
        </Card>
      )}
    </Stack>
  );
}
