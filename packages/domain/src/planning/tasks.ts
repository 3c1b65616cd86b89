// Tasks (spec 001 sections 3, 4, 5 and 9): types, statuses, the derived planning status, who is
// plannable, and the map's colours. One set of rules for server and screen.

/** uitvoering = project, opname = intake, service = aftercare, overig = other. */
export const TASK_TYPES = ['uitvoering', 'opname', 'service', 'overig'] as const;
export type TaskType = (typeof TASK_TYPES)[number];
export const TASK_TYPE_LABELS: Record<TaskType, string> = {
  uitvoering: 'Uitvoering',
  opname: 'Opname',
  service: 'Service',
  overig: 'Overig',
};

export const TASK_STATUSES = ['open', 'onhold', 'afgerond'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];
export const TASK_STATUS_LABELS: Record<TaskStatus, string> = {
  open: 'Open',
  onhold: 'On hold',
  afgerond: 'Afgerond',
};

/** The overview's status filter; `openoronhold` is the default (spec 001 section 2). */
export const TASK_STATUS_FILTERS = ['openoronhold', 'open', 'onhold', 'afgerond', 'all'] as const;
export type TaskStatusFilter = (typeof TASK_STATUS_FILTERS)[number];
export const DEFAULT_TASK_STATUS_FILTER: TaskStatusFilter = 'openoronhold';
export const TASK_STATUS_FILTER_LABELS: Record<TaskStatusFilter, string> = {
  openoronhold: 'Open of on hold',
  open: 'Open',
  onhold: 'On hold',
  afgerond: 'Afgerond',
  all: 'Alle',
};

/** Spec 001 section 4: the derived planning status and its Dutch label. */
export const TASK_PLANNING_STATUSES = ['completed', 'upcoming', 'unfinished', 'unplanned', 'other'] as const;
export type TaskPlanningStatus = (typeof TASK_PLANNING_STATUSES)[number];

export interface TaskTiming {
  status: string;
  start_date: Date | string | null;
  end_date: Date | string | null;
}

/**
 * completed: done. unplanned ('ongepland'): open without a start. upcoming: starts later. unfinished:
 * its time has passed (or it is on hold) without being done: 'onhold' or 'over datum'. other: running now.
 */
export function taskPlanningStatus(
  task: TaskTiming,
  now: Date,
): { status: TaskPlanningStatus; label: string } {
  if (task.status === 'afgerond') return { status: 'completed', label: 'Afgerond' };
  if (task.status === 'onhold') return { status: 'unfinished', label: 'onhold' };
  if (task.start_date === null) return { status: 'unplanned', label: 'ongepland' };
  const start = new Date(task.start_date).getTime();
  const end = task.end_date === null ? start : new Date(task.end_date).getTime();
  if (start > now.getTime()) return { status: 'upcoming', label: 'Gepland' };
  if (end < now.getTime()) return { status: 'unfinished', label: 'over datum' };
  return { status: 'other', label: 'Bezig' };
}

/**
 * Spec 001 section 5: a user is plannable for a task unless hidden from planning; a sales user stays
 * plannable for intake tasks and a project user for project tasks even when hidden.
 */
export function isPlannable(
  user: { hide_from_planning: boolean; user_type: string },
  taskType: TaskType,
): boolean {
  if (!user.hide_from_planning) return true;
  return (
    (taskType === 'opname' && user.user_type === 'sales') ||
    (taskType === 'uitvoering' && user.user_type === 'project')
  );
}

/** Spec 001 section 2: marker colours. project green, intake yellow, aftercare red, otherwise blue. */
export const TASK_TYPE_COLORS: Record<TaskType, string> = {
  uitvoering: '#2f9e44',
  opname: '#f59f00',
  service: '#e03131',
  overig: '#1c7ed6',
};

/** The colour a task shows with: its own, else its type's. */
export function taskColor(task: { color: string | null; type: TaskType }): string {
  return task.color || TASK_TYPE_COLORS[task.type];
}

/** Spec 001 section 2 / spec 000 section 9: the task map's centre without company coordinates, zoom 9. */
export const TASK_MAP_DEFAULT_CENTER: [number, number] = [52.5, 6.08];
export const TASK_MAP_ZOOM = 9;

export const TASK_MESSAGES = {
  endBeforeStart: 'Het einde mag niet voor het begin liggen.',
  notATemplate: 'Dit is geen taaksjabloon.',
  templateHasNoFlow: 'Een taaksjabloon hoort niet bij een dossier.',
  notPlannable: 'Deze gebruiker is niet inplanbaar voor dit soort taak.',
  followerIsLeader: 'Deze gebruiker voert de taak al uit.',
} as const;
