import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { UPLOAD_ONLY_IMAGES_AND_PDF, uploadTooLargeMessage } from '@im/domain';
import type { FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import { z } from 'zod';
import { AppError } from '../errors';
import type { RouteDoc } from '../http/openapi';
import { unknownFieldMessage } from '../http/unknown-fields';
import { cleanFilename, nameByType } from './filenames';
import { hasActivePdfContent, PDF_ACTIVE_CONTENT } from './pdf-active-content';

/** attachment: images, PDF and office documents (mail attachments). */
export type UploadKind = 'image' | 'image-or-pdf' | 'attachment';

export const ONLY_IMAGES = 'Let op! Alleen afbeeldingen kunnen worden geupload.';
export const ONLY_ATTACHMENTS =
  'Let op! Alleen afbeeldingen, PDF-bestanden en Office-documenten kunnen worden meegestuurd.';
const HEAD_BYTES = 4100; // what file-type needs to recognise every format it knows

export interface ReceivedUpload {
  storageKey: string;
  filename: string;
  mimeType: string;
  size: number;
}

export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;
  return `${Math.round(bytes / 1024)} KB`;
}

const OFFICE_TYPES = new Set([
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  'application/vnd.oasis.opendocument.text',
  'application/vnd.oasis.opendocument.spreadsheet',
  'application/msword',
  'application/vnd.ms-excel',
  'application/x-cfb',
]);

function isAllowed(kind: UploadKind, mime: string | undefined): boolean {
  if (!mime) return false;
  if (mime.startsWith('image/') && mime !== 'image/svg+xml') return true;
  if (mime === 'application/pdf') return kind !== 'image';
  return kind === 'attachment' && OFFICE_TYPES.has(mime);
}

/** The refusal for a file of the wrong type. */
function wrongType(kind: UploadKind): AppError {
  if (kind === 'image') return new AppError('unsupported_media_type', ONLY_IMAGES);
  if (kind === 'attachment') return new AppError('unsupported_media_type', ONLY_ATTACHMENTS);
  return new AppError('unsupported_media_type', UPLOAD_ONLY_IMAGES_AND_PDF);
}

/**
 * Streams the request's single file into storage: the type is checked on the first bytes (by
 * content, never by name) and the size limit is enforced while streaming.
 */
export async function receiveUpload(
  request: FastifyRequest,
  options: { kind: UploadKind; keyPrefix: string },
): Promise<ReceivedUpload> {
  return (await receiveUploadWithFields(request, options)).upload;
}

/**
 * A multipart body's text fields are input like a JSON body's (decision 041): a field the route's upload
 * description (`uploadDoc`) does not name answers 422 naming it, and what was stored for the request is
 * removed again. A route without an upload description declares nothing and is not checked here.
 */
function refuseUndeclaredFields(request: FastifyRequest, names: readonly string[]): void {
  const upload = (request.routeOptions.config as { openapi?: RouteDoc } | undefined)?.openapi?.upload;
  if (!upload) return;
  const described = upload.fields;
  const declared = new Set(
    described === undefined
      ? []
      : described instanceof z.ZodObject
        ? Object.keys(described.shape)
        : Object.keys(described),
  );
  const unknown = names.find((name) => !declared.has(name) && name !== (upload.file ?? 'file'));
  if (unknown === undefined) return;
  const message = unknownFieldMessage(unknown);
  throw new AppError('validation', message, { errors: { [unknown]: [message] } });
}

/** The text fields sent with the file (the first value of each), e.g. `flow_id`. */
function fieldValues(fields: Record<string, unknown>): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [name, entry] of Object.entries(fields)) {
    const first = (Array.isArray(entry) ? entry[0] : entry) as { type?: string; value?: unknown } | undefined;
    if (first?.type === 'field') values[name] = String(first.value);
  }
  return values;
}

/** receiveUpload, also answering the form's text fields (those before and after the file). */
export async function receiveUploadWithFields(
  request: FastifyRequest,
  options: { kind: UploadKind; keyPrefix: string },
): Promise<{ upload: ReceivedUpload; fields: Record<string, string> }> {
  const { storage, config } = request.server.deps;
  const maxBytes = config.UPLOAD_MAX_BYTES;
  if (!request.isMultipart())
    throw new AppError('bad_request', 'Verstuur het bestand als multipart/form-data.');
  const part = await request.file({ limits: { fileSize: maxBytes, files: 1 } });
  if (!part)
    throw new AppError('validation', 'Er is geen bestand ontvangen.', { errors: { file: ['Verplicht'] } });
  refuseUndeclaredFields(request, Object.keys(fieldValues(part.fields)));
  const upload = await storePart(part, options, storage, maxBytes);
  // Fields after the file are read with it.
  const fields = fieldValues(part.fields);
  try {
    refuseUndeclaredFields(request, Object.keys(fields));
  } catch (err) {
    await storage.delete(upload.storageKey);
    throw err;
  }
  return { upload, fields };
}

