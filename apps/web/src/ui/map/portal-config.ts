import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/client';

// GET /api/portal/config: the map tiles are configured per server (spec 001 task map, relation map).
export interface PortalConfig {
  map_tile_url: string;
  map_attribution: string;
  map_default_center: [number, number];
}

/** Spec 001 section 2: 'Map centre when the company has no coordinates is about 52.50, 6.08'. */
export const DEFAULT_MAP_CENTER: [number, number] = [52.5, 6.08];

export function usePortalConfig() {
  return useQuery({
    queryKey: ['portal', 'config'],
    queryFn: ({ signal }) => api.get<PortalConfig>('/api/portal/config', { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}
