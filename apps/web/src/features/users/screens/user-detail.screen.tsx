import { Alert, Anchor, Button, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconLogin, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { isApiError } from '../../../api/client';
import { useCompany } from '../../../api/companies';
import { formatDate } from '../../../ui/format';
import { useSession } from '../../auth';
import { ExperimentalFlagsForm } from '../components/experimental-flags-form';
import { useDeleteUserAction } from '../components/use-delete-user';
import { canLoginAs, useLoginAs } from '../components/use-login-as';
import { UserSettingsForm } from '../components/user-settings-form';
import { useUser } from '../queries';

export function UserDetailScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const session = useSession();
  const id = Number(useParams().userId);
  const user = useUser(id);
  const company = useCompany(user.data?.company_id ?? 0);
  const { loginAs, isPending: isLoggingIn } = useLoginAs();
  const deleteUser = useDeleteUserAction();

  return (
    <Stack gap="md" maw={1000}>
      <Anchor component={Link} to="/user_overview" size="sm">
        ← {t('users.overviewTitle')}
      </Anchor>
      {user.isPending && <Loader aria-label={t('app.loading')} />}
      {user.isError && (
        <Alert color="red">{isApiError(user.error, 404) ? t('users.notFound') : user.error.message}</Alert>
      )}
      {user.data && (
        <>
          <Group justify="space-between" align="flex-start">
            <div>
              <Title order={1}>{user.data.fullname}</Title>
              <Text c="dimmed">
                {user.data.email} ·{' '}
                <Anchor component={Link} to={`/company_detail/${user.data.company_id}`} underline="always">
                  {user.data.company_name}
                </Anchor>{' '}
                · {user.data.role_label} · {user.data.user_type_label} · {t('common.createdAt')}{' '}
                {formatDate(user.data.created_at)}
              </Text>
            </div>
            <Group gap="sm">
              {canLoginAs(session, user.data.id) && (
                <Button
                  variant="light"
                  leftSection={<IconLogin size={16} />}
                  loading={isLoggingIn}
                  onClick={() => user.data && void loginAs(user.data)}
                >
                  {t('users.loginAs')}
                </Button>
              )}
              <Button
                color="red"
                variant="light"
                leftSection={<IconTrash size={16} />}
                onClick={() => user.data && void deleteUser(user.data, () => navigate('/user_overview'))}
              >
                {t('common.delete')}
              </Button>
            </Group>
          </Group>
          <Card withBorder padding="lg">
            <Title order={2} size="h4" mb="md">
              {t('users.settingsTitle')}
            </Title>
            {/* The form waits for the company: its modules are what can be blocked. */}
            {company.isPending ? (
              <Loader aria-label={t('app.loading')} />
            ) : (
              <UserSettingsForm
                key={user.data.id}
                user={user.data}
                companyModules={company.data?.modules.map((m) => m.tag)}
              />
            )}
          </Card>
          <Card withBorder padding="lg" component="section" aria-label={t('users.flagsTitle')}>
            <ExperimentalFlagsForm key={user.data.id} user={user.data} />
          </Card>
        </>
      )}
    </Stack>
  );
}
