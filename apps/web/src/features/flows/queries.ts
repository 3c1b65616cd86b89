import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/client';
import type { FlowRow, Lead, MergeTarget } from './types';

// Reads of docs/api/crm.md "Flows" and "Company lists". Changes live in mutations.ts.

export const FLOW_TABLE_PATH = '/api/flow/querypaginated';

import { FLOW_KEY } from '../../api/flows';

export { FLOW_KEY, flowKey, useFlow } from '../../api/flows';

const isId = (id: number) => Number.isInteger(id) && id > 0;

export { useFlowSettings } from '../../api/companies';

export function useUsedFlowTags(enabled = true) {
  return useQuery({
    queryKey: [...FLOW_KEY, 'usedtags'],
    queryFn: ({ signal }) => api.get<string[]>('/api/flow/getusedflowtags', { signal }),
    enabled,
  });
}

export function useLead(flowId: number) {
  return useQuery({
    queryKey: ['lead', flowId],
    queryFn: ({ signal }) => api.get<Lead>(`/api/lead/${flowId}`, { signal }),
    enabled: isId(flowId),
  });
}

/** Merge target picker: other flows of the company by name, address or number. */
export function searchMergeTargets(query: string, signal: AbortSignal) {
  return api.get<MergeTarget[]>('/api/flow/querywithdisplaynamewithaddress', {
    query: { query, limit: 25 },
    signal,
  });
}

/** POST /api/flow/getlastseenflows: the rows of the given ids, in order, skipping gone ones. */
export function useLastSeenFlows(ids: number[], enabled: boolean) {
  return useQuery({
    queryKey: [...FLOW_KEY, 'lastseen', ids],
    queryFn: ({ signal }) => api.post<FlowRow[]>('/api/flow/getlastseenflows', { ids }, { signal }),
    enabled: enabled && ids.length > 0,
  });
}
