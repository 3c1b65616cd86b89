import type {
  DelayedRule,
  DryRunResult,
  EventTrigger,
  EventTriggerRule,
  EventTriggerRuleQuery,
  RequestOf,
  RuleOptions,
  zDryRunRequest,
  zRuleRunPage,
  zSaveEventTriggerRule,
  zUpdateDelayedRule,
  zUpdateEventTrigger,
} from '@im/domain';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { z } from 'zod';
import { api } from '../../api/client';

// Keys start with the entity name, so the live channel refreshes them (api/live.ts). The flow's
// workflow queries sit under ['flow', id, 'workflow']: every change of the flow refetches them.
const RULE = ['eventtriggerrule'] as const;
const TRIGGER = ['eventtrigger'] as const;
const flowWorkflowKey = (flowId: number) => ['flow', flowId, 'workflow'] as const;

export type RuleRunPage = z.infer<typeof zRuleRunPage>;
export type SaveRuleRequest = RequestOf<typeof zSaveEventTriggerRule>;

/** How many rows of the "why" log a page shows ('Meer tonen' asks the next). */
export const RULE_RUN_PAGE_SIZE = 5;

function useRefresh(...keys: (readonly unknown[])[]) {
  const queryClient = useQueryClient();
  return () => {
    for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
  };
}

export function useEventTriggers() {
  return useQuery({
    queryKey: TRIGGER,
    queryFn: ({ signal }) => api.get<EventTrigger[]>('/api/eventtrigger', { signal }),
  });
}

export function useEventTrigger(id: number) {
  return useQuery({
    queryKey: [...TRIGGER, id],
    queryFn: ({ signal }) => api.get<EventTrigger>(`/api/eventtrigger/${id}`, { signal }),
    enabled: Number.isInteger(id) && id > 0,
  });
}

/** Platform administration: description, stage and the document/task flags of one trigger. */
export function useUpdateEventTrigger(id: number) {
  const refresh = useRefresh(TRIGGER, RULE);
  return useMutation({
    mutationFn: (body: RequestOf<typeof zUpdateEventTrigger>) =>
      api.patch<EventTrigger>(`/api/eventtrigger/${id}`, body),
    onSuccess: refresh,
  });
}

/** The company's rules; the filters are the server's (`type`, `flowstage`, `event_trigger_tag`). */
export function useRules(filters: EventTriggerRuleQuery) {
  return useQuery({
    queryKey: [...RULE, 'list', filters],
    queryFn: ({ signal }) => api.get<EventTriggerRule[]>('/api/eventtriggerrule', { query: filters, signal }),
  });
}

export function useRuleOptions() {
  return useQuery({
    queryKey: [...RULE, 'options'],
    queryFn: ({ signal }) => api.get<RuleOptions>('/api/eventtriggerrule/options', { signal }),
    staleTime: 30_000,
  });
}

/** Create (no id) or replace (PATCH sends the whole rule as the modal holds it). */
export function useSaveRule() {
  const refresh = useRefresh(RULE, TRIGGER);
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: SaveRuleRequest }) =>
      id
        ? api.patch<EventTriggerRule>(`/api/eventtriggerrule/${id}`, body)
        : api.post<EventTriggerRule>('/api/eventtriggerrule', body),
    onSuccess: refresh,
  });
}

export function useDuplicateRule() {
  const refresh = useRefresh(RULE, TRIGGER);
  return useMutation({
    mutationFn: (id: number) => api.post<EventTriggerRule>(`/api/eventtriggerrule/${id}/duplicate`),
    onSuccess: refresh,
  });
}

export function useDeleteRule() {
  const refresh = useRefresh(RULE, TRIGGER);
  return useMutation({
    mutationFn: (id: number) => api.delete<{ message: string }>(`/api/eventtriggerrule/${id}`),
    onSuccess: refresh,
  });
}

export function useDryRun() {
  return useMutation({
    mutationFn: (body: RequestOf<typeof zDryRunRequest>) =>
      api.post<DryRunResult>('/api/eventtriggerrule/dryrun', body),
  });
}

/** The flow's delayed rules that still wait (the server answers pending ones). */
export function useDelayedRules(flowId: number) {
  return useQuery({
    queryKey: [...flowWorkflowKey(flowId), 'delayed'],
    queryFn: ({ signal }) => api.get<DelayedRule[]>(`/api/flow/${flowId}/delayedrules`, { signal }),
  });
}

export function useUpdateDelayedRule(flowId: number) {
  const refresh = useRefresh(flowWorkflowKey(flowId));
  return useMutation({
    mutationFn: ({ id, ...body }: { id: number } & RequestOf<typeof zUpdateDelayedRule>) =>
      api.patch<DelayedRule>(`/api/delayedrule/${id}`, body),
    onSuccess: refresh,
  });
}

export function useDeleteDelayedRule(flowId: number) {
  const refresh = useRefresh(flowWorkflowKey(flowId), RULE);
  return useMutation({
    mutationFn: (id: number) => api.delete<{ message: string }>(`/api/delayedrule/${id}`),
    onSuccess: refresh,
  });
}

/** The "why" log, newest first, a page of RULE_RUN_PAGE_SIZE at a time. */
export function useRuleRuns(flowId: number) {
  return useInfiniteQuery({
    queryKey: [...flowWorkflowKey(flowId), 'runs'],
    initialPageParam: 0,
    queryFn: ({ pageParam, signal }) =>
      api.get<RuleRunPage>(`/api/flow/${flowId}/ruleruns`, {
        query: { offset: pageParam, limit: RULE_RUN_PAGE_SIZE },
        signal,
      }),
    getNextPageParam: (last) => {
      const next = last.pagination.offset + last.data.length;
      return last.data.length > 0 && next < last.pagination.total ? next : undefined;
    },
  });
}

/** Refetches the flow's workflow card (rule runs publish no events of their own). */
export function useRefreshFlowWorkflow(flowId: number) {
  const queryClient = useQueryClient();
  return useCallback(
    () => void queryClient.invalidateQueries({ queryKey: flowWorkflowKey(flowId) }),
    [queryClient, flowId],
  );
}
