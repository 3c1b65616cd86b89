import type { Vertical } from '@im/domain';
import { useTranslation } from 'react-i18next';
import { showActionError } from '../../../ui/alert-dialog';
import { confirm } from '../../../ui/confirm-dialog';
import { toast } from '../../../ui/toasts';
import { useVerticalActions } from '../queries';

/** Archive asks first (deleting a form only archives it); restore and duplicate go at once. */
export function useVerticalRowActions() {
  const { t } = useTranslation();
  const actions = useVerticalActions();
  return {
    actions,
    archive: async (vertical: Pick<Vertical, 'id' | 'name'>, onDone?: () => void) => {
      const isConfirmed = await confirm({
        title: t('verticals.archiveTitle'),
        message: t('verticals.archiveConfirm'),
        confirmLabel: t('verticals.archive'),
        isDanger: true,
      });
      if (!isConfirmed) return;
      actions.archive.mutate(vertical.id, {
        onSuccess: (answer) => {
          toast.success(answer.message);
          onDone?.();
        },
        onError: (error) => showActionError(error),
      });
    },
    restore: (vertical: Pick<Vertical, 'id'>) =>
      actions.restore.mutate(vertical.id, {
        onSuccess: () => toast.success(t('verticals.restored')),
        onError: (error) => showActionError(error),
      }),
    duplicate: (vertical: Pick<Vertical, 'id'>, onDone?: (copyId: number) => void) =>
      actions.duplicate.mutate(vertical.id, {
        onSuccess: (copy) => {
          toast.success(t('verticals.duplicated'));
          onDone?.(copy.id);
        },
        onError: (error) => showActionError(error),
      }),
  };
}
