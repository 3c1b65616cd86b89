import type { FastifyReply } from 'fastify';
import type { FileStorage } from './storage';

export function contentDisposition(kind: 'inline' | 'attachment', filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

/** Streams a stored file with the contract's download headers. */
export async function sendStoredFile(
  reply: FastifyReply,
  storage: FileStorage,
  file: { storageKey: string; filename: string; mimeType: string },
  kind: 'inline' | 'attachment' = 'attachment',
) {
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
