import type { RequestOf, Subscription, SubscriptionType, zCreateSubscription } from '@im/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';

export type { Subscription, SubscriptionType };
export type CreateSubscriptionRequest = RequestOf<typeof zCreateSubscription>;

const SUBSCRIPTIONS_KEY = ['subscription'] as const;
const TYPES_KEY = ['subscriptiontype'] as const;

export function useSubscriptions(companyId?: number | null) {
  return useQuery({
    queryKey: [...SUBSCRIPTIONS_KEY, companyId ?? 'all'],
    queryFn: ({ signal }) =>
      api.get<Subscription[]>('/api/subscription', { query: { company_id: companyId ?? undefined }, signal }),
  });
}

/** A subscription gives its company modules: the company's detail and lists change too. */
function useRefreshAfterSubscriptionChange() {
  const queryClient = useQueryClient();
  return (companyId: number) => {
    void queryClient.invalidateQueries({ queryKey: SUBSCRIPTIONS_KEY });
    void queryClient.invalidateQueries({ queryKey: ['company', companyId] });
    void queryClient.invalidateQueries({ queryKey: ['table', '/api/company/querypaginated'] });
  };
}

export function useCreateSubscription() {
  const refresh = useRefreshAfterSubscriptionChange();
  return useMutation({
    mutationFn: (body: CreateSubscriptionRequest) => api.post<Subscription>('/api/subscription', body),
    onSuccess: (subscription) => refresh(subscription.company_id),
  });
}

export function useDeleteSubscription() {
  const refresh = useRefreshAfterSubscriptionChange();
  return useMutation({
    mutationFn: (subscription: Subscription) => api.delete(`/api/subscription/${subscription.id}`),
    onSuccess: (_answer, subscription) => refresh(subscription.company_id),
  });
}

export function useSubscriptionTypes() {
  return useQuery({
    queryKey: TYPES_KEY,
    queryFn: ({ signal }) => api.get<SubscriptionType[]>('/api/subscriptiontype', { signal }),
  });
}

export function useSubscriptionType(id: number) {
  return useQuery({
    queryKey: [...TYPES_KEY, id],
    queryFn: ({ signal }) => api.get<SubscriptionType>(`/api/subscriptiontype/${id}`, { signal }),
    enabled: Number.isInteger(id) && id > 0,
  });
}

function useStoreType() {
  const queryClient = useQueryClient();
  return (type: SubscriptionType) => {
    queryClient.setQueryData([...TYPES_KEY, type.id], type);
    void queryClient.invalidateQueries({ queryKey: TYPES_KEY, exact: true });
  };
}

export function useCreateSubscriptionType() {
  const store = useStoreType();
  return useMutation({
    mutationFn: (body: { name: string; description?: string }) =>
      api.post<SubscriptionType>('/api/subscriptiontype', body),
    onSuccess: store,
  });
}

export function useUpdateSubscriptionType(id: number) {
  const store = useStoreType();
  return useMutation({
    mutationFn: (body: { name?: string; description?: string }) =>
      api.patch<SubscriptionType>(`/api/subscriptiontype/${id}`, body),
    onSuccess: store,
  });
}

export function useChangeSubscriptionTypeModule(id: number) {
  const store = useStoreType();
  return useMutation({
    mutationFn: ({ moduleId, change }: { moduleId: number; change: 'add' | 'remove' }) =>
      api.patch<SubscriptionType>(
        `/api/subscriptiontype/${id}/${change === 'add' ? 'addmoduletosubscriptiontype' : 'removemodulefromsubscriptiontype'}`,
        { moduleId },
      ),
    onSuccess: store,
  });
}

export function useDeleteSubscriptionType() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`/api/subscriptiontype/${id}`),
    onSuccess: (_answer, id) => {
      queryClient.removeQueries({ queryKey: [...TYPES_KEY, id] });
      void queryClient.invalidateQueries({ queryKey: TYPES_KEY, exact: true });
    },
  });
}
