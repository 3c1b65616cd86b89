import type {
  Dashboard,
  DashboardLeadFilter,
  DashboardLeads,
  DashboardStatistics,
  DashboardUsecase,
  FlowSettingsLists,
  StatboxInput,
} from '@im/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';
import { dashboardLayoutUrl } from './layout-read';

// Keys start with 'dashboard': the live channel refreshes them when something on the dashboard changes.
const DASHBOARD = ['dashboard'] as const;

export function useDashboard(usecase: DashboardUsecase | undefined) {
  return useQuery({
    queryKey: [...DASHBOARD, 'layout', usecase ?? ''],
    queryFn: ({ signal }) => api.get<Dashboard>(dashboardLayoutUrl(usecase), { signal }),
  });
}

export function useDashboardLeads(filter: DashboardLeadFilter, limit: number) {
  return useQuery({
    queryKey: [...DASHBOARD, 'leads', filter, limit],
    queryFn: ({ signal }) =>
      api.get<DashboardLeads>('/api/user/getdashboardleads', { query: { filter, limit }, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useDashboardStatistics(enabled: boolean) {
  return useQuery({
    queryKey: [...DASHBOARD, 'statistics'],
    queryFn: ({ signal }) => api.get<DashboardStatistics>('/api/user/getdashboardstatistics', { signal }),
    enabled,
  });
}

/** Saves the company's statistic boxes (null: back to the defaults) on its settings row. */
export function useSaveStatboxes(settingsId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (boxes: StatboxInput[] | null) =>
      api.patch<FlowSettingsLists>(`/api/companysettings/${settingsId}`, { dashboard_settings: boxes }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: DASHBOARD }),
  });
}
