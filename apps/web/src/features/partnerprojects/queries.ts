import type {
  AvailableDocuments,
  BulkStarted,
  PartnerProject,
  PartnerProjectFilterOptions,
  PartnerProjectPage,
  PartnerProjectWithLogItems,
  ProjectFlowFilters,
  ProjectFlowPage,
  RequestOf,
  zCreatePartnerProject,
  zUpdatePartnerProject,
} from '@im/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';

export const PROJECT_KEY = ['partnerproject'] as const;

export type SaveProjectRequest = RequestOf<typeof zCreatePartnerProject>;
export type UpdateProjectRequest = RequestOf<typeof zUpdatePartnerProject>;

export function useProject(id: number) {
  return useQuery({
    queryKey: [...PROJECT_KEY, id],
    queryFn: ({ signal }) => api.get<PartnerProject>(`/api/partnerproject/${id}`, { signal }),
    enabled: Number.isInteger(id) && id > 0,
  });
}

export function useProjectWithLogItems(id: number) {
  return useQuery({
    queryKey: [...PROJECT_KEY, id, 'logitems'],
    queryFn: ({ signal }) =>
      api.get<PartnerProjectWithLogItems>(`/api/partnerproject/${id}/getwithlogitems`, { signal }),
    enabled: Number.isInteger(id) && id > 0,
  });
}

/** A partner's projects (its page), the first 100 by name. */
export function usePartnerProjects(partnerId: number, enabled = true) {
  return useQuery({
    enabled: enabled && partnerId > 0,
    queryKey: [...PROJECT_KEY, 'partner', partnerId],
    queryFn: ({ signal }) =>
      api.get<PartnerProjectPage>(`/api/partnerproject/querypaginated?partnerId=${partnerId}&limit=100`, {
        signal,
      }),
  });
}

/** The partner user's own projects. */
export function useOwnProjects() {
  return useQuery({
    queryKey: [...PROJECT_KEY, 'own'],
    queryFn: ({ signal }) => api.get<PartnerProject[]>('/api/partnerproject/indexforpartner', { signal }),
  });
}

export function useFilterOptions(id: number, enabled = true) {
  return useQuery({
    enabled,
    queryKey: [...PROJECT_KEY, id, 'filteroptions'],
    queryFn: ({ signal }) =>
      api.get<PartnerProjectFilterOptions>(`/api/partnerproject/${id}/getfilteroptions`, { signal }),
  });
}

export function flowQueryString(filters: ProjectFlowFilters, offset: number, limit: number): string {
  const params = new URLSearchParams({ offset: String(offset), limit: String(limit) });
  for (const [key, value] of Object.entries(filters))
    if (value !== undefined && value !== '') params.set(key, String(value));
  return params.toString();
}

/** A page of the project's flows (`forPartner`: the partner user's read-only list). */
export function useProjectFlows(
  id: number,
  filters: ProjectFlowFilters,
  offset: number,
  limit: number,
  forPartner = false,
  enabled = true,
) {
  const path = forPartner ? 'flowsforpartner' : 'flows';
  return useQuery({
    enabled: enabled && id > 0,
    queryKey: [...PROJECT_KEY, id, path, filters, offset, limit],
    queryFn: ({ signal }) =>
      api.get<ProjectFlowPage>(
        `/api/partnerproject/${id}/${path}?${flowQueryString(filters, offset, limit)}`,
        {
          signal,
        },
      ),
    placeholderData: keepPreviousData,
  });
}

export function useAvailableDocuments(id: number, flowId: number | null) {
  return useQuery({
    queryKey: [...PROJECT_KEY, id, 'available', flowId],
    queryFn: ({ signal }) =>
      api.get<AvailableDocuments>(`/api/partnerproject/${id}/getavailabledocuments?flow_id=${flowId}`, {
        signal,
      }),
    enabled: flowId !== null,
  });
}

export function useRefreshProjects() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: PROJECT_KEY });
    void queryClient.invalidateQueries({ queryKey: ['partner'] });
  };
}

export function useCreateProject() {
  const refresh = useRefreshProjects();
  return useMutation({
    mutationFn: (body: SaveProjectRequest) => api.post<PartnerProject>('/api/partnerproject', body),
    onSuccess: refresh,
  });
}

export function useUpdateProject(id: number) {
  const refresh = useRefreshProjects();
  return useMutation({
    mutationFn: (body: UpdateProjectRequest) => api.patch<PartnerProject>(`/api/partnerproject/${id}`, body),
    onSuccess: refresh,
  });
}

export function useDeleteProject() {
  const refresh = useRefreshProjects();
  return useMutation({
    mutationFn: (id: number) => api.delete<{ message: string }>(`/api/partnerproject/${id}`),
    onSuccess: refresh,
  });
}

export function useNextPhase(id: number) {
  const refresh = useRefreshProjects();
  return useMutation({
    mutationFn: () => api.post<PartnerProject>(`/api/partnerproject/${id}/nextphase`, {}),
    onSuccess: refresh,
  });
}

export function useCreateFlowInProject(id: number) {
  const refresh = useRefreshProjects();
  return useMutation({
    mutationFn: (body: { relation_id: number; description?: string; type?: string }) =>
      api.post<{ id: number; number: number }>(`/api/partnerproject/${id}/createbypartnerproject`, body),
    onSuccess: refresh,
  });
}

export type BulkPath =
  | 'startprojectphase'
  | 'editstatusses'
  | 'copydocuments'
  | 'copyflowdataitems'
  | 'combineflowsintodocument'
  | 'standardaction'
  | 'copyfrommodels'
  | 'updatetags';

export function useBulkAction(id: number) {
  return useMutation({
    mutationFn: ({ path, body }: { path: BulkPath; body: Record<string, unknown> }) =>
      api.post<BulkStarted>(`/api/partnerproject/${id}/${path}`, body),
  });
}
