import type { RequestOf, SystemNotification, zCreateSystemNotification } from '@im/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';

export type SystemNotificationRow = SystemNotification;
export type SystemNotificationInput = RequestOf<typeof zCreateSystemNotification>;

export const CONTENT_MAX = 10_000;
// The shell's banners use ['systemnotification', 'active']: invalidating the prefix updates them too.
const KEY = ['systemnotification'] as const;
const ALL_KEY = [...KEY, 'all'] as const;

export function useSystemNotifications() {
  return useQuery({
    queryKey: ALL_KEY,
    queryFn: ({ signal }) => api.get<SystemNotificationRow[]>('/api/systemnotification', { signal }),
  });
}

export function useSaveSystemNotification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: SystemNotificationInput & { id?: number }) =>
      id === undefined
        ? api.post<SystemNotificationRow>('/api/systemnotification', body)
        : api.patch<SystemNotificationRow>(`/api/systemnotification/${id}`, body),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: KEY }),
  });
}

export function useDeleteSystemNotification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`/api/systemnotification/${id}`),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: KEY }),
  });
}
