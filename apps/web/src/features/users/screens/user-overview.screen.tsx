import { Button, Group, Stack, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useCompanyOptions } from '../../../api/companies';
import { LoginAsIcon } from '../components/login-as-button';
import { UsersTable } from '../components/users-table';
import { CreateUserModal } from '../modals/create-user.modal';

/** Every company's users (platform scope), searchable and filtered by company. */
export function UserOverviewScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const companies = useCompanyOptions();
  const [isCreating, creating] = useDisclosure(false);
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={1}>{t('users.overviewTitle')}</Title>
        <Button leftSection={<IconPlus size={16} />} onClick={creating.open}>
          {t('users.newUser')}
        </Button>
      </Group>
      <UsersTable
        tableKey="admin-users"
        filters={[
          {
            key: 'company_id',
            label: t('common.company'),
            placeholder: t('users.allCompanies'),
            options: companies.data ?? [],
          },
        ]}
        detailPath={(u) => `/user_detail/${u.id}`}
        onRowClick={(u) => navigate(`/user_detail/${u.id}`)}
        renderActions={(u) => <LoginAsIcon user={u} />}
      />
      <CreateUserModal opened={isCreating} onClose={creating.close} company="pick" />
    </Stack>
  );
}
