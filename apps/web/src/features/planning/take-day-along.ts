import type { Task, TaskCalendarItem } from '@im/domain';
import { addDays, startOfDay } from 'date-fns';
import { api } from '../../api/client';
import { TakeAlongError, visitInFrame } from '../../api/take-along';
import { taskContextLink } from './components/task-contexts';

export interface TakeAlongResult {
  screens: number;
  missed: number;
}

/**
 * The screens of today's and tomorrow's tasks of `userId` (decision 060): the task list, each task's
 * dossier, and the forms its contexts name (intake, project, service visit); documents stay online.
 */
export async function dayRoutes(userId: number, now = new Date()): Promise<string[]> {
  const from = startOfDay(now);
  const to = addDays(from, 2);
  const items = await api.get<TaskCalendarItem[]>('/api/task/calendar', {
    query: { from: from.toISOString(), to: to.toISOString(), user: userId },
  });
  const open = items.filter((item) => item.status !== 'afgerond');
  if (open.length === 0) return [];
  const routes = new Set<string>(['/task_overview']);
  for (const item of open) {
    const task = await api.get<Task>(`/api/task/${item.id}`);
    if (task.flow_id !== null) routes.add(`/flow_detail/${task.flow_id}`);
    for (const context of task.task_contexts) {
      const link = context.kind === 'form' ? taskContextLink(context) : null;
      if (link) routes.add(link);
    }
  }
  return [...routes];
}

/** Visits each route in the take-along frame, one at a time; a budget refusal stops the rest. */
export async function takeDayAlong(
  userId: number,
  onProgress: (done: number, total: number) => void,
): Promise<TakeAlongResult> {
  const routes = await dayRoutes(userId);
  let missed = 0;
  for (const [index, route] of routes.entries()) {
    onProgress(index, routes.length);
    try {
      await visitInFrame(route);
    } catch (error) {
      if (error instanceof TakeAlongError && error.reason === 'budget') throw error;
      missed += 1;
    }
  }
  onProgress(routes.length, routes.length);
  return { screens: routes.length - missed, missed };
}
