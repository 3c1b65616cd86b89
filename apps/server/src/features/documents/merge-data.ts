import {
  DOCUMENT_KIND_LABELS,
  type DocumentKind,
  dutchDate,
  exampleMergeData,
  formatEuro,
  type MergeData,
} from '@im/domain';
import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/database';
import { flowMergeData } from '../mailtemplates/merge-data';
import type { DocumentRecord } from './document-dto';
import { documentType } from './documents.schema';

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

/** The merge data of a document: its flow's, plus document.* (spec 000 "Merge tag"). */
export async function documentMergeData(
  tx: Tx,
  doc: DocumentRecord,
  senderId: number | null,
  appUrl: string,
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
  return {
    ...data,
    document: {
      soort: await kindLabel(tx, doc),
      nummer: doc.number === null ? '' : String(doc.number),
      titel: doc.title,
      datum: dutchDate(doc.documentdate),
      geldigtot: dutchDate(doc.enddate),
      bedrag: formatEuro(amount?.v ?? '0'),
      link: customerLink(appUrl, doc.kind as DocumentKind, doc.hash),
    },
  };
}
