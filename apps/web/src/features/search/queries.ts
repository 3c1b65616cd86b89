import type { FlowStatus } from '@im/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/client';

// GET /api/flow/searchforsearchterm (docs/api/crm.md): 3+ characters, limit default 10, max 100.
export type SearchResults = {
  flows: {
    id: number;
    number: number | string;
    description: string | null;
    relation_fullname: string;
    address: string;
    flow_status: FlowStatus;
  }[];
  relations: { id: number; fullname: string; address: string }[];
  organizations: { id: number; name: string; address: string }[];
};

export const SEARCH_PAGE = 10;
export const SEARCH_MAX = 100;

/**
 * Replies are cached per term and limit, and the box reads only the current term's entry: a slow
 * reply to an older term lands in its own entry and is never shown (stale replies are ignored).
 */
export function useGlobalSearch(term: string, limit: number, enabled: boolean) {
  return useQuery({
    queryKey: ['search', term, limit],
    queryFn: ({ signal }) =>
      api.get<SearchResults>('/api/flow/searchforsearchterm', { query: { query: term, limit }, signal }),
    enabled,
    staleTime: 30_000,
    // While 'Meer tonen' loads, keep the shorter list of the same term; never another term's.
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[1] === term ? previous : undefined,
  });
}
