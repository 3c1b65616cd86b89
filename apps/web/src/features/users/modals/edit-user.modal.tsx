import { Modal, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { UserSettingsForm } from '../components/user-settings-form';
import type { UserRow } from '../queries';

interface EditUserModalProps {
  user: UserRow | null;
  onClose: () => void;
  companyModules?: readonly string[];
  maxRole?: number;
}

/** For company administrators (not platform admins): a user's settings, saved with PATCH /api/user/{id}. */
export function EditUserModal({ user, onClose, companyModules, maxRole }: EditUserModalProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={user !== null}
      onClose={onClose}
      title={user ? t('common.editNamed', { name: user.fullname }) : ''}
      size="lg"
      centered
    >
      {user && (
        <>
          <Text size="sm" c="dimmed" mb="sm">
            {user.email}
          </Text>
          <UserSettingsForm
            key={user.id}
            user={user}
            companyModules={companyModules}
            maxRole={maxRole}
            onSaved={onClose}
            onCancel={onClose}
          />
        </>
      )}
    </Modal>
  );
}
