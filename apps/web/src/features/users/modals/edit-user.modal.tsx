import { Divider, Modal, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../auth';
import { UserCalendarLinks } from '../../integrations';
import { UserSettingsForm } from '../components/user-settings-form';
import type { UserRow } from '../queries';

/** Role from which the user settings show every user's calendar links. */
const SEES_ALL_CALENDARS = 5000;

interface EditUserModalProps {
  user: UserRow | null;
  onClose: () => void;
  companyModules?: readonly string[];
  maxRole?: number;
}

/** For company administrators (not platform admins): a user's settings, saved with PATCH /api/user/{id}. */
export function EditUserModal({ user, onClose, companyModules, maxRole }: EditUserModalProps) {
  const { t } = useTranslation();
  const session = useSession();
  // Spec 000 section 6: a role above 4999 sees every user's calendar links in the user settings.
  const seesCalendars = session.userrole >= SEES_ALL_CALENDARS;
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
          {seesCalendars && (
            <>
              <Divider my="md" />
              <UserCalendarLinks userId={user.id} />
            </>
          )}
        </>
      )}
    </Modal>
  );
}
