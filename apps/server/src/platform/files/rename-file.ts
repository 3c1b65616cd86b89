import { renamedFilename } from '@im/domain';
import { eq } from 'drizzle-orm';
import type { Tx } from '../db/database';
import { storedFile } from '../db/tables/files.schema';

export type StoredFileRow = typeof storedFile.$inferSelect;

/**
 * Gives a stored file (found and checked by the caller) a new name: the name it is listed and downloaded
 * under (x-filename, Content-Disposition). The bytes, their storage key and type stay as they are; the old
 * extension is kept (`renamedFilename`). Answers the row with its new name and the old name.
 */
export async function renameStoredFile(
  tx: Tx,
  file: StoredFileRow,
  wanted: string,
): Promise<{ row: StoredFileRow; before: string }> {
  const filename = renamedFilename(wanted, file.filename);
  const [row] = await tx.update(storedFile).set({ filename }).where(eq(storedFile.id, file.id)).returning();
  return { row: row!, before: file.filename };
}
