import {
  checkMergeTags,
  DOCUMENT_KIND_LABELS,
  DOCUMENT_TEXTS,
  type DocumentKind,
  type DocumentMailDraft,
  defuseLiquid,
  documentMailTemplateType,
  renderDocument,
  renderMergeTags,
  type SalesDocument,
  SEND_MAIL_TEMPLATE_TYPE,
  type zSendDocument,
} from '@im/domain';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database, Tx } from '../../platform/db/database';
import { documentVersion, salesDocument } from '../../platform/db/tables/documents.schema';
import { storedFile } from '../../platform/db/tables/files.schema';
import { mailTemplate } from '../../platform/db/tables/mailtemplates.schema';
import { relation } from '../../platform/db/tables/relations.schema';
import { conflict, validationError } from '../../platform/errors';
import type { FileStorage } from '../../platform/files/storage';
import { sanitizeHtml } from '../../platform/html/sanitize';
import type { Mailer } from '../../platform/mail/mailer';
import type { PdfService } from '../../platform/pdf/pdf-service';
import { markCalculationSent } from '../calculations';
import { queueFlowMail, standardMailTemplate, templateFiles } from '../mailtemplates';
import { logDocument } from './create-document';
import {
  ATTACHMENT,
  DOCUMENT_OWNER,
  type DocumentRecord,
  documentLabel,
  findDocument,
  loadAttachments,
  loadDocument,
} from './document-dto';
import { documentKind } from './document-kinds';
import { followFlow } from './follow-flow';
import { frozenVersion, storedBytes } from './frozen-version';
import { documentMergeData, kindLabel } from './merge-data';
import { pdfFilename, type RenderContext, renderInput, sha256 } from './render-document';

async function chosenTemplate(tx: Tx, doc: DocumentRecord, templateId: number | undefined | null) {
  if (templateId !== undefined && templateId !== null) {
    const [t] = await tx.select().from(mailTemplate).where(eq(mailTemplate.id, templateId));
    if (!t)
      throw validationError(DOCUMENT_TEXTS.templateNotFound, {
        mailtemplate_id: [DOCUMENT_TEXTS.templateNotFound],
      });
    return t;
  }
  // A document is sent with its type's template ('Versturen {document type}').
  const type =
    doc.kind === 'document' && doc.documentTypeId !== null
      ? documentMailTemplateType('send', doc.documentTypeId)
      : SEND_MAIL_TEMPLATE_TYPE[doc.kind as DocumentKind];
  if (!type || doc.flowId === null) return null;
  const [t] = await standardMailTemplate(tx, doc.flowId, type);
  return t ?? null;
}

/** getForSendingEmail: to the relation, subject and message from the request profile's template of the kind. */
export async function mailDraft(
  tx: Tx,
  kind: DocumentKind,
  id: number,
  templateId: number | undefined,
  ctx: RenderContext & { senderId: number },
): Promise<DocumentMailDraft> {
  const doc = await findDocument(tx, kind, id);
  if (doc.isTemplate) throw conflict(DOCUMENT_TEXTS.templateNotSendable);
  const template = await chosenTemplate(tx, doc, templateId);
  const data = await documentMergeData(tx, doc, ctx.senderId, ctx.appUrl, { numberAtSending: true });
  const [rel] =
    doc.relationId !== null
      ? await tx.select({ email: relation.email }).from(relation).where(eq(relation.id, doc.relationId))
      : [];
  const label = await kindLabel(tx, doc);
  // The title is data: the subject is filled in again when it is sent (an invoice's number only then).
  const pendingNumber = doc.kind === 'invoice' && doc.number === null;
  const fallbackSubject =
    `${defuseLiquid(label)} ${pendingNumber ? '{{ document.nummer }}' : (doc.number ?? '')} - ${defuseLiquid(doc.title)}`.trim();
  const fallbackMessage = `<p>Beste ${'{{ relatie.naam }}'},</p><p>Hierbij ontvangt u ${DOCUMENT_KIND_LABELS[kind].the} ${'{{ document.nummer }}'}. U kunt deze bekijken en ondertekenen via <a href="{{ document.link }}">deze link</a>.</p><p>Met vriendelijke groet,<br>{{ gebruiker.naam }}<br>{{ bedrijf.naam }}</p>`;
  const templates = await tx
    .select({
      id: mailTemplate.id,
      description: mailTemplate.description,
      template_type: mailTemplate.templateType,
    })
    .from(mailTemplate)
    .orderBy(asc(mailTemplate.description), asc(mailTemplate.id));
  const customerName =
    (
      await tx
        .select({ n: relation.fullname })
        .from(relation)
        .where(eq(relation.id, doc.relationId ?? 0))
    )[0]?.n ?? null;
  return {
    to_email: rel?.email ?? '',
    subject: template ? renderMergeTags(template.subject, data, { html: false }) : fallbackSubject,
    message: renderMergeTags(template ? template.message : fallbackMessage, data, { html: true }),
    sendpdf: true,
    sendattachments: true,
    mailtemplate_id: template?.id ?? null,
    mailtemplates: templates,
    attachments: await loadAttachments(tx, doc.id),
    pdf_filename: pdfFilename(doc, label, customerName),
  };
}

