import { ActionIcon, Tooltip } from '@mantine/core';
import { IconLogin } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../auth';
import type { UserRow } from '../queries';
import { canLoginAs, useLoginAs } from './use-login-as';

/** The row action of user tables: log in as this user (only where the server allows it). */
export function LoginAsIcon({ user }: { user: UserRow }) {
  const { t } = useTranslation();
  const session = useSession();
  const { loginAs, isPending } = useLoginAs();
  if (!canLoginAs(session, user.id)) return null;
  const label = t('users.loginAsNamed', { name: user.fullname });
  return (
    <Tooltip label={label}>
      <ActionIcon variant="subtle" aria-label={label} loading={isPending} onClick={() => void loginAs(user)}>
        <IconLogin size={16} />
      </ActionIcon>
    </Tooltip>
  );
}
