import { ActionIcon, Indicator, Menu, Text } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { getNotificationSource } from './top-bar-slots';

export function NotificationDropdown() {
  const { t } = useTranslation();
  // Registered once at start-up, so this is the same hook on every render.
  const useNotifications = getNotificationSource();
  const { items } = useNotifications();
  const unread = items.filter((item) => item.isUnread).length;

  return (
    <Menu position="bottom-end" width={320} shadow="md">
      <Menu.Target>
        {/* The ActionIcon is the target itself, so the menu's aria attributes land on a button. */}
        <ActionIcon variant="subtle" color="white" size="lg" aria-label={t('topbar.notifications')}>
          <Indicator disabled={unread === 0} label={unread} size={16} offset={-2} color="red">
            <IconBell size={20} />
          </Indicator>
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('topbar.notifications')}</Menu.Label>
        {items.length === 0 ? (
          <Text size="sm" c="dimmed" px="sm" py="xs">
            {t('topbar.noNotifications')}
          </Text>
        ) : (
          items.map((item) => (
            <Menu.Item key={item.id} component={Link} to={item.to} fw={item.isUnread ? 600 : undefined}>
              {item.title}
              {item.description && (
                <Text size="xs" c="dimmed">
                  {item.description}
                </Text>
              )}
            </Menu.Item>
          ))
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
