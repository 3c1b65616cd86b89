import { Alert, Stack } from '@mantine/core';
import { useLocalStorage } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client';

export interface SystemNotification {
  id: number;
  content: string;
  theme: string;
}

export const HIDDEN_SYSTEM_NOTIFICATIONS_KEY = 'im.hiddenSystemNotifications';

// Spec themes (statbox and alert styles) onto Mantine colours.
const THEME_COLORS: Record<string, string> = {
  primary: 'blue',
  light: 'gray',
  info: 'cyan',
  danger: 'red',
  warning: 'yellow',
  success: 'green',
  green: 'teal',
  purple: 'grape',
};

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
          color={THEME_COLORS[notification.theme] ?? 'blue'}
          variant={notification.theme === 'light' ? 'outline' : 'light'}
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
