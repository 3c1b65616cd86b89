import { roleLabel } from '@im/domain';
import { Card, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../auth';
import { ModuleList } from '../components/module-list';

// Platform administrators land here. The company list, statistics and trash of the admin
// dashboard arrive with the platform-admin issue.
export function DashboardAdminScreen() {
  const { t } = useTranslation();
  const session = useSession();
  const rows: [string, string][] = [
    [t('dashboard.userId'), String(session.currentuser_id)],
    [t('common.email'), session.email],
    [t('account.role'), roleLabel(session.userrole)],
    [t('dashboard.companyId'), String(session.currentcompany_id)],
  ];

  return (
    <Stack gap="md" maw={900}>
      <Title order={1}>{t('dashboard.adminTitle')}</Title>
      <Card withBorder padding="lg">
        <Title order={2} size="h3" mb="xs">
          {t('dashboard.welcome', { name: session.username })}
        </Title>
        <Text mb="md">{t('dashboard.adminIntro', { company: session.companyname })}</Text>
        {session.impersonator_user_id !== null && (
          <Text c="orange" mb="md">
            {t('dashboard.impersonatedBy', { id: session.impersonator_user_id })}
          </Text>
        )}
        <Title order={3} size="h5" mb="xs">
          {t('dashboard.sessionTitle')}
        </Title>
        <Table variant="vertical" withTableBorder maw={520}>
          <Table.Tbody>
            {rows.map(([label, value]) => (
              <Table.Tr key={label}>
                <Table.Th w={200}>{label}</Table.Th>
                <Table.Td>{value}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Card>
      <Card withBorder padding="lg">
        <Title order={2} size="h4" mb="sm">
          {t('dashboard.modulesTitle')}
        </Title>
        <ModuleList session={session} />
      </Card>
    </Stack>
  );
}
