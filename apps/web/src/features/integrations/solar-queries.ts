import type { GlblResult, QuickrResult } from '@im/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';
import { INTEGRATIONS_KEY } from './queries';

/** Quickr and Glbl links of the company (decision 071): Quickr with the account, Glbl with an API key. */
export function useSolarLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (
      input: { service: 'quickr'; username: string; password: string } | { service: 'glbl'; api_key: string },
    ) => {
      const { service, ...body } = input;
      return api.post<{ message: string }>(`/api/integrations/${service}/link`, body);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: INTEGRATIONS_KEY }),
  });
}

export type QuickrCall = 'scan' | 'createdesign' | 'getdesign';

/** A Quickr call on one flow data item; the answer is the item's Quickr fields. */
export function useQuickrCall(flowDataItemId: number) {
  return useMutation({
    mutationFn: ({ call, again }: { call: QuickrCall; again?: boolean }) =>
      api.post<QuickrResult>(`/api/integrations/quickr/${call}`, {
        flowDataItemId,
        ...(again ? { again: true } : {}),
      }),
  });
}

export function useQuickrLogin(flowDataItemId: number) {
  return useMutation({
    mutationFn: () => api.post<{ url: string }>('/api/integrations/quickr/login', { flowDataItemId }),
  });
}

export function useGlblCall(flowDataItemId: number) {
  return useMutation({
    mutationFn: ({ call, again }: { call: 'generatereport' | 'status'; again?: boolean }) =>
      api.post<GlblResult>(`/api/integrations/glbl/${call}`, {
        flowDataItemId,
        ...(again ? { again: true } : {}),
      }),
  });
}
