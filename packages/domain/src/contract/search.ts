import { z } from 'zod';
import { SEARCH_MIN_CHARS } from '../flows';
import { SEARCH_KINDS, SEARCH_PAGE_SIZE, SEARCH_QUERY_MAX } from '../search';
import { zId } from './common';

export const SEARCH_QUERY_TOO_SHORT = `Vul minimaal ${SEARCH_MIN_CHARS} tekens in om te zoeken.`;
export const SEARCH_QUERY_TOO_LONG = `Zoek met hoogstens ${SEARCH_QUERY_MAX} tekens.`;

export const zSearchKind = z.enum(SEARCH_KINDS);

/**
 * GET /api/search: without `kind`, the first hits of every kind (the top bar and the results screen's
 * overview); with `kind`, a page of that kind.
 */
export const zEverythingSearchQuery = z.object({
  query: z
    .string()
    .max(SEARCH_QUERY_MAX, SEARCH_QUERY_TOO_LONG)
    .refine((q) => q.trim().length >= SEARCH_MIN_CHARS, SEARCH_QUERY_TOO_SHORT),
  kind: zSearchKind.optional(),
  limit: z.coerce.number().int().min(1).max(100).default(SEARCH_PAGE_SIZE),
  offset: z.coerce.number().int().min(0).max(10_000).default(0),
});
export type EverythingSearchQuery = z.infer<typeof zEverythingSearchQuery>;

/** A piece of a hit's snippet; `hit` marks the words that matched. */
export const zSnippetPart = z.object({ text: z.string(), hit: z.boolean() });

export const zSearchHit = z.object({
  kind: zSearchKind,
  id: zId,
  /** The entity's own title: a name, a document or agenda title, a form's name ('' where it has none). */
  title: z.string(),
  /** Where the matched words stand in the entity's text, words that matched marked. */
  snippet: z.array(zSnippetPart),
  flow_id: zId.nullable(),
  flow_number: z.number().int().nullable(),
  relation_id: zId.nullable(),
  relation_name: z.string().nullable(),
  organization_id: zId.nullable(),
  organization_name: z.string().nullable(),
  /** A document's number (quotation, confirmation, invoice), null for other kinds. */
  number: z.number().int().nullable(),
  /** Where a form was filled in (intake or project), for the link into it. */
  intake_id: zId.nullable(),
  project_id: zId.nullable(),
  /** A filled-in form's form: the intake and project screens open it by this id. */
  vertical_id: zId.nullable(),
  /** A message's sender: the customer ('relation') or staff ('user'). */
  sender: z.enum(['relation', 'user']).nullable(),
  updated_at: z.string(),
});
export type SearchHit = z.infer<typeof zSearchHit>;

export const zSearchGroup = z.object({
  kind: zSearchKind,
  hits: z.array(zSearchHit),
  /** More hits of this kind exist after these. */
  more: z.boolean(),
});
export type SearchGroup = z.infer<typeof zSearchGroup>;

export const zSearchAnswer = z.object({ groups: z.array(zSearchGroup) });
export type SearchAnswer = z.infer<typeof zSearchAnswer>;
