import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type { FileStorage } from '../../platform/files/storage';
import type { StoredPictureFiles } from './pictures';
import { type ProcessedPicture, storedFilename } from './process-picture';

/** Writes the processed original and thumbnail under `pictures/<company>/`; answers the row's file columns. */
export async function storeProcessed(
  storage: FileStorage,
  companyId: number,
  uploadedName: string,
  processed: ProcessedPicture,
): Promise<StoredPictureFiles> {
  const base = `pictures/${companyId}/${randomUUID()}`;
  const { original, thumbnail } = processed;
  const storageKey = `${base}.${original.ext}`;
  const thumbnailKey = `${base}-thumb.${thumbnail.ext}`;
  const size = await storage.put(storageKey, Readable.from([original.data]));
  try {
    await storage.put(thumbnailKey, Readable.from([thumbnail.data]));
  } catch (err) {
    await storage.delete(storageKey);
    throw err;
  }
  return {
    storageKey,
    thumbnailKey,
    filename: storedFilename(uploadedName, original.ext),
    mimeType: original.mimeType,
    size,
    width: original.width,
    height: original.height,
  };
}
