import type { AssistMail, Message, RequestOf, zUpdateAssistMail } from '@im/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';

// Under ['flow', id]: every change of the flow (assist mails log on their flow) refetches them.
const assistMailsKey = (flowId: number) => ['flow', flowId, 'assistmails'] as const;

export function useAssistMails(flowId: number) {
  return useQuery({
    queryKey: assistMailsKey(flowId),
    queryFn: ({ signal }) => api.get<AssistMail[]>(`/api/flow/${flowId}/assistmails`, { signal }),
  });
}

function useRefresh(flowId: number) {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: assistMailsKey(flowId) });
    // A sent assist mail is one of the flow's mails now.
    void queryClient.invalidateQueries({ queryKey: ['flow', flowId] });
  };
}

export function useUpdateAssistMail(flowId: number) {
  const refresh = useRefresh(flowId);
  return useMutation({
    mutationFn: ({ id, ...body }: { id: number } & RequestOf<typeof zUpdateAssistMail>) =>
      api.patch<AssistMail>(`/api/assistmail/${id}`, body),
    onSuccess: refresh,
  });
}

export function useSendAssistMail(flowId: number) {
  const refresh = useRefresh(flowId);
  return useMutation({
    mutationFn: (id: number) => api.post<AssistMail>(`/api/assistmail/${id}/send`),
    onSuccess: refresh,
  });
}

export function useDiscardAssistMail(flowId: number) {
  const refresh = useRefresh(flowId);
  return useMutation({
    mutationFn: (id: number) => api.delete<Message>(`/api/assistmail/${id}`),
    onSuccess: refresh,
  });
}
