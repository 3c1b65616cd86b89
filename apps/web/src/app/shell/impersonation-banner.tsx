import type { SessionData } from '@im/domain';
import { Alert, Button, Group, Text } from '@mantine/core';
import { IconUserCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useLogout } from '../../features/auth';

/** While a platform admin is logged in as someone else, that is never out of sight. */
export function ImpersonationBanner({ session }: { session: SessionData }) {
  const { t } = useTranslation();
  const logout = useLogout();
  const navigate = useNavigate();
  // Straight to the login page, also from a public page (a 401 page would otherwise stay).
  const onLogout = async () => {
    await logout();
    navigate('/login', { replace: true });
  };
  if (session.impersonator_user_id === null) return null;
  return (
    <Alert color="orange" variant="filled" icon={<IconUserCircle size={20} />} mb="md" p="xs" role="status">
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Text size="sm" fw={600} c="white">
          {t('impersonation.banner', { name: session.username })}
        </Text>
        <Button size="compact-sm" variant="white" color="orange" onClick={() => void onLogout()}>
          {t('impersonation.logout')}
        </Button>
      </Group>
    </Alert>
  );
}
