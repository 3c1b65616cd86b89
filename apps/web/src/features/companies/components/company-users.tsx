import { Button, Group, Stack } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { CreateUserModal, LoginAsIcon, UsersTable } from '../../users';

/** The users of one company (table filtered by company_id), with "Nieuwe gebruiker" and log-in-as. */
export function CompanyUsers({ companyId, canAdd }: { companyId: number; canAdd: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [isCreating, creating] = useDisclosure(false);
  return (
    <Stack gap="sm">
      {canAdd && (
        <Group justify="flex-end">
          <Button variant="light" leftSection={<IconPlus size={16} />} onClick={creating.open}>
            {t('users.newUser')}
          </Button>
        </Group>
      )}
      <UsersTable
        tableKey={`company-${companyId}-users`}
        params={{ company_id: companyId }}
        showCompany={false}
        detailPath={(u) => `/user_detail/${u.id}`}
        onRowClick={(u) => navigate(`/user_detail/${u.id}`)}
        renderActions={(u) => <LoginAsIcon user={u} />}
      />
      <CreateUserModal opened={isCreating} onClose={creating.close} company={companyId} />
    </Stack>
  );
}
