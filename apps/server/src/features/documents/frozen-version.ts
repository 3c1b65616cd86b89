import type { Readable } from 'node:stream';
import { desc, eq } from 'drizzle-orm';
import type { Tx } from '../../platform/db/database';
import { documentVersion } from '../../platform/db/tables/documents.schema';
import { storedFile } from '../../platform/db/tables/files.schema';
import type { FileStorage } from '../../platform/files/storage';
import type { DocumentRecord } from './document-dto';

export async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  return Buffer.concat(chunks);
}

/**
 * The version a sent document is frozen at: its latest sending, with its PDF and (an invoice) its
 * e-invoice. None for a document that is not sent (a draft, also one rolled back to draft): that one
 * is rendered from its current data (decision 034).
 */
export async function frozenVersion(tx: Tx, doc: DocumentRecord) {
  if (doc.status === 'draft' || doc.isTemplate) return null;
  const [row] = await tx
    .select({ version: documentVersion, pdf: storedFile })
    .from(documentVersion)
    .leftJoin(storedFile, eq(storedFile.id, documentVersion.pdfFileId))
    .where(eq(documentVersion.documentId, doc.id))
    .orderBy(desc(documentVersion.version))
    .limit(1);
  if (!row) return null;
  const [einvoice] =
    row.version.einvoiceFileId !== null
      ? await tx.select().from(storedFile).where(eq(storedFile.id, row.version.einvoiceFileId))
      : [];
  return { version: row.version, pdf: row.pdf, einvoice: einvoice ?? null };
}

/** A stored file's bytes, or null when the storage lost it. */
export async function storedBytes(
  storage: FileStorage,
  file: { storageKey: string },
): Promise<Buffer | null> {
  const stream = await storage.get(file.storageKey);
  return stream ? readAll(stream) : null;
}
