// The API contract of notes, actions and agenda items (spec 001 sections 3–7): written once for
// server and web.
import { z } from 'zod';
import { zFlag } from '../flags';
import { NOTE_BATCH_MAX } from '../offline';
import { zPaginated, zPaginationQuery } from '../pagination';
import {
  ACTION_PRIORITIES,
  ACTION_SCOPES,
  ACTION_STATUSES,
  AGENDA_ITEM_KINDS,
  DASHBOARD_ACTION_FILTERS,
  MAX_CALENDAR_RANGE_DAYS,
  MAX_NOTE_LENGTH,
  NOTE_KINDS,
  PLANNING_MESSAGES,
} from '../planning/constants';
import { inOrder } from '../planning/rules';
import { zId } from './common';

/** A moment on the wire: ISO 8601 with an offset or Z (api-contract "Dates"). */
export const zDateTime = z.iso.datetime({ offset: true, message: 'Vul een geldige datum en tijd in.' });

/** A user id in an action or agenda item: 0 (everyone / nobody), 9999999 (case handler or me) or a user. */
export const zPlanningUserId = z.coerce.number().int().min(0).max(2_147_483_647);

/** Exactly one thing a record hangs on, or none (the company). */
const zTargetIds = z.object({
  relation_id: zId.optional(),
  organization_id: zId.optional(),
  flow_id: zId.optional(),
});

function atMostOneTarget(v: z.infer<typeof zTargetIds>, ctx: z.RefinementCtx): void {
  const given = [v.relation_id, v.organization_id, v.flow_id].filter((x) => x !== undefined).length;
  if (given > 1)
    ctx.addIssue({ code: 'custom', message: PLANNING_MESSAGES.oneTarget, path: ['relation_id'] });
}

// ---------------------------------------------------------------- notes

export const zNoteKind = z.enum(NOTE_KINDS);

