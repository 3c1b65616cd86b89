import type {
  RequestOf,
  WebhookConnection,
  WebhookConnectionSummary,
  WebhookTestResult,
  zCreateWebhookConnection,
  zUpdateWebhookConnection,
  zWebhookDeliveryPage,
} from '@im/domain';
import {
  keepPreviousData,
  type QueryClient,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../api/client';

// Keys start with the entity name, so the live channel refreshes them (api/live.ts).
export const WEBHOOK_KEY = ['webhookconnection'] as const;
const connectionKey = (id: number) => [...WEBHOOK_KEY, id] as const;
const PATH = '/api/webhookconnection';

function refresh(queryClient: QueryClient, detail?: WebhookConnection) {
  if (detail) queryClient.setQueryData(connectionKey(detail.id), detail);
  void queryClient.invalidateQueries({ queryKey: WEBHOOK_KEY });
}

export function useWebhookConnections() {
  return useQuery({
    queryKey: [...WEBHOOK_KEY, 'list'],
    queryFn: ({ signal }) => api.get<WebhookConnectionSummary[]>(PATH, { signal }),
  });
}

export function useWebhookConnection(id: number) {
  return useQuery({
    queryKey: connectionKey(id),
    queryFn: ({ signal }) => api.get<WebhookConnection>(`${PATH}/${id}`, { signal }),
    enabled: Number.isInteger(id) && id > 0,
  });
}

export function useCreateWebhookConnection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RequestOf<typeof zCreateWebhookConnection>) => api.post<WebhookConnection>(PATH, body),
    onSuccess: (detail) => refresh(queryClient, detail),
  });
}

export function useUpdateWebhookConnection(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RequestOf<typeof zUpdateWebhookConnection>) =>
      api.patch<WebhookConnection>(`${PATH}/${id}`, body),
    onSuccess: (detail) => refresh(queryClient, detail),
  });
}

/** POST .../duplicate | resetsecret: both answer the (new) connection. */
export function useWebhookConnectionAction(id: number, action: 'duplicate' | 'resetsecret') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<WebhookConnection>(`${PATH}/${id}/${action}`),
    onSuccess: (detail) => refresh(queryClient, action === 'resetsecret' ? detail : undefined),
  });
}

export function useTestWebhookConnection(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<WebhookTestResult>(`${PATH}/${id}/test`),
    onSettled: () => refresh(queryClient),
  });
}

export function useDeleteWebhookConnection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`${PATH}/${id}`),
    onSuccess: (_, id) => {
      queryClient.removeQueries({ queryKey: connectionKey(id) });
      void queryClient.invalidateQueries({ queryKey: [...WEBHOOK_KEY, 'list'] });
    },
  });
}

export const DELIVERY_PAGE_SIZE = 10;

export function useWebhookDeliveries(id: number, page: number) {
  return useQuery({
    queryKey: [...connectionKey(id), 'deliveries', page],
    queryFn: ({ signal }) =>
      api.get<z.infer<typeof zWebhookDeliveryPage>>(`${PATH}/${id}/deliveries`, {
        query: { offset: (page - 1) * DELIVERY_PAGE_SIZE, limit: DELIVERY_PAGE_SIZE },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}
