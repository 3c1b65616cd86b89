import type { FileInfo, RenameFile } from '@im/domain';
import type { Tx } from '../../platform/db/database';
import { writeLog } from '../../platform/events/write-log';
import { renameStoredFile } from '../../platform/files/rename-file';
import { fileInfo, findAttachedFile } from './attached-files';

/** PATCH attachedfile: a mail template's attachment gets a new name (the name the recipient sees). */
export async function renameAttachedFile(tx: Tx, id: number, input: RenameFile): Promise<FileInfo> {
  const file = await findAttachedFile(tx, id);
  const { row, before } = await renameStoredFile(tx, file, input.filename);
  if (row.filename !== before)
    await writeLog(tx, {
      type: 'companysettings',
      id: file.ownerId,
      action: 'update',
      description: `Bijlage ${before} van een mailtemplate hernoemd naar ${row.filename}`,
    });
  return fileInfo(row);
}