type FilePart = NonNullable<Awaited<ReturnType<FastifyRequest['file']>>>;

/** Streams one multipart file into storage: type checked on its first bytes, size enforced while streaming. */
async function storePart(
  part: FilePart,
  options: { kind: UploadKind; keyPrefix: string },
  storage: FastifyRequest['server']['deps']['storage'],
  maxBytes: number,
): Promise<ReceivedUpload> {
  const filename = cleanFilename(part.filename);

  const chunks = part.file[Symbol.asyncIterator]();
  let head = Buffer.alloc(0);
  let done = false;
  while (head.length < HEAD_BYTES && !done) {
    const next = await chunks.next();
    if (next.done) done = true;
    else head = Buffer.concat([head, next.value as Buffer]);
  }
  const detected = await fileTypeFromBuffer(head);
  if (!isAllowed(options.kind, detected?.mime)) {
    part.file.resume(); // drain so the connection can answer
    throw wrongType(options.kind);
  }
  const storageKey = `${options.keyPrefix}/${randomUUID()}.${detected!.ext}`;
  const rest = (async function* () {
    yield head;
    if (done) return;
    for (let next = await chunks.next(); !next.done; next = await chunks.next()) yield next.value as Buffer;
  })();
  const tooLarge = () =>
    new AppError('payload_too_large', uploadTooLargeMessage(filename, formatBytes(maxBytes)));
  let body: Readable;
  if (detected!.mime === 'application/pdf') {
    // A PDF is read whole (at most the upload limit) to look for active content before it is kept.
    const parts: Buffer[] = [];
    for await (const chunk of rest) parts.push(chunk);
    if (part.file.truncated) throw tooLarge();
    const bytes = Buffer.concat(parts);
    if (await hasActivePdfContent(bytes)) throw new AppError('unsupported_media_type', PDF_ACTIVE_CONTENT);
    body = Readable.from([bytes]);
  } else body = Readable.from(rest);
  const size = await storage.put(storageKey, body);
  if (part.file.truncated) {
    await storage.delete(storageKey);
    throw tooLarge();
  }
  return { storageKey, filename: nameByType(filename, detected!.ext), mimeType: detected!.mime, size };
}

/**
 * Up to `maxFiles` files and the text fields of one multipart request (a mail with attachments).
 * A file of the wrong type, too big, or one too many refuses the whole request; what was stored
 * for it is removed again.
 */
export async function receiveUploadsWithFields(
  request: FastifyRequest,
  options: { kind: UploadKind; keyPrefix: string; maxFiles: number; tooMany: string },
): Promise<{ uploads: ReceivedUpload[]; fields: Record<string, string> }> {
  const { storage, config } = request.server.deps;
  if (!request.isMultipart())
    throw new AppError('bad_request', 'Verstuur het formulier als multipart/form-data.');
  const uploads: ReceivedUpload[] = [];
  const fields: Record<string, string> = {};
  try {
    for await (const part of request.parts({
      limits: { fileSize: config.UPLOAD_MAX_BYTES, files: options.maxFiles + 1 },
    })) {
      if (part.type === 'field') {
        fields[part.fieldname] ??= String(part.value);
        continue;
      }
      if (uploads.length >= options.maxFiles) {
        part.file.resume();
        throw new AppError('validation', options.tooMany, { errors: { files: [options.tooMany] } });
      }
      if (!part.filename) {
        part.file.resume();
        continue;
      }
      uploads.push(await storePart(part, options, storage, config.UPLOAD_MAX_BYTES));
    }
    refuseUndeclaredFields(request, Object.keys(fields));
  } catch (err) {
    for (const u of uploads) await storage.delete(u.storageKey);
    if (err instanceof AppError) throw err;
    if ((err as { code?: string }).code === 'FST_FILES_LIMIT')
      throw new AppError('validation', options.tooMany, { errors: { files: [options.tooMany] } });
    throw err;
  }
  return { uploads, fields };
}

/** The request's single file read into memory (spreadsheets to import), at most `maxBytes` (else 413). */
export async function receiveUploadBuffer(
  request: FastifyRequest,
  maxBytes: number,
): Promise<{ filename: string; bytes: Buffer }> {
  if (!request.isMultipart())
    throw new AppError('bad_request', 'Verstuur het bestand als multipart/form-data.');
  const part = await request.file({ limits: { fileSize: maxBytes, files: 1 } });
  if (!part)
    throw new AppError('validation', 'Er is geen bestand ontvangen.', { errors: { file: ['Verplicht'] } });
  const filename = cleanFilename(part.filename);
  const bytes = await part.toBuffer().catch((err: Error & { code?: string }) => {
    if (err.code === 'FST_REQ_FILE_TOO_LARGE') return null;
    throw err;
  });
  if (!bytes || part.file.truncated)
    throw new AppError('payload_too_large', uploadTooLargeMessage(filename, formatBytes(maxBytes)));
  refuseUndeclaredFields(request, Object.keys(fieldValues(part.fields)));
  return { filename, bytes };
}
