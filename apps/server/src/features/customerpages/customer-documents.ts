// The customer's quotation, confirmation and document pages (spec 002 sections 2-8): the frozen version
// they were sent, their approval or rejection with its evidence, and the signed PDF (decision 024).
import { Readable } from 'node:stream';
import {
  AGREEMENT_MESSAGES,
  type ApproveByCustomer,
  amsterdamDay,
  approvalNeedsSignature,
  CUSTOMER_DOCUMENT_ERRORS,
  CUSTOMER_TEXTS,
  type CustomerDocument,
  type CustomerResponse,
  DOCUMENT_KIND_LABELS,
  DOCUMENT_STATUS_LABELS,
  type DocumentKind,
  type DocumentStatus,
  documentMailTemplateType,
  type RejectByCustomer,
  renderMergeTags,
  type SignableKind,
  signaturePageFooter,
  signaturePageHtml,
} from '@im/domain';
import { and, desc, eq } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import type { Database, Tx } from '../../platform/db/database';
import { companySettings } from '../../platform/db/tables/companies.schema';
import { documentResponse } from '../../platform/db/tables/customerpages.schema';
import { documentType, documentVersion, salesDocument } from '../../platform/db/tables/documents.schema';
import { storedFile } from '../../platform/db/tables/files.schema';
import { flow } from '../../platform/db/tables/flows.schema';
import { relation } from '../../platform/db/tables/relations.schema';
import { AppError, conflict, notFound, validationError } from '../../platform/errors';
import type { FileStorage } from '../../platform/files/storage';
import { customerCompany } from '../../platform/http/customer-company';
import { type clientFacts, customerTx, recordView } from '../../platform/http/customer-link';
import type { Logger } from '../../platform/logger';
import type { Mailer } from '../../platform/mail/mailer';
import type { PdfService } from '../../platform/pdf/pdf-service';
import {
  customerDocumentVersion,
  documentMergeData,
  followFlow,
  kindLabel,
  loadAttachments,
  logDocument,
  sha256,
} from '../documents';
import { queueFlowMail, standardMailTemplate } from '../mailtemplates';
import { notify } from '../notifications';

type Facts = ReturnType<typeof clientFacts>;
type Doc = typeof salesDocument.$inferSelect;
type ResponseRow = typeof documentResponse.$inferSelect;

/** A link of a kind the company lets expire after the document's end date answers 410 ('niet meer beschikbaar'). */
async function assertNotExpiredLink(tx: Tx, d: Doc): Promise<void> {
  if (!d.enddate || String(d.enddate).slice(0, 10) >= amsterdamDay(new Date())) return;
  const [s] = await tx
    .select({ expiry: companySettings.customerLinkExpiry })
    .from(companySettings)
    .where(eq(companySettings.companyId, d.companyId));
  if (s?.expiry.includes(d.kind))
    throw new AppError('gone', CUSTOMER_DOCUMENT_ERRORS[d.kind as DocumentKind].gone);
}

