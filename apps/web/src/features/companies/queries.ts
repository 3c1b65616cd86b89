import type {
  CompanyDetail,
  CompanyModule,
  CompanyRow,
  CompanySettingsSummary,
  RequestOf,
  zCreateCompanyRequest,
  zUpdateCompanyRequest,
} from '@im/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';
import { COMPANIES_PATH, companyKey, useCompany, useCompanyOptions } from '../../api/companies';

export type { CompanyDetail, CompanyModule, CompanyRow, CompanySettingsSummary };
export type CreateCompanyRequest = RequestOf<typeof zCreateCompanyRequest>;
export type UpdateCompanyRequest = RequestOf<typeof zUpdateCompanyRequest>;

export const TRASHED_COMPANIES_PATH = '/api/company/querytrashed';

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

export { COMPANIES_PATH, companyKey, useCompany, useCompanyOptions };
