import {
  DOCUMENT_STATUS_LABELS,
  DOCUMENT_TEXTS,
  type DocumentKind,
  type DocumentStatus,
  rollbackTargets,
  type SalesDocument,
  STAFF_SETTABLE_STATUSES,
  statusesOf,
  type zUpdateDocument,
} from '@im/domain';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Tx } from '../../platform/db/database';
import { conflict, validationError } from '../../platform/errors';
import { logDocument } from './create-document';
import { documentLabel, findDocument, loadDocument } from './document-dto';
import { requireDocumentType } from './document-types';
import { salesDocument } from './documents.schema';
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
    if (!rollbackTargets(from, wasSent).includes(to)) throw refuse(DOCUMENT_TEXTS.rollbackNotEarlier);
    // Back to draft forgets the sending; back to sent forgets the customer's answer. Sent versions stay.
    const set: Set = { status: to, dateApproved: null, dateRejected: null };
    if (to === 'draft') set.dateSend = null;
    return set;
  }
  // Sending goes through sendemail (also to mark sent without mailing); a document accepts any
  // other status through the generic setter, a quotation and confirmation the staff statuses.
  const settable: readonly DocumentStatus[] =
    kind === 'document'
      ? statusesOf(kind).filter((s) => s !== 'sent' && s !== 'draft')
      : STAFF_SETTABLE_STATUSES;
  if (!settable.includes(to)) throw refuse(DOCUMENT_TEXTS.statusNotAllowed);
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
