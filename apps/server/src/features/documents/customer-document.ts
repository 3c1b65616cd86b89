import {
  CUSTOMER_DOCUMENT_ERRORS,
  type DocumentKind,
  type DocumentStatus,
  isVisibleToCustomer,
} from '@im/domain';
import { and, desc, eq } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { company } from '../../platform/db/tables/companies.schema';
import { documentType, documentVersion, salesDocument } from '../../platform/db/tables/documents.schema';
import { storedFile } from '../../platform/db/tables/files.schema';
import { flow } from '../../platform/db/tables/flows.schema';
import { AppError, notFound } from '../../platform/errors';

const HASH = /^[A-Za-z0-9_-]{16,64}$/;

/**
 * What the customer may see of a document by its hash (spec 002 section 4): not a draft or cancelled
 * one, and a sent one not when its type shows only approved documents; always the frozen version they
 * were sent. Unknown or reset hashes answer 404, a deleted document, flow or company 410, both with the
 * spec's Dutch breaking-error text. The customer pages (issue 15) expose this as getbycustomer and
 * downloadbycustomer.
 */
export async function customerDocumentVersion(db: Database, kind: DocumentKind, hash: string) {
  const texts = CUSTOMER_DOCUMENT_ERRORS[kind];
  if (!HASH.test(hash)) throw notFound(texts.notFound);
  return db.platform(async (tx) => {
    const [row] = await tx
      .select({
        d: salesDocument,
        flowDeleted: flow.deletedAt,
        companyDeleted: company.deletedAt,
        onlyApproved: documentType.onlyShowApproved,
      })
      .from(salesDocument)
      .innerJoin(company, eq(company.id, salesDocument.companyId))
      .leftJoin(flow, eq(flow.id, salesDocument.flowId))
      .leftJoin(documentType, eq(documentType.id, salesDocument.documentTypeId))
      .where(
        and(eq(salesDocument.hash, hash), eq(salesDocument.kind, kind), eq(salesDocument.isTemplate, false)),
      );
    if (!row) throw notFound(texts.notFound);
    if (row.d.deletedAt || row.flowDeleted || row.companyDeleted) throw new AppError('gone', texts.gone);
    if (!isVisibleToCustomer(row.d.status as DocumentStatus, row.onlyApproved ?? false))
      throw notFound(texts.notFound);
    const [version] = await tx
      .select({ v: documentVersion, pdf: storedFile })
      .from(documentVersion)
      .leftJoin(storedFile, eq(storedFile.id, documentVersion.pdfFileId))
      .where(eq(documentVersion.documentId, row.d.id))
      .orderBy(desc(documentVersion.version))
      .limit(1);
    if (!version) throw notFound(texts.notFound);
    return { document: row.d, version: version.v, pdf: version.pdf };
  });
}
