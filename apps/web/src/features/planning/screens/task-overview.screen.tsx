import {
  DEFAULT_TASK_STATUS_FILTER,
  TASK_PLANNING_STATUSES,
  TASK_STATUS_FILTER_LABELS,
  TASK_STATUS_FILTERS,
  TASK_TYPE_LABELS,
  TASK_TYPES,
  type Task,
  type TaskFilters,
} from '@im/domain';
import {
  Alert,
  Anchor,
  Button,
  Card,
  Group,
  SegmentedControl,
  Select,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconSettings } from '@tabler/icons-react';
import type { DataTableColumn } from 'mantine-datatable';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useFlowSettings } from '../../../api/companies';
import { ServerDataTable } from '../../../ui/data-table/server-data-table';
import { formatDateTime } from '../../../ui/format';
import { ClusterMap } from '../../../ui/map/cluster-map';
import { TakeAlongCard } from '../components/take-along-card';
import { TaskBadges } from '../components/task-parts';
import { TaskModal } from '../modals/task.modal';
import { TaskTemplatesModal } from '../modals/task-templates.modal';
import { useTaskMap } from '../queries';

/** Spec 001 section 2: filter preferences are stored locally. */
const FILTERS_KEY = 'taskOverviewFilters';
const DEFAULT_FILTERS: TaskFilters = { status: DEFAULT_TASK_STATUS_FILTER };

function loadFilters(): TaskFilters {
  try {
    const saved = JSON.parse(localStorage.getItem(FILTERS_KEY) ?? 'null') as TaskFilters | null;
    return saved && typeof saved === 'object' ? { ...DEFAULT_FILTERS, ...saved } : DEFAULT_FILTERS;
  } catch {
    return DEFAULT_FILTERS;
  }
}

