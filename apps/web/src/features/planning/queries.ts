import type {
  Action,
  AgendaItem,
  CalendarFeed,
  CreateAction,
  CreateAgendaItem,
  DashboardActionFilter,
  DashboardActions,
  DashboardTaskFilter,
  DashboardTasks,
  LogItemRow,
  Note,
  Paginated,
  RequestOf,
  Task,
  TaskCalendarItem,
  TaskFilters,
  TaskMap,
  TaskType,
  UpdateAction,
  UpdateAgendaItem,
  UpdateNote,
  zCreateAction,
  zCreateAgendaItem,
  zCreateNote,
  zCreateTask,
  zUpdateAction,
  zUpdateAgendaItem,
  zUpdateNote,
  zUpdateTask,
} from '@im/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api, isApiError, NETWORK_ERROR_STATUS } from '../../api/client';
import type { OutboxItem } from '../../api/outbox';
import { sendOrKeep } from '../../api/outbox';
import { keepChange } from '../../ui/autosave/autosave-store';

/** What a planning record hangs on (none: the company). */
export type PlanningOwner =
  | { relation_id: number }
  | { organization_id: number }
  | { flow_id: number }
  /** The company's own notes (the dashboard). */
  | { company: 1 };

// Keys start with the entity name, so the live channel refreshes them (api/live.ts).
const NOTE = ['note'] as const;
const ACTION = ['action'] as const;
const AGENDA = ['agendaitem'] as const;
const DASHBOARD = ['dashboard'] as const;

const isId = (id: number) => Number.isInteger(id) && id > 0;

function useRefresh(...keys: (readonly string[])[]) {
  const queryClient = useQueryClient();
  return () => {
    for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
  };
}

// ------------------------------------------------------------ notes

export function useNotes(owner: PlanningOwner) {
  return useQuery({
    queryKey: [...NOTE, 'list', owner],
    queryFn: ({ signal }) => api.get<Note[]>('/api/note', { query: owner, signal }),
  });
}

export function useNote(id: number) {
  return useQuery({
    queryKey: [...NOTE, id],
    queryFn: ({ signal }) => api.get<Note>(`/api/note/${id}`, { signal }),
    enabled: isId(id),
  });
}

export function useSaveNote() {
  const refresh = useRefresh(NOTE);
  return useMutation({
    mutationFn: ({
      id,
      ...body
    }: (RequestOf<typeof zCreateNote> | RequestOf<typeof zUpdateNote>) & { id?: number }) =>
      id
        ? api.patch<Note>(`/api/note/${id}`, body as UpdateNote)
        : // A new note goes through the device's outbox (decision 069): null when it waits there.
          sendOrKeep<Note>({ kind: 'note', path: '/api/note', body: body as OutboxItem['body'] }),
    onSuccess: refresh,
  });
}

export function useDeleteNote() {
  const refresh = useRefresh(NOTE);
  return useMutation({
    mutationFn: (note: Note) => api.delete(`/api/note/${note.id}`),
    onSuccess: refresh,
  });
}

// ------------------------------------------------------------ actions

export function useActions(owner: PlanningOwner, status: 'open' | 'all') {
  return useQuery({
    queryKey: [...ACTION, 'list', owner, status],
    queryFn: ({ signal }) => api.get<Action[]>('/api/action', { query: { ...owner, status }, signal }),
  });
}

export function useSaveAction() {
  const refresh = useRefresh(ACTION, DASHBOARD, ['table']);
  return useMutation({
    mutationFn: ({
      id,
      ...body
    }: (RequestOf<typeof zCreateAction> | RequestOf<typeof zUpdateAction>) & { id?: number }) =>
      id
        ? api.patch<Action>(`/api/action/${id}`, body as UpdateAction)
        : api.post<Action>('/api/action', body as CreateAction),
    onSuccess: refresh,
  });
}

export function useDeleteAction() {
  const refresh = useRefresh(ACTION, DASHBOARD, ['table']);
  return useMutation({ mutationFn: (id: number) => api.delete(`/api/action/${id}`), onSuccess: refresh });
}

