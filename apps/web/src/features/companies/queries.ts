import { MAX_PAGE_SIZE } from '@im/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';
import type { Paginated } from '../../ui/data-table/server-data-table';

// docs/api/platform-admin.md "Companies".
export interface CompanyRow extends Record<string, unknown> {
  id: number;
  name: string;
  country: string;
  users_count: number;
  modules: string[];
  created_at: string;
  deleted_at: string | null;
}

export interface CompanyModule {
  id: number;
  tag: string;
  purchased: boolean;
}

export interface CompanySettingsSummary {
  appname: string;
  appdescription: string;
  brand_button_color: string | null;
  hostnames: string[];
}

export interface CompanyDetail {
  id: number;
  name: string;
  country: string;
  lat: number | null;
  lng: number | null;
  company_settings_id: number | null;
  companysettings: CompanySettingsSummary;
  modules: CompanyModule[];
  users_count: number;
  created_at: string;
  deleted_at: string | null;
}

export interface CreateCompanyRequest {
  name: string;
  country?: string;
  modules?: string[];
}

export interface UpdateCompanyRequest {
  name?: string;
  country?: string;
  lat?: number | null;
  lng?: number | null;
  companysettings?: Partial<CompanySettingsSummary>;
}

export const COMPANIES_PATH = '/api/company/querypaginated';
export const TRASHED_COMPANIES_PATH = '/api/company/querytrashed';

export const companyKey = (id: number) => ['company', id] as const;

export function useCompany(id: number) {
  return useQuery({
    queryKey: companyKey(id),
    queryFn: ({ signal }) => api.get<CompanyDetail>(`/api/company/${id}`, { signal }),
    enabled: Number.isInteger(id) && id > 0,
  });
}

/** Every change to a company can change the lists: tables, options, subscriptions. */
function useRefreshCompanyLists() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: ['table', COMPANIES_PATH] });
    void queryClient.invalidateQueries({ queryKey: ['table', TRASHED_COMPANIES_PATH] });
    void queryClient.invalidateQueries({ queryKey: ['company', 'options'] });
  };
}

export function useCreateCompany() {
  const refresh = useRefreshCompanyLists();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateCompanyRequest) => api.post<CompanyDetail>('/api/company', body),
    onSuccess: (company) => {
      queryClient.setQueryData(companyKey(company.id), company);
      refresh();
    },
  });
}

export function useUpdateCompany(id: number) {
  const refresh = useRefreshCompanyLists();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateCompanyRequest) => api.patch<CompanyDetail>(`/api/company/${id}`, body),
    onSuccess: (company) => {
      queryClient.setQueryData(companyKey(id), company);
      refresh();
    },
  });
}

export type ModuleChange = 'add' | 'remove';

/** PATCH addmoduletocompany / removemodulefromcompany with `{moduleId}`. */
export function useChangeCompanyModule(id: number) {
  const refresh = useRefreshCompanyLists();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ moduleId, change }: { moduleId: number; change: ModuleChange }) =>
      api.patch<CompanyDetail>(
        `/api/company/${id}/${change === 'add' ? 'addmoduletocompany' : 'removemodulefromcompany'}`,
        { moduleId },
      ),
    onSuccess: (company) => {
      queryClient.setQueryData(companyKey(id), company);
      refresh();
    },
  });
}

/** DELETE (to the trash) and forcedelete answer `{batchId}`; the caller shows its progress. */
export function useTrashCompany() {
  return useMutation({
    mutationFn: (id: number) => api.delete<{ batchId: string }>(`/api/company/${id}`),
  });
}

export function useForceDeleteCompany() {
  return useMutation({
    mutationFn: (id: number) => api.post<{ batchId: string }>(`/api/company/${id}/forcedelete`),
  });
}

export function useRestoreCompany() {
  const refresh = useRefreshCompanyLists();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.post<{ message: string }>(`/api/company/${id}/restore`),
    onSuccess: (_answer, id) => {
      void queryClient.invalidateQueries({ queryKey: companyKey(id) });
      refresh();
    },
  });
}

/** After a batch job on a company finished: its detail and every list are out of date. */
export function useCompanyChanged() {
  const refresh = useRefreshCompanyLists();
  const queryClient = useQueryClient();
  return (id: number) => {
    void queryClient.invalidateQueries({ queryKey: companyKey(id) });
    refresh();
  };
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
