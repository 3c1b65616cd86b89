import type { SearchAnswer, SearchKind } from '@im/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../api/client';

/** The results screen shows 10 hits per kind and 10 more with each 'Meer tonen' (spec 001), at most 100. */
export const RESULTS_PAGE = 10;
export const RESULTS_MAX = 100;

/**
 * GET /api/search (decision 055). Replies are cached per term, kind and limit, and a screen reads only
 * its current key's entry: a slow reply to an older term lands in its own entry and is never shown.
 */
export function useSearch(term: string, options: { kind?: SearchKind; limit: number; enabled: boolean }) {
  const { kind, limit, enabled } = options;
  return useQuery({
    queryKey: ['search', term, kind ?? null, limit],
    queryFn: ({ signal }) =>
      api.get<SearchAnswer>('/api/search', { query: { query: term, kind, limit }, signal }),
    enabled,
    staleTime: 30_000,
    // While 'Meer tonen' loads, keep the shorter list of the same term and kind; never another term's.
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[1] === term && previousQuery.queryKey[2] === (kind ?? null)
        ? keepPreviousData(previous)
        : undefined,
  });
}
