import { z } from 'zod';

export const DEFAULT_PAGE_SIZE = 25;
export const MAX_PAGE_SIZE = 500;

/** Rows to skip: at most the largest integer the database's paging takes (int4). */
export const zOffset = z.coerce.number().int().min(0).max(2_147_483_647).default(0);

/** `querypaginated` input of the API contract: offset, limit, query, sort ("column" or "-column"). */
export const zPaginationQuery = z.object({
  offset: zOffset,
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
  query: z.string().max(200).optional(),
  sort: z.string().max(100).optional(),
});
export type PaginationQuery = z.infer<typeof zPaginationQuery>;

export function zPaginated<T extends z.ZodType>(item: T) {
  return z.object({
    data: z.array(item),
    pagination: z.object({
      total: z.number().int(),
      offset: z.number().int(),
      limit: z.number().int(),
      /** Present (true) when a text query matched more than the list shows: only the first `total` page. */
      total_capped: z.boolean().optional(),
    }),
  });
}

/**
 * The answer of every paginated query (`querypaginated`). `total_capped`: more matched than `total`;
 * only the first `total` can be paged (flow text queries).
 */
export interface Paginated<T> {
  data: T[];
  pagination: { total: number; offset: number; limit: number; total_capped?: boolean };
}
