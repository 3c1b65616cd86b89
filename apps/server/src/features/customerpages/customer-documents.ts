import {
  AGREEMENT_MESSAGES,
  CUSTOMER_DOCUMENT_ERRORS,
  type CustomerDocument,
  type CustomerResponse,
  DOCUMENT_KIND_LABELS,
  DOCUMENT_STATUS_LABELS,
  type DocumentStatus,
  type SignableKind,
} from '@im/domain';
import { eq } from 'drizzle-orm';
import type { Database, Tx } from '../../platform/db/database';
import { flow } from '../../platform/db/tables/flows.schema';
import { notFound } from '../../platform/errors';
import type { FileStorage } from '../../platform/files/storage';
import { customerCompany } from '../../platform/http/customer-company';
import { customerTx, recordView } from '../../platform/http/customer-link';
import { customerDocumentVersion, loadAttachments } from '../documents';
import {
  type AnswerDeps,
  assertNotExpiredLink,
  isExpired,
  needsSignature,
  type ResponseRow,
  responseOf,
} from './customer-document-rules';
import { ensureSignedPdf } from './ensure-signed-pdf';

/** The facts of an answer, as the customer and staff both see them (staff add their own links). */
export function responseFacts(r: ResponseRow): Omit<CustomerResponse, 'signed_pdf_url'> {
  return {
    action: r.action as 'approved' | 'rejected',
    version: r.version,
    signername: r.signername,
    signatory_name: r.signatoryName,
    location: r.location,
    additional_message: r.additionalMessage,
    signature_type: r.signatureType,
    has_signature: r.signatureFileId !== null,
    ip_address: r.ipAddress,
    user_agent: r.userAgent,
    html_sha256: r.htmlSha256,
    pdf_sha256: r.pdfSha256,
    created_at: r.createdAt.toISOString(),
  };
}

function responseDto(r: ResponseRow, hash: string, kind: string): CustomerResponse {
  return {
    ...responseFacts(r),
    signed_pdf_url:
      r.action === 'approved' ? `/api/${kind}/${encodeURIComponent(hash)}/downloadsignedbycustomer` : null,
  };
}

async function flowHashOf(tx: Tx, flowId: number | null): Promise<string | null> {
  if (flowId === null) return null;
  const [f] = await tx.select({ hash: flow.hash }).from(flow).where(eq(flow.id, flowId));
  return f?.hash ?? null;
}

/** GET /api/{kind}/{hash}/getbycustomer: the version they were sent; every open is recorded. */
export async function customerDocument(
  db: Database,
  kind: SignableKind,
  hash: string,
  preview = false,
): Promise<CustomerDocument> {
  const { document: d, version, pdf } = await customerDocumentVersion(db, kind, hash);
  return customerTx(db, d, async (tx) => {
    await assertNotExpiredLink(tx, d);
    if (!preview) await recordView(tx, { kind, flowId: d.flowId, documentId: d.id });
    const response = await responseOf(tx, version.id);
    const signature = await needsSignature(tx, d);
    const flowHash = await flowHashOf(tx, d.flowId);
    const attachments = await loadAttachments(tx, d.id);
    const status = d.status as DocumentStatus;
    return {
      kind,
      number: d.number,
      title: d.title,
      status,
      status_label: DOCUMENT_STATUS_LABELS[status],
      documentdate: d.documentdate === null ? null : String(d.documentdate).slice(0, 10),
      enddate: d.enddate === null ? null : String(d.enddate).slice(0, 10),
      version: version.version,
      html: version.html,
      has_pdf: pdf !== null,
      flow_hash: flowHash,
      company: await customerCompany(tx, d.companyId, flowHash),
      attachments: attachments.map((a) => ({
        id: a.id,
        filename: a.filename,
        url: `/api/attachment/${a.id}/getbycustomer?hash=${encodeURIComponent(hash)}`,
      })),
      approval: {
        open: status === 'sent' && response === null && !isExpired(d),
        needs_signature: signature,
        agreement_message: AGREEMENT_MESSAGES[kind][signature ? 'signature' : 'agreement'],
      },
      response: response ? responseDto(response, hash, kind) : null,
    };
  });
}

/** The latest approval of a document by its hash (the customer's signed PDF). */
export async function customerSignedPdf(
  deps: Pick<AnswerDeps, 'db' | 'storage' | 'pdf'>,
  kind: SignableKind,
  hash: string,
) {
  const { document: d, version } = await customerDocumentVersion(deps.db, kind, hash);
  const r = await customerTx(deps.db, d, (tx) => responseOf(tx, version.id));
  if (r?.action !== 'approved') throw notFound(CUSTOMER_DOCUMENT_ERRORS[kind].notFound);
  const file = await ensureSignedPdf(deps, d.companyId, r.id);
  const stream = file ? await deps.storage.get(file.storageKey) : null;
  if (!file || !stream) throw notFound('Er is (nog) geen ondertekende PDF.');
  return { stream, filename: file.filename };
}

/** downloadbycustomer: the PDF of the version they were sent. */
export async function customerDocumentPdf(
  db: Database,
  storage: FileStorage,
  kind: SignableKind,
  hash: string,
) {
  const { pdf } = await customerDocumentVersion(db, kind, hash);
  const stream = pdf ? await storage.get(pdf.storageKey) : null;
  if (!pdf || !stream) throw notFound(`${DOCUMENT_KIND_LABELS[kind].one} heeft geen PDF.`);
  return { stream, filename: pdf.filename };
}
