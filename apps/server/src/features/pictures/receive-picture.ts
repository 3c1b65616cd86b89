import { uploadTooLargeMessage } from '@im/domain';
import type { FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import { AppError } from '../../platform/errors';
import { cleanFilename } from '../../platform/files/filenames';
import { formatBytes, ONLY_IMAGES } from '../../platform/files/upload';
import { DECODABLE_IMAGE_TYPES, PICTURE_TEXTS } from './process-picture';

const HEAD_BYTES = 4100; // what file-type needs to recognise every format it knows
export const ONE_PICTURE = 'Verstuur één foto per keer.';
const NO_FILE = 'Er is geen bestand ontvangen.';

export interface ReceivedPicture {
  bytes: Buffer;
  filename: string;
  /** The type the content shows (never the name or the sender's header). */
  sniffedType: string;
  /** The text fields of the form, before and after the file (the first value of each). */
  fields: Record<string, string>;
}

/**
 * Reads a photo upload (multipart: one file and text fields) into memory, at most `maxBytes` (else 413),
 * and checks by content that it is an image the server can decode: SVG, PDF, executables renamed .jpg
 * and the like answer 415 with ONLY_IMAGES.
 */
export async function receivePicture(request: FastifyRequest, maxBytes: number): Promise<ReceivedPicture> {
  if (!request.isMultipart())
    throw new AppError('bad_request', 'Verstuur het bestand als multipart/form-data.');
  const fields: Record<string, string> = {};
  let file: { bytes: Buffer; filename: string } | null = null;
  let current = 'foto';
  try {
    for await (const part of request.parts({ limits: { fileSize: maxBytes, files: 1, fields: 20 } })) {
      if (part.type === 'field') {
        fields[part.fieldname] ??= String(part.value);
        continue;
      }
      current = cleanFilename(part.filename ?? '', 'foto');
      const bytes = await part.toBuffer();
      if (part.file.truncated)
        throw new AppError('payload_too_large', uploadTooLargeMessage(current, formatBytes(maxBytes)));
      file = { bytes, filename: current };
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE')
      throw new AppError('payload_too_large', uploadTooLargeMessage(current, formatBytes(maxBytes)));
    if (code === 'FST_FILES_LIMIT')
      throw new AppError('validation', ONE_PICTURE, { errors: { file: [ONE_PICTURE] } });
    if (code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_PROTO_VIOLATION')
      throw new AppError('validation', 'Het formulier heeft te veel velden.');
    // Only the multipart parser ran here (no database, no storage): whatever else it raised is a
    // malformed or broken-off form.
    throw new AppError('bad_request', 'Het formulier kon niet worden gelezen.');
  }
  if (!file || file.bytes.length === 0)
    throw new AppError('validation', NO_FILE, { errors: { file: ['Verplicht'] } });
  const detected = await fileTypeFromBuffer(file.bytes.subarray(0, HEAD_BYTES));
  const mime: string = detected?.mime ?? '';
  if (!mime.startsWith('image/') || mime === 'image/svg+xml')
    throw new AppError('unsupported_media_type', ONLY_IMAGES);
  if (!DECODABLE_IMAGE_TYPES.has(mime))
    throw new AppError('unsupported_media_type', PICTURE_TEXTS.unsupportedFormat);
  return { ...file, sniffedType: mime, fields };
}