export interface SendDeps {
  db: Database;
  storage: FileStorage;
  pdf: PdfService;
  mailer: Mailer;
  config: { DB_LOCK_TIMEOUT_MS: number };
}

/**
 * A sending waits for the document's and the invoice counter's lock at most DB_LOCK_TIMEOUT_MS, then
 * answers 503 (PostgreSQL 55P03), rather than hanging behind a stopped process (decision 034).
 */
const limitLockWait = (tx: Tx, deps: SendDeps) =>
  tx.execute(sql`select set_config('lock_timeout', ${`${deps.config.DB_LOCK_TIMEOUT_MS}ms`}, true)`);

type SendInput = z.infer<typeof zSendDocument>;

/**
 * Sends a document (or marks it sent): the HTML and PDF are rendered first, outside any lock; then
 * one transaction checks nothing changed meanwhile, freezes that version (HTML, PDF, SHA-256),
 * moves the document to sent with its send date, and queues the mail with the PDF.
 */
export async function sendDocument(
  deps: SendDeps,
  actor: { companyId: number; userId: number; impersonatorUserId: number | null },
  kind: DocumentKind,
  id: number,
  input: SendInput,
  ctx: RenderContext & { senderId: number },
): Promise<SalesDocument> {
  if (!input.dontsentbutmarksent)
    for (const [field, text] of [
      ['subject', input.subject],
      ['message', input.message],
    ] as const) {
      const problem = checkMergeTags(text);
      if (problem) throw validationError(problem, { [field]: [problem] });
    }
  if (kind === 'invoice') return sendInvoice(deps, actor, id, input, ctx);
  const prepared = await deps.db.tenant(actor, async (tx) => {
    const doc = await findDocument(tx, kind, id);
    if (doc.isTemplate) throw conflict(DOCUMENT_TEXTS.templateNotSendable);
    if (doc.status === 'cancelled') throw conflict(DOCUMENT_TEXTS.cancelledNotSendable);
    // One prepared input serves both: the renderer alone decides what differs for the PDF.
    const { input } = await renderInput(tx, doc, 'web', ctx);
    const web = renderDocument(input);
    const pdf = renderDocument({ ...input, target: 'pdf' });
    return { doc, web, pdf, filename: pdfFilename(doc, input.kind_label, input.customer?.name ?? null) };
  });
  const wantsPdf = deps.pdf.available || (!input.dontsentbutmarksent && input.sendpdf);
  const pdfBytes = wantsPdf
    ? await deps.pdf.render({
        html: prepared.pdf.html,
        headerHtml: prepared.pdf.header_html || undefined,
        footerHtml: prepared.pdf.footer_html,
      })
    : null;
  const pdfKey = pdfBytes
    ? `companies/${actor.companyId}/documentpdfs/${prepared.doc.hash.slice(0, 8)}-${Date.now()}-${sha256(pdfBytes).slice(0, 16)}.pdf`
    : null;
  if (pdfKey && pdfBytes) {
    const { Readable } = await import('node:stream');
    await deps.storage.put(pdfKey, Readable.from([pdfBytes]));
  }
  try {
    return await deps.db.tenant(actor, async (tx) => {
      await limitLockWait(tx, deps);
      const doc = await findDocument(tx, kind, id, { lock: true });
      if (doc.updatedAt.getTime() !== prepared.doc.updatedAt.getTime() || doc.status === 'cancelled')
        throw conflict(DOCUMENT_TEXTS.changedMeanwhile);
      await finishSending(
        tx,
        deps,
        actor,
        doc,
        { ...prepared, pdfBytes, pdfKey, einvoice: null },
        input,
        ctx,
      );
      return loadDocument(tx, doc.id);
    });
  } catch (err) {
    if (pdfKey) await deps.storage.delete(pdfKey);
    throw err;
  }
}