/** Whether approving this document needs a drawn signature (company setting, document type). */
async function needsSignature(tx: Tx, d: Doc): Promise<boolean> {
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

const isExpired = (d: Doc) =>
  d.status === 'expired' ||
  (d.kind === 'quotation' && d.enddate !== null && String(d.enddate).slice(0, 10) < amsterdamDay(new Date()));

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

async function responseOf(tx: Tx, versionId: number): Promise<ResponseRow | null> {
  const [r] = await tx.select().from(documentResponse).where(eq(documentResponse.versionId, versionId));
  return r ?? null;
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

/** Smallest signature we accept: this many inked pixels (a dot or an empty pad is refused). */
const MIN_INK_PIXELS = 150;
const MAX_SIGNATURE_SIDE = 4000;

/** The drawn signature as PNG bytes; blank, near-blank or not a PNG answers 422. */
export async function checkSignature(dataUrl: string): Promise<Buffer> {
  const bytes = Buffer.from(dataUrl.replace(/^data:image\/png;base64,/, ''), 'base64');
  const invalid = () =>
    validationError(CUSTOMER_TEXTS.signatureInvalid, { signature: [CUSTOMER_TEXTS.signatureInvalid] });
  if (bytes.length < 8 || bytes.subarray(0, 8).toString('hex') !== '89504e470d0a1a0a') throw invalid();
  let raw: { data: Buffer; info: { channels: number } };
  try {
    const meta = await sharp(bytes).metadata();
    if (!meta.width || !meta.height || meta.width > MAX_SIGNATURE_SIDE || meta.height > MAX_SIGNATURE_SIDE)
      throw invalid();
    raw = await sharp(bytes).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  } catch (e) {
    if (e instanceof AppError) throw e;
    throw invalid();
  }
  const { data, info } = raw;
  let ink = 0;
  for (let i = 0; i < data.length; i += info.channels) {
    const alpha = data[i + 3]!;
    const luminance = 0.299 * data[i]! + 0.587 * data[i + 1]! + 0.114 * data[i + 2]!;
    if (alpha > 64 && luminance < 160) ink += 1;
  }
  if (ink < MIN_INK_PIXELS)
    throw validationError(CUSTOMER_TEXTS.signatureBlank, { signature: [CUSTOMER_TEXTS.signatureBlank] });
  return bytes;
}

export interface AnswerDeps {
  db: Database;
  storage: FileStorage;
  mailer: Mailer;
  pdf: PdfService;
  logger: Logger;
  appUrl: string;
}

type Answer =
  | { action: 'approved'; input: ApproveByCustomer & { signername: string } }
  | { action: 'rejected'; input: RejectByCustomer & { signername: string } };

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

    let agreement: string | null = null;
    if (approve) {
      const input = answer.input as ApproveByCustomer;
      const signature = await needsSignature(tx, d);
      agreement = AGREEMENT_MESSAGES[kind][signature ? 'signature' : 'agreement'];
      if (signature && !signaturePng)
        throw validationError(CUSTOMER_TEXTS.signatureRequired, {
          signature: [CUSTOMER_TEXTS.signatureRequired],
        });
      if (!signature && !signaturePng && !input.agreeswithoffer)
        throw validationError(agreement, { agreeswithoffer: [agreement] });
    }
    let signatureFileId: number | null = null;
    if (signaturePng) {
      signatureKey = `companies/${d.companyId}/signatures/${d.hash.slice(0, 8)}-${version.version}-${Date.now()}.png`;
      await deps.storage.put(signatureKey, Readable.from([signaturePng]));
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
      signatureFileId = file!.id;
    }
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
        signatureFileId,
        signatureType: signaturePng
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
        signature: signatureInput ?? null,
        signatureType: row!.signatureType,
        updatedAt: now,
      })
      .where(eq(salesDocument.id, d.id));
    const label = await kindLabel(tx, d);
    await logDocument(
      tx,
      d,
      'status',
      `${label} ${approve ? 'goedgekeurd' : 'afgekeurd'} door klant (${answer.input.signername})`,
      { status: [d.status, answer.action], version: version.version, response_id: row!.id },
    );
    await followFlow(tx, d, answer.action);
    await notifyHandler(tx, d, label, answer.action, answer.input.signername);
    if (approve) await approvalMail(tx, deps, d, facts);
    return { row: row!, agreement, label };
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

async function notifyHandler(tx: Tx, d: Doc, label: string, action: 'approved' | 'rejected', name: string) {
  if (d.flowId === null) return;
  const [f] = await tx
    .select({ userId: flow.userId, officeUserId: flow.officeUserId, number: flow.number })
    .from(flow)
    .where(eq(flow.id, d.flowId));
  if (!f) return;
  const content =
    `${label} ${d.number ?? ''} ${action === 'approved' ? 'goedgekeurd' : 'afgekeurd'} door ${name} (dossier ${f.number})`.replace(
      /\s+/g,
      ' ',
    );
  await notify(
    tx,
    [f.userId, f.officeUserId]
      .filter((id): id is number => id !== null)
      .map((userId) => ({
        userId,
        notifiableType: d.kind === 'quotation' ? ('quotation' as const) : ('flow' as const),
        notifiableId: d.kind === 'quotation' ? d.id : d.flowId!,
        flowId: d.flowId,
        content,
      })),
  );
}

/** The request profile's 'Goedkeuren ... door klant' mail to the customer, when the company has one. */
async function approvalMail(tx: Tx, deps: AnswerDeps, d: Doc, _facts: Facts) {
  if (d.flowId === null || d.relationId === null) return;
  const type =
    d.kind === 'quotation'
      ? 'approvequotationbycustomer'
      : d.kind === 'confirmation'
        ? 'approveconfirmationbycustomer'
        : d.documentTypeId !== null
          ? documentMailTemplateType('approve', d.documentTypeId)
          : null;
  if (!type) return;
  const [template] = await standardMailTemplate(tx, d.flowId, type);
  if (!template) return;
  const [rel] = await tx
    .select({ email: relation.email })
    .from(relation)
    .where(eq(relation.id, d.relationId));
  if (!rel?.email) return;
  const [f] = await tx.select({ userId: flow.userId }).from(flow).where(eq(flow.id, d.flowId));
  const data = await documentMergeData(tx, d, f?.userId ?? null, deps.appUrl);
  await queueFlowMail(tx, deps.mailer, {
    flowId: d.flowId,
    companyId: d.companyId,
    userId: f?.userId ?? null,
    to: rel.email,
    subject: renderMergeTags(template.subject, data, { html: false }).slice(0, 300),
    html: renderMergeTags(template.message, data, { html: true }),
    files: [],
    templateId: template.id,
  });
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(Buffer.isBuffer(c) ? c : Buffer.from(c));
  return Buffer.concat(chunks);
}

