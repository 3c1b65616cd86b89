import type { FlowStatus, UpdateLeadRequest } from '@im/domain';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';
import { FLOW_KEY, FLOW_TABLE_PATH, flowKey } from './queries';
import type { CreateFlowRequest, FileInfo, Flow, FlowUpdate, Lead, SafeDeletionResult } from './types';

// Changes of docs/api/crm.md "Flows" and "Files on flows". Every change refreshes the flow, the
// flow table and the pipeline, so each screen shows the new state without a reload.

export const PIPELINE_KEY = ['pipeline'] as const;

export function refreshFlowLists(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: ['table', FLOW_TABLE_PATH] });
  void queryClient.invalidateQueries({ queryKey: PIPELINE_KEY });
  void queryClient.invalidateQueries({ queryKey: [...FLOW_KEY, 'lastseen'] });
}

function useStoreFlow() {
  const queryClient = useQueryClient();
  return (flow: Flow) => {
    queryClient.setQueryData(flowKey(flow.id), flow);
    refreshFlowLists(queryClient);
  };
}

export function useCreateFlow() {
  const store = useStoreFlow();
  return useMutation({
    mutationFn: (body: CreateFlowRequest) => api.post<Flow>('/api/flow', body),
    onSuccess: store,
  });
}

/** A new relation from the typeahead's '(nieuw)' entry; its flow is created separately. */
export function useCreateRelation() {
  return useMutation({
    mutationFn: (body: { name: string; nameprefix: string; surname: string; lead_source?: string }) =>
      api.post<{ id: number; fullname: string }>('/api/relation', { ...body, createnewflow: false }),
  });
}

export function useUpdateFlow(id: number) {
  const store = useStoreFlow();
  return useMutation({
    mutationFn: (body: FlowUpdate) => api.patch<Flow>(`/api/flow/${id}`, body),
    onSuccess: store,
  });
}

export type ChangeStatusRequest = { flow_status: FlowStatus; flow_phase_id?: number; cancel_reason?: string };

export function changeFlowStatus(id: number, body: ChangeStatusRequest): Promise<Flow> {
  return api.post<Flow>(`/api/flow/${id}/changestatus`, body);
}

/** Whether the flow may be deleted, or (`cancel`) cancelled; a refusal carries the spec's message. */
export function testSafeDeletion(
  id: number,
  action: 'delete' | 'cancel' = 'delete',
): Promise<SafeDeletionResult> {
  return api.get<SafeDeletionResult>(`/api/flow/${id}/testsafedeletion?for=${action}`);
}

export function useChangeStatus(id: number) {
  const store = useStoreFlow();
  return useMutation({
    mutationFn: (body: ChangeStatusRequest) => changeFlowStatus(id, body),
    onSuccess: store,
  });
}

/** rejectflow: status cancelled with the cancel reason (none: undefined). */
export function rejectFlow(id: number, cancel_reason: string | undefined): Promise<Flow> {
  return api.post<Flow>(`/api/flow/${id}/rejectflow`, { cancel_reason });
}

export function useRejectFlow(id: number) {
  const store = useStoreFlow();
  return useMutation({
    mutationFn: (cancel_reason: string | undefined) => rejectFlow(id, cancel_reason),
    onSuccess: store,
  });
}

export function useMergeFlow(id: number) {
  const queryClient = useQueryClient();
  const store = useStoreFlow();
  return useMutation({
    mutationFn: (targetflow_id: number) => api.post<Flow>(`/api/flow/${id}/mergeflow`, { targetflow_id }),
    onSuccess: (target) => {
      // The source is gone (404 from now on): forget it rather than show stale data.
      queryClient.removeQueries({ queryKey: flowKey(id) });
      store(target);
    },
  });
}

export function useDuplicateFlow(id: number) {
  const store = useStoreFlow();
  return useMutation({ mutationFn: () => api.post<Flow>(`/api/flow/${id}/duplicateflow`), onSuccess: store });
}

export function useResetHash(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<{ hash: string }>(`/api/flow/${id}/resethash`),
    onSuccess: ({ hash }) =>
      queryClient.setQueryData<Flow>(flowKey(id), (flow) => (flow ? { ...flow, hash } : flow)),
  });
}

export function useDeleteFlow(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete<{ message: string }>(`/api/flow/${id}`),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: flowKey(id) });
      refreshFlowLists(queryClient);
    },
  });
}

export function useRestoreFlow(id: number) {
  const store = useStoreFlow();
  return useMutation({ mutationFn: () => api.post<Flow>(`/api/flow/${id}/restore`), onSuccess: store });
}

export function useUpdateLead(flowId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateLeadRequest) => api.patch<Lead>(`/api/lead/${flowId}`, body),
    onSuccess: (lead) => {
      queryClient.setQueryData(['lead', flowId], lead);
      void queryClient.invalidateQueries({ queryKey: flowKey(flowId) });
    },
  });
}

export type FileKind = 'flowfile' | 'assistfile';

export function useUploadFile(flowId: number, kind: FileKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file);
      form.append('flow_id', String(flowId));
      return api.post<FileInfo>(`/api/${kind}`, form);
    },
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: flowKey(flowId) }),
  });
}

/** PATCH {filename} of a flow file or assist file (decision 043: the old extension is kept). */
export function useRenameFile(flowId: number, kind: FileKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ fileId, filename }: { fileId: number; filename: string }) =>
      api.patch<FileInfo>(`/api/${kind}/${fileId}`, { filename }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: flowKey(flowId) }),
  });
}

export function useDeleteFile(flowId: number, kind: FileKind) {
  const queryClient = useQueryClient();
  return useMutation({
    // flow_id: a file shared by many flows (an import's attachment) leaves this flow only (decision 066).
    mutationFn: (fileId: number) => api.delete(`/api/${kind}/${fileId}`, { query: { flow_id: flowId } }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: flowKey(flowId) }),
  });
}
