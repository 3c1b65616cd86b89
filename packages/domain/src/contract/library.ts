// The API contract of the media library and the library sets (spec 000 sections 2, 3, 7; decision 064).
import { z } from 'zod';
import { zPaginated, zPaginationQuery } from '../pagination';
import { zId } from './common';
import { zCreateVertical, zCreateVerticalDataField } from './forms';
import { zSaveMailTemplate, zSaveMessageTemplate } from './mail';
import { zProductFields } from './products';

export const MEDIA_TEXTS = {
  notFound: 'Mediabestand niet gevonden.',
  deleted: 'Mediabestand verwijderd.',
  notAnImage: 'Kies een afbeelding; een PDF kan hier niet worden getoond.',
} as const;

export const LIBRARY_TEXTS = {
  setNotFound: 'Bibliotheekset niet gevonden.',
  itemNotFound: 'Bibliotheekonderdeel niet gevonden.',
  nameRequired: 'Vul een naam in.',
  setDeleted: 'Bibliotheekset verwijderd.',
  itemDeleted: 'Onderdeel verwijderd.',
  nothingChosen: 'Kies minstens één onderdeel om te importeren.',
  itemNotInSet: 'Dit onderdeel hoort niet bij deze set.',
  badData: 'De inhoud van dit onderdeel past niet bij het soort.',
} as const;

/** A picture or PDF in the company's media library. `public_url`: an image's unguessable address (mails, editor). */
export const zMediaFile = z.object({
  id: z.number().int(),
  filename: z.string(),
  mime_type: z.string(),
  size: z.number().int(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  is_image: z.boolean(),
  /** Relative address of the image without login (the secret is in it); null for a PDF. */
  public_url: z.string().nullable(),
  created_at: z.string(),
});
export type MediaFile = z.infer<typeof zMediaFile>;

export const zMediaFileQuery = zPaginationQuery.extend({
  /** Only pictures (the picker of mail templates and document widgets). */
  images: z.enum(['0', '1']).optional(),
});
export type MediaFileQuery = z.infer<typeof zMediaFileQuery>;
export const zMediaFilePage = zPaginated(zMediaFile);
export type MediaFilePage = z.infer<typeof zMediaFilePage>;

// ------------------------------------------------------------------ library sets

export const LIBRARY_ITEM_KINDS = ['product', 'form', 'mailtemplate', 'messagetemplate'] as const;
export type LibraryItemKind = (typeof LIBRARY_ITEM_KINDS)[number];
export const LIBRARY_ITEM_KIND_LABELS: Record<LibraryItemKind, string> = {
  product: 'Product',
  form: 'Formulier',
  mailtemplate: 'E-mailtemplate',
  messagetemplate: 'Berichttemplate',
};

const zFormField = zCreateVerticalDataField.omit({ vertical_id: true });
/** What each kind of item holds: the same fields the company's own create call takes. */
export const LIBRARY_ITEM_DATA = {
  product: zProductFields,
  form: zCreateVertical.extend({ fields: z.array(zFormField).max(200).default([]) }),
  mailtemplate: zSaveMailTemplate,
  messagetemplate: zSaveMessageTemplate,
} as const;

const zName = z
  .string({ message: LIBRARY_TEXTS.nameRequired })
  .trim()
  .min(1, LIBRARY_TEXTS.nameRequired)
  .max(200);
const zTags = z.array(z.string().trim().min(1).max(50)).max(20);

export const zLibraryItem = z.object({
  id: z.number().int(),
  library_set_id: z.number().int(),
  kind: z.enum(LIBRARY_ITEM_KINDS),
  name: z.string(),
  description: z.string(),
  data: z.record(z.string(), z.unknown()),
  order: z.number().int(),
});
export type LibraryItem = z.infer<typeof zLibraryItem>;

export const zLibrarySet = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  tags: z.array(z.string()),
  items_count: z.number().int(),
  /** Per kind, how many items of it the set has. */
  kinds: z.array(z.object({ kind: z.enum(LIBRARY_ITEM_KINDS), count: z.number().int() })),
  updated_at: z.string(),
});
export type LibrarySet = z.infer<typeof zLibrarySet>;
export const zLibrarySetDetail = zLibrarySet.extend({ library_items: z.array(zLibraryItem) });
export type LibrarySetDetail = z.infer<typeof zLibrarySetDetail>;
export const zLibrarySetPage = zPaginated(zLibrarySet);
export type LibrarySetPage = z.infer<typeof zLibrarySetPage>;
/** Searched on name, description and tags. */
export const zLibrarySetQuery = zPaginationQuery;

export const zSaveLibrarySet = z.object({
  name: zName,
  description: z.string().trim().max(2000).default(''),
  tags: zTags.default([]),
});
export const zUpdateLibrarySet = z.object({
  name: zName.optional(),
  description: z.string().trim().max(2000).optional(),
  tags: zTags.optional(),
});
export type SaveLibrarySet = z.infer<typeof zSaveLibrarySet>;
export type UpdateLibrarySet = z.infer<typeof zUpdateLibrarySet>;

export const zSaveLibraryItem = z.object({
  library_set_id: zId,
  kind: z.enum(LIBRARY_ITEM_KINDS),
  name: zName,
  description: z.string().trim().max(2000).default(''),
  data: z.record(z.string(), z.unknown()),
});
export const zUpdateLibraryItem = z.object({
  name: zName.optional(),
  description: z.string().trim().max(2000).optional(),
  data: z.record(z.string(), z.unknown()).optional(),
  order: z.coerce.number().int().min(1).max(10_000).optional(),
});
export type SaveLibraryItem = z.infer<typeof zSaveLibraryItem>;
export type UpdateLibraryItem = z.infer<typeof zUpdateLibraryItem>;

/** POST libraryset/{id}/import: every item, or the chosen ones. */
export const zImportLibrarySet = z.object({
  item_ids: z.array(zId).min(1, LIBRARY_TEXTS.nothingChosen).max(500).optional(),
});
export type ImportLibrarySet = z.infer<typeof zImportLibrarySet>;
export const zLibraryImportResult = z.object({
  message: z.string(),
  created: z.array(z.object({ kind: z.enum(LIBRARY_ITEM_KINDS), id: z.number().int(), name: z.string() })),
  /** Items the company already has under the same name: left as they are. */
  skipped: z.array(z.object({ kind: z.enum(LIBRARY_ITEM_KINDS), name: z.string() })),
});
export type LibraryImportResult = z.infer<typeof zLibraryImportResult>;

/** The message after an import, e.g. '3 onderdelen geïmporteerd, 1 bestond al.'. */
export function libraryImportedMessage(created: number, skipped: number): string {
  const made = created === 1 ? '1 onderdeel geïmporteerd' : `${created} onderdelen geïmporteerd`;
  if (skipped === 0) return `${made}.`;
  return `${made}, ${skipped} ${skipped === 1 ? 'bestond' : 'bestonden'} al.`;
}

/** POST widgetpicture/frommediafile: a picture widget gets a copy of a media library picture. */
export const zWidgetPictureFromMedia = z.object({ document_widget_id: zId, mediafile_id: zId });
export type WidgetPictureFromMedia = z.infer<typeof zWidgetPictureFromMedia>;
