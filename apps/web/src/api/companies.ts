import type { Paginated } from '@im/domain';
import { type CompanyDetail, type CompanyRow, type CurrentFlowSettings, MAX_PAGE_SIZE } from '@im/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from './client';

// Company reads that several features show (users, subscriptions and the companies screens): kept
// below the features so none of them imports another one back.

export const COMPANIES_PATH = '/api/company/querypaginated';

export const companyKey = (id: number) => ['company', id] as const;

export function useCompany(id: number) {
  return useQuery({
    queryKey: companyKey(id),
    queryFn: ({ signal }) => api.get<CompanyDetail>(`/api/company/${id}`, { signal }),
    enabled: Number.isInteger(id) && id > 0,
  });
}

export interface CompanyOption {
  value: string;
  label: string;
}

/** Active companies for selects and filters (one page of the largest size, by name). */
export function useCompanyOptions({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    enabled,
    queryKey: ['company', 'options'],
    queryFn: async ({ signal }): Promise<CompanyOption[]> => {
      const page = await api.get<Paginated<CompanyRow>>(COMPANIES_PATH, {
        query: { limit: MAX_PAGE_SIZE, sort: 'name' },
        signal,
      });
      return page.data.map((c) => ({ value: String(c.id), label: c.name }));
    },
    staleTime: 30_000,
  });
}

export const FLOW_SETTINGS_KEY = ['company', 'flowsettings'] as const;

/** Lead sources, tags, cancel reasons, request profiles, flow phases and users of the company. */
export function useFlowSettings() {
  return useQuery({
    queryKey: FLOW_SETTINGS_KEY,
    queryFn: ({ signal }) => api.get<CurrentFlowSettings>('/api/company/getcurrentflowsettings', { signal }),
    staleTime: 5 * 60_000,
  });
}
