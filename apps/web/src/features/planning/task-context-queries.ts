import type {
  RequestOf,
  TaskContext,
  TaskContextOptions,
  TaskContextType,
  TaskEventTrigger,
  zCreateTaskContext,
  zCreateTaskContextType,
} from '@im/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';

// Keys start with 'task': a context change is logged on its task, so the live channel refreshes them.
const TASK = ['task'] as const;

function useRefreshTasks() {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: TASK });
}

export function useTaskContextOptions(enabled = true) {
  return useQuery({
    queryKey: [...TASK, 'contextoptions'],
    queryFn: ({ signal }) => api.get<TaskContextOptions>('/api/taskcontexttype/options', { signal }),
    staleTime: 60_000,
    enabled,
  });
}

export function useTaskContextTypes(templateId: number) {
  return useQuery({
    queryKey: [...TASK, 'contexttypes', templateId],
    queryFn: ({ signal }) =>
      api.get<TaskContextType[]>('/api/taskcontexttype', { query: { task_id: templateId }, signal }),
  });
}

export function useAddTaskContextType() {
  const refresh = useRefreshTasks();
  return useMutation({
    mutationFn: (body: RequestOf<typeof zCreateTaskContextType>) =>
      api.post<TaskContextType>('/api/taskcontexttype', body),
    onSuccess: refresh,
  });
}

export function useRemoveTaskContextType() {
  const refresh = useRefreshTasks();
  return useMutation({
    mutationFn: (id: number) => api.delete(`/api/taskcontexttype/${id}`),
    onSuccess: refresh,
  });
}

export function useAddTaskContext() {
  const refresh = useRefreshTasks();
  return useMutation({
    mutationFn: (body: RequestOf<typeof zCreateTaskContext>) =>
      api.post<TaskContext>('/api/taskcontext', body),
    onSuccess: refresh,
  });
}

export function useRemoveTaskContext() {
  const refresh = useRefreshTasks();
  return useMutation({
    mutationFn: (id: number) => api.delete(`/api/taskcontext/${id}`),
    onSuccess: refresh,
  });
}

export function useTaskEventTriggers(enabled = true) {
  return useQuery({
    queryKey: [...TASK, 'eventtriggers'],
    queryFn: ({ signal }) => api.get<TaskEventTrigger[]>('/api/task/geteventtriggers', { signal }),
    staleTime: 60_000,
    enabled,
  });
}

export function useTaskContexts(taskId: number) {
  return useQuery({
    queryKey: [...TASK, 'contexts', taskId],
    queryFn: ({ signal }) =>
      api.get<TaskContext[]>('/api/taskcontext', { query: { task_id: taskId }, signal }),
  });
}
