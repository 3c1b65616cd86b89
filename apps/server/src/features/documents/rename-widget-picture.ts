import type { DocumentWidget, RenameFile } from '@im/domain';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../platform/db/database';
import { storedFile } from '../../platform/db/tables/files.schema';
import { notFound } from '../../platform/errors';
import { renameStoredFile } from '../../platform/files/rename-file';
import { logDocument } from './create-document';
import { documentLabel, loadWidget } from './document-dto';
import { lockDocumentOf, touch, widgetRecord } from './widgets';

export const WIDGET_HAS_NO_PICTURE = 'Deze widget heeft geen afbeelding.';

/** PATCH widgetpicture/{widget id}: the picture of a picture widget gets a new name; answers the widget. */
export async function renameWidgetPicture(tx: Tx, id: number, input: RenameFile): Promise<DocumentWidget> {
  const widget = await widgetRecord(tx, id);
  const doc = await lockDocumentOf(tx, widget.documentId);
  const [file] =
    widget.pictureFileId === null
      ? []
      : await tx.select().from(storedFile).where(eq(storedFile.id, widget.pictureFileId));
  if (!file) throw notFound(WIDGET_HAS_NO_PICTURE);
  const { row, before } = await renameStoredFile(tx, file, input.filename);
  if (row.filename !== before) {
    await touch(tx, doc.id);
    await logDocument(
      tx,
      doc,
      'update',
      `Afbeelding ${before} van widget ${widget.description} (${documentLabel(doc).toLowerCase()}) hernoemd naar ${row.filename}`,
    );
  }
  return loadWidget(tx, id);
}
