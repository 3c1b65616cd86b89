import { Alert, Button, Card, Loader, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../auth';
import { CalendarLinkCard } from '../../integrations';
import { PasswordForm } from '../components/password-form';
import { ProfileForm } from '../components/profile-form';
import { SimpleModeSwitch } from '../components/simple-mode-switch';
import { useUser } from '../queries';

export function UserProfileScreen() {
  const { t } = useTranslation();
  const session = useSession();
  const user = useUser(session.currentuser_id);

  return (
    <Stack gap="md" maw={900}>
      <Title order={1}>{t('account.profileTitle')}</Title>
      {user.isPending && <Loader aria-label={t('app.loading')} />}
      {user.isError && (
        <Alert color="red" role="alert">
          {user.error.message}{' '}
          <Button variant="subtle" size="compact-sm" onClick={() => void user.refetch()}>
            {t('app.retry')}
          </Button>
        </Alert>
      )}
      {user.data && (
        <>
          <Card withBorder padding="lg">
            <Title order={2} size="h4" mb="md">
              {t('account.detailsTitle')}
            </Title>
            <ProfileForm key={user.data.id} user={user.data} />
          </Card>
          <Card withBorder padding="lg">
            <Title order={2} size="h4" mb="md">
              {t('account.simplemodeTitle')}
            </Title>
            <SimpleModeSwitch user={user.data} />
          </Card>
          <Card withBorder padding="lg">
            <Title order={2} size="h4" mb="md">
              {t('account.passwordTitle')}
            </Title>
            <PasswordForm userId={user.data.id} />
          </Card>
          <CalendarLinkCard userId={session.currentuser_id} />
        </>
      )}
    </Stack>
  );
}
