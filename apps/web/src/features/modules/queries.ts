import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';

/** GET /api/module: the 14 modules of spec 000 section 6. */
export interface Module {
  id: number;
  tag: string;
  description: string;
}

/** GET /api/company/getmodules: the own company's modules. */
export interface OwnCompanyModule {
  id: number;
  tag: string;
  purchased: boolean;
  /** Not in the documented answer; shown when the server sends it. */
  description?: string;
}

export const MODULE_DESCRIPTION_MAX = 1000;
const MODULES_KEY = ['module'] as const;

export function useModules() {
  return useQuery({
    queryKey: MODULES_KEY,
    queryFn: ({ signal }) => api.get<Module[]>('/api/module', { signal }),
    staleTime: 60_000,
  });
}

export function useUpdateModule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, description }: { id: number; description: string }) =>
      api.patch<Module>(`/api/module/${id}`, { description }),
    onSuccess: (updated) => {
      queryClient.setQueryData<Module[]>(MODULES_KEY, (list) =>
        list?.map((m) => (m.id === updated.id ? updated : m)),
      );
    },
  });
}

export function useOwnCompanyModules() {
  return useQuery({
    queryKey: ['company', 'getmodules'],
    queryFn: ({ signal }) => api.get<OwnCompanyModule[]>('/api/company/getmodules', { signal }),
  });
}
