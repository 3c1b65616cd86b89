import { ActionIcon, Anchor, Group, Indicator, Menu, Text, Tooltip } from '@mantine/core';
import { IconBell, IconMessages } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { hasModule } from '../../../api/access';
import { useSession } from '../../auth';
import { useCommunicatorCounts, useMarkAllNotificationsRead, useNotificationDropdown } from '../queries';
import { useOpenNotification } from './notification-row';

const capped = (n: number) => (n >= 100 ? '99+' : String(n));

/** The top bar's communicator link with the number of unread conversations (live). */
export function CommunicatorTopBarItem() {
  const { t } = useTranslation();
  const session = useSession();
  const isAllowed = hasModule(session, 'CRM');
  const counts = useCommunicatorCounts(isAllowed);
  if (!isAllowed) return null;
  const unread = counts.data?.unread ?? 0;
  const label = t('communication.communicator.topBar', {
    unread: capped(unread),
    unanswered: capped(counts.data?.unanswered ?? 0),
  });
  return (
    <Tooltip label={label}>
      <ActionIcon
        component={Link}
        to="/communicator"
        variant="subtle"
        color="white"
        size="lg"
        aria-label={label}
      >
        <Indicator disabled={unread === 0} label={capped(unread)} size={16} offset={-2} color="red">
          <IconMessages size={20} />
        </Indicator>
      </ActionIcon>
    </Tooltip>
  );
}

/** The top bar's notification menu: the newest unread notifications; opening one marks it read. */
export function NotificationTopBarItem() {
  const { t } = useTranslation();
  const session = useSession();
  const isAllowed = hasModule(session, 'BASIS');
  const dropdown = useNotificationDropdown(isAllowed);
  const open = useOpenNotification();
  const markAll = useMarkAllNotificationsRead();
  if (!isAllowed) return null;
  const unread = dropdown.data?.unread_count ?? 0;
  const items = dropdown.data?.items ?? [];

  return (
    <Menu position="bottom-end" width={340} shadow="md">
      <Menu.Target>
        {/* The ActionIcon is the target itself, so the menu's aria attributes land on a button. */}
        {/* The name holds the count the badge shows, so a voice command naming it works (WCAG 2.5.3). */}
        <ActionIcon
          variant="subtle"
          color="white"
          size="lg"
          aria-label={
            unread === 0
              ? t('topbar.notifications')
              : t('topbar.notificationsUnread', { count: capped(unread) })
          }
        >
          <Indicator disabled={unread === 0} label={capped(unread)} size={16} offset={-2} color="red">
            <IconBell size={20} />
          </Indicator>
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Group justify="space-between" px="sm" py={4}>
          <Text size="xs" fw={600} c="dimmed">
            {t('topbar.notifications')}
          </Text>
          {unread > 0 && (
            <Anchor component="button" size="xs" onClick={() => markAll.mutate()}>
              {t('communication.notifications.markAllRead')}
            </Anchor>
          )}
        </Group>
        {items.length === 0 ? (
          <Text size="sm" c="dimmed" px="sm" py="xs">
            {t('topbar.noNotifications')}
          </Text>
        ) : (
          items.map((item) => (
            <Menu.Item key={item.id} onClick={() => open(item)} fw={600}>
              <Text size="sm" lineClamp={2}>
                {item.content}
              </Text>
            </Menu.Item>
          ))
        )}
        <Menu.Divider />
        <Menu.Item component={Link} to="/notification_overview">
          {t('communication.notifications.toOverview')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
