import {
  DOCUMENT_STATUS_LABELS,
  DOCUMENT_TEXTS,
  type DocumentKind,
  type DocumentStatus,
  INVOICE_TEXTS,
  rollbackTargets,
  type SalesDocument,
  staffSettableStatuses,
  statusesOf,
  type zUpdateDocument,
} from '@im/domain';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Tx } from '../../platform/db/database';
import { salesDocument } from '../../platform/db/tables/documents.schema';
import { conflict, validationError } from '../../platform/errors';
import { logDocument } from './create-document';
import { documentLabel, findDocument, loadDocument } from './document-dto';
import { assertDocumentEditable, documentKind } from './document-kinds';
import { requireDocumentType } from './document-types';
import { followFlow } from './follow-flow';

type Set = Partial<typeof salesDocument.$inferInsert>;

/** The status part of an update: the generic setter or a rollback (update_reason rollbackstatus). */
function statusChange(
  kind: DocumentKind,
  from: DocumentStatus,
  to: DocumentStatus,
  wasSent: boolean,
  rollback: boolean,
): Set {
  const refuse = (message: string) => validationError(message, { status: [message] });
  if (!statusesOf(kind).includes(to)) throw refuse(DOCUMENT_TEXTS.statusNotAllowed);
  const now = new Date();
  if (rollback) {
    if (!rollbackTargets(from, wasSent, kind).includes(to)) throw refuse(DOCUMENT_TEXTS.rollbackNotEarlier);
    // Back to draft forgets the sending; back to sent forgets the customer's answer. Sent versions stay.
    const set: Set = { status: to, dateApproved: null, dateRejected: null };
    if (to === 'draft') set.dateSend = null;
    return set;
  }
  // Sending goes through sendemail (also to mark sent without mailing); a document accepts any
  // other status through the generic setter, a quotation and confirmation the staff statuses.
  if (!staffSettableStatuses(kind).includes(to)) throw refuse(DOCUMENT_TEXTS.statusNotAllowed);
  // A sent invoice is paid, unpayable or expired; it is corrected by a credit invoice, never
  // cancelled. A draft invoice can only be cancelled.
  if (kind === 'invoice' && (wasSent ? to === 'cancelled' : to !== 'cancelled'))
    throw refuse(wasSent ? INVOICE_TEXTS.sentLocked : INVOICE_TEXTS.paymentNotOpen);
  const set: Set = { status: to };
  if (to === 'approved') set.dateApproved = now;
  if (to === 'rejected') set.dateRejected = now;
  return set;
}

export async function updateDocument(
  tx: Tx,
  kind: DocumentKind,
  id: number,
  input: z.infer<typeof zUpdateDocument>,
): Promise<SalesDocument> {
  const doc = await findDocument(tx, kind, id, { lock: true });
  const changesContent = [
    input.title,
    input.documentdate,
    input.enddate,
    input.custom_css,
    input.document_type_id,
  ].some((v) => v !== undefined);
  if (changesContent) assertDocumentEditable(doc);
  const set: Set = {
    title: input.title,
    documentdate: input.documentdate,
    enddate: input.enddate,
    customCss: input.custom_css,
  };
  if (input.document_type_id !== undefined && kind === 'document') {
    const t = await requireDocumentType(tx, input.document_type_id);
    if (t.systemKind !== null)
      throw validationError(DOCUMENT_TEXTS.documentTypeNotFound, {
        document_type_id: [DOCUMENT_TEXTS.documentTypeNotFound],
      });
    set.documentTypeId = t.id;
  }
  const from = doc.status as DocumentStatus;
  const to = input.status;
  const statusMoves = to !== undefined && to !== from;
  if (input.update_reason === 'rollbackstatus' && to === undefined)
    throw validationError(DOCUMENT_TEXTS.rollbackNotEarlier, { status: [DOCUMENT_TEXTS.rollbackNotEarlier] });
  if (statusMoves) {
    if (doc.isTemplate) throw conflict(DOCUMENT_TEXTS.templateNotSendable);
    Object.assign(
      set,
      statusChange(kind, from, to, doc.dateSend !== null, input.update_reason === 'rollbackstatus'),
    );
  }
  await tx
    .update(salesDocument)
    .set({ ...set, updatedAt: new Date() })
    .where(eq(salesDocument.id, id));
  if (statusMoves) {
    await logDocument(
      tx,
      doc,
      'status',
      input.update_reason === 'rollbackstatus'
        ? `Status van ${documentLabel(doc).toLowerCase()} teruggezet van ${DOCUMENT_STATUS_LABELS[from]} naar ${DOCUMENT_STATUS_LABELS[to]}`
        : `Status van ${documentLabel(doc).toLowerCase()} gewijzigd van ${DOCUMENT_STATUS_LABELS[from]} naar ${DOCUMENT_STATUS_LABELS[to]}`,
      { status: [from, to] },
    );
    if (input.update_reason !== 'rollbackstatus' && (to === 'approved' || to === 'rejected'))
      await followFlow(tx, doc, to);
    if (kind === 'invoice') await documentKind('invoice').statusChanged(tx, doc, from, to);
  }
  const changed = Object.entries({
    title: input.title,
    documentdate: input.documentdate,
    enddate: input.enddate,
    custom_css: input.custom_css,
    document_type_id: input.document_type_id,
  }).filter(([, v]) => v !== undefined);
  if (changed.length)
    await logDocument(tx, doc, 'update', `${documentLabel(doc)} gewijzigd`, Object.fromEntries(changed));
  return loadDocument(tx, id);
}
