import { useTranslation } from 'react-i18next';
import { showActionError } from '../../../ui/alert-dialog';
import { confirm } from '../../../ui/confirm-dialog';
import { toast } from '../../../ui/toasts';
import { type UserRow, useDeleteUser } from '../queries';

/** Confirm, DELETE /api/user/{id}; a refusal (user 1, oneself: 409) shows the server's text as an alert. */
export function useDeleteUserAction() {
  const { t } = useTranslation();
  const remove = useDeleteUser();
  return async (user: Pick<UserRow, 'id' | 'company_id' | 'fullname'>, onDeleted?: () => void) => {
    const isConfirmed = await confirm({
      title: t('users.deleteTitle'),
      message: t('users.deleteConfirm', { name: user.fullname }),
      confirmLabel: t('common.delete'),
      isDanger: true,
    });
    if (!isConfirmed) return;
    try {
      await remove.mutateAsync(user);
    } catch (error) {
      showActionError(error);
      return;
    }
    toast.success(t('users.deleted', { name: user.fullname }));
    onDeleted?.();
  };
}
