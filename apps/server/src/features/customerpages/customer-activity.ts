import { type CustomerActivity, type CustomerViews, DOCUMENT_TEXTS, type DocumentKind } from '@im/domain';
import { and, asc, count, eq, isNull, max, min } from 'drizzle-orm';
import type { Tx } from '../../platform/db/database';
import { customerView, documentResponse } from '../../platform/db/tables/customerpages.schema';
import { salesDocument } from '../../platform/db/tables/documents.schema';
import { notFound } from '../../platform/errors';
import { responseFacts } from './customer-documents';

async function viewsWhere(tx: Tx, where: ReturnType<typeof and>): Promise<CustomerViews> {
  const [row] = await tx
    .select({ first: min(customerView.viewedAt), last: max(customerView.viewedAt), n: count() })
    .from(customerView)
    .where(where);
  return {
    first_viewed_at: row?.first ? new Date(row.first).toISOString() : null,
    last_viewed_at: row?.last ? new Date(row.last).toISOString() : null,
    count: Number(row?.n ?? 0),
  };
}

/** When the customer opened the dossier link (staff see "bekeken op ..." on the flow). */
export function flowViews(tx: Tx, flowId: number): Promise<CustomerViews> {
  return viewsWhere(tx, and(eq(customerView.flowId, flowId), eq(customerView.kind, 'flow')));
}

/** A document's opens by the customer and every answer they gave, with its evidence (staff). */
export async function documentActivity(tx: Tx, kind: DocumentKind, id: number): Promise<CustomerActivity> {
  const [d] = await tx
    .select({ id: salesDocument.id })
    .from(salesDocument)
    .where(and(eq(salesDocument.id, id), eq(salesDocument.kind, kind), isNull(salesDocument.deletedAt)));
  if (!d) throw notFound(DOCUMENT_TEXTS.notFound(kind));
  const rows = await tx
    .select()
    .from(documentResponse)
    .where(eq(documentResponse.documentId, id))
    .orderBy(asc(documentResponse.version));
  return {
    views: await viewsWhere(tx, eq(customerView.documentId, id)),
    responses: rows.map((r) => ({
      ...responseFacts(r),
      id: r.id,
      signature_url: r.signatureFileId !== null ? `/api/${kind}/${id}/signature/${r.id}` : null,
      signed_pdf_url: r.action === 'approved' ? `/api/${kind}/${id}/signedpdf/${r.id}` : null,
    })),
  };
}

/** One answer of a document (staff downloads of its signature and signed PDF). */
export async function findResponse(tx: Tx, kind: DocumentKind, id: number, responseId: number) {
  const [row] = await tx
    .select({ r: documentResponse })
    .from(documentResponse)
    .innerJoin(salesDocument, eq(salesDocument.id, documentResponse.documentId))
    .where(
      and(
        eq(documentResponse.id, responseId),
        eq(documentResponse.documentId, id),
        eq(salesDocument.kind, kind),
        isNull(salesDocument.deletedAt),
      ),
    );
  if (!row) throw notFound('Deze ondertekening bestaat niet.');
  return row.r;
}
