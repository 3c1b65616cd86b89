import type {
  AccountingLookup,
  AccountingOption,
  AccountingPush,
  AccountingService,
  AccountingSettings,
  CalendarLinkForUser,
  CalendarService,
  ExternalEvent,
  Integration,
  IntegrationLogLine,
  Paginated,
  UpdateAccountingSettings,
} from '@im/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { api } from '../../api/client';

export const INTEGRATIONS_KEY = ['integrations'] as const;
export const LOG_PAGE_SIZE = 20;
export const PUSH_PAGE_SIZE = 20;

export function useCompanyIntegrations(companyId: number, enabled = true) {
  return useQuery({
    enabled,
    queryKey: [...INTEGRATIONS_KEY, 'company', companyId],
    queryFn: ({ signal }) =>
      api.get<Integration[]>(`/api/integrations/listforcompany/${companyId}`, { signal }),
  });
}

export function useAccountingSettings(enabled = true) {
  return useQuery({
    enabled,
    queryKey: [...INTEGRATIONS_KEY, 'accounting-settings'],
    queryFn: ({ signal }) => api.get<AccountingSettings>('/api/integrations/accounting/settings', { signal }),
  });
}

/** A lookup of the linked package (ledger accounts, VAT codes, journals...), read once the link is active. */
export function useAccountingLookup(service: AccountingService, kind: AccountingLookup, enabled: boolean) {
  return useQuery({
    queryKey: [...INTEGRATIONS_KEY, 'lookup', service, kind],
    queryFn: ({ signal }) => api.get<AccountingOption[]>(`/api/integrations/${service}/${kind}`, { signal }),
    enabled,
    staleTime: 5 * 60_000,
    retry: false,
  });
}

export function useAccountingPushes(page: number) {
  return useQuery({
    queryKey: [...INTEGRATIONS_KEY, 'pushes', page],
    queryFn: ({ signal }) =>
      api.get<Paginated<AccountingPush>>(
        `/api/integrations/accounting/pushes?offset=${(page - 1) * PUSH_PAGE_SIZE}&limit=${PUSH_PAGE_SIZE}`,
        { signal },
      ),
    placeholderData: keepPreviousData,
    // Bookings happen in the background: the list follows them while the screen is open.
    refetchInterval: 5000,
  });
}

export function useIntegrationLog(service: string, page: number) {
  return useQuery({
    queryKey: [...INTEGRATIONS_KEY, 'log', service, page],
    queryFn: ({ signal }) =>
      api.get<Paginated<IntegrationLogLine>>(
        `/api/integrations/${service}/log?offset=${(page - 1) * LOG_PAGE_SIZE}&limit=${LOG_PAGE_SIZE}`,
        { signal },
      ),
    placeholderData: keepPreviousData,
    refetchInterval: 5000,
  });
}

function useRefresh() {
  const queryClient = useQueryClient();
  return useCallback(() => queryClient.invalidateQueries({ queryKey: INTEGRATIONS_KEY }), [queryClient]);
}

/** getExactAuthUrl / getSnelstartAuthUrl: Exact's consent screen, or SnelStart Web where the key is made. */
export function useAuthUrl() {
  return useMutation({
    mutationFn: (service: AccountingService) =>
      api.get<{ authUrl: string }>(`/api/company/get${service}authurl`),
  });
}

/** SnelStart: the koppelsleutel pasted from SnelStart Web (decision 068). */
export function useSnelstartLink() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (clientKey: string) =>
      api.post<{ message: string }>('/api/integrations/snelstart/link', { client_key: clientKey }),
    onSuccess: refresh,
  });
}

export function useUnlink() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (i: Pick<Integration, 'service' | 'id'>) =>
      api.delete<{ message: string }>(`/api/integrations/${i.service}/${i.id}`),
    onSuccess: refresh,
  });
}

export function useUpdateAccountingSettings() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: UpdateAccountingSettings) =>
      api.patch<AccountingSettings>('/api/integrations/accounting/settings', body),
    onSuccess: refresh,
  });
}

export function useRetryPush() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: number) =>
      api.post<{ message: string }>(`/api/integrations/accounting/pushes/${id}/retry`, {}),
    onSuccess: refresh,
  });
}

export function usePushExisting() {
  return useMutation({
    mutationFn: (from: string | null) =>
      api.post<{ batchId: string }>('/api/integrations/accounting/pushexisting', from ? { from } : {}),
  });
}

/** GET /api/integrations: the logged-in user's own links (their calendars). */
export function useMyIntegrations() {
  return useQuery({
    queryKey: [...INTEGRATIONS_KEY, 'mine'],
    queryFn: ({ signal }) => api.get<Integration[]>('/api/integrations', { signal }),
  });
}

/** The calendars this server can link (an app registered with the provider). */
export function useOfferedCalendars() {
  return useQuery({
    queryKey: [...INTEGRATIONS_KEY, 'offered'],
    queryFn: ({ signal }) => api.get<CalendarService[]>('/api/integrations/calendars', { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** listforuser: a user's calendar links (oneself, or every user from role 5000). */
export function useUserIntegrations(userId: number, enabled = true) {
  return useQuery({
    enabled,
    queryKey: [...INTEGRATIONS_KEY, 'user', userId],
    queryFn: ({ signal }) => api.get<Integration[]>(`/api/integrations/listforuser/${userId}`, { signal }),
  });
}

/** getAuthUrl: the calendar's consent screen for the logged-in user. */
export function useCalendarAuthUrl() {
  return useMutation({
    mutationFn: (service: CalendarService) =>
      api.get<{ authUrl: string }>(`/api/integrations/${service}/getauthurl`),
  });
}

/** getAuthUrlForUser (decision 074): the app address another user opens to link their own calendar. */
export function useCalendarLinkForUser() {
  return useMutation({
    mutationFn: ({ service, userId }: { service: CalendarService; userId: number }) =>
      api.get<CalendarLinkForUser>(`/api/integrations/${service}/getauthurlforuser/${userId}`),
  });
}

/** Forced removal of a calendar whose unlinking failed (spec 000 section 8). */
export function useForceRemove() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (i: Pick<Integration, 'service' | 'id'>) =>
      api.post<{ message: string }>(`/api/integrations/${i.service}/${i.id}/forceremove`, {}),
    onSuccess: refresh,
  });
}

/** A user's external calendar events (spec 001: last week to six months ahead), both calendars. */
export function useExternalEvents(userId: number, range: { from: string; to: string }, enabled = true) {
  return useQuery({
    enabled,
    queryKey: [...INTEGRATIONS_KEY, 'external', userId, range.from, range.to],
    queryFn: async ({ signal }) => {
      const lists = await Promise.all(
        (['gcal', 'outlook'] as const).map((service) =>
          api
            .get<ExternalEvent[]>(`/api/integrations/${service}/list/${userId}/${range.from}/${range.to}`, {
              signal,
            })
            // A calendar away or lapsed: the agenda shows what it has; the profile tells what is wrong.
            .catch(() => [] as ExternalEvent[]),
        ),
      );
      return lists.flat();
    },
    staleTime: 60_000,
  });
}

export { useRefresh as useRefreshIntegrations };
