import {
  ACTION_PRIORITIES,
  ACTION_PRIORITY_LABELS,
  ACTION_SCOPE_LABELS,
  ACTION_SCOPES,
  type Action,
  FLOW_STATUS_LABELS,
  FLOW_STATUSES,
} from '@im/domain';
import { Anchor, Button, Checkbox, Group, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { DataTableColumn } from 'mantine-datatable';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useFlowSettings } from '../../../api/companies';
import { ServerDataTable } from '../../../ui/data-table/server-data-table';
import { formatDateTime } from '../../../ui/format';
import { useSession } from '../../auth';
import { ActionBadges } from '../components/action-badges';
import { useToggleAction } from '../components/actions-card';
import { ActionModal } from '../modals/action.modal';

/** Role from which the overview offers other users' actions (spec 001 section 6). */
const OTHERS_MIN_ROLE = 1000;

/** Where an action hangs, as a link: its flow, relation or organization. */
function ActionTarget({ action }: { action: Action }) {
  const { t } = useTranslation();
  if (action.flow_id)
    return (
      <Anchor
        component={Link}
        to={`/flow_detail/${action.flow_id}`}
        size="sm"
        onClick={(e) => e.stopPropagation()}
      >
        {`${t('planning.notes.onFlow', { number: action.flow_number })}${action.relation_fullname ? ` · ${action.relation_fullname}` : ''}`}
      </Anchor>
    );
  if (action.relation_id)
    return (
      <Anchor
        component={Link}
        to={`/relation_detail/${action.relation_id}`}
        size="sm"
        onClick={(e) => e.stopPropagation()}
      >
        {action.relation_fullname}
      </Anchor>
    );
  if (action.organization_id)
    return (
      <Anchor
        component={Link}
        to={`/organization_detail/${action.organization_id}`}
        size="sm"
        onClick={(e) => e.stopPropagation()}
      >
        {action.organization_name}
      </Anchor>
    );
  return <Text size="sm">{t('common.company')}</Text>;
}

/** /action_overview: filtered by user, priority and flow status; first column descending; saved state. */
export function ActionOverviewScreen() {
  const { t } = useTranslation();
  const session = useSession();
  const users = useFlowSettings().data?.users ?? [];
  const toggle = useToggleAction();
  const [editing, setEditing] = useState<Action | null | undefined>(undefined);
  const mayOthers = session.userrole >= OTHERS_MIN_ROLE;
  const userOptions = [
    ...ACTION_SCOPES.map((s) => ({ value: s, label: ACTION_SCOPE_LABELS[s] })),
    ...users
      .filter((u) => mayOthers || u.id === session.currentuser_id)
      .map((u) => ({ value: String(u.id), label: u.fullname })),
  ];

  const columns: DataTableColumn<Action>[] = [
    {
      accessor: 'due_date',
      title: t('planning.actions.dueDate'),
      sortable: true,
      render: (a) => formatDateTime(a.due_date),
    },
    {
      accessor: 'status',
      title: t('common.status'),
      render: (a) => (
        <Checkbox
          size="md"
          checked={a.status === 'afgerond'}
          aria-label={`${a.status === 'open' ? t('planning.actions.complete') : t('planning.actions.reopen')}: ${a.description}`}
          onClick={(e) => e.stopPropagation()}
          onChange={() => toggle(a)}
        />
      ),
    },
    {
      accessor: 'description',
      title: t('common.description'),
      sortable: true,
      render: (a) => (
        <Stack gap={2}>
          <Text size="sm" td={a.status === 'afgerond' ? 'line-through' : undefined} lineClamp={3}>
            {a.description}
          </Text>
          {a.status === 'open' && <ActionBadges action={a} />}
        </Stack>
      ),
    },
    {
      accessor: 'priority',
      title: t('planning.actions.priority'),
      sortable: true,
      render: (a) => ACTION_PRIORITY_LABELS[a.priority],
    },
    {
      accessor: 'user_fullname',
      title: t('planning.actions.user'),
      render: (a) => (a.user_id === 0 ? t('planning.actions.general') : a.user_fullname),
    },
    {
      accessor: 'flow_id',
      title: t('planning.actions.linkedTo'),
      render: (a) => <ActionTarget action={a} />,
    },
    {
      accessor: 'overdue_date',
      title: t('planning.actions.overdueDate'),
      sortable: true,
      render: (a) => formatDateTime(a.overdue_date),
    },
  ];

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={1} size="h2">
          {t('common.actions')}
        </Title>
        <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing(null)}>
          {t('planning.actions.new')}
        </Button>
      </Group>
      <ServerDataTable<Action>
        tableKey="action_overview"
        path="/api/action/querypaginated"
        columns={columns}
        defaultSort={{ column: 'due_date', direction: 'desc' }}
        idAccessor="id"
        onRowClick={(a) => setEditing(a)}
        filters={[
          {
            key: 'user',
            label: t('planning.actions.user'),
            options: userOptions,
            defaultValue: 'meandeveryone',
          },
          {
            key: 'priority',
            label: t('planning.actions.priority'),
            options: ACTION_PRIORITIES.map((p) => ({ value: p, label: ACTION_PRIORITY_LABELS[p] })),
            placeholder: t('planning.actions.anyPriority'),
          },
          {
            key: 'flow_status',
            label: t('planning.actions.flowStatus'),
            options: FLOW_STATUSES.map((s) => ({ value: s, label: FLOW_STATUS_LABELS[s] })),
            placeholder: t('planning.actions.anyFlowStatus'),
          },
          {
            key: 'status',
            label: t('common.status'),
            options: [
              { value: 'open', label: t('planning.actions.statusOpen') },
              { value: 'afgerond', label: t('planning.actions.statusDone') },
              { value: 'all', label: t('common.all') },
            ],
            defaultValue: 'open',
          },
        ]}
      />
      <ActionModal opened={editing !== undefined} onClose={() => setEditing(undefined)} action={editing} />
    </Stack>
  );
}
