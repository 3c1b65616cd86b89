// The API contract of common: request and response schemas, written once for server and web.
import { z } from 'zod';
import { FILE_TEXTS, MAX_FILENAME_LENGTH } from '../files';

/** A row id in a path or body: a positive PostgreSQL integer, so a bad one answers 422, never 500. */
export const zId = z.coerce.number().int().positive().max(2_147_483_647);

export const zIdParams = z.object({ id: zId });

export const zMessage = z.object({ message: z.string() });

export const zFileInfo = z.object({
  id: z.number().int(),
  filename: z.string(),
  mime_type: z.string(),
  size: z.number().int(),
  created_at: z.string(),
  url: z.string(),
});

/**
 * PATCH of a stored file (flowfile, assistfile, attachedfile, attachment, widgetpicture, picture,
 * signature): its new name; the old extension is kept (`renamedFilename`). Decision 043.
 */
export const zRenameFile = z.object({
  filename: z
    .string({ message: FILE_TEXTS.filenameRequired })
    .trim()
    .min(1, FILE_TEXTS.filenameRequired)
    .max(MAX_FILENAME_LENGTH, FILE_TEXTS.filenameTooLong)
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it refuses
    .refine((v) => !/[/\\\u0000-\u001f\u007f]/.test(v), FILE_TEXTS.filenameInvalid),
});
export type RenameFile = z.infer<typeof zRenameFile>;

export type IdParams = z.infer<typeof zIdParams>;
export type Message = z.infer<typeof zMessage>;
export type FileInfo = z.infer<typeof zFileInfo>;

/** What a client sends for a request schema: its input side (flags as 1/0, defaults optional). */
export type RequestOf<T extends z.ZodType> = z.input<T>;

/** A company or request profile button colour: '#rrggbb'. */
export const zBrandColor = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'Een kleur als #1a2b3c.');
