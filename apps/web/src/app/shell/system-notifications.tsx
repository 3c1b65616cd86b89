import type { ActiveSystemNotification as SystemNotification } from '@im/domain';
import { Alert, Stack } from '@mantine/core';
import { useLocalStorage } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client';
import { themeAlertProps } from '../../ui/theme-alert';

export type { ActiveSystemNotification as SystemNotification } from '@im/domain';

export const HIDDEN_SYSTEM_NOTIFICATIONS_KEY = 'im.hiddenSystemNotifications';

export function SystemNotifications() {
  const { t } = useTranslation();
  const [hidden, setHidden] = useLocalStorage<number[]>({
    key: HIDDEN_SYSTEM_NOTIFICATIONS_KEY,
    defaultValue: [],
    getInitialValueInEffect: false,
  });
  const query = useQuery({
    queryKey: ['systemnotification', 'active'],
    queryFn: ({ signal }) => api.get<SystemNotification[]>('/api/systemnotification/active', { signal }),
    retry: false,
  });
  // A failed call shows nothing: these banners are informative, never blocking.
  const visible = Array.isArray(query.data) ? query.data.filter((n) => !hidden.includes(n.id)) : [];
  if (visible.length === 0) return null;

  return (
    <Stack gap="xs" mb="md">
      {visible.map((notification) => (
        <Alert
          key={notification.id}
          {...themeAlertProps(notification.theme)}
          withCloseButton
          closeButtonLabel={t('systemNotifications.hide')}
          onClose={() => setHidden((ids) => [...ids, notification.id])}
        >
          {notification.content}
        </Alert>
      ))}
    </Stack>
  );
}
