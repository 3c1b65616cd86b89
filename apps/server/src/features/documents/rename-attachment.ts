import type { FileInfo, RenameFile } from '@im/domain';
import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../platform/db/database';
import { storedFile } from '../../platform/db/tables/files.schema';
import { notFound } from '../../platform/errors';
import { writeLog } from '../../platform/events/write-log';
import { renameStoredFile } from '../../platform/files/rename-file';
import { PROJECT_OWNER } from '../forms';
import { logDocument } from './create-document';
import { ATTACHMENT, DOCUMENT_OWNER, documentLabel, fileInfo, findAnyDocument } from './document-dto';
import { assertDocumentEditable } from './document-kinds';

export const ATTACHMENT_NOT_FOUND = 'Bijlage niet gevonden.';

/**
 * PATCH attachment: an attachment of a quotation, confirmation, document, invoice or project gets a new
 * name. A sent invoice's attachments stay as they were sent (as for delete, decision 034).
 */
export async function renameAttachment(tx: Tx, id: number, input: RenameFile): Promise<FileInfo> {
  const [file] = await tx
    .select()
    .from(storedFile)
    .where(
      and(
        eq(storedFile.id, id),
        eq(storedFile.purpose, ATTACHMENT),
        inArray(storedFile.ownerType, [DOCUMENT_OWNER, PROJECT_OWNER]),
      ),
    );
  if (!file) throw notFound(ATTACHMENT_NOT_FOUND);
  const doc =
    file.ownerType === DOCUMENT_OWNER ? await findAnyDocument(tx, file.ownerId ?? 0, { lock: true }) : null;
  if (doc) assertDocumentEditable(doc);
  const { row, before } = await renameStoredFile(tx, file, input.filename);
  if (row.filename !== before) {
    const description = `Bijlage ${before} hernoemd naar ${row.filename}`;
    if (doc) await logDocument(tx, doc, 'update', `${description} (${documentLabel(doc).toLowerCase()})`);
    else if (file.ownerType === PROJECT_OWNER)
      await writeLog(tx, { type: 'project', id: file.ownerId, action: 'update', description });
  }
  return fileInfo(row, `/api/attachment/${row.id}`);
}
