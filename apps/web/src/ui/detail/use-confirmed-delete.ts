import type { UseMutationResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { showActionError } from '../alert-dialog';
import { confirm } from '../confirm-dialog';
import { toast } from '../toasts';

interface ConfirmedDeleteTexts {
  title: string;
  message: string;
  /** Toasted once it is deleted. */
  deleted: string;
}

/**
 * Delete: ask first, then delete and go to `afterDelete` (the overview; stay when absent).
 * A refusal (409, e.g. sent invoices or a type still in use) shows the server's reason as an alert.
 */
export function useConfirmedDelete<V>(
  remove: UseMutationResult<unknown, Error, V>,
  afterDelete?: string | ((variables: V) => string),
) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return async (variables: V, texts: ConfirmedDeleteTexts): Promise<void> => {
    const isConfirmed = await confirm({
      title: texts.title,
      message: texts.message,
      confirmLabel: t('common.delete'),
      isDanger: true,
    });
    if (!isConfirmed) return;
    remove.mutate(variables, {
      onSuccess: () => {
        toast.success(texts.deleted);
        if (afterDelete !== undefined)
          navigate(typeof afterDelete === 'function' ? afterDelete(variables) : afterDelete);
      },
      onError: (error) => showActionError(error),
    });
  };
}
