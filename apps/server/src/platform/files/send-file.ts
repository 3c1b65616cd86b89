import type { FastifyReply } from 'fastify';
import type { FileStorage } from './storage';

export function contentDisposition(kind: 'inline' | 'attachment', filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

/**
 * A large file on a store that hands out presigned links (S3_PRESIGN_DOWNLOADS) is answered with a 302 to a
 * short-lived link carrying the same type and disposition; call it only after the route's checks passed.
 * Answers whether it did (false: the download goes through the server).
 */
export async function redirectToStore(
  reply: FastifyReply,
  storage: FileStorage,
  file: { storageKey: string; filename: string; mimeType: string; size?: number },
  kind: 'inline' | 'attachment',
  headers: Record<string, string> = {},
) {
  const disposition = contentDisposition(kind, file.filename);
  const url = await storage.downloadUrl(
    file.storageKey,
    { filename: file.filename, mimeType: file.mimeType, disposition },
    file.size,
  );
  if (!url) return false;
  reply
    .status(302)
    .header('location', url)
    .header('x-filename', encodeURIComponent(file.filename))
    .header('content-disposition', disposition)
    .header('cache-control', 'no-store')
    .headers(headers)
    .send('');
  return true;
}

/** Streams a stored file with the contract's download headers (or redirects a large one, see above). */
export async function sendStoredFile(
  reply: FastifyReply,
  storage: FileStorage,
  file: { storageKey: string; filename: string; mimeType: string; size?: number },
  kind: 'inline' | 'attachment' = 'attachment',
) {
  if (await redirectToStore(reply, storage, file, kind)) return reply;
  const stream = await storage.get(file.storageKey);
  if (!stream) return sendNoImage(reply);
  return reply
    .header('content-type', file.mimeType)
    .header('x-filename', encodeURIComponent(file.filename))
    .header('content-disposition', contentDisposition(kind, file.filename))
    .header('cache-control', 'private, max-age=60')
    .send(stream);
}

/** Image endpoints without an image answer 200 with `x-imagestatus: unavailable` (api-contract "Files"). */
export function sendNoImage(reply: FastifyReply) {
  return reply
    .status(200)
    .header('x-imagestatus', 'unavailable')
    .header('cache-control', 'no-store')
    .send('');
}
