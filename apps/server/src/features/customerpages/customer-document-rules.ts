// What the customer's document pages share: the document and answer rows, the link's expiry, the signature rule.
import {
  type ApproveByCustomer,
  amsterdamDay,
  approvalNeedsSignature,
  CUSTOMER_DOCUMENT_ERRORS,
  type DocumentKind,
  type RejectByCustomer,
  type SignableKind,
} from '@im/domain';
import { eq } from 'drizzle-orm';
import type { Database, Tx } from '../../platform/db/database';
import { companySettings } from '../../platform/db/tables/companies.schema';
import { documentResponse } from '../../platform/db/tables/customerpages.schema';
import { documentType, type salesDocument } from '../../platform/db/tables/documents.schema';
import { AppError } from '../../platform/errors';
import type { FileStorage } from '../../platform/files/storage';
import type { clientFacts } from '../../platform/http/customer-link';
import type { Logger } from '../../platform/logger';
import type { Mailer } from '../../platform/mail/mailer';
import type { PdfService } from '../../platform/pdf/pdf-service';

export type Facts = ReturnType<typeof clientFacts>;
export type Doc = typeof salesDocument.$inferSelect;
export type ResponseRow = typeof documentResponse.$inferSelect;

/** A link of a kind the company lets expire after the document's end date answers 410 ('niet meer beschikbaar'). */
export async function assertNotExpiredLink(tx: Tx, d: Doc): Promise<void> {
  if (!d.enddate || String(d.enddate).slice(0, 10) >= amsterdamDay(new Date())) return;
  const [s] = await tx
    .select({ expiry: companySettings.customerLinkExpiry })
    .from(companySettings)
    .where(eq(companySettings.companyId, d.companyId));
  if (s?.expiry.includes(d.kind))
    throw new AppError('gone', CUSTOMER_DOCUMENT_ERRORS[d.kind as DocumentKind].gone);
}

/** Whether approving this document needs a drawn signature (company setting, document type). */
export async function needsSignature(tx: Tx, d: Doc): Promise<boolean> {
  const [s] = await tx
    .select({ required: companySettings.confirmationApprovalSignature })
    .from(companySettings)
    .where(eq(companySettings.companyId, d.companyId));
  const [t] =
    d.documentTypeId === null
      ? []
      : await tx
          .select({ required: documentType.approvalSignature })
          .from(documentType)
          .where(eq(documentType.id, d.documentTypeId));
  return approvalNeedsSignature(d.kind as SignableKind, s?.required ?? false, t?.required ?? false);
}

export const isExpired = (d: Doc) =>
  d.status === 'expired' ||
  (d.kind === 'quotation' && d.enddate !== null && String(d.enddate).slice(0, 10) < amsterdamDay(new Date()));

export async function responseOf(tx: Tx, versionId: number): Promise<ResponseRow | null> {
  const [r] = await tx.select().from(documentResponse).where(eq(documentResponse.versionId, versionId));
  return r ?? null;
}

export interface AnswerDeps {
  db: Database;
  storage: FileStorage;
  mailer: Mailer;
  pdf: PdfService;
  logger: Logger;
  appUrl: string;
}

/** A customer's answer: approval (with a signature or the agreement tick) or rejection. */
export type Answer =
  | { action: 'approved'; input: ApproveByCustomer & { signername: string } }
  | { action: 'rejected'; input: RejectByCustomer & { signername: string } };
