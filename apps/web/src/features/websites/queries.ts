import type { RequestOf, Website, zCreateWebsite, zUpdateWebsite } from '@im/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';

// The key starts with the entity name, so the live channel refreshes it (a lead updates leads_count).
const WEBSITE = ['website'] as const;

function useRefresh() {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: WEBSITE });
}

export function useWebsites() {
  return useQuery({
    queryKey: WEBSITE,
    queryFn: ({ signal }) => api.get<Website[]>('/api/website', { signal }),
  });
}

export type SaveWebsite =
  | ({ id?: undefined } & RequestOf<typeof zCreateWebsite>)
  | ({ id: number } & RequestOf<typeof zUpdateWebsite>);

/** Create (no id) or change: the create and edit modals and the mapping editor. */
export function useSaveWebsite() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, ...body }: SaveWebsite) =>
      id ? api.patch<Website>(`/api/website/${id}`, body) : api.post<Website>('/api/website', body),
    onSuccess: refresh,
  });
}

export type WebsiteAction = 'golive' | 'duplicate' | 'resetkey';

/** POST /api/website/{id}/golive | duplicate | resetkey. */
export function useWebsiteAction() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, action }: { id: number; action: WebsiteAction }) =>
      api.post<Website>(`/api/website/${id}/${action}`),
    onSuccess: refresh,
  });
}

export function useDeleteWebsite() {
  const refresh = useRefresh();
  return useMutation({ mutationFn: (id: number) => api.delete(`/api/website/${id}`), onSuccess: refresh });
}
