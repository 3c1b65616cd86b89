import { randomBytes, randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type { MediaFile } from '@im/domain';
import type { FastifyRequest } from 'fastify';
import type { Tx } from '../../platform/db/database';
import { receiveUpload } from '../../platform/files/upload';
import { processPicture } from '../pictures';
import { insertMediaFile } from './media-files';

async function readAll(stream: Readable | null): Promise<Buffer | null> {
  if (!stream) return null;
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

/** The stored name of an upload whose bytes were re-encoded to `ext`. */
function withExt(name: string, ext: string): string {
  const fits: Record<string, string[]> = { jpg: ['jpg', 'jpeg', 'jfif'], png: ['png'], webp: ['webp'] };
  const dot = name.lastIndexOf('.');
  const own = dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
  if ((fits[ext] ?? [ext]).includes(own)) return name;
  return `${dot > 0 ? name.slice(0, dot) : name || 'afbeelding'}.${ext}`;
}

/**
 * POST mediafile: an image or PDF, its type judged by content (file-type; SVG, HTML and PDFs with scripts
 * are refused). A picture is decoded and re-encoded (EXIF rotation applied, metadata dropped) with a 400 px
 * thumbnail beside it (sharp, the pictures feature's queue); a PDF is kept as sent.
 */
export async function uploadMediaFile(
  request: FastifyRequest,
  companyId: number,
  insert: (fn: (tx: Tx) => Promise<MediaFile>) => Promise<MediaFile>,
): Promise<MediaFile> {
  const { storage } = request.server.deps;
  const raw = await receiveUpload(request, { kind: 'image-or-pdf', keyPrefix: `media/${companyId}` });
  const publicToken = randomBytes(24).toString('base64url');
  const written: string[] = [raw.storageKey];
  try {
    if (raw.mimeType === 'application/pdf')
      return await insert((tx) =>
        insertMediaFile(tx, { ...raw, width: null, height: null, thumbnailKey: null, publicToken }),
      );
    const bytes = await readAll(await storage.get(raw.storageKey));
    const processed = await processPicture(bytes ?? Buffer.alloc(0));
    const base = `media/${companyId}/${randomUUID()}`;
    const storageKey = `${base}.${processed.original.ext}`;
    const thumbnailKey = `${base}-thumb.${processed.thumbnail.ext}`;
    written.push(storageKey, thumbnailKey);
    const size = await storage.put(storageKey, Readable.from([processed.original.data]));
    await storage.put(thumbnailKey, Readable.from([processed.thumbnail.data]));
    await storage.delete(raw.storageKey);
    written.shift();
    return await insert((tx) =>
      insertMediaFile(tx, {
        filename: withExt(raw.filename, processed.original.ext),
        mimeType: processed.original.mimeType,
        size,
        width: processed.original.width,
        height: processed.original.height,
        storageKey,
        thumbnailKey,
        publicToken,
      }),
    );
  } catch (err) {
    for (const key of written) await storage.delete(key).catch(() => {});
    throw err;
  }
}
