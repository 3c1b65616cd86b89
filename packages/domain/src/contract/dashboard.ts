// The API contract of the user's dashboard reads (spec 001 section 7 "User reads"): written once for
// server and web. Actions (getdashboardactions) and notifications (getdashboardnotifications) keep their
// own contracts in planning.ts and messages.ts.
import { z } from 'zod';
import {
  DASHBOARD_LEAD_FILTERS,
  DASHBOARD_LIST_ALL,
  DASHBOARD_LIST_STEP,
  DASHBOARD_TASK_FILTERS,
  DASHBOARD_USECASES,
  DASHBOARD_WIDGETS,
  DEFAULT_DASHBOARD_LEAD_FILTER,
  DEFAULT_DASHBOARD_TASK_FILTER,
  MAX_STATBOXES,
  STATBOX_THEMES,
  STATISTIC_PERIODS,
  STATISTIC_TYPES,
} from '../dashboard';
import { FLOW_STATUSES } from '../flows';
import { USER_TYPES } from '../user-types';
import { zTask } from './tasks';

export const zStatbox = z.object({
  widget_type: z.literal('statbox').default('statbox'),
  type: z.enum(STATISTIC_TYPES),
  period1: z.enum(STATISTIC_PERIODS),
  period2: z.enum(STATISTIC_PERIODS).nullable().default(null),
  period3: z.enum(STATISTIC_PERIODS).nullable().default(null),
  theme: z.enum(STATBOX_THEMES).default('primary'),
  userType: z.enum(USER_TYPES).nullable().default(null),
});
export type StatboxInput = z.input<typeof zStatbox>;

/** Company settings' `dashboard_settings`: the statistic boxes, at most 12. */
export const zDashboardSettings = z
  .array(zStatbox)
  .max(MAX_STATBOXES, `Maximaal ${MAX_STATBOXES} statistiekblokken.`);

/** GET /api/user/getdashboard: the user's dashboard type and the widgets it shows. */
export const zDashboardQuery = z.object({ usecase: z.enum(DASHBOARD_USECASES).optional() });
export const zDashboard = z.object({
  usecase: z.enum(DASHBOARD_USECASES),
  widgets: z.array(z.enum(DASHBOARD_WIDGETS)),
  /** The company's boxes as stored (or the defaults), for the editor; the user sees `statboxes` of getdashboardstatistics. */
  statboxes: zDashboardSettings,
  is_default_statboxes: z.boolean(),
  /** The company settings row the boxes are saved on (PATCH /api/companysettings/{id}), when the user may change them. */
  company_settings_id: z.number().int().nullable(),
});
export type Dashboard = z.infer<typeof zDashboard>;

const zLimit = z.coerce.number().int().min(1).max(DASHBOARD_LIST_ALL).default(DASHBOARD_LIST_STEP);

/** GET /api/user/getdashboardleads: the user's open dossiers (as sales handler). */
export const zDashboardLeadsQuery = z.object({
  filter: z.enum(DASHBOARD_LEAD_FILTERS).default(DEFAULT_DASHBOARD_LEAD_FILTER),
  limit: zLimit,
});
export const zDashboardLead = z.object({
  id: z.number().int(),
  number: z.number().int(),
  description: z.string(),
  flow_status: z.enum(FLOW_STATUSES),
  relation_id: z.number().int(),
  relation_fullname: z.string(),
  date_lead: z.string().nullable(),
  /** The newest sent quotation, if any. */
  quotation_sent_at: z.string().nullable(),
  updated_at: z.string(),
});
export type DashboardLead = z.infer<typeof zDashboardLead>;
/** Counts are capped at 100 (shown as 100+). */
export const zDashboardLeads = z.object({
  counts: z.object({
    unsent: z.number().int(),
    sent: z.number().int(),
    new: z.number().int(),
    all: z.number().int(),
  } satisfies Record<(typeof DASHBOARD_LEAD_FILTERS)[number], z.ZodNumber>),
  flows: z.array(zDashboardLead),
});
export type DashboardLeads = z.infer<typeof zDashboardLeads>;

/** GET /api/user/getdashboardtasks: the user's open and on-hold tasks by planning status. */
export const zDashboardTasksQuery = z.object({
  filter: z.enum(DASHBOARD_TASK_FILTERS).default(DEFAULT_DASHBOARD_TASK_FILTER),
  limit: zLimit,
});
export const zDashboardTasks = z.object({
  counts: z.object({
    unplanned: z.number().int(),
    upcoming: z.number().int(),
    unfinished: z.number().int(),
  } satisfies Record<(typeof DASHBOARD_TASK_FILTERS)[number], z.ZodNumber>),
  tasks: z.array(zTask),
});
export type DashboardTasks = z.infer<typeof zDashboardTasks>;

/** The count cap of the dashboard's counters. */
export const DASHBOARD_COUNT_CAP = 100;

/** GET /api/user/getdashboardstatistics: the user's statistic boxes with a value per period. */
export const zDashboardStatistic = z.object({
  type: z.enum(STATISTIC_TYPES),
  label: z.string(),
  theme: z.enum(STATBOX_THEMES),
  is_money: z.boolean(),
  values: z.array(
    z.object({
      period: z.enum(STATISTIC_PERIODS),
      label: z.string(),
      /** Money as a decimal string in euros ("1234.50"), counts as a whole number string. */
      value: z.string(),
    }),
  ),
});
export type DashboardStatistic = z.infer<typeof zDashboardStatistic>;
export const zDashboardStatistics = z.object({ statboxes: z.array(zDashboardStatistic) });
export type DashboardStatistics = z.infer<typeof zDashboardStatistics>;
