import type { FileInfo, RenameFile } from '@im/domain';
import type { Tx } from '../../platform/db/database';
import { writeLog } from '../../platform/events/write-log';
import { renameStoredFile } from '../../platform/files/rename-file';

type FlowFileRow = Parameters<typeof renameStoredFile>[1];

/**
 * PATCH flowfile / assistfile: a dossier's (or relation's, or a shared) file gets a new name; logged on
 * what it belongs to, like its upload and delete.
 */
export async function renameFlowFile(
  tx: Tx,
  file: FlowFileRow,
  input: RenameFile,
  toFileInfo: (row: FlowFileRow) => FileInfo,
): Promise<FileInfo> {
  const { row, before } = await renameStoredFile(tx, file, input.filename);
  if (row.filename !== before)
    await writeLog(tx, {
      type: file.ownerType === 'flow' || file.ownerType === 'relation' ? file.ownerType : 'file',
      id: file.ownerId,
      action: 'update',
      description: `Bestand ${before} hernoemd naar ${row.filename}`,
      changes: { file_id: file.id, purpose: file.purpose, filename: [before, row.filename] },
    });
  return toFileInfo(row);
}
