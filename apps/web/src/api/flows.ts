import type { Flow } from '@im/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from './client';

// The flow (dossier) read that the flow screens and the forms' aftercare screen both show, kept below
// the features so forms does not import flows back (decision 046).

export const FLOW_KEY = ['flow'] as const;
export const flowKey = (id: number) => [...FLOW_KEY, id] as const;

export function useFlow(id: number) {
  return useQuery({
    queryKey: flowKey(id),
    queryFn: ({ signal }) => api.get<Flow>(`/api/flow/${id}`, { signal }),
    enabled: Number.isInteger(id) && id > 0,
  });
}
