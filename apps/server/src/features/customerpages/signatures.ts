import {
  isSignableKind,
  type ModuleTag,
  type RenameFile,
  type SignableKind,
  type Signature,
} from '@im/domain';
import { and, eq, isNull } from 'drizzle-orm';
import type { Tx } from '../../platform/db/database';
import { documentResponse } from '../../platform/db/tables/customerpages.schema';
import { salesDocument } from '../../platform/db/tables/documents.schema';
import { storedFile } from '../../platform/db/tables/files.schema';
import { forbidden, notFound } from '../../platform/errors';
import { renameStoredFile } from '../../platform/files/rename-file';
import type { FileStorage } from '../../platform/files/storage';
import { documentLabel, findAnyDocument, logDocument } from '../documents';

export const SIGNATURE_NOT_FOUND = 'Handtekening niet gevonden.';
export const NO_DRAWN_SIGNATURE = 'Er is geen getekende handtekening.';

/** The module each kind's screens need (as DOCUMENT_MODULES; kept here to avoid an import cycle). */
const MODULE_OF: Record<SignableKind, ModuleTag> = {
  quotation: 'QUOTATION',
  confirmation: 'CONFIRMATION',
  document: 'PROJECT',
};

/**
 * A customer's answer with its signature file, when its document is live and of a kind the user may
 * see: another company's, a deleted document's or an unknown id is 404; a kind whose module the user
 * lacks is 403, as its document's own routes answer.
 */
async function findSignature(tx: Tx, id: number, modules: ReadonlySet<ModuleTag>) {
  const [row] = await tx
    .select({ r: documentResponse, kind: salesDocument.kind, file: storedFile })
    .from(documentResponse)
    .innerJoin(salesDocument, eq(salesDocument.id, documentResponse.documentId))
    .leftJoin(storedFile, eq(storedFile.id, documentResponse.signatureFileId))
    .where(and(eq(documentResponse.id, id), isNull(salesDocument.deletedAt)));
  if (!row || !isSignableKind(row.kind)) throw notFound(SIGNATURE_NOT_FOUND);
  if (!modules.has(MODULE_OF[row.kind])) throw forbidden();
  return { ...row, kind: row.kind as SignableKind };
}

async function dataUrl(storage: FileStorage, file: typeof storedFile.$inferSelect): Promise<string | null> {
  const stream = await storage.get(file.storageKey);
  if (!stream) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return `data:${file.mimeType};base64,${Buffer.concat(chunks).toString('base64')}`;
}

function toSignature(
  row: Awaited<ReturnType<typeof findSignature>>,
  signature: string | null,
  filename: string | null,
): Signature {
  return {
    id: row.r.id,
    document_id: row.r.documentId,
    document_kind: row.kind,
    action: row.r.action as 'approved' | 'rejected',
    signername: row.r.signername,
    signatory_name: row.r.signatoryName,
    location: row.r.location,
    signature_type: row.r.signatureType,
    signature,
    filename,
    created_at: row.r.createdAt.toISOString(),
  };
}

/** signature showSignature: the answer's drawn signature (a PNG data URL) and its type. */
export async function showSignature(
  tx: Tx,
  storage: FileStorage,
  id: number,
  modules: ReadonlySet<ModuleTag>,
): Promise<Signature> {
  const row = await findSignature(tx, id, modules);
  const image = row.file ? await dataUrl(storage, row.file) : null;
  return toSignature(row, image, row.file?.filename ?? null);
}

/**
 * signature update: only the PNG's file name (what its download is called) may change. The signer's
 * name, place, type and the image are the customer's evidence and stay as signed (decision 043).
 */
export async function renameSignature(
  tx: Tx,
  storage: FileStorage,
  id: number,
  input: RenameFile,
  modules: ReadonlySet<ModuleTag>,
): Promise<Signature> {
  const row = await findSignature(tx, id, modules);
  if (!row.file) throw notFound(NO_DRAWN_SIGNATURE);
  const { row: file, before } = await renameStoredFile(tx, row.file, input.filename);
  if (file.filename !== before) {
    const doc = await findAnyDocument(tx, row.r.documentId);
    if (doc)
      await logDocument(
        tx,
        doc,
        'update',
        `Handtekening ${before} van ${documentLabel(doc).toLowerCase()} hernoemd naar ${file.filename}`,
      );
  }
  return toSignature(row, await dataUrl(storage, file), file.filename);
}
