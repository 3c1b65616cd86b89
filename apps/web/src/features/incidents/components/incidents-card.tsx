import { type Incident, shortenIncidentContent } from '@im/domain';
import { Badge, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../ui/format';
import { ListCard } from '../../../ui/list-card';
import { IncidentModal } from '../modals/incident.modal';
import { IncidentUserModal } from '../modals/incident-user.modal';
import { useFlowIncidents } from '../queries';
import { IncidentActionsMenu, IncidentStatusBadge } from './incident-parts';

/** One incident as a row: status, type, content (shortened to 128), date and handler, and its actions. */
function IncidentRow({
  incident,
  isReadOnly,
  onEdit,
  onEditUser,
}: {
  incident: Incident;
  isReadOnly: boolean;
  onEdit: (incident: Incident) => void;
  onEditUser: (incident: Incident) => void;
}) {
  const { t } = useTranslation();
  return (
    <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
      <Stack gap={4} style={{ minWidth: 0, flex: 1 }}>
        <Group gap="xs">
          <IncidentStatusBadge status={incident.status} />
          <Text size="sm" fw={600}>
            {incident.incident_type?.name ?? t('incidents.noType')}
          </Text>
          {incident.reported_by === 'customer' && (
            <Badge size="sm" variant="outline" color="gray.7">
              {t('incidents.byCustomer')}
            </Badge>
          )}
        </Group>
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {shortenIncidentContent(incident.content)}
        </Text>
        <Text size="xs" c="dimmed">
          {formatDateTime(incident.created_at)} · {incident.user_fullname || t('incidents.unassigned')}
          {incident.resolved_at &&
            ` · ${t('incidents.resolvedAt', { date: formatDateTime(incident.resolved_at) })}`}
        </Text>
      </Stack>
      {!isReadOnly && <IncidentActionsMenu incident={incident} onEdit={onEdit} onEditUser={onEditUser} />}
    </Group>
  );
}

/** The incidents of a flow (flow detail), newest first, with create and the same actions as the overview. */
export function IncidentsCard({ flowId, isReadOnly = false }: { flowId: number; isReadOnly?: boolean }) {
  const { t } = useTranslation();
  const incidents = useFlowIncidents(flowId);
  const [editing, setEditing] = useState<Incident | null | undefined>(undefined);
  const [assigning, setAssigning] = useState<Incident | null>(null);
  return (
    <ListCard
      title={t('incidents.title')}
      add={isReadOnly ? undefined : { label: t('incidents.new'), onClick: () => setEditing(null) }}
      error={incidents.isError && t('incidents.loadFailed')}
      emptyText={incidents.data?.length === 0 && t('incidents.empty')}
      gap="md"
      after={
        <>
          <IncidentModal
            opened={editing !== undefined}
            onClose={() => setEditing(undefined)}
            flowId={flowId}
            incident={editing}
          />
          <IncidentUserModal
            opened={assigning !== null}
            onClose={() => setAssigning(null)}
            incident={assigning}
          />
        </>
      }
    >
      {incidents.data?.map((incident) => (
        <IncidentRow
          key={incident.id}
          incident={incident}
          isReadOnly={isReadOnly}
          onEdit={setEditing}
          onEditUser={setAssigning}
        />
      ))}
    </ListCard>
  );
}
