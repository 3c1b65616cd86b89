// The API contract of tasks and task templates (spec 001 sections 3–7): written once for server and web.
import { z } from 'zod';
import { zFlag } from '../flags';
import { zOffset, zPaginated } from '../pagination';
import { inOrder } from '../planning/rules';
import {
  TASK_MESSAGES,
  TASK_PLANNING_STATUSES,
  TASK_STATUS_FILTERS,
  TASK_STATUSES,
  TASK_TYPES,
} from '../planning/tasks';
import { zId } from './common';
import { zFlow } from './flows';
import { zDateTime, zPlanningUserId } from './planning';
import { zTaskContext } from './task-contexts';

export * from './task-contexts';

export const zTaskType = z.enum(TASK_TYPES);
export const zTaskStatus = z.enum(TASK_STATUSES);
const zColor = z
  .string()
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, 'Kies een kleur als #rrggbb.');

export const zTask = z.object({
  id: z.number().int(),
  description: z.string(),
  type: zTaskType,
  status: zTaskStatus,
  planning_status: z.enum(TASK_PLANNING_STATUSES),
  planning_label: z.string(),
  user_id: z.number().int().nullable(),
  user_fullname: z.string(),
  flow_id: z.number().int().nullable(),
  flow_number: z.number().int().nullable(),
  flow_status: z.string().nullable(),
  relation_id: z.number().int().nullable(),
  relation_fullname: z.string().nullable(),
  /** The work address: the linked location, else the flow's, else the relation's. */
  address: z.string(),
  start_date: z.string().nullable(),
  end_date: z.string().nullable(),
  completiondate: z.string().nullable(),
  show_from: z.string().nullable(),
  color: z.string().nullable(),
  /** The colour it shows with: its own, else its type's. */
  display_color: z.string(),
  /** Minutes. */
  duration: z.number().int().nullable(),
  amountofpeople: z.number().int(),
  location: z.string(),
  linked_location: z.number().int().nullable(),
  attendees: z.string(),
  is_template: z.boolean(),
  tasktemplate_id: z.number().int().nullable(),
  leading_task_id: z.number().int().nullable(),
  following_tasks: z.array(
    z.object({ id: z.number().int(), user_id: z.number().int().nullable(), user_fullname: z.string() }),
  ),
  /** The forms and documents the task prepares on its flow (a template: none, see its context types). */
  task_contexts: z.array(zTaskContext),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Task = z.infer<typeof zTask>;

function endNotBeforeStart(
  v: { start_date?: string | null; end_date?: string | null },
  ctx: z.RefinementCtx,
): void {
  if (v.start_date && v.end_date && !inOrder(v.start_date, v.end_date))
    ctx.addIssue({ code: 'custom', message: TASK_MESSAGES.endBeforeStart, path: ['end_date'] });
}

const zTaskFields = {
  description: z.string().trim().min(1, 'Verplicht').max(2000),
  type: zTaskType,
  status: zTaskStatus,
  user_id: zPlanningUserId.nullable(),
  start_date: zDateTime.nullable(),
  end_date: zDateTime.nullable(),
  show_from: zDateTime.nullable(),
  color: zColor.nullable(),
  duration: z.coerce
    .number()
    .int()
    .min(0)
    .max(60 * 24 * 62)
    .nullable(),
  amountofpeople: z.coerce.number().int().min(1).max(100),
  location: z.string().trim().max(300),
  linked_location: zId.nullable(),
  attendees: z.string().trim().max(1000),
};

export const zCreateTask = z
  .object({
    ...zTaskFields,
    type: zTaskType.default('overig'),
    status: zTaskStatus.default('open'),
    user_id: zTaskFields.user_id.optional(),
    start_date: zTaskFields.start_date.optional(),
    end_date: zTaskFields.end_date.optional(),
    show_from: zTaskFields.show_from.optional(),
    color: zTaskFields.color.optional(),
    duration: zTaskFields.duration.optional(),
    amountofpeople: zTaskFields.amountofpeople.default(1),
    location: zTaskFields.location.optional(),
    linked_location: zTaskFields.linked_location.optional(),
    attendees: zTaskFields.attendees.optional(),
    flow_id: zId.optional(),
    is_template: zFlag.optional(),
  })
  .superRefine((v, ctx) => {
    endNotBeforeStart(v, ctx);
    if (v.is_template && v.flow_id !== undefined)
      ctx.addIssue({ code: 'custom', message: TASK_MESSAGES.templateHasNoFlow, path: ['flow_id'] });
  });
export type CreateTask = z.infer<typeof zCreateTask>;

export const zUpdateTask = z
  .object({
    description: zTaskFields.description.optional(),
    type: zTaskType.optional(),
    status: zTaskStatus.optional(),
    user_id: zTaskFields.user_id.optional(),
    start_date: zTaskFields.start_date.optional(),
    end_date: zTaskFields.end_date.optional(),
    show_from: zTaskFields.show_from.optional(),
    color: zTaskFields.color.optional(),
    duration: zTaskFields.duration.optional(),
    amountofpeople: zTaskFields.amountofpeople.optional(),
    location: zTaskFields.location.optional(),
    linked_location: zTaskFields.linked_location.optional(),
    attendees: zTaskFields.attendees.optional(),
  })
  .superRefine(endNotBeforeStart);
export type UpdateTask = z.infer<typeof zUpdateTask>;

export const TASK_SORTS = ['start_date', 'type', 'status', 'description', 'created_at'] as const;

/** The filters of `getopentasks` (and its map), sent as JSON in `filters` (spec 001 section 7). */
export const zTaskFilters = z.object({
  status: z.enum(TASK_STATUS_FILTERS).default('openoronhold'),
  type: zTaskType.optional(),
  /** 0: tasks without a user. */
  user_id: zPlanningUserId.optional(),
  planning: z.enum(TASK_PLANNING_STATUSES).optional(),
  flow_id: zId.optional(),
  /** The tasks of a relation's flows (the relation detail's tasks section). */
  relation_id: zId.optional(),
  query: z.string().trim().max(200).optional(),
});
export type TaskFilters = z.infer<typeof zTaskFilters>;

/** `filters` is a JSON object in the query string; a bad one answers 422 like any bad field. */
const zFiltersParam = z
  .string()
  .max(2000)
  .optional()
  .transform((text, ctx) => {
    if (!text) return {};
    try {
      return JSON.parse(text) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', message: 'filters is geen geldige JSON.' });
      return z.NEVER;
    }
  })
  .pipe(zTaskFilters);

export const zTaskPageQuery = z.object({
  filters: zFiltersParam,
  offset: zOffset,
  limit: z.coerce.number().int().min(1).max(500).default(25),
  sort: z.enum([...TASK_SORTS, ...TASK_SORTS.map((s) => `-${s}` as const)]).default('start_date'),
});
export const zTaskPage = zPaginated(zTask);

export const zTaskMapQuery = z.object({ filters: zFiltersParam });

/** One marker of the task map: only what a marker and its popup need. */
export const zTaskMapPoint = z.object({
  id: z.number().int(),
  lat: z.number(),
  lng: z.number(),
  color: z.string(),
  type: zTaskType,
  description: z.string(),
  planning_label: z.string(),
  start_date: z.string().nullable(),
  user_fullname: z.string(),
  flow_id: z.number().int().nullable(),
  flow_number: z.number().int().nullable(),
  relation_fullname: z.string().nullable(),
});
export type TaskMapPoint = z.infer<typeof zTaskMapPoint>;
export const zTaskMap = z.object({
  points: z.array(zTaskMapPoint),
  /** Tasks matching the filters that have no coordinates (not on the map). */
  without_coordinates: z.number().int(),
  /** Work addresses of those tasks that the geocoder could not find (the others had no address). */
  unfound_addresses: z.number().int(),
  center: z.tuple([z.number(), z.number()]),
  zoom: z.number().int(),
});
export type TaskMap = z.infer<typeof zTaskMap>;

export const zStoreFromTemplate = z.object({
  flow_id: zId,
  tasktemplate_id: zId,
  project_id: zId.optional(),
  incident_id: zId.optional(),
});

export const zAddFollowingUser = z.object({ leading_task_id: zId, user_id: zId });

export const zPlannableUser = z.object({
  id: z.number().int(),
  fullname: z.string(),
  user_type: z.string(),
});
export const zPlannableQuery = z.object({ type: zTaskType.default('overig') });

/** A planned task as the agenda shows it: its type's (or own) colour, times, who, and its dossier. */
export const zTaskCalendarItem = z.object({
  id: z.number().int(),
  description: z.string(),
  type: zTaskType,
  status: zTaskStatus,
  display_color: z.string(),
  start_date: z.string(),
  end_date: z.string(),
  user_id: z.number().int().nullable(),
  user_fullname: z.string(),
  flow_id: z.number().int().nullable(),
  flow_number: z.number().int().nullable(),
  relation_fullname: z.string().nullable(),
});
export type TaskCalendarItem = z.infer<typeof zTaskCalendarItem>;

/** flow getWithRelatedTasks: the flow's detail and its tasks (planned first by start, then unplanned). */
export const zFlowWithRelatedTasks = zFlow.extend({ tasks: z.array(zTask) });
export type FlowWithRelatedTasks = z.infer<typeof zFlowWithRelatedTasks>;
