import { Alert, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { WidgetCard } from '../../../ui/widget-card';
import { useNotificationDropdown } from '../queries';
import { NotificationRow } from './notification-row';

/** The dashboard's notifications: the newest unread ones, opened or marked read in place. */
export function DashboardNotifications() {
  const { t } = useTranslation();
  const notifications = useNotificationDropdown(true);
  const items = notifications.data?.items ?? [];
  return (
    <WidgetCard
      title={t('communication.notifications.title')}
      count={notifications.data?.unread_count}
      link={{ to: '/notification_overview', label: t('communication.notifications.toOverview') }}
      testId="dashboard-notifications"
    >
      {notifications.isError && <Alert color="red">{t('communication.notifications.loadFailed')}</Alert>}
      {notifications.data && items.length === 0 && (
        <Text c="dimmed">{t('communication.notifications.allRead')}</Text>
      )}
      <Stack gap="xs">
        {items.map((n) => (
          <NotificationRow key={n.id} notification={n} />
        ))}
      </Stack>
    </WidgetCard>
  );
}
