import { Readable } from 'node:stream';
import { AGREEMENT_MESSAGES, type SignableKind, signaturePageFooter, signaturePageHtml } from '@im/domain';
import { and, eq } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { documentResponse } from '../../platform/db/tables/customerpages.schema';
import { documentVersion, salesDocument } from '../../platform/db/tables/documents.schema';
import { storedFile } from '../../platform/db/tables/files.schema';
import { customerCompany } from '../../platform/http/customer-company';
import { customerTx } from '../../platform/http/customer-link';
import { kindLabel, sha256 } from '../documents';
import type { AnswerDeps } from './customer-document-rules';

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
