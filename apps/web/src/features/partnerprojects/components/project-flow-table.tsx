import { FLOW_STATUS_LABELS, type ProjectFlow, type ProjectFlowFilters } from '@im/domain';
import {
  Anchor,
  Badge,
  Box,
  Button,
  Card,
  Checkbox,
  Group,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FullNumberPager } from '../../../ui/data-table/full-number-pager';
import { LoadingBlock } from '../../../ui/loading-block';
import { useIsPhone } from '../../../ui/responsive';
import { StatusBadge } from '../../flows';
import { useFilterOptions, useProjectFlows } from '../queries';

export const FLOWS_PAGE_SIZE = 25;

/** What is ticked: single flows, or (`allMatching`) every flow the filters find. */
export interface FlowSelection {
  ids: Set<number>;
  allMatching: boolean;
}

export const emptySelection = (): FlowSelection => ({ ids: new Set(), allMatching: false });

/** The request part of a bulk action for a selection. */
export function selectionBody(selection: FlowSelection, filters: ProjectFlowFilters) {
  return selection.allMatching ? { allMatching: filters } : { selectedFlowIds: [...selection.ids] };
}

export function selectionCount(selection: FlowSelection, total: number): number {
  return selection.allMatching ? total : selection.ids.size;
}

interface Props {
  projectId: number;
  /** Partner users: the read-only list, each flow opening /flow_partner. */
  forPartner?: boolean;
  filters: ProjectFlowFilters;
  onFilters: (next: ProjectFlowFilters) => void;
  selection?: FlowSelection;
  onSelection?: (next: FlowSelection) => void;
  onTotal?: (total: number) => void;
  actions?: ReactNode;
}

/**
 * The project's flows, server-paged by 25 with filters on status, phase, type, tag and words (spec 001
 * section 2: cancelled flows and the main flow are not listed). With `selection` flows can be ticked one by
 * one, a page at a time, or all that match.
 */
