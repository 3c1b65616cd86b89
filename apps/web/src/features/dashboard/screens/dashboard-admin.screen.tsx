import { MAIN_COMPANY_ID, roleLabel } from '@im/domain';
import { Card, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../auth';
import { CompaniesTable } from '../../companies';

// Platform administrators land here. Only the main company (id 1) sees the list of all companies
// (spec 000 section 1); every admin sees their session.
export function DashboardAdminScreen() {
  const { t } = useTranslation();
  const session = useSession();
  const isMainCompany = session.currentcompany_id === MAIN_COMPANY_ID;
  const rows: [string, string][] = [
    [t('dashboard.userId'), String(session.currentuser_id)],
    [t('common.email'), session.email],
    [t('common.role'), roleLabel(session.userrole)],
    [t('dashboard.companyId'), String(session.currentcompany_id)],
  ];

  return (
    <Stack gap="md">
      <Title order={1}>{t('dashboard.adminTitle')}</Title>
      {isMainCompany && (
        <Card withBorder padding="lg">
          <Title order={2} size="h4" mb="sm">
            {t('dashboard.companiesTitle')}
          </Title>
          <CompaniesTable tableKey="dashboard-companies" isCompact />
        </Card>
      )}
      <Card withBorder padding="lg" maw={900}>
        <Title order={2} size="h3" mb="xs">
          {t('dashboard.welcome', { name: session.username })}
        </Title>
        <Text mb="md">{t('dashboard.adminIntro', { company: session.companyname })}</Text>
        {session.impersonator_user_id !== null && (
          <Text c="orange.9" mb="md">
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
    </Stack>
  );
}
