import type { Module, OwnCompanyModule } from '@im/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';

export type { Module, OwnCompanyModule };

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
