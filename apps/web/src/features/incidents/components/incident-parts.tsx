import {
  INCIDENT_ACTION_LABELS,
  INCIDENT_ACTION_PROMPTS,
  INCIDENT_STATUS_LABELS,
  type Incident,
  type IncidentAction,
  type IncidentStatus,
  incidentActionsFor,
} from '@im/domain';
import { ActionIcon, Badge, Menu } from '@mantine/core';
import {
  IconCircleCheck,
  IconDots,
  IconPencil,
  IconPlayerPlay,
  IconRotateClockwise,
  IconTrash,
  IconUserCheck,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { showActionError } from '../../../ui/alert-dialog';
import { confirm } from '../../../ui/confirm-dialog';
import { useConfirmedDelete } from '../../../ui/detail';
import { toast } from '../../../ui/toasts';
import { useDeleteIncident, useIncidentStatus } from '../queries';

const COLORS: Record<IncidentStatus, string> = { open: 'red', ongoing: 'orange', resolved: 'green' };
/** Text on the light badge: dark enough for WCAG AA (4.5:1) on each light background. */
const TEXT: Record<IncidentStatus, string> = { open: '#a51d1d', ongoing: '#8a3208', resolved: '#1e6b30' };

export function IncidentStatusBadge({ status }: { status: IncidentStatus }) {
  return (
    // Never shortened to "IN …" in a narrow table column: the label is the status.
    <Badge color={COLORS[status]} c={TEXT[status]} variant="light" miw="max-content">
      {INCIDENT_STATUS_LABELS[status]}
    </Badge>
  );
}

const ACTION_ICONS = {
  resolve: IconCircleCheck,
  reopen: IconRotateClockwise,
  markongoing: IconPlayerPlay,
} as const;

/** Resolve, reopen or mark ongoing, each after its confirmation prompt (spec 001 section 4). */
export function useIncidentStatusChange() {
  const { t } = useTranslation();
  const change = useIncidentStatus();
  return async (incident: Incident, action: IncidentAction): Promise<void> => {
    const isConfirmed = await confirm({
      title: INCIDENT_ACTION_LABELS[action],
      message: INCIDENT_ACTION_PROMPTS[action],
      confirmLabel: INCIDENT_ACTION_LABELS[action],
    });
    if (!isConfirmed) return;
    change.mutate(
      { id: incident.id, action },
      {
        onSuccess: () => toast.success(t(`incidents.done.${action}`)),
        onError: (error) => showActionError(error),
      },
    );
  };
}

export function useIncidentDelete() {
  const { t } = useTranslation();
  const confirmDelete = useConfirmedDelete(useDeleteIncident());
  return (incident: Incident) =>
    confirmDelete(incident.id, {
      title: t('incidents.deleteTitle'),
      message: t('common.deleteItemConfirm'),
      deleted: t('incidents.deleted'),
    });
}

/**
 * The actions of one incident in a menu (touch-sized): the status changes that apply, edit, edituser
 * and delete. Clicks stay inside, so a table row under it does not open as well.
 */
export function IncidentActionsMenu({
  incident,
  onEdit,
  onEditUser,
}: {
  incident: Incident;
  onEdit: (incident: Incident) => void;
  onEditUser: (incident: Incident) => void;
}) {
  const { t } = useTranslation();
  const changeStatus = useIncidentStatusChange();
  const onDelete = useIncidentDelete();
  const label = t('incidents.actionsFor', { content: incident.content.slice(0, 60) });
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: only keeps the click from the row underneath
    // biome-ignore lint/a11y/useKeyWithClickEvents: the menu itself is keyboard-operable
    <span onClick={(event) => event.stopPropagation()}>
      <Menu position="bottom-end" withinPortal shadow="md">
        <Menu.Target>
          <ActionIcon variant="subtle" size="lg" aria-label={label}>
            <IconDots size={18} />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          {incidentActionsFor(incident.status).map((action) => {
            const Icon = ACTION_ICONS[action];
            return (
              <Menu.Item
                key={action}
                leftSection={<Icon size={16} />}
                onClick={() => void changeStatus(incident, action)}
              >
                {INCIDENT_ACTION_LABELS[action]}
              </Menu.Item>
            );
          })}
          <Menu.Divider />
          <Menu.Item leftSection={<IconPencil size={16} />} onClick={() => onEdit(incident)}>
            {t('common.edit')}
          </Menu.Item>
          <Menu.Item leftSection={<IconUserCheck size={16} />} onClick={() => onEditUser(incident)}>
            {t('incidents.assign')}
          </Menu.Item>
          <Menu.Divider />
          <Menu.Item
            color="red"
            leftSection={<IconTrash size={16} />}
            onClick={() => void onDelete(incident)}
          >
            {t('common.delete')}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
    </span>
  );
}
