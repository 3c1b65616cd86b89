// The steps of a customer's answer inside its transaction (answerByCustomer): the document must still
// be open for this version, an approval must carry what it needs, then the signature and the answer are stored.
import { Readable } from 'node:stream';
import {
  AGREEMENT_MESSAGES,
  type ApproveByCustomer,
  CUSTOMER_DOCUMENT_ERRORS,
  CUSTOMER_TEXTS,
  type SignableKind,
} from '@im/domain';
import { desc, eq } from 'drizzle-orm';
import type { Tx } from '../../platform/db/database';
import { documentResponse } from '../../platform/db/tables/customerpages.schema';
import { documentVersion, salesDocument } from '../../platform/db/tables/documents.schema';
import { storedFile } from '../../platform/db/tables/files.schema';
import { AppError, conflict, validationError } from '../../platform/errors';
import type { FileStorage } from '../../platform/files/storage';
import type { customerDocumentVersion } from '../documents';
import {
  type Answer,
  assertNotExpiredLink,
  type Doc,
  type Facts,
  isExpired,
  needsSignature,
  responseOf,
} from './customer-document-rules';

export type SentVersion = Awaited<ReturnType<typeof customerDocumentVersion>>['version'];

/** The document, locked, while this version is its latest, unanswered and open for an answer. */
export async function lockAnswerableDocument(
  tx: Tx,
  kind: SignableKind,
  found: Doc,
  version: SentVersion,
): Promise<Doc> {
  await assertNotExpiredLink(tx, found);
  const [d] = await tx.select().from(salesDocument).where(eq(salesDocument.id, found.id)).for('update');
  if (!d || d.deletedAt) throw new AppError('gone', CUSTOMER_DOCUMENT_ERRORS[kind].gone);
  const [latest] = await tx
    .select({ id: documentVersion.id })
    .from(documentVersion)
    .where(eq(documentVersion.documentId, d.id))
    .orderBy(desc(documentVersion.version))
    .limit(1);
  if (latest?.id !== version.id || (await responseOf(tx, version.id)))
    throw conflict(CUSTOMER_TEXTS.alreadyAnswered);
  if (d.status === 'approved') throw conflict(CUSTOMER_TEXTS.alreadyApproved);
  if (d.status === 'rejected') throw conflict(CUSTOMER_TEXTS.alreadyRejected);
  if (isExpired(d)) throw conflict(CUSTOMER_TEXTS.expired);
  if (d.status !== 'sent') throw conflict(CUSTOMER_TEXTS.notOpenForApproval);
  return d;
}

/** An approval needs the drawn signature or the agreement tick; answers the agreement message. */
export async function checkApproval(
  tx: Tx,
  kind: SignableKind,
  d: Doc,
  input: ApproveByCustomer,
  signaturePng: Buffer | null,
): Promise<string> {
  const signature = await needsSignature(tx, d);
  const agreement = AGREEMENT_MESSAGES[kind][signature ? 'signature' : 'agreement'];
  if (signature && !signaturePng)
    throw validationError(CUSTOMER_TEXTS.signatureRequired, {
      signature: [CUSTOMER_TEXTS.signatureRequired],
    });
  if (!signature && !signaturePng && !input.agreeswithoffer)
    throw validationError(agreement, { agreeswithoffer: [agreement] });
  return agreement;
}

/** Where the drawn signature of this version is stored. */
export function signatureStorageKey(d: Doc, version: SentVersion): string {
  return `companies/${d.companyId}/signatures/${d.hash.slice(0, 8)}-${version.version}-${Date.now()}.png`;
}

/** Stores the drawn signature under the key and records it as the document's file; answers the file id. */
export async function storeSignature(
  tx: Tx,
  storage: FileStorage,
  d: Doc,
  version: SentVersion,
  signatureKey: string,
  signaturePng: Buffer,
): Promise<number> {
  await storage.put(signatureKey, Readable.from([signaturePng]));
  const [file] = await tx
    .insert(storedFile)
    .values({
      storageKey: signatureKey,
      filename: `handtekening-${d.number ?? d.id}-v${version.version}.png`,
      mimeType: 'image/png',
      size: signaturePng.length,
      purpose: 'signature',
      ownerType: 'sales_document',
      ownerId: d.id,
    })
    .returning({ id: storedFile.id });
  return file!.id;
}

/** The answer with its evidence (one per version), and the document approved or rejected. */
export async function recordAnswer(
  tx: Tx,
  d: Doc,
  version: SentVersion,
  answer: Answer,
  facts: Facts,
  signature: { fileId: number | null; input: ApproveByCustomer['signature'] | undefined; drawn: boolean },
) {
  const approve = answer.action === 'approved';
  const approveInput = approve ? (answer.input as ApproveByCustomer) : null;
  const location = approveInput?.location || approveInput?.signerplace || '';
  const [row] = await tx
    .insert(documentResponse)
    .values({
      documentId: d.id,
      versionId: version.id,
      version: version.version,
      action: answer.action,
      signername: answer.input.signername,
      signatoryName: approveInput?.signatory_name ?? '',
      location,
      additionalMessage: answer.input.additional_message ?? '',
      signatureFileId: signature.fileId,
      signatureType: signature.drawn
        ? (approveInput?.signature_type ?? 'drawn')
        : approve
          ? 'agreement'
          : null,
      ipAddress: facts.ipAddress,
      userAgent: facts.userAgent,
      htmlSha256: version.htmlSha256,
      pdfSha256: version.pdfSha256,
    })
    .returning();
  const now = new Date();
  await tx
    .update(salesDocument)
    .set({
      status: answer.action,
      ...(approve ? { dateApproved: now } : { dateRejected: now }),
      signername: answer.input.signername,
      signatoryName: approveInput?.signatory_name ?? null,
      location: location || null,
      additionalMessage: answer.input.additional_message ?? null,
      signature: signature.input ?? null,
      signatureType: row!.signatureType,
      updatedAt: now,
    })
    .where(eq(salesDocument.id, d.id));
  return row!;
}
