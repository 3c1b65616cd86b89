import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';
import type { AddressLookup, AddressParts, Location, LocationOwner, LocationType } from './types';

const LOCATIONS_KEY = ['location'] as const;
const TYPES_KEY = ['locationtype'] as const;

export interface SaveLocationRequest extends Partial<AddressParts> {
  description?: string;
  location_type_id?: number | null;
  country?: string;
  relation_id?: number;
  organization_id?: number;
}

export function useLocations(owner: LocationOwner) {
  return useQuery({
    queryKey: [...LOCATIONS_KEY, owner],
    queryFn: ({ signal }) => api.get<Location[]>('/api/location', { query: { ...owner }, signal }),
  });
}

/** A location change also changes its owner (address, map position): refresh that too. */
function useRefreshOwner() {
  const queryClient = useQueryClient();
  return (owner: LocationOwner) => {
    void queryClient.invalidateQueries({ queryKey: LOCATIONS_KEY });
    if ('relation_id' in owner)
      void queryClient.invalidateQueries({ queryKey: ['relation', owner.relation_id] });
    else void queryClient.invalidateQueries({ queryKey: ['organization', owner.organization_id] });
  };
}

export function useSaveLocation(owner: LocationOwner) {
  const refresh = useRefreshOwner();
  return useMutation({
    mutationFn: ({ id, ...body }: SaveLocationRequest & { id?: number }) =>
      id
        ? api.patch<Location>(`/api/location/${id}`, body)
        : api.post<Location>('/api/location', { ...owner, ...body }),
    onSuccess: () => refresh(owner),
  });
}

export function useDeleteLocation(owner: LocationOwner) {
  const refresh = useRefreshOwner();
  return useMutation({
    mutationFn: (id: number) => api.delete(`/api/location/${id}`),
    onSuccess: () => refresh(owner),
  });
}

export function useLocationTypes() {
  return useQuery({
    queryKey: TYPES_KEY,
    queryFn: ({ signal }) => api.get<LocationType[]>('/api/locationtype', { signal }),
  });
}

export function useSaveLocationType() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, label }: { id?: number; label: string }) =>
      id
        ? api.patch<LocationType>(`/api/locationtype/${id}`, { label })
        : api.post<LocationType>('/api/locationtype', { label }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: TYPES_KEY });
      void queryClient.invalidateQueries({ queryKey: LOCATIONS_KEY });
    },
  });
}

export function useDeleteLocationType() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`/api/locationtype/${id}`),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: TYPES_KEY });
      void queryClient.invalidateQueries({ queryKey: LOCATIONS_KEY });
    },
  });
}

/** Street and city of a Dutch postcode and house number (PDOK through the server; decision 036). */
export function lookupAddress(
  query: { postcode: string; number: string; addition: string },
  signal?: AbortSignal,
): Promise<AddressLookup> {
  return api.get<AddressLookup>('/api/address/lookup', { query, signal });
}
