import type { SessionData } from '@im/domain';
import { useTranslation } from 'react-i18next';
import { companyHasModule } from '../../../api/access';
import { showActionError } from '../../../ui/alert-dialog';
import { confirm } from '../../../ui/confirm-dialog';
import { useAdminLogin } from '../../auth';

/** The server lets ADMIN users of role 5000 log in as someone else, once (no nesting), never as themselves. */
export function canLoginAs(session: SessionData, userId: number): boolean {
  return (
    companyHasModule(session, 'ADMIN') &&
    session.userrole >= 5000 &&
    session.impersonator_user_id === null &&
    userId !== session.currentuser_id
  );
}

/**
 * "Inloggen als deze gebruiker" after the spec's warning (000 section 6): the admin is logged out
 * and should not be logged in in several windows.
 */
export function useLoginAs() {
  const { t } = useTranslation();
  const adminLogin = useAdminLogin();
  const loginAs = async (user: { id: number; fullname: string }) => {
    const isConfirmed = await confirm({
      title: t('users.loginAsTitle', { name: user.fullname }),
      message: t('users.loginAsWarning', { name: user.fullname }),
      confirmLabel: t('users.loginAsConfirm'),
    });
    if (!isConfirmed) return;
    adminLogin.mutate(user.id, { onError: (error) => showActionError(error) });
  };
  return { loginAs, isPending: adminLogin.isPending };
}
