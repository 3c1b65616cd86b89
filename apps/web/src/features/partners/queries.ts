import type {
  CreatePartnerUser,
  FlowForPartner,
  PartnerDashboard,
  PartnerDetail,
  PartnerFlowPage,
  PartnerUser,
  RequestOf,
  zCreatePartner,
  zUpdatePartner,
} from '@im/domain';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';

export const PARTNER_KEY = ['partner'] as const;
export const PARTNER_TABLE_PATH = '/api/partner/querypaginated';
/** Spec 001 section 9: partner lists load 25 and grow by 25. */
export const PARTNER_LIST_STEP = 25;

export type SavePartnerRequest = RequestOf<typeof zCreatePartner>;
export type UpdatePartnerRequest = RequestOf<typeof zUpdatePartner>;

export function usePartner(id: number) {
  return useQuery({
    queryKey: [...PARTNER_KEY, id],
    queryFn: ({ signal }) => api.get<PartnerDetail>(`/api/partner/${id}`, { signal }),
    enabled: Number.isInteger(id) && id > 0,
  });
}

/** Every partner's id and name (the 'add flows to partner' choice). */
export function usePartnerNames(enabled = true) {
  return useQuery({
    queryKey: [...PARTNER_KEY, 'names'],
    queryFn: ({ signal }) => api.get<{ id: number; name: string }[]>('/api/partner/names', { signal }),
    enabled,
  });
}

/** Pages of 25 of one partner's flows (staff) or of the partner user's own (`partnerId` null). */
export function usePartnerFlows(partnerId: number | null) {
  const path = partnerId === null ? '/api/flow/indexforpartner' : `/api/partner/${partnerId}/flows`;
  return useInfiniteQuery({
    queryKey: [...PARTNER_KEY, 'flows', partnerId],
    initialPageParam: 0,
    queryFn: ({ pageParam, signal }) =>
      api.get<PartnerFlowPage>(`${path}?offset=${pageParam}&limit=${PARTNER_LIST_STEP}`, { signal }),
    getNextPageParam: (last) => {
      const next = last.pagination.offset + last.pagination.limit;
      return next < last.pagination.total ? next : undefined;
    },
  });
}

export function usePartnerDashboard() {
  return useQuery({
    queryKey: [...PARTNER_KEY, 'dashboard'],
    queryFn: ({ signal }) => api.get<PartnerDashboard>('/api/partner/dashboard', { signal }),
  });
}

export function useFlowForPartner(flowId: number) {
  return useQuery({
    queryKey: [...PARTNER_KEY, 'flow', flowId],
    queryFn: ({ signal }) => api.get<FlowForPartner>(`/api/flow/${flowId}/getforpartner`, { signal }),
    enabled: Number.isInteger(flowId) && flowId > 0,
    retry: false,
  });
}

function useRefreshPartners() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: PARTNER_KEY });
    void queryClient.invalidateQueries({ queryKey: ['table', PARTNER_TABLE_PATH] });
  };
}

export function useCreatePartner() {
  const refresh = useRefreshPartners();
  return useMutation({
    mutationFn: (body: SavePartnerRequest) => api.post<PartnerDetail>('/api/partner', body),
    onSuccess: refresh,
  });
}

export function useUpdatePartner(id: number) {
  const refresh = useRefreshPartners();
  return useMutation({
    mutationFn: (body: UpdatePartnerRequest) => api.patch<PartnerDetail>(`/api/partner/${id}`, body),
    onSuccess: refresh,
  });
}

export function useDeletePartner() {
  const refresh = useRefreshPartners();
  return useMutation({
    mutationFn: (id: number) => api.delete<{ message: string }>(`/api/partner/${id}`),
    onSuccess: refresh,
  });
}

export function useCreatePartnerUser(partnerId: number) {
  const refresh = useRefreshPartners();
  return useMutation({
    mutationFn: (body: CreatePartnerUser) => api.post<PartnerUser[]>(`/api/partner/${partnerId}/user`, body),
    onSuccess: refresh,
  });
}

export function useRemovePartnerUser(partnerId: number) {
  const refresh = useRefreshPartners();
  return useMutation({
    mutationFn: (userId: number) =>
      api.delete<{ message: string }>(`/api/partner/${partnerId}/user/${userId}`),
    onSuccess: refresh,
  });
}

/** 'Add flows to partner' on a relation or organization (null: unlink). */
export function useSetPartner(owner: 'relation' | 'organization', id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (partnerId: number | null) =>
      api.post<{ message: string; flows: number }>(`/api/${owner}/${id}/setpartner`, {
        partner_id: partnerId,
      }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: [owner, id] });
      void queryClient.invalidateQueries({ queryKey: PARTNER_KEY });
    },
  });
}
