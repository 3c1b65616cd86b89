// The document kinds and their statuses (spec 002 sections 3–5 and 9; decisions 021 and 022).
// Below the renderer and the contract, which both import it; `documents/index.ts` re-exports it.
/** The kinds the document engine serves; each is its own API resource. */
export const DOCUMENT_KINDS = ['quotation', 'confirmation', 'document', 'invoice'] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

export const DOCUMENT_STATUSES = [
  'draft',
  'sent',
  'approved',
  'rejected',
  'cancelled',
  'expired',
  'paid',
  'unpayable',
] as const;
export type DocumentStatus = (typeof DOCUMENT_STATUSES)[number];

/** Spec 002 section 4 "Status labels". */
export const DOCUMENT_STATUS_LABELS: Record<DocumentStatus, string> = {
  draft: 'concept',
  sent: 'verstuurd',
  approved: 'goedgekeurd',
  rejected: 'afgekeurd',
  cancelled: 'geannuleerd',
  expired: 'verlopen',
  paid: 'betaald',
  unpayable: 'oninbaar',
};

/** Mantine colour per status (badges). */
export const DOCUMENT_STATUS_COLORS: Record<DocumentStatus, string> = {
  draft: 'gray',
  sent: 'blue',
  approved: 'green',
  rejected: 'red',
  cancelled: 'dark',
  expired: 'orange',
  paid: 'green',
  unpayable: 'red',
};

/** Spec 002 section 4: an invoice is draft, sent, paid, unpayable, cancelled or expired. */
export const INVOICE_STATUSES = ['draft', 'sent', 'paid', 'unpayable', 'cancelled', 'expired'] as const;

/** The statuses a kind can have: only a quotation (of the three others) expires; an invoice has its own. */
export function statusesOf(kind: DocumentKind): DocumentStatus[] {
  if (kind === 'invoice') return [...INVOICE_STATUSES];
  return DOCUMENT_STATUSES.filter(
    (s) => s !== 'paid' && s !== 'unpayable' && (s !== 'expired' || kind === 'quotation'),
  );
}

/** Quotation overview filter (spec 002 section 2). */
export const QUOTATION_STATUS_FILTERS = ['draft', 'sent', 'approved', 'rejected', 'all'] as const;

/** Staff may set these directly (spec 002 section 4: approved, rejected or cancelled). */
export const STAFF_SETTABLE_STATUSES = ['approved', 'rejected', 'cancelled'] as const;
/** An invoice: marked paid ('betaald') or unpayable, cancelled, or expired (decision 022). */
export const INVOICE_SETTABLE_STATUSES = ['paid', 'unpayable', 'cancelled', 'expired'] as const;

/** What staff may set through the generic setter: a document anything but draft and sent. */
export function staffSettableStatuses(kind: DocumentKind): readonly DocumentStatus[] {
  if (kind === 'invoice') return INVOICE_SETTABLE_STATUSES;
  if (kind === 'document') return statusesOf(kind).filter((s) => s !== 'draft' && s !== 'sent');
  return STAFF_SETTABLE_STATUSES;
}

/**
 * The earlier statuses a document can be rolled back to (update_reason rollbackstatus): a sent
 * document back to draft; an approved, rejected, expired or cancelled one back to sent (when it was
 * ever sent) or to draft.
 */
export function rollbackTargets(
  status: DocumentStatus,
  wasSent: boolean,
  kind: DocumentKind = 'quotation',
): DocumentStatus[] {
  if (status === 'draft') return [];
  // A sent invoice keeps its number and content: it never goes back to draft (decision 022).
  if (kind === 'invoice') return status === 'sent' ? [] : wasSent ? ['sent'] : ['draft'];
  if (status === 'sent') return ['draft'];
  return wasSent ? ['sent', 'draft'] : ['draft'];
}

/** Customer visibility (spec 002 section 4): not draft or cancelled; only_show_approved hides sent ones. */
export function isVisibleToCustomer(status: DocumentStatus, onlyShowApproved: boolean): boolean {
  if (status === 'draft' || status === 'cancelled') return false;
  if (onlyShowApproved && status !== 'approved') return false;
  return true;
}

export const DOCUMENT_KIND_LABELS: Record<DocumentKind, { one: string; many: string; the: string }> = {
  quotation: { one: 'Offerte', many: 'Offertes', the: 'de offerte' },
  confirmation: { one: 'Opdrachtbevestiging', many: 'Opdrachtbevestigingen', the: 'de opdrachtbevestiging' },
  document: { one: 'Document', many: 'Documenten', the: 'het document' },
  invoice: { one: 'Factuur', many: 'Facturen', the: 'de factuur' },
};

/** The mail template type a kind is sent with (spec 000 section 3). */
export const SEND_MAIL_TEMPLATE_TYPE = {
  quotation: 'sendquotation',
  confirmation: 'sendconfirmation',
  document: null,
  invoice: 'sendinvoice',
} as const;

/** The template's quick validity: a quotation is valid this many days after its date. */
export const QUOTATION_VALID_DAYS = 30;
