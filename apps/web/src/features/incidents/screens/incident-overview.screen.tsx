import {
  INCIDENT_STATUS_LABELS,
  INCIDENT_STATUSES,
  type Incident,
  incidentOverviewScope,
  incidentScopeOptions,
  shortenIncidentContent,
} from '@im/domain';
import { Anchor, Button, Group, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconSettings } from '@tabler/icons-react';
import type { DataTableColumn } from 'mantine-datatable';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ServerDataTable } from '../../../ui/data-table/server-data-table';
import { formatDateTime } from '../../../ui/format';
import { useSession } from '../../auth';
import { IncidentActionsMenu, IncidentStatusBadge } from '../components/incident-parts';
import { IncidentModal } from '../modals/incident.modal';
import { IncidentUserModal } from '../modals/incident-user.modal';
import { INCIDENTS_PATH, useIncidentTypes } from '../queries';

export const INCIDENT_TABLE_KEY = 'incident_overview';

/**
 * /incident_overview: open incidents by default (spec 001 section 9), the scope filter of the role
 * rule (spec 001 section 6; the server applies it as well), type filter, 25 a page, newest first.
 * New incidents are made on a flow (its "Incidenten" card): an incident always belongs to one.
 */
export function IncidentOverviewScreen() {
  const { t } = useTranslation();
  const session = useSession();
  const types = useIncidentTypes().data ?? [];
  const [editing, setEditing] = useState<Incident | null>(null);
  const [assigning, setAssigning] = useState<Incident | null>(null);

  const columns: DataTableColumn<Incident>[] = [
    {
      accessor: 'created_at',
      title: t('common.date'),
      sortable: true,
      render: (i) => (
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {formatDateTime(i.created_at)}
        </Text>
      ),
    },
    {
      accessor: 'flow_id',
      title: t('incidents.flow'),
      render: (i) => (
        <Stack gap={0}>
          <Anchor
            component={Link}
            to={`/flow_detail/${i.flow_id}`}
            size="sm"
            onClick={(e) => e.stopPropagation()}
          >
            {t('incidents.onFlow', { number: i.flow_number })}
          </Anchor>
          {i.relation_fullname && (
            <Text size="xs" c="dimmed">
              {i.relation_fullname}
            </Text>
          )}
        </Stack>
      ),
    },
    {
      accessor: 'incident_type_id',
      title: t('common.type'),
      render: (i) => i.incident_type?.name ?? t('incidents.noType'),
    },
    {
      accessor: 'content',
      title: t('common.description'),
      render: (i) => (
        <Text size="sm" miw={200} style={{ overflowWrap: 'anywhere' }}>
          {shortenIncidentContent(i.content)}
        </Text>
      ),
    },
    {
      accessor: 'user_fullname',
      title: t('common.handler'),
      render: (i) => i.user_fullname || t('incidents.unassigned'),
    },
    {
      accessor: 'status',
      title: t('common.status'),
      noWrap: true,
      render: (i) => <IncidentStatusBadge status={i.status} />,
    },
    {
      accessor: 'actions',
      title: <VisuallyHidden>{t('common.actions')}</VisuallyHidden>,
      textAlign: 'right',
      render: (i) => <IncidentActionsMenu incident={i} onEdit={setEditing} onEditUser={setAssigning} />,
    },
  ];

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={1} size="h2">
          {t('incidents.overviewTitle')}
        </Title>
        {session.hasModuleSettings && (
          <Button
            component={Link}
            to="/account/company_documentsettings"
            variant="default"
            leftSection={<IconSettings size={16} />}
          >
            {t('incidents.manageTypes')}
          </Button>
        )}
      </Group>
      <ServerDataTable<Incident>
        tableKey={INCIDENT_TABLE_KEY}
        path={INCIDENTS_PATH}
        columns={columns}
        defaultSort={{ column: 'created_at', direction: 'desc' }}
        idAccessor="id"
        onRowClick={setEditing}
        filters={[
          {
            key: 'status',
            label: t('common.status'),
            options: [
              ...INCIDENT_STATUSES.map((s) => ({ value: s, label: INCIDENT_STATUS_LABELS[s] })),
              { value: 'all', label: t('common.all') },
            ],
            defaultValue: 'open',
            placeholder: INCIDENT_STATUS_LABELS.open,
          },
          {
            key: 'scope',
            label: t('incidents.scope'),
            options: incidentScopeOptions(session.userrole),
            defaultValue: incidentOverviewScope(session.userrole).scope,
            placeholder: incidentScopeOptions(session.userrole).find(
              (o) => o.value === incidentOverviewScope(session.userrole).scope,
            )?.label,
          },
          {
            key: 'incident_type_id',
            label: t('common.type'),
            options: types.map((type) => ({ value: String(type.id), label: type.name })),
            placeholder: t('incidents.anyType'),
          },
        ]}
      />
      <IncidentModal opened={editing !== null} onClose={() => setEditing(null)} incident={editing} />
      <IncidentUserModal
        opened={assigning !== null}
        onClose={() => setAssigning(null)}
        incident={assigning}
      />
    </Stack>
  );
}
