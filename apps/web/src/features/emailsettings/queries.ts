import type {
  ContactTemplate,
  DocumentType,
  EmailImageSlot,
  EmailSettings,
  FileInfo,
  MailSender,
  MailTemplate,
  MessageTemplate,
  RequestOf,
  zMergeTagList,
  zSaveContactTemplate,
  zSaveMailSender,
  zSaveMailTemplate,
  zSaveMessageTemplate,
} from '@im/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../api/client';

// Keys start with 'companysettings': template changes are announced as company settings events.
const SETTINGS = ['companysettings', 'emailsettings'] as const;

export type TemplateKind = 'mailtemplate' | 'messagetemplate' | 'contacttemplate';
export type AnyTemplate = MailTemplate | MessageTemplate | ContactTemplate;

export function useEmailSettings() {
  return useQuery({
    queryKey: SETTINGS,
    queryFn: ({ signal }) => api.get<EmailSettings>('/api/company/getcurrentemailsettings', { signal }),
  });
}

/** The company's document types: each of its own has a send and an approve mail template type. */
export function useDocumentTypes() {
  return useQuery({
    // The documents features' key, so a change there refreshes this list too.
    queryKey: ['documents', 'documenttypes'],
    queryFn: ({ signal }) => api.get<DocumentType[]>('/api/documenttype', { signal }),
  });
}

function useRefresh() {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: SETTINGS });
}

type SaveBody = {
  mailtemplate: RequestOf<typeof zSaveMailTemplate>;
  messagetemplate: RequestOf<typeof zSaveMessageTemplate>;
  contacttemplate: RequestOf<typeof zSaveContactTemplate>;
};

export function useSaveTemplate<K extends TemplateKind>(kind: K) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, ...body }: Partial<SaveBody[K]> & { id?: number }) =>
      id ? api.patch<AnyTemplate>(`/api/${kind}/${id}`, body) : api.post<AnyTemplate>(`/api/${kind}`, body),
    onSuccess: refresh,
  });
}

export function useDuplicateTemplate(kind: TemplateKind) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: number) => api.post<AnyTemplate>(`/api/${kind}/${id}/duplicate`),
    onSuccess: refresh,
  });
}

export function useDeleteTemplate(kind: TemplateKind) {
  const refresh = useRefresh();
  return useMutation({ mutationFn: (id: number) => api.delete(`/api/${kind}/${id}`), onSuccess: refresh });
}

export function useAttachFile() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ templateId, file }: { templateId: number; file: File }) => {
      const body = new FormData();
      body.append('attachedfileable_id', String(templateId));
      body.append('file', file);
      return api.post<FileInfo>('/api/attachedfile', body);
    },
    onSuccess: refresh,
  });
}

export function useDeleteAttachedFile() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: number) => api.delete(`/api/attachedfile/${id}`),
    onSuccess: refresh,
  });
}

export function useMergeTags() {
  return useQuery({
    queryKey: ['mergetags'],
    queryFn: ({ signal }) => api.get<z.infer<typeof zMergeTagList>>('/api/mergetags', { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** Uploads (file) or removes (null) one of the company's mail and customer-page images. */
export function useEmailImage(settingsId: number, slot: EmailImageSlot) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (file: File | null) => {
      if (!file) return api.post(`/api/companysettings/${settingsId}/delete${slot}`);
      const body = new FormData();
      body.append('file', file);
      return api.post(`/api/companysettings/${settingsId}/update${slot}`, body);
    },
    onSuccess: refresh,
  });
}

/** Flow files shared with every dossier of the company. */
export function useSharedFlowFiles(companyId: number) {
  const refresh = useRefresh();
  const upload = useMutation({
    mutationFn: (file: File) => {
      const body = new FormData();
      body.append('company_id', String(companyId));
      body.append('file', file);
      return api.post<FileInfo>('/api/flowfile', body);
    },
    onSuccess: refresh,
  });
  const remove = useMutation({
    mutationFn: (id: number) => api.delete(`/api/flowfile/${id}`),
    onSuccess: refresh,
  });
  return { upload, remove };
}

/** Saves the sender name and where replies go (decision 036). */
export function useSaveMailSender() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: RequestOf<typeof zSaveMailSender>) =>
      api.patch<MailSender>('/api/company/emailsender', body),
    onSuccess: refresh,
  });
}