type StoredFile = typeof storedFile.$inferSelect;

interface Rendered {
  web: { html: string };
  filename: string;
  /** A PDF rendered now and put in the storage under `pdfKey`; its file row is made here. */
  pdfBytes: Buffer | null;
  pdfKey: string | null;
  /** Or the PDF of the frozen version, sent again (an invoice is sent as it was the first time). */
  frozenPdf?: { file: StoredFile; sha256: string | null };
  /** An invoice's e-invoice, already stored: sent along with the PDF and frozen with the version. */
  einvoice: StoredFile | null;
}

/**
 * The part of sending that runs in the locked transaction: the PDF file, the mail with its files,
 * the frozen version, the status and send date, the flow moving on.
 */
async function finishSending(
  tx: Tx,
  deps: SendDeps,
  actor: { companyId: number },
  doc: DocumentRecord,
  rendered: Rendered,
  input: SendInput,
  ctx: RenderContext & { senderId: number },
): Promise<void> {
  const prepared = rendered;
  const { pdfBytes, pdfKey } = rendered;
  const [pdfFile] = rendered.frozenPdf
    ? [rendered.frozenPdf.file]
    : pdfKey && pdfBytes
      ? await tx
          .insert(storedFile)
          .values({
            storageKey: pdfKey,
            filename: prepared.filename,
            mimeType: 'application/pdf',
            size: pdfBytes.length,
            purpose: 'documentpdf',
            ownerType: DOCUMENT_OWNER,
            ownerId: doc.id,
          })
          .returning()
      : [];
  const now = new Date();
  let outboxId: number | null = null;
  let subject = input.subject;
  const mailed = !input.dontsentbutmarksent;
  if (mailed) {
    const data = await documentMergeData(tx, doc, ctx.senderId, ctx.appUrl);
    subject = renderMergeTags(input.subject, data, { html: false }).slice(0, 300);
    const html = sanitizeHtml(renderMergeTags(sanitizeHtml(input.message), data, { html: true }));
    const files: (typeof storedFile.$inferSelect)[] = [];
    if (input.sendpdf && pdfFile) files.push(pdfFile, ...(rendered.einvoice ? [rendered.einvoice] : []));
    if (input.sendattachments)
      files.push(
        ...(await tx
          .select()
          .from(storedFile)
          .where(
            and(
              eq(storedFile.purpose, ATTACHMENT),
              eq(storedFile.ownerType, DOCUMENT_OWNER),
              eq(storedFile.ownerId, doc.id),
            ),
          )
          .orderBy(asc(storedFile.id))),
      );
    const template = await chosenTemplate(tx, doc, input.mailtemplate_id);
    if (template) files.push(...(await templateFiles(tx, template.id)));
    // Documents of a template have no flow and are never sent (refused above).
    ({ outboxId } = await queueFlowMail(tx, deps.mailer, {
      flowId: doc.flowId!,
      companyId: actor.companyId,
      userId: ctx.senderId,
      to: input.to_email,
      subject,
      html,
      files,
      templateId: template?.id ?? null,
    }));
  }
  const [{ n }] = (
    await tx.execute<{ n: number }>(
      sql`select coalesce(max(version), 0)::int + 1 as n from document_version where document_id = ${doc.id}`,
    )
  ).rows as [{ n: number }];
  // Sending again keeps an approved document approved, and a paid invoice paid.
  const status =
    doc.status === 'draft' || doc.status === 'rejected' || doc.status === 'expired' ? 'sent' : doc.status;
  const keepsSendDate = doc.kind === 'invoice' && doc.dateSend !== null;
  await tx.insert(documentVersion).values({
    documentId: doc.id,
    version: n,
    status,
    html: prepared.web.html,
    htmlSha256: sha256(prepared.web.html),
    pdfFileId: pdfFile?.id ?? null,
    pdfSha256: rendered.frozenPdf ? rendered.frozenPdf.sha256 : pdfBytes ? sha256(pdfBytes) : null,
    einvoiceFileId: rendered.einvoice?.id ?? null,
    toEmail: mailed ? input.to_email : null,
    mailed,
    outboxMailId: outboxId,
  });
  await tx
    .update(salesDocument)
    .set({
      status,
      dateSend: keepsSendDate ? doc.dateSend : now,
      updatedAt: now,
      ...(mailed
        ? {
            subject,
            message: input.message,
            toEmail: input.to_email,
            sendpdf: input.sendpdf,
            sendattachments: input.sendattachments,
            mailtemplateId: input.mailtemplate_id ?? null,
          }
        : {}),
    })
    .where(eq(salesDocument.id, doc.id));
  if (doc.calculationId !== null) await markCalculationSent(tx, doc.calculationId);
  await logDocument(
    tx,
    doc,
    'send',
    mailed
      ? `${documentLabel(doc)} verstuurd aan ${input.to_email}`
      : `${documentLabel(doc)} gemarkeerd als verstuurd (zonder e-mail)`,
    { status: [doc.status, status], version: n, mailed },
  );
  await followFlow(tx, doc, 'sent');
}

