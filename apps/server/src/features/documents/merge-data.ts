import {
  amsterdamDay,
  DOCUMENT_KIND_LABELS,
  type DocumentKind,
  daysOverdue,
  dutchDate,
  exampleMergeData,
  formatEuro,
  LaterMergeTag,
  type MergeData,
} from '@im/domain';
import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/database';
import { documentType } from '../../platform/db/tables/documents.schema';
import { flowMergeData } from '../mailtemplates';
import type { DocumentRecord } from './document-dto';
import { documentKind } from './document-kinds';

export const customerLink = (appUrl: string, kind: DocumentKind, hash: string) =>
  `${appUrl.replace(/\/$/, '')}/#/customer_${kind}_detail/${hash}`;

export async function kindLabel(tx: Tx, doc: DocumentRecord): Promise<string> {
  if (doc.kind === 'document' && doc.documentTypeId !== null) {
    const [t] = await tx
      .select({ d: documentType.description })
      .from(documentType)
      .where(eq(documentType.id, doc.documentTypeId));
    if (t) return t.d;
  }
  return DOCUMENT_KIND_LABELS[doc.kind as DocumentKind].one;
}

/** An invoice's factuur.*: what it still owes and how many days it is past its due date (0 when not). */
async function invoiceMergeFields(tx: Tx, doc: DocumentRecord): Promise<MergeData> {
  const owed = await documentKind('invoice').owed(tx, doc);
  if (owed === null) return {};
  const late =
    doc.dateSend !== null && doc.enddate !== null
      ? Math.max(0, daysOverdue(String(doc.enddate).slice(0, 10), amsterdamDay(new Date())))
      : 0;
  return { openstaand: formatEuro(owed), dagen_te_laat: String(late) };
}

/**
 * The merge data of a document: its flow's, plus document.* (spec 000 "Merge tag"). An invoice's
 * amount is what THIS invoice bills (a deposit's part, not the whole calculation), also as factuur.*,
 * with what it still owes and how late it is.
 * An invoice gets its number and due date at sending: with `numberAtSending` an unsent invoice's number
 * and due date stay tags in the composed mail, and sending fills them in.
 */
export async function documentMergeData(
  tx: Tx,
  doc: DocumentRecord,
  senderId: number | null,
  appUrl: string,
  options: { numberAtSending?: boolean } = {},
): Promise<MergeData> {
  // A template has no flow: its preview shows the catalogue's examples.
  const data =
    doc.flowId !== null ? await flowMergeData(tx, doc.flowId, senderId, appUrl) : exampleMergeData();
  const [amount] =
    doc.calculationId !== null
      ? (
          await tx.execute<{ v: string }>(
            sql`select amount_inc_vat::text as v from calculation where id = ${doc.calculationId}`,
          )
        ).rows
      : [];
  const pending = options.numberAtSending && doc.kind === 'invoice' && doc.number === null;
  const number = (tag: string) =>
    pending ? new LaterMergeTag(tag) : doc.number === null ? '' : String(doc.number);
  const invoiceData =
    doc.kind === 'invoice' && !doc.isTemplate
      ? {
          ...(await invoiceMergeData(tx, doc, {
            nummer: number('factuur.nummer'),
            vervaldatum: pending ? new LaterMergeTag('factuur.vervaldatum') : dutchDate(doc.enddate),
          })),
          ...(await invoiceMergeFields(tx, doc)),
        }
      : null;
  return {
    ...data,
    ...(invoiceData ? { factuur: invoiceData } : {}),
    document: {
      soort: await kindLabel(tx, doc),
      nummer: number('document.nummer'),
      titel: doc.title,
      datum: dutchDate(doc.documentdate),
      geldigtot: dutchDate(doc.enddate),
      bedrag: invoiceData ? invoiceData.bedrag : formatEuro(amount?.v ?? '0'),
      link: customerLink(appUrl, doc.kind as DocumentKind, doc.hash),
    },
  };
}

/** factuur.*: this invoice's own number and amounts (decision 030). */
async function invoiceMergeData(
  tx: Tx,
  doc: DocumentRecord,
  given: { nummer: unknown; vervaldatum: unknown },
) {
  const billed = await documentKind('invoice').billed(tx, doc);
  return {
    ...given,
    bedrag: formatEuro(billed.inc),
    bedrag_excl: formatEuro(billed.exc),
    btw: formatEuro(billed.vat),
  };
}
