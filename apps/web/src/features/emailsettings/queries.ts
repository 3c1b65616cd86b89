import type {
  ContactTemplate,
  EmailSettings,
  FileInfo,
  MailTemplate,
  MessageTemplate,
  RequestOf,
  zMergeTagList,
  zSaveContactTemplate,
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
