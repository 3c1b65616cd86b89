import type {
  CommunicatorCounts,
  CommunicatorFilter,
  CommunicatorPage,
  ContactTemplate,
  DashboardMessageFilter,
  FlowConversationAnswer,
  FlowMail,
  FlowMailDraft,
  FlowMessage,
  MessageTemplate,
  Notification,
  NotificationDay,
  NotificationDropdown,
  RequestOf,
  zCreateMessage,
  zUpdateMessage,
} from '@im/domain';
import { COMMUNICATOR_PAGE } from '@im/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';

// Keys start with the entity name, so the live channel refreshes them (api/live.ts).
const MESSAGE = ['message'] as const;
const NOTIFICATION = ['notification'] as const;

function useRefresh(...keys: (readonly string[])[]) {
  const queryClient = useQueryClient();
  return () => {
    for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
  };
}

/** A flow's conversation; reading it is "staff open the dossier" (unread customer messages become unanswered). */
export function useConversation(flowId: number, enabled = true) {
  return useQuery({
    queryKey: [...MESSAGE, 'flow', flowId],
    queryFn: ({ signal }) =>
      api.get<FlowConversationAnswer>('/api/message', { query: { flow_id: flowId }, signal }),
    enabled: enabled && Number.isInteger(flowId) && flowId > 0,
  });
}

export function useSendMessage() {
  const refresh = useRefresh(MESSAGE);
  return useMutation({
    mutationFn: (body: RequestOf<typeof zCreateMessage>) => api.post<FlowMessage>('/api/message', body),
    onSuccess: refresh,
  });
}

export function useUpdateMessage() {
  const refresh = useRefresh(MESSAGE);
  return useMutation({
    mutationFn: ({ id, ...body }: RequestOf<typeof zUpdateMessage> & { id: number }) =>
      api.patch<FlowMessage>(`/api/message/${id}`, body),
    onSuccess: refresh,
  });
}

export function useDeleteMessage() {
  const refresh = useRefresh(MESSAGE);
  return useMutation({
    mutationFn: (id: number) => api.delete(`/api/message/${id}`),
    onSuccess: refresh,
  });
}

export function useMarkAnswered() {
  const refresh = useRefresh(MESSAGE);
  return useMutation({
    mutationFn: (flowId: number) => api.post<{ updated: number }>(`/api/flow/${flowId}/markanswered`),
    onSuccess: refresh,
  });
}

/** The communicator: `pages` times 50 flows (it grows by 50). */
export function useCommunicator(status: CommunicatorFilter, pages: number) {
  return useQuery({
    queryKey: [...MESSAGE, 'communicator', status, pages],
    queryFn: ({ signal }) =>
      api.get<CommunicatorPage>('/api/user/getcommunicatormessages', {
        query: { status, number: pages * COMMUNICATOR_PAGE },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** The dashboard's messages: the newest conversations of the user's flows (allforme) or of all. */
export function useDashboardMessages(scope: DashboardMessageFilter, limit: number) {
  return useQuery({
    queryKey: [...MESSAGE, 'dashboard', scope, limit],
    queryFn: ({ signal }) =>
      api.get<CommunicatorPage>('/api/user/getcommunicatormessages', {
        query: { status: 'all', scope, number: limit },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useCommunicatorCounts(enabled: boolean) {
  return useQuery({
    queryKey: [...MESSAGE, 'counts'],
    queryFn: ({ signal }) => api.get<CommunicatorCounts>('/api/user/getcommunicatorcounts', { signal }),
    enabled,
  });
}

// ------------------------------------------------------------ notifications

export function useNotificationDropdown(enabled: boolean) {
  return useQuery({
    queryKey: [...NOTIFICATION, 'dropdown'],
    queryFn: ({ signal }) => api.get<NotificationDropdown>('/api/user/getdashboardnotifications', { signal }),
    enabled,
  });
}

export function useNotificationsOnDate(date: string, filter: 'all' | 'unread', historic: number) {
  return useQuery({
    queryKey: [...NOTIFICATION, 'day', date, filter, historic],
    queryFn: ({ signal }) =>
      api.get<NotificationDay>(`/api/notification/indexondate/${date}`, {
        query: { filter, historic },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useSetNotificationStatus() {
  const refresh = useRefresh(NOTIFICATION);
  return useMutation({
    mutationFn: ({ id, status }: { id: number; status: 'read' | 'unread' }) =>
      api.patch<Notification>(`/api/notification/${id}`, { status }),
    onSuccess: refresh,
  });
}

export function useMarkAllNotificationsRead() {
  const refresh = useRefresh(NOTIFICATION);
  return useMutation({
    mutationFn: () => api.post('/api/notification/markallread'),
    onSuccess: refresh,
  });
}

// ------------------------------------------------------------ e-mail from a flow

export function useFlowMailDraft(
  flowId: number,
  templateId: number | null,
  enabled: boolean,
  taskId?: number,
) {
  return useQuery({
    // Outside the flow's key: a change of the flow must not read the draft again under the user's edits.
    queryKey: ['maildraft', 'flow', flowId, templateId, taskId ?? null],
    queryFn: ({ signal }) =>
      api.get<FlowMailDraft>(`/api/flow/${flowId}/getforsendingemail`, {
        query: { mailtemplate_id: templateId ?? undefined, sendable_task_id: taskId },
        signal,
      }),
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** The flow's sent mails (a flow change refreshes them); polls while one waits for delivery. */
export function useFlowMails(flowId: number) {
  return useQuery({
    queryKey: ['flow', flowId, 'mails'],
    queryFn: ({ signal }) => api.get<FlowMail[]>(`/api/flow/${flowId}/mails`, { signal }),
    refetchInterval: (query) => (query.state.data?.some((m) => m.status === 'queued') ? 3000 : false),
  });
}

export function useSendFlowMail(flowId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: {
      to: string;
      subject: string;
      message: string;
      mailtemplate_id: number | null;
      files: File[];
    }) => {
      const body = new FormData();
      body.append('to', input.to);
      body.append('subject', input.subject);
      body.append('message', input.message);
      if (input.mailtemplate_id !== null) body.append('mailtemplate_id', String(input.mailtemplate_id));
      for (const file of input.files) body.append('files', file);
      return api.post<FlowMail>(`/api/flow/${flowId}/sendemail`, body);
    },
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['flow', flowId, 'mails'] }),
  });
}

export function useFlowMessageTemplates(flowId: number) {
  return useQuery({
    queryKey: ['companysettings', 'messagetemplates', flowId],
    queryFn: ({ signal }) =>
      api.get<MessageTemplate[]>(`/api/flow/${flowId}/getmessagetemplates`, { signal }),
  });
}

export function useContactTemplates() {
  return useQuery({
    queryKey: ['companysettings', 'contacttemplates'],
    queryFn: ({ signal }) => api.get<ContactTemplate[]>('/api/contacttemplate', { signal }),
  });
}

/** Registers a contact moment from a contact template: it becomes a note on the flow. */
export function useProcessContactMoment(flowId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (templateId: number) =>
      api.post<{ message: string; note_id: number }>(`/api/flow/${flowId}/processcontactmoment`, {
        contacttemplate_id: templateId,
      }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['note'] }),
  });
}