/** /task_overview?view=table|map: open (or on hold) tasks as a table or on a clustered map. */
export function TaskOverviewScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const view = searchParams.get('view') === 'map' ? 'map' : 'table';
  const [filters, setFilters] = useState<TaskFilters>(loadFilters);
  const [editing, setEditing] = useState<Task | undefined>(undefined);
  const [isManagingTemplates, setManagingTemplates] = useState(false);
  const users = useFlowSettings().data?.users ?? [];
  const map = useTaskMap(filters, view === 'map');
  // One array per answer, so the map fits its view only when the points change.
  const points = useMemo(
    () =>
      (map.data?.points ?? []).map((p) => ({
        id: p.id,
        lat: p.lat,
        lng: p.lng,
        color: p.color,
        label: [p.description, p.relation_fullname, p.user_fullname, p.planning_label]
          .filter(Boolean)
          .join(' · '),
      })),
    [map.data],
  );

  useEffect(() => {
    try {
      localStorage.setItem(FILTERS_KEY, JSON.stringify(filters));
    } catch {
      // Private mode: the filters last for this visit.
    }
  }, [filters]);

  const set = (key: keyof TaskFilters, value: string | null) =>
    setFilters((f) => {
      const next = { ...f } as Record<string, unknown>;
      if (value === null || value === '') delete next[key];
      else next[key] = key === 'user_id' ? Number(value) : value;
      return { ...DEFAULT_FILTERS, ...next } as TaskFilters;
    });

  const columns: DataTableColumn<Task>[] = [
    {
      accessor: 'start_date',
      title: t('common.start'),
      sortable: true,
      render: (task) => formatDateTime(task.start_date),
    },
    {
      accessor: 'description',
      title: t('common.description'),
      sortable: true,
      render: (task) => (
        <Stack gap={2}>
          <Text size="sm" lineClamp={2}>
            {task.description}
          </Text>
          <TaskBadges task={task} />
        </Stack>
      ),
    },
    { accessor: 'user_fullname', title: t('planning.tasks.user') },
    {
      accessor: 'flow_id',
      title: t('planning.tasks.flow'),
      render: (task) =>
        task.flow_id ? (
          <Anchor
            component={Link}
            to={`/flow_detail/${task.flow_id}`}
            size="sm"
            onClick={(e) => e.stopPropagation()}
          >
            {`${t('planning.notes.onFlow', { number: task.flow_number })}${task.relation_fullname ? ` · ${task.relation_fullname}` : ''}`}
          </Anchor>
        ) : null,
    },
    { accessor: 'address', title: t('common.address') },
  ];

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={1} size="h2">
          {t('planning.tasks.overviewTitle')}
        </Title>
        <Group gap="sm">
          <SegmentedControl
            value={view}
            onChange={(next) => setSearchParams({ view: next })}
            data={[
              { value: 'table', label: t('planning.tasks.table') },
              { value: 'map', label: t('planning.tasks.map') },
            ]}
          />
          <Button
            variant="default"
            leftSection={<IconSettings size={16} />}
            onClick={() => setManagingTemplates(true)}
          >
            {t('planning.tasks.manageTemplates')}
          </Button>
        </Group>
      </Group>
      <TakeAlongCard />
      <Group gap="sm" align="flex-end">
        <Select
          label={t('common.status')}
          data={TASK_STATUS_FILTERS.map((s) => ({ value: s, label: TASK_STATUS_FILTER_LABELS[s] }))}
          value={filters.status}
          onChange={(value) => set('status', value ?? DEFAULT_TASK_STATUS_FILTER)}
          allowDeselect={false}
        />
        <Select
          label={t('planning.tasks.type')}
          placeholder={t('planning.tasks.anyType')}
          data={TASK_TYPES.map((type) => ({ value: type, label: TASK_TYPE_LABELS[type] }))}
          value={filters.type ?? null}
          onChange={(value) => set('type', value)}
          clearable
        />
        <Select
          label={t('planning.tasks.user')}
          placeholder={t('planning.tasks.anyUser')}
          data={[
            { value: '0', label: t('planning.tasks.noUser') },
            ...users.map((u) => ({ value: String(u.id), label: u.fullname })),
          ]}
          value={filters.user_id === undefined ? null : String(filters.user_id)}
          onChange={(value) => set('user_id', value)}
          clearable
          searchable
        />
        <Select
          label={t('planning.tasks.planning')}
          placeholder={t('planning.tasks.anyPlanning')}
          data={TASK_PLANNING_STATUSES.map((p) => ({
            value: p,
            label: t(`planning.tasks.planningLabels.${p}`),
          }))}
          value={filters.planning ?? null}
          onChange={(value) => set('planning', value)}
          clearable
        />
      </Group>
      {view === 'table' ? (
        <ServerDataTable<Task>
          tableKey="task_overview"
          path="/api/task/getopentasks"
          params={{ filters: JSON.stringify(filters) }}
          columns={columns}
          withSearch={false}
          defaultSort={{ column: 'start_date', direction: 'asc' }}
          idAccessor="id"
          onRowClick={(task) => setEditing(task)}
        />
      ) : (
        <Card withBorder padding="xs">
          {map.isError && <Alert color="red">{t('planning.tasks.loadFailed')}</Alert>}
          {map.data && (
            <ClusterMap
              points={points}
              center={map.data.center}
              zoom={map.data.zoom}
              onPointClick={(id) => {
                const point = map.data?.points.find((p) => p.id === id);
                if (point?.flow_id) navigate(`/flow_detail/${point.flow_id}`);
              }}
            />
          )}
          {Boolean(map.data?.unfound_addresses) && (
            <Text size="sm" c="orange.9" mt="xs" role="status">
              {t('planning.tasks.unfoundAddresses', { count: map.data?.unfound_addresses })}
            </Text>
          )}
          {Boolean(map.data && map.data.without_coordinates > map.data.unfound_addresses) && (
            <Text size="sm" c="dimmed" mt="xs">
              {t('planning.tasks.withoutCoordinates', {
                count: (map.data?.without_coordinates ?? 0) - (map.data?.unfound_addresses ?? 0),
              })}
            </Text>
          )}
        </Card>
      )}
      <TaskModal opened={editing !== undefined} onClose={() => setEditing(undefined)} task={editing} />
      <TaskTemplatesModal opened={isManagingTemplates} onClose={() => setManagingTemplates(false)} />
    </Stack>
  );
}
