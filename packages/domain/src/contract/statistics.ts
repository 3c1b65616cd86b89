// The API contract of the statistics (spec 000 sections 3 and 7): getcompanystatistics, getleadstatistics,
// exportstatistics and getimstatistics, written once for server and web (decision 058).
import { z } from 'zod';
import { FLOW_STATUSES } from '../flows';
import {
  COMPANY_STATISTICS_DEFAULT_MONTHS,
  COMPANY_STATISTICS_MAX_MONTHS,
  LEAD_STATISTICS_DEFAULT_WEEKS,
  LEAD_STATISTICS_MAX_WEEKS,
  STATISTIC_STAGES,
  STATISTICS_EXPORT_TYPES,
  STATISTICS_TEXTS,
} from '../statistics';
import { zId } from './common';

const zDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, STATISTICS_TEXTS.dateInvalid)
  .refine((v) => {
    const d = new Date(`${v}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
  }, STATISTICS_TEXTS.dateInvalid);

/** The filters both reads take: `username` is the handler's user id, `flowprofile` a request profile id. */
const zStatisticsFilters = z.object({
  username: zId.optional(),
  flowprofile: zId.optional(),
  lead_source: z.string().trim().min(1).max(100).optional(),
});
export type StatisticsFilters = z.infer<typeof zStatisticsFilters>;

export const zLeadStatisticsQuery = zStatisticsFilters.extend({
  weeks: z.coerce
    .number({ message: STATISTICS_TEXTS.weeksRange })
    .int(STATISTICS_TEXTS.weeksRange)
    .min(1, STATISTICS_TEXTS.weeksRange)
    .max(LEAD_STATISTICS_MAX_WEEKS, STATISTICS_TEXTS.weeksRange)
    .default(LEAD_STATISTICS_DEFAULT_WEEKS),
});
export type LeadStatisticsQuery = z.input<typeof zLeadStatisticsQuery>;
/** What a client sends: every parameter optional, as typed values. */
export type LeadStatisticsParams = Partial<z.infer<typeof zLeadStatisticsQuery>>;

export const zCompanyStatisticsQuery = zStatisticsFilters.extend({
  months: z.coerce
    .number({ message: STATISTICS_TEXTS.monthsRange })
    .int(STATISTICS_TEXTS.monthsRange)
    .min(1, STATISTICS_TEXTS.monthsRange)
    .max(COMPANY_STATISTICS_MAX_MONTHS, STATISTICS_TEXTS.monthsRange)
    .default(COMPANY_STATISTICS_DEFAULT_MONTHS),
});
export type CompanyStatisticsQuery = z.input<typeof zCompanyStatisticsQuery>;
export type CompanyStatisticsParams = Partial<z.infer<typeof zCompanyStatisticsQuery>>;

/** A series: one number per period of the answer's `weeks` or `months`, oldest first. */
const zSeries = z.array(z.number());

/** Of the window's leads: how many reached a stage, the share, and the average days from lead to it. */
export const zStageStatistic = z.object({
  stage: z.enum(STATISTIC_STAGES),
  reached: z.number().int(),
  percentage: z.number().nullable(),
  average_days: z.number().nullable(),
});
export type StageStatistic = z.infer<typeof zStageStatistic>;

const zCountsBySource = z.array(z.object({ lead_source: z.string(), counts: zSeries }));

/** The parts both reads answer, per period of the window. */
const zPeriodStatistics = z.object({
  lead_sources: z.array(z.string()),
  /** Leads per lead source per period (only sources with a lead in the window). */
  values: zCountsBySource,
  /** Leads per period. */
  totals: zSeries,
  /** Of those leads, how many reached the quotation and the order (confirmation) stage, per period. */
  quotations_reached: zSeries,
  orders_reached: zSeries,
  stages: z.array(zStageStatistic),
  /** Invoiced per period, excl. VAT (frozen at sending; credit invoices lower it), euros. */
  turnover: zSeries,
  quotations_sent: zSeries,
  quotations_approved: zSeries,
  /** Approved of sent quotations in the whole window, percent (null: none sent). */
  acceptance_rate: z.number().nullable(),
});

/** GET /api/company/getleadstatistics. */
export const zLeadStatistics = zPeriodStatistics.extend({
  /** The Monday (Amsterdam) of each week, oldest first; the last is the current week. */
  weeks: z.array(z.string()),
  /** Invoiced this month and this year so far, excl. VAT, with the same filters. */
  revenue_month: z.number(),
  revenue_year: z.number(),
  /** Live flows per status now; null with a request profile filter (the tally has no such cube). */
  flows_by_status: z
    .array(z.object({ flow_status: z.enum(FLOW_STATUSES), count: z.number().int() }))
    .nullable(),
});
export type LeadStatistics = z.infer<typeof zLeadStatistics>;

/** GET /api/company/getcompanystatistics. */
export const zCompanyStatistics = zPeriodStatistics.extend({
  /** 'YYYY-MM', oldest first; the last is the current month. */
  months: z.array(z.string()),
  allusers: z.array(z.object({ username: z.string(), id: z.number().int() })),
  /** Names of the users in `users`, in the same order. */
  usernames: z.array(z.string()),
  users: z.array(z.object({ id: z.number().int(), username: z.string(), counts: zSeries })),
  flowprofiles: z.array(z.object({ id: z.number().int(), name: z.string(), counts: zSeries })),
});
export type CompanyStatistics = z.infer<typeof zCompanyStatistics>;

/** POST /api/company/{id}/exportstatistics. */
export const zExportStatisticsQuery = z.object({
  exporttype: z.enum(STATISTICS_EXPORT_TYPES, { message: STATISTICS_TEXTS.exportType }).default('xlsx'),
  date_from: zDay.optional(),
  date_to: zDay.optional(),
  vertical_id: zId.optional(),
});
export type ExportStatisticsQuery = z.input<typeof zExportStatisticsQuery>;

/** POST /api/company/getimstatistics: the platform's figures per month, PLATFORM_STATISTICS_POINTS points. */
export const zImStatisticsQuery = z.object({ token: z.string().max(500).optional() });
const zPoints = z.array(z.object({ period: z.string(), value: z.number() }));
export const zImStatistics = z.object({
  /** Live companies at the end of each month. */
  companydata: zPoints,
  /** Live users at the end of each month. */
  userdata: zPoints,
  /** Subscriptions running in each month (subscription types carry no price: decision 058). */
  mrrdata: zPoints,
  /** New leads per month, all companies. */
  flowdata: zPoints,
  /** Invoiced per month excl. VAT, all companies, euros. */
  turnoverdata: zPoints,
  /** Invoices sent per month, all companies. */
  invoicedata: zPoints,
});
export type ImStatistics = z.infer<typeof zImStatistics>;
