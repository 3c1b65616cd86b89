import type { Notification } from '@im/domain';
import { ActionIcon, Group, Stack, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { IconMail, IconMailOpened } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { showActionError } from '../../../ui/alert-dialog';
import { formatDateTime } from '../../../ui/format';
import { useSetNotificationStatus } from '../queries';

/** Where a notification leads: its flow (the communicator view for a message), else nowhere. */
export function notificationPath(n: Notification): string | null {
  if (n.flow_id === null) return null;
  return n.notifiable_type === 'message'
    ? `/flow_detail/${n.flow_id}?options=flowcommunicator`
    : `/flow_detail/${n.flow_id}`;
}

/** Opening a notification marks it read and opens its flow (spec 001 section 4). */
export function useOpenNotification() {
  const navigate = useNavigate();
  const setStatus = useSetNotificationStatus();
  return (n: Notification) => {
    if (n.status === 'unread') setStatus.mutate({ id: n.id, status: 'read' });
    const path = notificationPath(n);
    if (path) navigate(path);
  };
}

/** A notification in the overview: open it, or toggle read / unread. */
export function NotificationRow({ notification }: { notification: Notification }) {
  const { t } = useTranslation();
  const open = useOpenNotification();
  const setStatus = useSetNotificationStatus();
  const isUnread = notification.status === 'unread';
  return (
    <Group
      justify="space-between"
      wrap="nowrap"
      align="flex-start"
      gap="xs"
      data-status={notification.status}
    >
      <UnstyledButton onClick={() => open(notification)} style={{ flex: 1, minWidth: 0 }}>
        <Stack gap={0}>
          <Text size="sm" fw={isUnread ? 700 : 400} style={{ overflowWrap: 'anywhere' }}>
            {notification.content}
          </Text>
          <Text size="xs" c="dimmed">
            {formatDateTime(notification.created_at)}
            {notification.flow_number !== null &&
              ` · ${t('communication.notifications.flow', { number: notification.flow_number })}`}
          </Text>
        </Stack>
      </UnstyledButton>
      <Tooltip
        label={
          isUnread ? t('communication.notifications.markRead') : t('communication.notifications.markUnread')
        }
      >
        <ActionIcon
          variant="subtle"
          size="lg"
          aria-label={
            isUnread ? t('communication.notifications.markRead') : t('communication.notifications.markUnread')
          }
          onClick={() =>
            setStatus.mutate(
              { id: notification.id, status: isUnread ? 'read' : 'unread' },
              { onError: (error) => showActionError(error) },
            )
          }
        >
          {isUnread ? <IconMailOpened size={18} /> : <IconMail size={18} />}
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}
