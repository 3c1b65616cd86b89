import { DOCUMENT_TEXTS, type DocumentKind, INVOICE_TEXTS, type SalesDocument } from '@im/domain';
import {
  IconArrowBackUp,
  IconCash,
  IconCheck,
  IconCopy,
  IconDownload,
  IconExternalLink,
  IconFileCode,
  IconFilePlus,
  IconLink,
  IconMailCheck,
  IconPencil,
  IconReceiptRefund,
  IconSend,
  IconTemplate,
  IconTrash,
  IconX,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { downloadFile } from '../../../api/download';
import { showActionError } from '../../../ui/alert-dialog';
import { confirm } from '../../../ui/confirm-dialog';
import { toast } from '../../../ui/toasts';
import { customerHref, detailPath, kindApi, overviewPath } from '../kinds';
import {
  useDeleteDocument,
  useDocumentCall,
  useRenewPayment,
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
  | 'createDocument'
  | 'createInvoice'
  | 'linkPartial'
  | 'registerPayment';

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
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { kind, id, status, is_template: isTemplate } = document;
  const update = useUpdateDocument(kind, id);
  const remove = useDeleteDocument(kind, id);
  const send = useSendDocument(kind, id);
  const duplicate = useDocumentCall(kind, id, 'duplicate');
  const createConfirmation = useDocumentCall(kind, id, 'createconfirmationfromquotation');
  const resetHash = useResetHash(kind, id);
  const createCredit = useDocumentCall(kind, id, 'createcreditinvoice');
  const renewPayment = useRenewPayment(id);
  const invoice = document.invoice;
  const isInvoice = kind === 'invoice';
  const isSentInvoice = isInvoice && document.date_send !== null;

  const ask = (message: string, title: string, isDanger = false) =>
    confirm({ title, message, isDanger, confirmLabel: isDanger ? t('common.delete') : undefined });

  const setStatus = (
    next: 'approved' | 'rejected' | 'cancelled' | 'paid' | 'unpayable',
    done = t('documents.statusChanged'),
  ) =>
    update.mutate(
      { status: next },
      { onSuccess: () => toast.success(done), onError: (e) => showActionError(e) },
    );
  // A sent or expired invoice takes a payment (day and amount, decision 031); an unpayable one that
  // got paid after all is marked paid as a whole.
  const isPayable = (status === 'sent' || status === 'expired') && (invoice?.owed ?? 0) > 0;
  const onMarkPaid = async () => {
    if (isPayable) return openDialog('registerPayment');
    if (!(await ask(INVOICE_TEXTS.markPaidConfirm, t('documents.markPaid')))) return;
    setStatus('paid', t('documents.markedPaid'));
  };
  const onMarkUnpayable = async () => {
    if (!(await ask(INVOICE_TEXTS.markUnpayableConfirm, t('documents.markUnpayable')))) return;
    setStatus('unpayable', t('documents.markedUnpayable'));
  };
  const onCreateCredit = async () => {
    if (!(await ask(INVOICE_TEXTS.creditConfirm, t('documents.createCredit')))) return;
    createCredit.mutate(undefined, {
      onSuccess: (created) => navigate(detailPath(created.kind, created.id)),
      onError: (e) => showCreateFailed('invoice', e),
    });
  };
  const onEinvoice = () =>
    downloadFile(kindApi(kind, id, 'einvoice'), `Factuur ${document.number ?? ''}.xml`).catch((e: unknown) =>
      showActionError(e),
    );
  const onRenewPayment = () =>
    renewPayment.mutate(undefined, {
      onSuccess: () => toast.success(t('documents.paymentRenewed')),
      onError: (e) => showActionError(e),
    });

  const onMarkSent = async () => {
    if (!(await ask(DOCUMENT_TEXTS.markSentConfirm, t('documents.markSent')))) return;
    send.mutate(
      { dontsentbutmarksent: 1 },
      { onSuccess: () => toast.success(t('documents.markedSent')), onError: (e) => showActionError(e) },
    );
  };
  const onDownload = () =>
    downloadFile(kindApi(kind, id, 'download'), `${document.title || kind}.pdf`).catch((e: unknown) =>
      showActionError(e),
    );
  const onResetHash = async () => {
    if (!(await ask(DOCUMENT_TEXTS.resetHashWarning, t('documents.resetHash')))) return;
    resetHash.mutate(undefined, {
      onSuccess: () => toast.success(t('documents.hashReset')),
      onError: (e) => showActionError(e),
    });
  };
  const onDuplicate = async () => {
    if (!(await ask(DOCUMENT_TEXTS.duplicateConfirm, t('common.duplicate')))) return;
    duplicate.mutate(undefined, {
      onSuccess: (copy) => {
        toast.success(t('documents.duplicated'));
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
    if (!(await ask(DOCUMENT_TEXTS.deleteConfirm(kind), t('common.delete'), true))) return;
    remove.mutate(undefined, {
      onSuccess: () => {
        toast.success(t('documents.deleted'));
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
    canSend && {
      key: 'send',
      label: t('common.send'),
      icon: icon(IconSend),
      onClick: () => openDialog('send'),
    },
    !isTemplate &&
      status === 'draft' && {
        key: 'markSent',
        label: t('documents.markSent'),
        icon: icon(IconMailCheck),
        onClick: onMarkSent,
      },
    { key: 'edit', label: t('common.edit'), icon: icon(IconPencil), onClick: () => openDialog('edit') },
    isSentInvoice &&
      (isPayable || status === 'unpayable') && {
        key: 'markPaid',
        label: t('documents.markPaid'),
        icon: icon(IconCash),
        onClick: () => void onMarkPaid(),
        isGroupStart: true,
      },
    isSentInvoice &&
      status === 'sent' && {
        key: 'markUnpayable',
        label: t('documents.markUnpayable'),
        icon: icon(IconX),
        onClick: onMarkUnpayable,
      },
    isSentInvoice &&
      invoice?.invoice_type === 'normal' &&
      !invoice.credit_invoices.some((c) => c.status !== 'cancelled') && {
        key: 'createCredit',
        label: t('documents.createCredit'),
        icon: icon(IconReceiptRefund),
        onClick: onCreateCredit,
      },
    isSentInvoice &&
      invoice?.einvoice_available === true && {
        key: 'einvoice',
        label: t('documents.downloadEinvoice'),
        icon: icon(IconFileCode),
        onClick: () => void onEinvoice(),
      },
    isSentInvoice &&
      status === 'sent' &&
      invoice?.payment_available === true &&
      invoice.billed.inc > 0 && {
        key: 'renewPayment',
        label: t('documents.renewPayment'),
        icon: icon(IconCash),
        onClick: onRenewPayment,
      },
    isInvoice &&
      !isTemplate &&
      !isSentInvoice &&
      !!invoice?.partialinvoicetype && {
        key: 'linkPartial',
        label: t('documents.linkPartial'),
        icon: icon(IconLink),
        onClick: () => openDialog('linkPartial'),
      },
    !isInvoice &&
      !isTemplate &&
      status !== 'approved' &&
      status !== 'cancelled' && {
        key: 'approve',
        label: t('common.approve'),
        icon: icon(IconCheck),
        onClick: () => setStatus('approved'),
        isGroupStart: true,
      },
    !isInvoice &&
      !isTemplate &&
      status !== 'rejected' &&
      status !== 'cancelled' && {
        key: 'reject',
        label: t('documents.reject'),
        icon: icon(IconX),
        onClick: () => setStatus('rejected'),
      },
    !isTemplate &&
      !isSentInvoice &&
      status !== 'cancelled' && {
        key: 'cancel',
        label: t('common.cancel'),
        icon: icon(IconX),
        onClick: () => setStatus('cancelled'),
      },
    !isTemplate &&
      document.rollback_targets.length > 0 && {
        key: 'rollback',
        label: t('documents.rollback'),
        icon: icon(IconArrowBackUp),
        onClick: () => openDialog('rollback'),
      },
    kind === 'quotation' &&
      !isTemplate && {
        key: 'createConfirmation',
        label: t('documents.createConfirmation'),
        icon: icon(IconFilePlus),
        onClick: onCreateConfirmation,
        isGroupStart: true,
      },
    (kind === 'quotation' || kind === 'confirmation') &&
      !isTemplate && {
        key: 'createInvoice',
        label: t('documents.createInvoice'),
        icon: icon(IconFilePlus),
        onClick: () => openDialog('createInvoice'),
        isGroupStart: kind !== 'quotation',
      },
    (kind === 'quotation' || kind === 'confirmation') &&
      !isTemplate && {
        key: 'createDocument',
        label: t('documents.createDocument'),
        icon: icon(IconFilePlus),
        onClick: () => openDialog('createDocument'),
      },
    {
      key: 'download',
      label: t('documents.download'),
      icon: icon(IconDownload),
      onClick: () => void onDownload(),
      isGroupStart: true,
    },
    !isTemplate && {
      key: 'customer',
      label: t('documents.viewAsCustomer'),
      icon: icon(IconExternalLink),
      onClick: () => window.open(customerHref(kind, document.hash), '_blank', 'noopener'),
    },
    !isTemplate && {
      key: 'resetHash',
      label: t('documents.resetHash'),
      icon: icon(IconLink),
      onClick: onResetHash,
    },
    {
      key: 'duplicate',
      label: t('common.duplicate'),
      icon: icon(IconCopy),
      onClick: onDuplicate,
      isGroupStart: true,
    },
    !isTemplate && {
      key: 'saveAsTemplate',
      label: t('documents.saveAsTemplate'),
      icon: icon(IconTemplate),
      onClick: () => openDialog('saveAsTemplate'),
    },
    !isTemplate &&
      !isSentInvoice && {
        key: 'resetToTemplate',
        label: t('documents.resetToTemplate'),
        icon: icon(IconTemplate),
        onClick: () => openDialog('resetToTemplate'),
      },
    !isSentInvoice && {
      key: 'delete',
      label: t('common.delete'),
      icon: icon(IconTrash),
      color: 'red',
      onClick: onDelete,
      isGroupStart: true,
    },
  ];
  return actions.filter((action): action is DocumentAction => Boolean(action));
}
