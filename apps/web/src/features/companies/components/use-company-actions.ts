import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { showActionError } from '../../../ui/alert-dialog';
import { type BatchState, openBatchProgress } from '../../../ui/batch-progress.modal';
import { confirm } from '../../../ui/confirm-dialog';
import { toast } from '../../../ui/toasts';
import { useCompanyChanged, useForceDeleteCompany, useRestoreCompany, useTrashCompany } from '../queries';

interface Target {
  id: number;
  name: string;
}

/**
 * A company job (trash, force delete) as the spec describes it: confirm, start, follow the batch
 * every second until 100 (or failed), then `onDone` once the user closes the finished dialog.
 * A refusal of the server (409 for company 1) shows as an alert.
 */
function useBatchAction(start: (id: number) => Promise<{ batchId: string }>) {
  const changed = useCompanyChanged();
  return async (
    company: Target,
    texts: { title: string; message: string; confirmLabel: string; progress: string; failed?: string },
    onDone: () => void,
  ) => {
    const isConfirmed = await confirm({
      title: texts.title,
      message: texts.message,
      confirmLabel: texts.confirmLabel,
      isDanger: true,
    });
    if (!isConfirmed) return;
    let batchId: string;
    try {
      ({ batchId } = await start(company.id));
    } catch (error) {
      showActionError(error);
      return;
    }
    let outcome: BatchState = 'running';
    openBatchProgress({
      batchId,
      title: texts.progress,
      failedMessage: texts.failed,
      onFinished: (state) => {
        outcome = state;
        changed(company.id);
      },
      onClose: () => {
        if (outcome === 'done') onDone();
      },
    });
  };
}

/** "Verwijderen": DELETE /api/company/{id} moves it to the trash; then back to the overview. */
export function useTrashCompanyAction() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const trash = useTrashCompany();
  const run = useBatchAction((id) => trash.mutateAsync(id));
  return (company: Target) =>
    run(
      company,
      {
        title: t('companies.trashTitle'),
        message: t('companies.trashConfirm', { name: company.name }),
        confirmLabel: t('common.delete'),
        progress: t('companies.trashProgress', { name: company.name }),
      },
      () => navigate('/company_overview'),
    );
}

/** POST /api/company/{id}/forcedelete; then back to the trashcan. */
export function useForceDeleteCompanyAction() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const forceDelete = useForceDeleteCompany();
  const run = useBatchAction((id) => forceDelete.mutateAsync(id));
  return (company: Target) =>
    run(
      company,
      {
        title: t('companies.forceDeleteTitle'),
        message: t('companies.forceDeleteConfirm', { name: company.name }),
        confirmLabel: t('companies.forceDelete'),
        progress: t('companies.forceDeleteProgress', { name: company.name }),
        failed: t('companies.forceDeleteFailed', { name: company.name }),
      },
      () => {
        toast.success(t('companies.forceDeleteDone', { name: company.name }));
        navigate('/company_trashcan');
      },
    );
}

/** POST /api/company/{id}/restore after a confirm; a toast, then `onDone`. */
export function useRestoreCompanyAction() {
  const { t } = useTranslation();
  const restore = useRestoreCompany();
  return async (company: Target, onDone?: () => void) => {
    const isConfirmed = await confirm({
      title: t('companies.restoreTitle'),
      message: t('companies.restoreConfirm', { name: company.name }),
      confirmLabel: t('companies.restore'),
    });
    if (!isConfirmed) return;
    restore.mutate(company.id, {
      onSuccess: () => {
        toast.success(t('companies.restored', { name: company.name }));
        onDone?.();
      },
      onError: (error) => showActionError(error),
    });
  };
}