export const zNote = z.object({
  id: z.number().int(),
  content: z.string(),
  sticky: z.boolean(),
  noteable_type: zNoteKind,
  noteable_id: z.number().int(),
  relation_id: z.number().int().nullable(),
  organization_id: z.number().int().nullable(),
  flow_id: z.number().int().nullable(),
  flow_number: z.number().int().nullable(),
  company_id: z.number().int(),
  user_id: z.number().int().nullable(),
  user_fullname: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Note = z.infer<typeof zNote>;

const zNoteContent = z.string().trim().min(1, 'Verplicht').max(MAX_NOTE_LENGTH);

export const zCreateNote = zTargetIds
  .extend({ content: zNoteContent, sticky: zFlag.optional() })
  .superRefine(atMostOneTarget);
export type CreateNote = z.infer<typeof zCreateNote>;

/**
 * POST /api/note/batch (decision 073): notes a device kept offline, sent in one request, each with its own
 * key and made once by it as POST /api/note with that key would; one answer per note, in the order sent.
 */
export const zNoteBatch = z.object({
  notes: z
    .array(z.object({ key: z.uuid(), note: zCreateNote }))
    .min(1)
    .max(NOTE_BATCH_MAX),
});
export type NoteBatch = z.infer<typeof zNoteBatch>;

export const zNoteBatchResult = z.object({
  key: z.string(),
  /** 201 made (or made before by the same key), 410 made and deleted since, 4xx refused with its message. */
  status: z.number().int(),
  note: zNote.nullable(),
  message: z.string().nullable(),
});
export const zNoteBatchAnswer = z.object({ results: z.array(zNoteBatchResult) });
export type NoteBatchAnswer = z.infer<typeof zNoteBatchAnswer>;

export const zUpdateNote = z.object({ content: zNoteContent.optional(), sticky: zFlag.optional() });
export type UpdateNote = z.infer<typeof zUpdateNote>;

/** GET /api/note: the notes of one relation (with its flows'), organization, flow, or the company. */
export const zNoteQuery = zTargetIds.extend({ company: zFlag.optional() }).superRefine((v, ctx) => {
  atMostOneTarget(v, ctx);
  if (v.relation_id === undefined && v.organization_id === undefined && v.flow_id === undefined && !v.company)
    ctx.addIssue({ code: 'custom', message: PLANNING_MESSAGES.oneTarget, path: ['relation_id'] });
});

// ---------------------------------------------------------------- actions

export const zActionStatus = z.enum(ACTION_STATUSES);
export const zActionPriority = z.enum(ACTION_PRIORITIES);

export const zAction = z.object({
  id: z.number().int(),
  description: z.string(),
  /** 0: the general action for everyone (spec 001 section 6). */
  user_id: z.number().int(),
  user_fullname: z.string(),
  status: zActionStatus,
  list: z.enum(['future', 'past']),
  completion_date: z.string().nullable(),
  due_date: z.string(),
  overdue_date: z.string(),
  relative_time: z.string(),
  isdue: z.boolean(),
  isoverdue: z.boolean(),
  priority: zActionPriority,
  actionable_type: z.enum(['relation', 'organization', 'flow', 'company']),
  actionable_id: z.number().int(),
  flow_id: z.number().int().nullable(),
  flow_number: z.number().int().nullable(),
  flow_status: z.string().nullable(),
  relation_id: z.number().int().nullable(),
  relation_fullname: z.string().nullable(),
  organization_id: z.number().int().nullable(),
  organization_name: z.string().nullable(),
  company_id: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Action = z.infer<typeof zAction>;

const zActionDescription = z.string().trim().min(1, 'Verplicht').max(2000);

function dueNotAfterOverdue(v: { due_date?: string; overdue_date?: string }, ctx: z.RefinementCtx): void {
  if (v.due_date && v.overdue_date && !inOrder(v.due_date, v.overdue_date))
    ctx.addIssue({ code: 'custom', message: PLANNING_MESSAGES.dueAfterOverdue, path: ['due_date'] });
}

export const zCreateAction = zTargetIds
  .extend({
    description: zActionDescription,
    user_id: zPlanningUserId.default(0),
    due_date: zDateTime.optional(),
    overdue_date: zDateTime.optional(),
    priority: zActionPriority.optional(),
  })
  .superRefine((v, ctx) => {
    atMostOneTarget(v, ctx);
    dueNotAfterOverdue(v, ctx);
  });
export type CreateAction = z.infer<typeof zCreateAction>;

export const zUpdateAction = z
  .object({
    description: zActionDescription.optional(),
    user_id: zPlanningUserId.optional(),
    due_date: zDateTime.optional(),
    overdue_date: zDateTime.optional(),
    priority: zActionPriority.optional(),
    status: zActionStatus.optional(),
  })
  .superRefine(dueNotAfterOverdue);
export type UpdateAction = z.infer<typeof zUpdateAction>;

/** GET /api/action: the actions of one relation (with its flows'), organization or flow. */
export const zActionListQuery = zTargetIds
  .extend({ status: z.enum(['open', 'afgerond', 'all']).default('all') })
  .superRefine((v, ctx) => {
    atMostOneTarget(v, ctx);
    if (v.relation_id === undefined && v.organization_id === undefined && v.flow_id === undefined)
      ctx.addIssue({ code: 'custom', message: PLANNING_MESSAGES.oneTarget, path: ['relation_id'] });
  });

export const ACTION_SORTS = ['due_date', 'overdue_date', 'priority', 'description', 'created_at'] as const;

/** GET /api/action/querypaginated: the action overview (spec 001 section 2). */
export const zActionPageQuery = zPaginationQuery.extend({
  sort: z.enum([...ACTION_SORTS, ...ACTION_SORTS.map((s) => `-${s}` as const)]).default('-due_date'),
  /** A scope of spec 001 section 6, or one user's id (0: the general actions). */
  user: z.union([z.enum(ACTION_SCOPES), zPlanningUserId]).default('meandeveryone'),
  priority: zActionPriority.optional(),
  flow_status: z.string().max(30).optional(),
  status: z.enum(['open', 'afgerond', 'all']).default('open'),
});
export type ActionPageQuery = z.input<typeof zActionPageQuery>;
export const zActionPage = zPaginated(zAction);

/** GET /api/user/getdashboardactions (spec 001 section 7). */
export const zDashboardActionsQuery = z.object({
  filter: z.enum(DASHBOARD_ACTION_FILTERS).default('tophigh'),
  /** The list grows by 5 (spec 001 section 9); 99999 shows all. */
  limit: z.coerce.number().int().min(1).max(99_999).default(5),
});
export const zDashboardActions = z.object({
  totalCount: z.number().int(),
  topCount: z.number().int(),
  highCount: z.number().int(),
  overdueCount: z.number().int(),
  assignedactions: z.array(zAction),
});
export type DashboardActions = z.infer<typeof zDashboardActions>;

// ---------------------------------------------------------------- agenda items

export const zAgendaItemKind = z.enum(AGENDA_ITEM_KINDS);

export const zAgendaItem = z.object({
  id: z.number().int(),
  title: z.string(),
  /** The same text as `title`, as external calendar events call it. */
  summary: z.string(),
  description: z.string(),
  location: z.string(),
  attendees: z.string(),
  start_date: z.string(),
  end_date: z.string(),
  user_id: z.number().int().nullable(),
  user_fullname: z.string(),
  agendaitemable_type: zAgendaItemKind,
  agendaitemable_id: z.number().int().nullable(),
  morphtype: zAgendaItemKind,
  /** What the item links to, for a label: "Jan de Vries", "Dossier 12 · Zonnepanelen". */
  link_label: z.string(),
  flow_id: z.number().int().nullable(),
  relation_id: z.number().int().nullable(),
  organization_id: z.number().int().nullable(),
  color: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type AgendaItem = z.infer<typeof zAgendaItem>;

function startNotAfterEnd(v: { start_date?: string; end_date?: string }, ctx: z.RefinementCtx): void {
  if (v.start_date && v.end_date && !inOrder(v.start_date, v.end_date))
    ctx.addIssue({ code: 'custom', message: PLANNING_MESSAGES.startAfterEnd, path: ['start_date'] });
}

const zAgendaTexts = {
  title: z.string().trim().min(1, 'Verplicht').max(200),
  description: z.string().trim().max(5000).optional(),
  location: z.string().trim().max(300).optional(),
  attendees: z.string().trim().max(1000).optional(),
};

export const zCreateAgendaItem = zTargetIds
  .extend({
    ...zAgendaTexts,
    company: zFlag.optional(),
    /** Default: the logged-in user; 9999999: the flow's handler, or the logged-in user. */
    user_id: zPlanningUserId.optional(),
    start_date: zDateTime.optional(),
    end_date: zDateTime.optional(),
  })
  .superRefine((v, ctx) => {
    atMostOneTarget(v, ctx);
    startNotAfterEnd(v, ctx);
  });
export type CreateAgendaItem = z.infer<typeof zCreateAgendaItem>;

export const zUpdateAgendaItem = z
  .object({
    ...zAgendaTexts,
    title: zAgendaTexts.title.optional(),
    user_id: zPlanningUserId.optional(),
    start_date: zDateTime.optional(),
    end_date: zDateTime.optional(),
  })
  .superRefine(startNotAfterEnd);
export type UpdateAgendaItem = z.infer<typeof zUpdateAgendaItem>;

/** GET /api/agendaitem: the calendar's range (at most 62 days) for one user or all, or one record's items. */
export const zAgendaRangeQuery = z
  .object({
    from: zDateTime.optional(),
    to: zDateTime.optional(),
    user: z.union([z.literal('all'), zPlanningUserId]).default('all'),
    relation_id: zId.optional(),
    organization_id: zId.optional(),
    flow_id: zId.optional(),
  })
  .superRefine((v, ctx) => {
    atMostOneTarget(v, ctx);
    const record = v.relation_id ?? v.organization_id ?? v.flow_id;
    if (record !== undefined) return;
    calendarRange(v, ctx);
  });

/** A calendar's range: both ends, in order, at most MAX_CALENDAR_RANGE_DAYS long. */
function calendarRange(v: { from?: string; to?: string }, ctx: z.RefinementCtx): void {
  if (!v.from || !v.to) {
    ctx.addIssue({ code: 'custom', message: 'Geef from en to.', path: ['from'] });
    return;
  }
  startNotAfterEnd({ start_date: v.from, end_date: v.to }, ctx);
  const days = (new Date(v.to).getTime() - new Date(v.from).getTime()) / 86_400_000;
  if (days > MAX_CALENDAR_RANGE_DAYS)
    ctx.addIssue({ code: 'custom', message: PLANNING_MESSAGES.rangeTooLong, path: ['to'] });
}

/** GET /api/task/calendar: the planned tasks overlapping the calendar's range, for one user or all. */
export const zTaskCalendarQuery = z
  .object({
    from: zDateTime.optional(),
    to: zDateTime.optional(),
    user: z.union([z.literal('all'), zPlanningUserId]).default('all'),
  })
  .superRefine(calendarRange);

/** The user's iCalendar feed: a secret address, shown once when it is made. */
export const zCalendarFeed = z.object({
  active: z.boolean(),
  created_at: z.string().nullable(),
  /** Only in the answer that makes a new address. */
  url: z.string().optional(),
});
export type CalendarFeed = z.infer<typeof zCalendarFeed>;

// ---------------------------------------------------------------- log items

export const zLogItemRow = z.object({
  id: z.number().int(),
  loggable_type: z.string(),
  loggable_id: z.number().int().nullable(),
  action: z.string(),
  description: z.string(),
  user_id: z.number().int().nullable(),
  user_fullname: z.string(),
  created_at: z.string(),
  /** Where a click on the row goes, by the linking rules of spec 001 section 2; null: it does not open. */
  link: z.object({ kind: z.string(), id: z.number().int() }).nullable(),
});
export type LogItemRow = z.infer<typeof zLogItemRow>;

export const zLogDateParams = z.object({ date: z.iso.date({ message: 'Vul een geldige datum in.' }) });
