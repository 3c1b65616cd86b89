import { DOCUMENT_TEXTS, type DocumentKind, type SalesDocument } from '@im/domain';
import {
  IconArrowBackUp,
  IconCheck,
  IconCopy,
  IconDownload,
  IconExternalLink,
  IconFilePlus,
  IconLink,
  IconMailCheck,
  IconPencil,
  IconSend,
  IconTemplate,
  IconTrash,
  IconX,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { downloadFile } from '../../../api/download';
import { showActionError } from '../../../ui/alert-dialog';
import { confirm } from '../../../ui/confirm-dialog';
import { toast } from '../../../ui/toasts';
import { useDocumentTexts } from '../i18n';
import { customerHref, detailPath, kindApi, overviewPath } from '../kinds';
import {
  useDeleteDocument,
  useDocumentCall,
  useResetHash,
  useSendDocument,
  useUpdateDocument,
} from '../queries';

export type DocumentDialog =
  | 'send'
  | 'edit'
  | 'rollback'
  | 'saveAsTemplate'
  | 'resetToTemplate'
  | 'createDocument';

export interface DocumentAction {
  key: string;
  label: string;
  icon: ReactNode;
  color?: string;
  onClick: () => void;
  /** Starts a new group in the menu. */
  isGroupStart?: boolean;
}

const icon = (Icon: typeof IconSend) => <Icon size={16} />;

/** Shows a failed creation as the spec's toast. */
export function showCreateFailed(kind: DocumentKind, error: Error) {
  toast.error(DOCUMENT_TEXTS.createFailedText(error.message), DOCUMENT_TEXTS.createFailedTitle(kind));
}

/** Every action of the editor's header; dialogs are opened through `openDialog`. */
export function useDocumentActions(document: SalesDocument, openDialog: (dialog: DocumentDialog) => void) {
  const tx = useDocumentTexts();
  const navigate = useNavigate();
  const { kind, id, status, is_template: isTemplate } = document;
  const update = useUpdateDocument(kind, id);
  const remove = useDeleteDocument(kind, id);
  const send = useSendDocument(kind, id);
  const duplicate = useDocumentCall(kind, id, 'duplicate');
  const createConfirmation = useDocumentCall(kind, id, 'createconfirmationfromquotation');
  const resetHash = useResetHash(kind, id);

  const ask = (message: string, title: string, isDanger = false) =>
    confirm({ title, message, isDanger, confirmLabel: isDanger ? tx.delete : undefined });

  const setStatus = (next: 'approved' | 'rejected' | 'cancelled') =>
    update.mutate(
      { status: next },
      { onSuccess: () => toast.success(tx.statusChanged), onError: (e) => showActionError(e) },
    );

  const onMarkSent = async () => {
    if (!(await ask(DOCUMENT_TEXTS.markSentConfirm, tx.markSent))) return;
    send.mutate(
      { dontsentbutmarksent: 1 },
      { onSuccess: () => toast.success(tx.markedSent), onError: (e) => showActionError(e) },
    );
  };
  const onDownload = () =>
    downloadFile(kindApi(kind, id, 'download'), `${document.title || kind}.pdf`).catch((e: unknown) =>
      showActionError(e),
    );
  const onResetHash = async () => {
    if (!(await ask(DOCUMENT_TEXTS.resetHashWarning, tx.resetHash))) return;
    resetHash.mutate(undefined, {
      onSuccess: () => toast.success(tx.hashReset),
      onError: (e) => showActionError(e),
    });
  };
  const onDuplicate = async () => {
    if (!(await ask(DOCUMENT_TEXTS.duplicateConfirm, tx.duplicate))) return;
    duplicate.mutate(undefined, {
      onSuccess: (copy) => {
        toast.success(tx.duplicated);
        navigate(detailPath(copy.kind, copy.id, copy.is_template));
      },
      onError: (e) => showCreateFailed(kind, e),
    });
  };
  const onCreateConfirmation = () =>
    createConfirmation.mutate(undefined, {
      onSuccess: (created) => navigate(detailPath(created.kind, created.id)),
      onError: (e) => showCreateFailed('confirmation', e),
    });
  const onDelete = async () => {
    if (!(await ask(DOCUMENT_TEXTS.deleteConfirm(kind), tx.delete, true))) return;
    remove.mutate(undefined, {
      onSuccess: () => {
        toast.success(tx.deleted);
        navigate(overviewPath(kind, isTemplate));
      },
      onError: (e) =>
        showActionError(
          e,
          isTemplate ? DOCUMENT_TEXTS.templateDeleteFailedTitle : DOCUMENT_TEXTS.deleteFailedTitle,
        ),
    });
  };

  const canSend = !isTemplate && status !== 'cancelled';
  const actions: (DocumentAction | false)[] = [
    canSend && { key: 'send', label: tx.send, icon: icon(IconSend), onClick: () => openDialog('send') },
    !isTemplate &&
      status === 'draft' && {
        key: 'markSent',
        label: tx.markSent,
        icon: icon(IconMailCheck),
        onClick: onMarkSent,
      },
    { key: 'edit', label: tx.edit, icon: icon(IconPencil), onClick: () => openDialog('edit') },
    !isTemplate &&
      status !== 'approved' &&
      status !== 'cancelled' && {
        key: 'approve',
        label: tx.approve,
        icon: icon(IconCheck),
        onClick: () => setStatus('approved'),
        isGroupStart: true,
      },
    !isTemplate &&
      status !== 'rejected' &&
      status !== 'cancelled' && {
        key: 'reject',
        label: tx.reject,
        icon: icon(IconX),
        onClick: () => setStatus('rejected'),
      },
    !isTemplate &&
      status !== 'cancelled' && {
        key: 'cancel',
        label: tx.cancel,
        icon: icon(IconX),
        onClick: () => setStatus('cancelled'),
      },
    !isTemplate &&
      document.rollback_targets.length > 0 && {
        key: 'rollback',
        label: tx.rollback,
        icon: icon(IconArrowBackUp),
        onClick: () => openDialog('rollback'),
      },
    kind === 'quotation' &&
      !isTemplate && {
        key: 'createConfirmation',
        label: tx.createConfirmation,
        icon: icon(IconFilePlus),
        onClick: onCreateConfirmation,
        isGroupStart: true,
      },
    kind !== 'document' &&
      !isTemplate && {
        key: 'createDocument',
        label: tx.createDocument,
        icon: icon(IconFilePlus),
        onClick: () => openDialog('createDocument'),
        isGroupStart: kind !== 'quotation',
      },
    {
      key: 'download',
      label: tx.download,
      icon: icon(IconDownload),
      onClick: () => void onDownload(),
      isGroupStart: true,
    },
    !isTemplate && {
      key: 'customer',
      label: tx.viewAsCustomer,
      icon: icon(IconExternalLink),
      onClick: () => window.open(customerHref(kind, document.hash), '_blank', 'noopener'),
    },
    !isTemplate && { key: 'resetHash', label: tx.resetHash, icon: icon(IconLink), onClick: onResetHash },
    { key: 'duplicate', label: tx.duplicate, icon: icon(IconCopy), onClick: onDuplicate, isGroupStart: true },
    !isTemplate && {
      key: 'saveAsTemplate',
      label: tx.saveAsTemplate,
      icon: icon(IconTemplate),
      onClick: () => openDialog('saveAsTemplate'),
    },
    !isTemplate && {
      key: 'resetToTemplate',
      label: tx.resetToTemplate,
      icon: icon(IconTemplate),
      onClick: () => openDialog('resetToTemplate'),
    },
    {
      key: 'delete',
      label: tx.delete,
      icon: icon(IconTrash),
      color: 'red',
      onClick: onDelete,
      isGroupStart: true,
    },
  ];
  return actions.filter((action): action is DocumentAction => Boolean(action));
}