export function ProjectFlowTable({
  projectId,
  forPartner = false,
  filters,
  onFilters,
  selection,
  onSelection,
  onTotal,
  actions,
}: Props) {
  const { t } = useTranslation();
  const isPhone = useIsPhone();
  const [page, setPage] = useState(1);
  // Other filters start again at the first page.
  const filterKey = JSON.stringify(filters);
  const [pageFilters, setPageFilters] = useState(filterKey);
  if (pageFilters !== filterKey) {
    setPageFilters(filterKey);
    setPage(1);
  }
  const [words, setWords] = useState(filters.query ?? '');
  const [debounced] = useDebouncedValue(words, 400);
  const options = useFilterOptions(projectId, !forPartner);
  const flows = useProjectFlows(
    projectId,
    filters,
    (page - 1) * FLOWS_PAGE_SIZE,
    FLOWS_PAGE_SIZE,
    forPartner,
  );
  const rows: ProjectFlow[] = flows.data?.data ?? [];
  const total = flows.data?.pagination.total ?? 0;

  useEffect(() => {
    if ((debounced || undefined) !== filters.query) onFilters({ ...filters, query: debounced || undefined });
  }, [debounced, filters, onFilters]);
  useEffect(() => {
    if (flows.data) onTotal?.(total);
  }, [flows.data, total, onTotal]);

  const canSelect = selection !== undefined && onSelection !== undefined;
  const pageIds = rows.map((f) => f.id);
  const isTicked = (id: number) => selection?.allMatching || selection?.ids.has(id) || false;
  const pageAllTicked = pageIds.length > 0 && pageIds.every(isTicked);
  const toggle = (id: number) => {
    if (!canSelect) return;
    const ids = new Set(selection.allMatching ? pageIds : selection.ids);
    if (ids.has(id)) ids.delete(id);
    else ids.add(id);
    onSelection({ ids, allMatching: false });
  };
  const togglePage = () => {
    if (!canSelect) return;
    if (pageAllTicked) onSelection(emptySelection());
    else onSelection({ ids: new Set([...selection.ids, ...pageIds]), allMatching: false });
  };
  const set = (key: keyof ProjectFlowFilters) => (value: string | null) => {
    const next = { ...filters, [key]: value ? (key === 'flow_phase_id' ? Number(value) : value) : undefined };
    onFilters(next);
    onSelection?.(emptySelection());
  };
  const all = { value: '', label: t('partnerprojects.all') };
  const target = (id: number) => (forPartner ? `/flow_partner/${id}` : `/flow_detail/${id}`);

  // A partner user filters on words only: the choice lists are the cockpit's (staff) read.
  const filterBar = forPartner ? (
    <TextInput
      label={t('partnerprojects.filterWords')}
      type="search"
      value={words}
      onChange={(e) => setWords(e.currentTarget.value)}
      maw={360}
    />
  ) : (
    <SimpleGrid cols={{ base: 2, sm: 5 }} spacing="xs">
      <Select
        label={t('partnerprojects.filterStatus')}
        data={[
          all,
          ...(options.data?.statusses ?? []).map((s) => ({ value: s, label: FLOW_STATUS_LABELS[s] })),
        ]}
        value={filters.status ?? ''}
        onChange={set('status')}
        allowDeselect={false}
      />
      <Select
        label={t('partnerprojects.filterPhase')}
        data={[
          all,
          ...(options.data?.flowPhases ?? []).map((p) => ({ value: String(p.id), label: p.description })),
        ]}
        value={filters.flow_phase_id ? String(filters.flow_phase_id) : ''}
        onChange={set('flow_phase_id')}
        allowDeselect={false}
      />
      <Select
        label={t('partnerprojects.filterType')}
        data={[all, ...(options.data?.types ?? [])]}
        value={filters.type ?? ''}
        onChange={set('type')}
        allowDeselect={false}
      />
      <Select
        label={t('partnerprojects.filterTag')}
        data={[all, ...(options.data?.tags ?? [])]}
        value={filters.tag ?? ''}
        onChange={set('tag')}
        allowDeselect={false}
      />
      <TextInput
        label={t('partnerprojects.filterWords')}
        type="search"
        value={words}
        onChange={(e) => setWords(e.currentTarget.value)}
        style={{ gridColumn: isPhone ? 'span 2' : undefined }}
      />
    </SimpleGrid>
  );

  const selectAllHint =
    canSelect && pageAllTicked && total > rows.length ? (
      <Group gap="xs" role="status">
        {selection.allMatching ? (
          <Text size="sm">{t('partnerprojects.allMatchingSelected', { count: total })}</Text>
        ) : (
          <Button
            variant="subtle"
            size="compact-sm"
            onClick={() => onSelection({ ids: new Set(), allMatching: true })}
          >
            {t('partnerprojects.selectAllMatching', { count: total })}
          </Button>
        )}
      </Group>
    ) : null;

  return (
    <Card withBorder padding="md">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Title order={2} size="h4">
            {t('partnerprojects.flowsTitle')} ({total})
          </Title>
          {actions}
        </Group>
        {filterBar}
        {canSelect && (
          <Checkbox
            label={t('partnerprojects.selectPage')}
            checked={pageAllTicked}
            indeterminate={!pageAllTicked && pageIds.some(isTicked)}
            onChange={togglePage}
          />
        )}
        {selectAllHint}
        {flows.isPending && <LoadingBlock when />}
        {flows.isError && (
          <Text c="red" role="alert">
            {flows.error.message}
          </Text>
        )}
        {flows.isSuccess && rows.length === 0 && <Text c="dimmed">{t('partnerprojects.noFlows')}</Text>}
        {rows.length > 0 && isPhone && (
          <Stack gap={0}>
            {rows.map((f) => (
              <Group
                key={f.id}
                wrap="nowrap"
                align="flex-start"
                gap="sm"
                py={10}
                style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}
              >
                {canSelect && (
                  <Checkbox
                    size="md"
                    aria-label={`Dossier ${f.number}`}
                    checked={isTicked(f.id)}
                    onChange={() => toggle(f.id)}
                  />
                )}
                <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
                  <Anchor component={Link} to={target(f.id)} fw={600}>
                    {`${f.number} · ${f.description || f.relation_fullname}`}
                  </Anchor>
                  <Text size="sm" c="dimmed" truncate>
                    {[f.relation_fullname, f.address].filter(Boolean).join(' · ')}
                  </Text>
                  <Group gap={4}>
                    {f.type && <Badge variant="default">{f.type}</Badge>}
                    {f.tags.map((tag) => (
                      <Badge key={tag} variant="outline" color="gray">
                        {tag}
                      </Badge>
                    ))}
                  </Group>
                </Stack>
                <Box style={{ flexShrink: 0 }}>
                  <StatusBadge status={f.flow_status} phase={f.flow_phase_description} />
                </Box>
              </Group>
            ))}
          </Stack>
        )}
        {rows.length > 0 && !isPhone && (
          <Table.ScrollContainer minWidth={640}>
            <Table verticalSpacing="xs" highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  {canSelect && <Table.Th w={40} />}
                  <Table.Th>{t('partnerprojects.flowsTitle')}</Table.Th>
                  <Table.Th>{t('common.relation')}</Table.Th>
                  <Table.Th>{t('partnerprojects.type')}</Table.Th>
                  <Table.Th>{t('partnerprojects.tags')}</Table.Th>
                  <Table.Th>{t('partnerprojects.filterStatus')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((f) => (
                  <Table.Tr key={f.id} bg={isTicked(f.id) ? 'var(--mantine-color-blue-light)' : undefined}>
                    {canSelect && (
                      <Table.Td>
                        <Checkbox
                          aria-label={`Dossier ${f.number}`}
                          checked={isTicked(f.id)}
                          onChange={() => toggle(f.id)}
                        />
                      </Table.Td>
                    )}
                    <Table.Td>
                      <Anchor component={Link} to={target(f.id)} fw={600}>
                        {`${f.number} · ${f.description || '—'}`}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{f.relation_fullname}</Text>
                      <Text size="xs" c="dimmed">
                        {f.address}
                      </Text>
                    </Table.Td>
                    <Table.Td>{f.type}</Table.Td>
                    <Table.Td>
                      <Group gap={4}>
                        {f.tags.map((tag) => (
                          <Badge key={tag} variant="outline" color="gray">
                            {tag}
                          </Badge>
                        ))}
                      </Group>
                    </Table.Td>
                    <Table.Td>
                      <StatusBadge status={f.flow_status} phase={f.flow_phase_description} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        <FullNumberPager page={page} pageSize={FLOWS_PAGE_SIZE} total={total} onPageChange={setPage} />
      </Stack>
    </Card>
  );
}
