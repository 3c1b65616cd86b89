import type {
  CalculationRow,
  DocumentKind,
  EmailSettings,
  FileInfo,
  FlowPhase,
  FlowProfile,
  FlowProfileDetail,
  FlowSettingsLists,
  RequestOf,
  TemplateRef,
  zCreateFlowPhase,
  zFlowProfileInput,
  zUpdateFlowPhase,
  zUpdateFlowProfileSettings,
  zUpdateFlowSettings,
} from '@im/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';
import { FLOW_SETTINGS_KEY } from '../../api/companies';

// Keys start with 'companysettings' where the email settings feature keeps its own (a change of the
// company's settings refreshes both); flow settings are the CRM's shared key (api/companies.ts).
const settingsKey = (id: number) => ['companysettings', 'settings', id] as const;
const profileKey = (id: number) => ['flowprofile', id] as const;

function useRefresh() {
  const queryClient = useQueryClient();
  return (...keys: readonly (readonly unknown[])[]) => {
    for (const queryKey of [FLOW_SETTINGS_KEY, ['companysettings'], ...keys])
      void queryClient.invalidateQueries({ queryKey });
  };
}

/** The company's settings as the company profile edits them (GET /api/companysettings/{id}). */
export function useCompanySettings(id: number | undefined) {
  return useQuery({
    queryKey: settingsKey(id ?? 0),
    queryFn: ({ signal }) => api.get<FlowSettingsLists>(`/api/companysettings/${id}`, { signal }),
    enabled: id !== undefined,
  });
}

export function useSaveCompanySettings(id: number) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: RequestOf<typeof zUpdateFlowSettings>) =>
      api.patch<FlowSettingsLists>(`/api/companysettings/${id}`, body),
    onSuccess: () => refresh(),
  });
}

/** Uploads the company logo (checked by content on the server). */
export function useUploadCompanyLogo(id: number) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (file: File) => {
      const body = new FormData();
      body.append('file', file);
      return api.post(`/api/companysettings/${id}/updatelogo`, body);
    },
    onSuccess: () => refresh(),
  });
}

// ------------------------------------------------------------------ sub-statuses (flow phases)

export function useFlowPhaseMutations() {
  const refresh = useRefresh();
  const onSuccess = () => refresh();
  return {
    create: useMutation({
      mutationFn: (body: RequestOf<typeof zCreateFlowPhase>) => api.post<FlowPhase>('/api/flowphase', body),
      onSuccess,
    }),
    update: useMutation({
      mutationFn: ({ id, ...body }: RequestOf<typeof zUpdateFlowPhase> & { id: number }) =>
        api.patch<FlowPhase>(`/api/flowphase/${id}`, body),
      onSuccess,
    }),
    remove: useMutation({ mutationFn: (id: number) => api.delete(`/api/flowphase/${id}`), onSuccess }),
    reorder: useMutation({
      mutationFn: (body: { flowstage: FlowPhase['flowstage']; ids: number[] }) =>
        api.post<FlowPhase[]>('/api/flowphase/reorder', body),
      onSuccess,
    }),
  };
}

// ------------------------------------------------------------------ request profiles

export function useCreateFlowProfile() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (name: string) => api.post<FlowProfile>('/api/flowprofile', { name }),
    onSuccess: () => refresh(),
  });
}

export function useFlowProfileMutations() {
  const refresh = useRefresh();
  const onSuccess = () => refresh();
  return {
    duplicate: useMutation({
      mutationFn: (id: number) => api.post<FlowProfile>(`/api/flowprofile/${id}/duplicate`),
      onSuccess,
    }),
    remove: useMutation({ mutationFn: (id: number) => api.delete(`/api/flowprofile/${id}`), onSuccess }),
  };
}

export function useFlowProfile(id: number) {
  return useQuery({
    queryKey: profileKey(id),
    queryFn: ({ signal }) => api.get<FlowProfileDetail>(`/api/flowprofile/${id}`, { signal }),
    enabled: Number.isInteger(id) && id > 0,
  });
}

/** Every change of the detail screen: name and templates, whitelist and branding, logo, files. */
export function useFlowProfileChanges(id: number) {
  const refresh = useRefresh();
  const onSuccess = () => refresh(profileKey(id));
  const path = `/api/flowprofile/${id}`;
  return {
    save: useMutation({
      mutationFn: (body: RequestOf<typeof zFlowProfileInput>) => api.patch<FlowProfile>(path, body),
      onSuccess,
    }),
    settings: useMutation({
      mutationFn: (body: RequestOf<typeof zUpdateFlowProfileSettings>) =>
        api.patch<FlowProfileDetail>(`${path}/settings`, body),
      onSuccess,
    }),
    createBranding: useMutation({
      mutationFn: () => api.post<FlowProfileDetail>(`${path}/createsettingsforflowprofile`),
      onSuccess,
    }),
    removeBranding: useMutation({
      mutationFn: () => api.post<FlowProfileDetail>(`${path}/removesettingsforflowprofile`),
      onSuccess,
    }),
    logo: useMutation({
      mutationFn: (file: File) => {
        const body = new FormData();
        body.append('file', file);
        return api.post<FlowProfileDetail>(`${path}/updatelogo`, body);
      },
      onSuccess,
    }),
    uploadFile: useMutation({
      mutationFn: (file: File) => {
        const body = new FormData();
        body.append('flowprofile_id', String(id));
        body.append('file', file);
        return api.post<FileInfo>('/api/flowfile', body);
      },
      onSuccess,
    }),
    removeFile: useMutation({
      mutationFn: (fileId: number) => api.delete(`/api/flowfile/${fileId}`),
      onSuccess,
    }),
  };
}

// ------------------------------------------------------------------ what a profile chooses from

/** The company's templates of one document kind (the documents feature's key). */
export function useDocumentTemplates(kind: DocumentKind) {
  return useQuery({
    queryKey: ['documents', kind, 'templates'],
    queryFn: ({ signal }) => api.get<TemplateRef[]>(`/api/${kind}/indextemplates`, { signal }),
  });
}

export function useStandardCalculations() {
  return useQuery({
    queryKey: ['calculation', 'templates'],
    queryFn: ({ signal }) => api.get<CalculationRow[]>('/api/calculation/indextemplates', { signal }),
  });
}

/** The mail templates (the email settings feature's key). */
export function useMailTemplates() {
  return useQuery({
    queryKey: ['companysettings', 'emailsettings'],
    queryFn: ({ signal }) => api.get<EmailSettings>('/api/company/getcurrentemailsettings', { signal }),
    select: (data) => data.mailtemplates,
  });
}
