// The API contract of incidents and incident types (spec 001 sections 3, 4, 6 and 7; spec 002
// section 3): written once for server and web.
import { z } from 'zod';
import {
  DEFAULT_INCIDENT_STATUS_FILTER,
  DEFAULT_SHOWABLE_MONTHS,
  INCIDENT_MESSAGES,
  INCIDENT_REPORTERS,
  INCIDENT_SCOPES,
  INCIDENT_STATUS_FILTERS,
  INCIDENT_STATUSES,
  MAX_INCIDENT_CLASSIFICATION_LENGTH,
  MAX_INCIDENT_CONTENT_LENGTH,
  MAX_INCIDENT_TEXT_LENGTH,
  MAX_INCIDENT_TYPE_NAME_LENGTH,
  SHOWABLE_MONTHS_MAX,
  SHOWABLE_MONTHS_MIN,
} from '../incidents/constants';
import { zPaginated, zPaginationQuery } from '../pagination';
import { zId } from './common';
import { blank } from './flows';

export const zIncidentStatus = z.enum(INCIDENT_STATUSES);

// ---------------------------------------------------------------- incident types

export const zIncidentType = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Resolved incidents of this type stay visible to the customer this many months. */
  showable_months: z.number().int(),
  /** Incidents of this type (they keep their content, without type, when it is deleted). */
  incidents_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type IncidentType = z.infer<typeof zIncidentType>;

/** A whole number of months, also as a numeric string; anything else is 422 with the Dutch text. */
const zShowableMonths = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() !== '' && !Number.isNaN(Number(v)) ? Number(v) : v),
  z
    .number({ message: INCIDENT_MESSAGES.showableMonths })
    .int(INCIDENT_MESSAGES.showableMonths)
    .min(SHOWABLE_MONTHS_MIN, INCIDENT_MESSAGES.showableMonths)
    .max(SHOWABLE_MONTHS_MAX, INCIDENT_MESSAGES.showableMonths),
);

const zIncidentTypeName = z
  .string({ message: INCIDENT_MESSAGES.nameRequired })
  .trim()
  .min(1, INCIDENT_MESSAGES.nameRequired)
  .max(MAX_INCIDENT_TYPE_NAME_LENGTH);

export const zCreateIncidentType = z.object({
  name: zIncidentTypeName,
  showable_months: zShowableMonths.default(DEFAULT_SHOWABLE_MONTHS),
});
export type CreateIncidentType = z.infer<typeof zCreateIncidentType>;

export const zUpdateIncidentType = z.object({
  name: zIncidentTypeName.optional(),
  showable_months: zShowableMonths.optional(),
});
export type UpdateIncidentType = z.infer<typeof zUpdateIncidentType>;

// ---------------------------------------------------------------- incidents

export const zIncident = z.object({
  id: z.number().int(),
  incident_type_id: z.number().int().nullable(),
  incident_type: z
    .object({ id: z.number().int(), name: z.string(), showable_months: z.number().int() })
    .nullable(),
  /** The handler; null: unassigned. */
  user_id: z.number().int().nullable(),
  user_fullname: z.string(),
  flow_id: z.number().int(),
  flow_number: z.number().int(),
  relation_id: z.number().int().nullable(),
  relation_fullname: z.string().nullable(),
  status: zIncidentStatus,
  content: z.string(),
  response: z.string(),
  remarks: z.string(),
  classification: z.string(),
  reported_by: z.enum(INCIDENT_REPORTERS),
  /** The customer's credential for this incident (resolveByCustomer). */
  hash: z.string(),
  resolved_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Incident = z.infer<typeof zIncident>;

/** A user id of an incident request: 0 or null is unassigned. */
export const zIncidentUserId = z.union([z.null(), z.coerce.number().int().min(0).max(2_147_483_647)]);

export const zIncidentContent = z
  .string({ message: INCIDENT_MESSAGES.contentRequired })
  .trim()
  .min(1, INCIDENT_MESSAGES.contentRequired)
  .max(MAX_INCIDENT_CONTENT_LENGTH);

const zIncidentTexts = {
  response: z.string().trim().max(MAX_INCIDENT_TEXT_LENGTH).optional(),
  remarks: z.string().trim().max(MAX_INCIDENT_TEXT_LENGTH).optional(),
  classification: z.string().trim().max(MAX_INCIDENT_CLASSIFICATION_LENGTH).optional(),
};

/** POST /api/incident: spec 002 section 7, creation uses {flow_id, incident_type_id}. */
export const zCreateIncident = z.object({
  flow_id: zId,
  incident_type_id: zId,
  content: zIncidentContent,
  /** Default: unassigned. */
  user_id: zIncidentUserId.optional(),
  ...zIncidentTexts,
});
export type CreateIncident = z.infer<typeof zCreateIncident>;

/**
 * PATCH /api/incident/{id}: the edit modal (texts, type) and the edituser modal (`user_id`); `status`
 * goes through the rules of resolve, reopen and markongoing (decision 041).
 */
export const zUpdateIncident = z.object({
  status: zIncidentStatus.optional(),
  incident_type_id: zId.optional(),
  content: zIncidentContent.optional(),
  user_id: zIncidentUserId.optional(),
  ...zIncidentTexts,
});
export type UpdateIncident = z.infer<typeof zUpdateIncident>;

/** GET /api/incident?flow_id=: a flow's incidents, newest first. */
export const zIncidentListQuery = z.object({ flow_id: zId });

export const INCIDENT_SORTS = ['created_at', '-created_at'] as const;

/** GET /api/incident/querypaginated: the incident overview (spec 001 sections 2 and 6). */
export const zIncidentPageQuery = zPaginationQuery.extend({
  sort: z.preprocess(blank, z.enum(INCIDENT_SORTS).default('-created_at')),
  status: z.preprocess(blank, z.enum(INCIDENT_STATUS_FILTERS).default(DEFAULT_INCIDENT_STATUS_FILTER)),
  /** Absent: the role's default (`incidentOverviewScope`). */
  scope: z.preprocess(blank, z.enum(INCIDENT_SCOPES).optional()),
  incident_type_id: z.preprocess(blank, zId.optional()),
  flow_id: z.preprocess(blank, zId.optional()),
});
export type IncidentPageQuery = z.input<typeof zIncidentPageQuery>;
export const zIncidentPage = zPaginated(zIncident);

// ---------------------------------------------------------------- the customer's side

/** An incident as the customer sees it on the dossier link (spec 002 section 3). */
export const zCustomerIncident = z.object({
  hash: z.string(),
  incident_type_id: z.number().int().nullable(),
  incident_type_name: z.string().nullable(),
  content: z.string(),
  status: zIncidentStatus,
  resolved_at: z.string().nullable(),
  response: z.string(),
  remarks: z.string(),
  classification: z.string(),
  user_fullname: z.string(),
  created_at: z.string(),
});
export type CustomerIncident = z.infer<typeof zCustomerIncident>;

/** saveByCustomer (spec 002 section 7): the flow comes from the customer's hash. */
export const zReportIncidentByCustomer = z.object({
  incident_type_id: zId,
  content: zIncidentContent,
});
export type ReportIncidentByCustomer = z.infer<typeof zReportIncidentByCustomer>;
