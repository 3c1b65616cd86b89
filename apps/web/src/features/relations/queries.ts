import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';
import type { Paginated } from '../../ui/data-table/server-data-table';
import type {
  BulkCriterion,
  FlowRow,
  InactiveRelation,
  Relation,
  RelationDetail,
  SaveRelationRequest,
  UpdateRelationRequest,
} from './types';

// docs/api/crm.md "Relations"; flows of a relation through "Flows" (create, restore, forceDelete).
export const RELATION_KEY = ['relation'] as const;
export const RELATION_TABLE_PATH = '/api/relation/querypaginated';
export const RELATION_TRASH_PATH = '/api/relation/querytrashed';

export { useFlowSettings } from '../../api/companies';

export function useRelation(id: number) {
  return useQuery({
    queryKey: [...RELATION_KEY, id],
    queryFn: ({ signal }) => api.get<RelationDetail>(`/api/relation/${id}`, { signal }),
    enabled: Number.isInteger(id) && id > 0,
  });
}

/** Relation lists (overview, trash, organization detail) and searches change with any relation. */
function useRefreshRelations() {
  const queryClient = useQueryClient();
  return (detail?: RelationDetail) => {
    if (detail) queryClient.setQueryData([...RELATION_KEY, detail.id], detail);
    void queryClient.invalidateQueries({ queryKey: ['table', RELATION_TABLE_PATH] });
    void queryClient.invalidateQueries({ queryKey: ['table', RELATION_TRASH_PATH] });
    void queryClient.invalidateQueries({ queryKey: ['relation', 'trashcount'] });
    void queryClient.invalidateQueries({ queryKey: ['typeahead'] });
    void queryClient.invalidateQueries({ queryKey: ['organization'] });
    void queryClient.invalidateQueries({ queryKey: ['location'] });
  };
}

export function useCreateRelation() {
  const refresh = useRefreshRelations();
  return useMutation({
    mutationFn: (body: SaveRelationRequest) => api.post<RelationDetail>('/api/relation', body),
    onSuccess: (detail) => refresh(detail),
  });
}

export function useUpdateRelation(id: number) {
  const refresh = useRefreshRelations();
  return useMutation({
    mutationFn: (body: UpdateRelationRequest) => api.patch<RelationDetail>(`/api/relation/${id}`, body),
    onSuccess: (detail) => refresh(detail),
  });
}

export function useCheckDoubleRelations() {
  return useMutation({
    mutationFn: (body: {
      name?: string;
      surname: string;
      email?: string;
      postcode?: string;
      number?: string;
    }) => api.post<Relation[]>('/api/relation/checkfordoublerelations', body),
  });
}

export function useDeleteRelation() {
  const refresh = useRefreshRelations();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<{ message: string }>(`/api/relation/${id}`),
    onSuccess: (_answer, id) => {
      queryClient.removeQueries({ queryKey: [...RELATION_KEY, id] });
      refresh();
    },
  });
}

export function useRestoreRelation() {
  const refresh = useRefreshRelations();
  return useMutation({
    mutationFn: (id: number) => api.post<RelationDetail>(`/api/relation/${id}/restore`),
    onSuccess: (detail) => refresh(detail),
  });
}

export function useForceDeleteRelation() {
  const refresh = useRefreshRelations();
  return useMutation({
    mutationFn: (id: number) => api.post<{ message: string }>(`/api/relation/${id}/forcedelete`),
    onSuccess: () => refresh(),
  });
}

/** Number of trashed relations: the total of the trash query. */
export function useTrashCount() {
  return useQuery({
    queryKey: ['relation', 'trashcount'],
    queryFn: ({ signal }) =>
      api.get<Paginated<Relation>>(RELATION_TRASH_PATH, { query: { offset: 0, limit: 1 }, signal }),
    select: (answer) => answer.pagination.total,
  });
}

export function useSearchInactiveRelations() {
  return useMutation({
    mutationFn: (criteria: BulkCriterion[]) =>
      api.post<{ data: InactiveRelation[]; total: number }>('/api/relation/searchinactiverelations', {
        criteria,
      }),
  });
}

export function useBulkDeleteRelations() {
  return useMutation({
    mutationFn: (relationIds: number[]) =>
      api.post<{ batchId: string }>('/api/relation/bulkdelete', { relationIds }),
  });
}

export function useEmptyTrash() {
  return useMutation({
    mutationFn: () => api.post<{ batchId: string }>('/api/relation/emptytrash'),
  });
}

/** After a batch job on relations: every list and count may have changed. */
export function useRefreshAfterBatch() {
  const refresh = useRefreshRelations();
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: RELATION_KEY });
    refresh();
  };
}

// Flows of a relation (createByRelation, trashed flows). The flow screens belong to the flows feature.
function useRefreshRelation(relationId: number) {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: [...RELATION_KEY, relationId] });
    void queryClient.invalidateQueries({ queryKey: ['table', RELATION_TABLE_PATH] });
    void queryClient.invalidateQueries({ queryKey: ['table', '/api/flow/querypaginated'] });
  };
}

export function useCreateFlowForRelation(relationId: number) {
  const refresh = useRefreshRelation(relationId);
  return useMutation({
    mutationFn: (body: { description?: string; lead_source?: string; flowprofile_id?: number | null }) =>
      api.post<FlowRow>('/api/flow', { relation_id: relationId, ...body }),
    onSuccess: refresh,
  });
}

export function useRestoreFlow(relationId: number) {
  const refresh = useRefreshRelation(relationId);
  return useMutation({
    mutationFn: (flowId: number) => api.post<FlowRow>(`/api/flow/${flowId}/restore`),
    onSuccess: refresh,
  });
}

export function useForceDeleteFlow(relationId: number) {
  const refresh = useRefreshRelation(relationId);
  return useMutation({
    mutationFn: (flowId: number) => api.post<{ message: string }>(`/api/flow/${flowId}/forcedelete`),
    onSuccess: refresh,
  });
}
