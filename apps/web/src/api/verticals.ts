import type { Vertical, VerticalDataField, VerticalDetail, VerticalType } from '@im/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from './client';

// Form (vertical) reads that several features show: the forms editor (verticals), the form filler
// (forms), the show rules and widget editor of documents, the product form fields. Kept below the
// features so none of them imports another one back (decision 046).

export const VERTICAL_KEY = ['vertical'] as const;
export const verticalKey = (id: number | null) => [...VERTICAL_KEY, id] as const;

const valid = (id: number | null): id is number => id !== null && Number.isInteger(id) && id > 0;

/**
 * One form with its fields. The editor reads it fresh (`staleTime` 0); the filler and the pickers may
 * keep it a minute.
 */
export function useVertical(id: number | null, { staleTime = 0 }: { staleTime?: number } = {}) {
  return useQuery({
    queryKey: verticalKey(id),
    queryFn: ({ signal }) => api.get<VerticalDetail>(`/api/vertical/${id}`, { signal }),
    enabled: valid(id),
    staleTime,
  });
}

/** The forms of one type (or all), for pickers. */
/** Live forms (of one type); for a flow only those its request profile allows (the server refuses others). */
export function useVerticals(type?: VerticalType, isEnabled = true, flowId?: number) {
  return useQuery({
    queryKey: [...VERTICAL_KEY, 'list', type ?? 'all', flowId ?? 'any'],
    queryFn: ({ signal }) =>
      api.get<Vertical[]>('/api/vertical', { signal, query: { type, flow_id: flowId } }),
    staleTime: 60_000,
    enabled: isEnabled,
  });
}

/** Every live field of every form (show rules, merge fields). */
export function useLiveFields() {
  return useQuery({
    queryKey: [...VERTICAL_KEY, 'fields'],
    queryFn: ({ signal }) => api.get<VerticalDataField[]>('/api/verticaldatafield', { signal }),
    staleTime: 60_000,
  });
}