export function useDashboardTasks(filter: DashboardTaskFilter, limit: number) {
  return useQuery({
    queryKey: [...DASHBOARD, 'tasks', filter, limit],
    queryFn: ({ signal }) =>
      api.get<DashboardTasks>('/api/user/getdashboardtasks', { query: { filter, limit }, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useDashboardActions(filter: DashboardActionFilter, limit: number) {
  return useQuery({
    queryKey: [...DASHBOARD, 'actions', filter, limit],
    queryFn: ({ signal }) =>
      api.get<DashboardActions>('/api/user/getdashboardactions', { query: { filter, limit }, signal }),
    placeholderData: keepPreviousData,
  });
}

// ------------------------------------------------------------ agenda items

export function useAgendaForRecord(owner: PlanningOwner) {
  return useQuery({
    queryKey: [...AGENDA, 'list', owner],
    queryFn: ({ signal }) => api.get<AgendaItem[]>('/api/agendaitem', { query: owner, signal }),
  });
}

export function useAgendaRange(range: { from: string; to: string }, user: 'all' | number) {
  return useQuery({
    queryKey: [...AGENDA, 'range', range.from, range.to, user],
    queryFn: ({ signal }) =>
      api.get<AgendaItem[]>('/api/agendaitem', { query: { from: range.from, to: range.to, user }, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useAgendaItem(id: number) {
  return useQuery({
    queryKey: [...AGENDA, id],
    queryFn: ({ signal }) => api.get<AgendaItem>(`/api/agendaitem/${id}`, { signal }),
    enabled: isId(id),
  });
}

export function useSaveAgendaItem() {
  const refresh = useRefresh(AGENDA);
  return useMutation({
    mutationFn: ({
      id,
      ...body
    }: (RequestOf<typeof zCreateAgendaItem> | RequestOf<typeof zUpdateAgendaItem>) & { id?: number }) =>
      id
        ? api.patch<AgendaItem>(`/api/agendaitem/${id}`, body as UpdateAgendaItem)
        : api.post<AgendaItem>('/api/agendaitem', body as CreateAgendaItem),
    onSuccess: refresh,
  });
}

export function useDeleteAgendaItem() {
  const refresh = useRefresh(AGENDA);
  return useMutation({ mutationFn: (id: number) => api.delete(`/api/agendaitem/${id}`), onSuccess: refresh });
}

// ------------------------------------------------------------ calendar feed and log

const FEED = ['user', 'calendarfeed'] as const;

export function useCalendarFeed() {
  return useQuery({
    queryKey: FEED,
    queryFn: ({ signal }) => api.get<CalendarFeed>('/api/user/calendarfeed', { signal }),
  });
}

export function useRenewCalendarFeed() {
  const refresh = useRefresh(FEED);
  return useMutation({
    mutationFn: () => api.post<CalendarFeed>('/api/user/calendarfeed'),
    onSuccess: refresh,
  });
}

export function useRevokeCalendarFeed() {
  const refresh = useRefresh(FEED);
  return useMutation({ mutationFn: () => api.delete('/api/user/calendarfeed'), onSuccess: refresh });
}

export function useLogItems(date: string, page: number, pageSize: number) {
  return useQuery({
    queryKey: ['logitem', date, page, pageSize],
    queryFn: ({ signal }) =>
      api.get<Paginated<LogItemRow>>(`/api/company/getlogitems/${date}`, {
        query: { offset: (page - 1) * pageSize, limit: pageSize },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

// ------------------------------------------------------------ tasks

const TASK = ['task'] as const;

export function useTasks(filters: TaskFilters, page: { offset: number; limit: number; sort?: string }) {
  return useQuery({
    queryKey: [...TASK, 'page', filters, page],
    queryFn: ({ signal }) =>
      api.get<Paginated<Task>>('/api/task/getopentasks', {
        query: { filters: JSON.stringify(filters), ...page },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useTaskMap(filters: TaskFilters, enabled: boolean) {
  return useQuery({
    queryKey: [...TASK, 'map', filters],
    queryFn: ({ signal }) =>
      api.get<TaskMap>('/api/task/getopentasksmap', { query: { filters: JSON.stringify(filters) }, signal }),
    enabled,
    placeholderData: keepPreviousData,
  });
}

/** The agenda's planned tasks in the shown range (the same range and user as its appointments). */
export function useTaskCalendar(range: { from: string; to: string }, user: 'all' | number) {
  return useQuery({
    queryKey: [...TASK, 'calendar', range, user],
    queryFn: ({ signal }) =>
      api.get<TaskCalendarItem[]>('/api/task/calendar', { query: { ...range, user }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** One task, for its edit dialog opened from the agenda. */
export function useTask(id: number | null) {
  return useQuery({
    queryKey: [...TASK, 'one', id],
    queryFn: ({ signal }) => api.get<Task>(`/api/task/${id}`, { signal }),
    enabled: id !== null,
  });
}

export function useTaskTemplates() {
  return useQuery({
    queryKey: [...TASK, 'templates'],
    queryFn: ({ signal }) => api.get<Task[]>('/api/tasktemplate', { signal }),
  });
}

export function useUsedTaskColors() {
  return useQuery({
    queryKey: [...TASK, 'colors'],
    queryFn: ({ signal }) => api.get<string[]>('/api/task/getusedtaskcolors', { signal }),
    staleTime: 60_000,
  });
}

export function usePlannableUsers(type: TaskType) {
  return useQuery({
    queryKey: [...TASK, 'plannable', type],
    queryFn: ({ signal }) =>
      api.get<{ id: number; fullname: string; user_type: string }[]>('/api/task/getplannableusers', {
        query: { type },
        signal,
      }),
    staleTime: 60_000,
  });
}

export function useSaveTask() {
  const refresh = useRefresh(TASK);
  return useMutation({
    mutationFn: ({
      id,
      ...body
    }: (RequestOf<typeof zCreateTask> | RequestOf<typeof zUpdateTask>) & { id?: number }) =>
      id ? api.patch<Task>(`/api/task/${id}`, body) : api.post<Task>('/api/task', body),
    onSuccess: refresh,
  });
}

/** The key a task's completion is kept under on the device (decision 069). */
export const taskKeptKey = (id: number) => `task:${id}`;

/**
 * 'Afronden' (decision 069): the task is completed now, or, without a connection, the completion is kept
 * on the device with the status the screen showed (answers null), and sent by the shell's replay later
 * (a task the office changed meanwhile shows both values there).
 */
export function useCompleteTask() {
  const { t } = useTranslation();
  const refresh = useRefresh(TASK);
  return useMutation({
    mutationFn: async (task: Task) => {
      const path = `/api/task/${task.id}`;
      try {
        return await api.patch<Task>(path, { status: 'afgerond' });
      } catch (error) {
        if (!isApiError(error, NETWORK_ERROR_STATUS)) throw error;
        keepChange(
          taskKeptKey(task.id),
          { status: 'afgerond' },
          { path, labels: { status: t('common.status') } },
          { status: task.status },
        );
        return null;
      }
    },
    onSuccess: refresh,
  });
}

export function useDeleteTask() {
  const refresh = useRefresh(TASK);
  return useMutation({ mutationFn: (item: Task) => api.delete(`/api/task/${item.id}`), onSuccess: refresh });
}

export function useStoreFromTemplate() {
  const refresh = useRefresh(TASK);
  return useMutation({
    mutationFn: (body: { flow_id: number; tasktemplate_id: number }) =>
      api.post<Task>('/api/task/storefromtemplate', body),
    onSuccess: refresh,
  });
}

export function useDuplicateTask() {
  const refresh = useRefresh(TASK);
  return useMutation({
    mutationFn: (id: number) => api.post<Task>(`/api/task/${id}/duplicate`),
    onSuccess: refresh,
  });
}

export function useAddFollowingUser() {
  const refresh = useRefresh(TASK);
  return useMutation({
    mutationFn: (body: { leading_task_id: number; user_id: number }) =>
      api.post<Task>('/api/task/addfollowinguser', body),
    onSuccess: refresh,
  });
}
