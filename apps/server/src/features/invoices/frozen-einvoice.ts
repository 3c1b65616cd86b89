import { INVOICE_TEXTS } from '@im/domain';
import { and, desc, eq } from 'drizzle-orm';
import type { Tx } from '../../platform/db/database';
import { documentVersion } from '../../platform/db/tables/documents.schema';
import { storedFile } from '../../platform/db/tables/files.schema';
import { conflict } from '../../platform/errors';
import type { FileStorage } from '../../platform/files/storage';
import { DOCUMENT_OWNER, type DocumentRecord, frozenVersion, storedBytes } from '../documents';
import { buildEInvoice, einvoiceXml } from './einvoice/build-einvoice';

type StoredFile = typeof storedFile.$inferSelect;

/**
 * Builds the e-invoice of an invoice being sent (with the PDF that goes along) and stores it as a
 * file of the document; null when the company's e-invoice details are missing. `store` puts the
 * bytes in the file storage (the caller removes them again when its transaction fails).
 */
export async function storeEinvoice(
  tx: Tx,
  doc: DocumentRecord,
  pdf: { bytes: Buffer; filename: string },
  store: (key: string, bytes: Buffer) => Promise<void>,
): Promise<StoredFile | null> {
  const xml = await einvoiceXml(tx, doc, pdf.bytes, pdf.filename);
  if (!xml) return null;
  return storeEinvoiceXml(tx, doc, xml, pdf.filename, store);
}

/** Stores a built e-invoice as a file of the document, named after its PDF. */
async function storeEinvoiceXml(
  tx: Tx,
  doc: DocumentRecord,
  xml: string,
  pdfFilename: string,
  store: (key: string, bytes: Buffer) => Promise<void>,
): Promise<StoredFile> {
  const bytes = Buffer.from(xml, 'utf8');
  const key = `companies/${doc.companyId}/einvoices/${doc.hash.slice(0, 8)}-${Date.now()}.xml`;
  await store(key, bytes);
  const [file] = await tx
    .insert(storedFile)
    .values({
      storageKey: key,
      filename: pdfFilename.replace(/\.pdf$/, '.xml'),
      mimeType: 'application/xml',
      size: bytes.length,
      purpose: 'einvoice',
      ownerType: DOCUMENT_OWNER,
      ownerId: doc.id,
    })
    .returning();
  return file!;
}

/**
 * GET /api/invoice/{id}/einvoice: the e-invoice frozen with the invoice's sent version, byte for byte.
 * A version sent before the company's e-invoice details were filled in gets its e-invoice once, from
 * the PDF that was sent, and keeps it (decision 034).
 */
export async function frozenEinvoice(
  tx: Tx,
  storage: FileStorage,
  doc: DocumentRecord,
): Promise<{ xml: Buffer; filename: string }> {
  if (doc.dateSend === null || doc.isTemplate) throw conflict(INVOICE_TEXTS.einvoiceNeedsSent);
  const frozen = await frozenVersion(tx, doc);
  if (!frozen) throw conflict(INVOICE_TEXTS.einvoiceNeedsSent);
  // Versions sent before the e-invoice was linked to them: the one stored in the same transaction.
  const [sentAlong] = frozen.einvoice
    ? [frozen.einvoice]
    : await tx
        .select()
        .from(storedFile)
        .where(
          and(
            eq(storedFile.purpose, 'einvoice'),
            eq(storedFile.ownerType, DOCUMENT_OWNER),
            eq(storedFile.ownerId, doc.id),
            eq(storedFile.createdAt, frozen.version.createdAt),
          ),
        )
        .orderBy(desc(storedFile.id))
        .limit(1);
  if (sentAlong) {
    const xml = await storedBytes(storage, sentAlong);
    if (xml) return { xml, filename: sentAlong.filename };
  }
  // Built once from what was sent (its PDF when there is one); a 409 names what stops it.
  const pdf = frozen.pdf ? await storedBytes(storage, frozen.pdf) : null;
  const pdfFilename = frozen.pdf?.filename ?? `Factuur ${doc.number}.pdf`;
  const built = await buildEInvoice(tx, doc, pdf ? { bytes: pdf, filename: pdfFilename } : { storage });
  if (built.problem !== undefined) throw conflict(built.problem);
  const { Readable } = await import('node:stream');
  const file = await storeEinvoiceXml(tx, doc, built.xml, pdfFilename, async (key, b) => {
    await storage.put(key, Readable.from([b]));
  });
  await tx
    .update(documentVersion)
    .set({ einvoiceFileId: file.id })
    .where(eq(documentVersion.id, frozen.version.id));
  return { xml: Buffer.from((await storedBytes(storage, file))!), filename: file.filename };
}
