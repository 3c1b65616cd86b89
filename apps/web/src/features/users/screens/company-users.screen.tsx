import { ActionIcon, Button, Group, Stack, Title, Tooltip } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { companyHasModule } from '../../../api/access';
import { useSession } from '../../auth';
import { useOwnCompanyModules } from '../../modules';
import { useDeleteUserAction } from '../components/use-delete-user';
import { UsersTable } from '../components/users-table';
import { CreateUserModal } from '../modals/create-user.modal';
import { EditUserModal } from '../modals/edit-user.modal';
import type { UserRow } from '../queries';

/**
 * Settings area, role 5000: the users of the own company. The server limits the list to the own
 * company (no company_id is sent); editing happens in a dialog, as company administrators have no
 * user detail screen.
 */
export function CompanyUsersScreen() {
  const { t } = useTranslation();
  const session = useSession();
  const ownModules = useOwnCompanyModules();
  const [isCreating, creating] = useDisclosure(false);
  const [editing, setEditing] = useState<UserRow | null>(null);
  const deleteUser = useDeleteUserAction();
  // Platform admins may hand out any role; others not above their own (the server checks too).
  const maxRole = companyHasModule(session, 'ADMIN') ? undefined : session.userrole;

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={1}>{t('users.companyUsersTitle')}</Title>
        <Button leftSection={<IconPlus size={16} />} onClick={creating.open}>
          {t('users.newUser')}
        </Button>
      </Group>
      <UsersTable
        tableKey="company-users"
        showCompany={false}
        onRowClick={setEditing}
        renderActions={(u) => (
          <>
            <Tooltip label={t('common.edit')}>
              <ActionIcon
                variant="subtle"
                aria-label={t('common.editNamed', { name: u.fullname })}
                onClick={() => setEditing(u)}
              >
                <IconPencil size={16} />
              </ActionIcon>
            </Tooltip>
            {u.id !== session.currentuser_id && (
              <Tooltip label={t('common.delete')}>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={t('common.deleteNamed', { name: u.fullname })}
                  onClick={() => void deleteUser(u)}
                >
                  <IconTrash size={16} />
                </ActionIcon>
              </Tooltip>
            )}
          </>
        )}
      />
      <CreateUserModal opened={isCreating} onClose={creating.close} company="own" maxRole={maxRole} />
      <EditUserModal
        user={editing}
        onClose={() => setEditing(null)}
        companyModules={ownModules.data?.map((m) => m.tag)}
        maxRole={maxRole}
      />
    </Stack>
  );
}
