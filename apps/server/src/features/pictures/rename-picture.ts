import { FORM_MESSAGES, type Picture, type RenameFile, renamedFilename } from '@im/domain';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../platform/db/database';
import { picture } from '../../platform/db/tables/forms.schema';
import { notFound } from '../../platform/errors';
import { writeLog } from '../../platform/events/write-log';
import { toPicture } from './pictures';

/**
 * PATCH picture: a photo gets a new name (what the list, its download and the zip of all photos show;
 * the old extension is kept). The photo itself and its thumbnail stay.
 */
export async function renamePicture(tx: Tx, id: number, input: RenameFile): Promise<Picture> {
  const [before] = await tx
    .select({ filename: picture.filename, flowId: picture.flowId })
    .from(picture)
    .where(eq(picture.id, id))
    .for('update');
  if (!before) throw notFound(FORM_MESSAGES.pictureNotFound);
  const filename = renamedFilename(input.filename, before.filename);
  const [row] = await tx.update(picture).set({ filename }).where(eq(picture.id, id)).returning();
  if (filename !== before.filename)
    await writeLog(tx, {
      type: 'picture',
      id,
      action: 'update',
      description: `Foto ${before.filename} hernoemd naar ${filename}`,
      flowId: before.flowId,
    });
  return toPicture(row!);
}
