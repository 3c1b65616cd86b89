import { type ApproveByCustomer, CUSTOMER_TEXTS, type DocumentStatus, type SignableKind } from '@im/domain';
import { customerTx } from '../../platform/http/customer-link';
import { customerDocumentVersion } from '../documents';
import { announceAnswer } from './announce-answer';
import { checkSignature } from './check-signature';
import type { Answer, AnswerDeps, Facts } from './customer-document-rules';
import { ensureSignedPdf } from './ensure-signed-pdf';
import {
  checkApproval,
  lockAnswerableDocument,
  recordAnswer,
  signatureStorageKey,
  storeSignature,
} from './record-answer';

/**
 * approvebycustomer / rejectbycustomer: one answer per sent version, kept with its evidence. Approval
 * needs the drawn signature or the agreement tick; the document becomes approved or rejected, the flow
 * moves on (decision 021's mapping), the handler is notified (live), and on approval the request
 * profile's 'Goedkeuren ... door klant' mail goes to the customer. The signed PDF follows the commit.
 */
export async function answerByCustomer(
  deps: AnswerDeps,
  kind: SignableKind,
  hash: string,
  answer: Answer,
  facts: Facts,
): Promise<{ message: string; status: DocumentStatus }> {
  const { document: found, version } = await customerDocumentVersion(deps.db, kind, hash);
  const approve = answer.action === 'approved';
  const signatureInput = approve ? (answer.input as ApproveByCustomer).signature : undefined;
  const signaturePng = signatureInput ? await checkSignature(signatureInput) : null;
  let signatureKey: string | null = null;
  const result = await customerTx(deps.db, found, async (tx) => {
    const d = await lockAnswerableDocument(tx, kind, found, version);
    const agreement = approve
      ? await checkApproval(tx, kind, d, answer.input as ApproveByCustomer, signaturePng)
      : null;
    let signatureFileId: number | null = null;
    if (signaturePng) {
      signatureKey = signatureStorageKey(d, version);
      signatureFileId = await storeSignature(tx, deps.storage, d, version, signatureKey, signaturePng);
    }
    const row = await recordAnswer(tx, d, version, answer, facts, {
      fileId: signatureFileId,
      input: signatureInput,
      drawn: signaturePng !== null,
    });
    const label = await announceAnswer(tx, deps, d, answer, version.version, row.id, facts);
    return { row, agreement, label };
  }).catch(async (e) => {
    if (signatureKey) await deps.storage.delete(signatureKey).catch(() => undefined);
    throw e;
  });
  if (approve)
    await ensureSignedPdf(deps, found.companyId, result.row.id).catch((e) =>
      deps.logger.error({ err: e, responseId: result.row.id }, 'signed PDF could not be made'),
    );
  return {
    message: approve ? CUSTOMER_TEXTS.approved : CUSTOMER_TEXTS.rejected,
    status: answer.action,
  };
}