/**
 * The signed PDF of an approval: the exact PDF that was sent, with a signature page added (who, where,
 * when, address, browser, SHA-256 of what was shown). Made once, right after approval, or on the first
 * download when that failed; null without a PDF renderer or a sent PDF.
 */
export async function ensureSignedPdf(
  deps: Pick<AnswerDeps, 'db' | 'storage' | 'pdf'>,
  companyId: number,
  responseId: number,
): Promise<typeof storedFile.$inferSelect | null> {
  const ctx = { companyId };
  const loaded = await customerTx(deps.db, ctx, async (tx) => {
    const [r] = await tx.select().from(documentResponse).where(eq(documentResponse.id, responseId));
    if (r?.action !== 'approved') return null;
    if (r.signedPdfFileId !== null) {
      const [file] = await tx.select().from(storedFile).where(eq(storedFile.id, r.signedPdfFileId));
      if (file) return { done: file } as const;
    }
    const [v] = await tx
      .select({ v: documentVersion, pdf: storedFile })
      .from(documentVersion)
      .leftJoin(storedFile, eq(storedFile.id, documentVersion.pdfFileId))
      .where(eq(documentVersion.id, r.versionId));
    const [d] = await tx.select().from(salesDocument).where(eq(salesDocument.id, r.documentId));
    const [sig] = r.signatureFileId
      ? await tx.select().from(storedFile).where(eq(storedFile.id, r.signatureFileId))
      : [];
    if (!v || !d) return null;
    const label = await kindLabel(tx, d);
    const co = await customerCompany(tx, d.companyId, null);
    return { r, pdf: v.pdf, html: v.v.html, d, sig: sig ?? null, label, company: co.name } as const;
  });
  if (!loaded) return null;
  if ('done' in loaded) return loaded.done ?? null;
  if (!deps.pdf.available) return null;
  const { r, pdf, html, d, sig, label, company } = loaded;
  // The PDF that was sent; a version sent without one (no renderer at the time) is its frozen HTML, rendered now.
  const stored = pdf ? await deps.storage.get(pdf.storageKey) : null;
  if (pdf && !stored) return null;
  const original = stored ? await readAll(stored) : await deps.pdf.render({ html });
  const signature = sig ? await deps.storage.get(sig.storageKey) : null;
  const signatureUrl = signature
    ? `data:image/png;base64,${(await readAll(signature)).toString('base64')}`
    : null;
  const title = `${label} ${d.number ?? ''} ${d.title}`.trim();
  const page = await deps.pdf.render({
    footerHtml: signaturePageFooter(title),
    html: signaturePageHtml({
      title,
      company,
      action: 'approved',
      signername: r.signername,
      signatory_name: r.signatoryName,
      location: r.location,
      additional_message: r.additionalMessage,
      signature: signatureUrl,
      agreement_message:
        r.signatureType === 'agreement' ? AGREEMENT_MESSAGES[d.kind as SignableKind].agreement : null,
      signed_at: r.createdAt,
      ip_address: r.ipAddress,
      user_agent: r.userAgent,
      version: r.version,
      html_sha256: r.htmlSha256,
      pdf_sha256: r.pdfSha256,
    }),
  });
  const merged = await PDFDocument.load(original);
  const extra = await PDFDocument.load(page);
  for (const p of await merged.copyPages(extra, extra.getPageIndices())) merged.addPage(p);
  merged.setTitle(`${label} ${d.number ?? ''} (ondertekend)`.replace(/\s+\(/, ' ('));
  merged.setProducer('Installatiemanager');
  const bytes = Buffer.from(await merged.save());
  const key = `companies/${companyId}/signedpdfs/${d.hash.slice(0, 8)}-${r.version}-${sha256(bytes).slice(0, 16)}.pdf`;
  await deps.storage.put(key, Readable.from([bytes]));
  return customerTx(deps.db, ctx, async (tx) => {
    const [file] = await tx
      .insert(storedFile)
      .values({
        storageKey: key,
        filename: `${(pdf?.filename ?? `${label} ${d.number ?? d.id}`).replace(/\.pdf$/i, '')} (ondertekend).pdf`,
        mimeType: 'application/pdf',
        size: bytes.length,
        purpose: 'signedpdf',
        ownerType: 'sales_document',
        ownerId: d.id,
      })
      .returning();
    await tx
      .update(documentResponse)
      .set({ signedPdfFileId: file!.id, signedPdfSha256: sha256(bytes) })
      .where(and(eq(documentResponse.id, r.id)));
    return file!;
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
