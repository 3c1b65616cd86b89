// A document kind's own part (decision 022: an invoice is a sales document of kind 'invoice'). What
// documents does with an invoice beyond its sales document — its own row, the editable check, its
// answer, amounts, render part, sending, status change and payment link — the invoices feature answers;
// it registers the answers in features/wiring.ts, once per process (decision 047). Documents never
// imports invoices. Everything here runs inside the caller's transaction, except offerPaymentLink
// (after the sending's commit, best effort). Not wired: it throws, so no invoice rule is skipped.
import type {
  BilledAmounts,
  Decimal,
  DocumentStatus,
  InvoiceInfo,
  InvoiceType,
  PartialInvoiceType,
  RenderInvoice,
} from '@im/domain';
import type { Database, Tx } from '../../platform/db/database';
import type { salesDocument } from '../../platform/db/tables/documents.schema';
import type { storedFile } from '../../platform/db/tables/files.schema';

/** A sales document's row (document-dto's DocumentRecord; declared here so that file may import this one). */
type DocumentRecord = typeof salesDocument.$inferSelect;

/** An invoice's own fields when it is created (partial, credit, reverse charge). */
export interface NewInvoiceRow {
  invoiceType?: InvoiceType;
  partialinvoicetype?: PartialInvoiceType | null;
  partialValue?: number | null;
  partialinvoiceId?: number | null;
  creditedInvoiceId?: number | null;
  reverseCharge?: boolean;
}

/** The invoices feature's answers for a document of kind 'invoice'. */
export interface InvoiceKind {
  /** The invoice's own row, next to its new sales document (same id). */
  insert(tx: Tx, id: number, extra?: NewInvoiceRow): Promise<void>;
  /** Throws when its content is frozen: a sent invoice is corrected by credit invoice (decision 022). */
  assertEditable(doc: Pick<DocumentRecord, 'kind' | 'dateSend' | 'isTemplate'>): void;
  /** The invoice part of the document's answer. */
  info(tx: Tx, doc: DocumentRecord): Promise<InvoiceInfo>;
  /** What this invoice bills (decision 030). */
  billed(tx: Tx, doc: DocumentRecord): Promise<BilledAmounts>;
  /** What it still owes; null when it has no invoice row. */
  owed(tx: Tx, doc: DocumentRecord): Promise<Decimal | null>;
  /** What the renderer shows of an invoice beyond its widgets. */
  renderPart(tx: Tx, doc: DocumentRecord, companyName: string): Promise<RenderInvoice>;
  /** The first sending's number, dates and frozen amounts; the document as it is then. */
  prepareSending(tx: Tx, doc: DocumentRecord): Promise<DocumentRecord>;
  /** The e-invoice sent along with the PDF, stored as the document's file; null when it cannot be made. */
  storeEinvoice(
    tx: Tx,
    doc: DocumentRecord,
    pdf: { bytes: Buffer; filename: string },
    store: (key: string, bytes: Buffer) => Promise<void>,
  ): Promise<typeof storedFile.$inferSelect | null>;
  /** After the status path changed an invoice's status: its payments and flow follow (decision 031). */
  statusChanged(tx: Tx, doc: DocumentRecord, from: DocumentStatus, to: DocumentStatus): Promise<void>;
  /** After a sending committed: a payment link when the company has a provider; true when one was made. */
  offerPaymentLink(
    db: Database,
    actor: { companyId: number; userId: number; impersonatorUserId: number | null },
    id: number,
    ctx: { appUrl: string; mollieApiUrl: string },
    log: { warn: (obj: object, msg: string) => void },
  ): Promise<boolean>;
}

interface DocumentKinds {
  invoice: InvoiceKind;
}

const kinds: Partial<DocumentKinds> = {};

export function registerDocumentKind<K extends keyof DocumentKinds>(kind: K, hooks: DocumentKinds[K]): void {
  kinds[kind] = hooks;
}

/** The kind's answers; fails loudly when they are not wired. */
export function documentKind<K extends keyof DocumentKinds>(kind: K): DocumentKinds[K] {
  const hooks = kinds[kind];
  if (!hooks) throw new Error(`The document kind '${kind}' is not wired (features/wiring.ts).`);
  return hooks as DocumentKinds[K];
}

/** Throws when the document's content may not change: a sent invoice's is frozen (decision 022). */
export function assertDocumentEditable(doc: Pick<DocumentRecord, 'kind' | 'dateSend' | 'isTemplate'>): void {
  if (doc.kind === 'invoice') documentKind('invoice').assertEditable(doc);
}
