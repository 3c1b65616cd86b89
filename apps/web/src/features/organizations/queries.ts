import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';
import type {
  Organization,
  OrganizationDetail,
  SaveOrganizationRequest,
  UpdateOrganizationRequest,
} from './types';

// docs/api/crm.md "Organizations".
export const ORGANIZATION_KEY = ['organization'] as const;
export const ORGANIZATION_TABLE_PATH = '/api/organization/querypaginated';

export function useOrganization(id: number) {
  return useQuery({
    queryKey: [...ORGANIZATION_KEY, id],
    queryFn: ({ signal }) => api.get<OrganizationDetail>(`/api/organization/${id}`, { signal }),
    enabled: Number.isInteger(id) && id > 0,
  });
}

function useRefreshOrganizations() {
  const queryClient = useQueryClient();
  return (id?: number) => {
    if (id) void queryClient.invalidateQueries({ queryKey: [...ORGANIZATION_KEY, id] });
    void queryClient.invalidateQueries({ queryKey: ['table', ORGANIZATION_TABLE_PATH] });
    void queryClient.invalidateQueries({ queryKey: ['typeahead'] });
    // Relations show their organization; a new contact person is a new relation.
    void queryClient.invalidateQueries({ queryKey: ['relation'] });
    void queryClient.invalidateQueries({ queryKey: ['table', '/api/relation/querypaginated'] });
  };
}

export function useCreateOrganization() {
  const refresh = useRefreshOrganizations();
  return useMutation({
    mutationFn: (body: SaveOrganizationRequest) => api.post<Organization>('/api/organization', body),
    onSuccess: (organization) => refresh(organization.id),
  });
}

export function useUpdateOrganization(id: number) {
  const refresh = useRefreshOrganizations();
  return useMutation({
    mutationFn: (body: UpdateOrganizationRequest) => api.patch<Organization>(`/api/organization/${id}`, body),
    onSuccess: () => refresh(id),
  });
}

export function useDeleteOrganization() {
  const refresh = useRefreshOrganizations();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<{ message: string }>(`/api/organization/${id}`),
    onSuccess: (_answer, id) => {
      queryClient.removeQueries({ queryKey: [...ORGANIZATION_KEY, id] });
      refresh();
    },
  });
}