/**
 * An invoice is numbered, rendered and sent in one transaction (decision 022): the number comes from
 * the company's counter, whose row stays locked until the end, so concurrent sendings queue, each
 * PDF shows its own number, and a sending that fails gives its number back: no gaps. The e-invoice
 * (UBL) goes along with the PDF when the company's KvK, VAT id and IBAN are filled in.
 */
async function sendInvoice(
  deps: SendDeps,
  actor: { companyId: number; userId: number; impersonatorUserId: number | null },
  id: number,
  input: SendInput,
  ctx: RenderContext & { senderId: number },
): Promise<SalesDocument> {
  const invoices = documentKind('invoice');
  const keys: string[] = [];
  const { Readable } = await import('node:stream');
  const store = async (key: string, bytes: Buffer) => {
    await deps.storage.put(key, Readable.from([bytes]));
    keys.push(key);
  };
  // The invoice as the request found it: a sending that waited for another one's lock finds it
  // changed and answers 409, so simultaneous calls send once (one number, one mail, one version).
  const seen = await deps.db.tenant(actor, (tx) => findDocument(tx, 'invoice', id));
  try {
    return await deps.db.tenant(actor, async (tx) => {
      await limitLockWait(tx, deps);
      const found = await findDocument(tx, 'invoice', id, { lock: true });
      if (found.updatedAt.getTime() !== seen.updatedAt.getTime())
        throw conflict(DOCUMENT_TEXTS.changedMeanwhile);
      if (found.isTemplate) throw conflict(DOCUMENT_TEXTS.templateNotSendable);
      if (found.status === 'cancelled') throw conflict(DOCUMENT_TEXTS.cancelledNotSendable);
      const doc = await invoices.prepareSending(tx, found);
      // Sent is sent: sending again mails the frozen PDF and e-invoice, not a new rendering (decision 034).
      const frozen = found.dateSend !== null ? await frozenVersion(tx, found) : null;
      const frozenBytes = frozen?.pdf ? await storedBytes(deps.storage, frozen.pdf) : null;
      if (frozen?.pdf && frozenBytes) {
        const pdf = { bytes: frozenBytes, filename: frozen.pdf.filename };
        await finishSending(
          tx,
          deps,
          actor,
          doc,
          {
            web: { html: frozen.version.html },
            filename: frozen.pdf.filename,
            pdfBytes: null,
            pdfKey: null,
            frozenPdf: { file: frozen.pdf, sha256: frozen.version.pdfSha256 },
            einvoice: frozen.einvoice ?? (await invoices.storeEinvoice(tx, doc, pdf, store)),
          },
          input,
          ctx,
        );
        return loadDocument(tx, doc.id);
      }
      const { input: renderIn } = await renderInput(tx, doc, 'web', ctx);
      const web = renderDocument(renderIn);
      const pdf = renderDocument({ ...renderIn, target: 'pdf' });
      const filename = pdfFilename(doc, renderIn.kind_label, renderIn.customer?.name ?? null);
      const pdfBytes = await deps.pdf.render({
        html: pdf.html,
        headerHtml: pdf.header_html || undefined,
        footerHtml: pdf.footer_html,
      });
      const pdfKey = `companies/${actor.companyId}/documentpdfs/${doc.hash.slice(0, 8)}-${Date.now()}-${sha256(pdfBytes).slice(0, 16)}.pdf`;
      await store(pdfKey, pdfBytes);
      const einvoice = await invoices.storeEinvoice(tx, doc, { bytes: pdfBytes, filename }, store);
      await finishSending(tx, deps, actor, doc, { web, filename, pdfBytes, pdfKey, einvoice }, input, ctx);
      return loadDocument(tx, doc.id);
    });
  } catch (err) {
    for (const key of keys) await deps.storage.delete(key);
    throw err;
  }
}
