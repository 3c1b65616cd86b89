// The API contract of flows: request and response schemas, written once for server and web.
import { z } from 'zod';
import { zFlag } from '../flags';
import { FLOW_STATUS_FILTERS, FLOW_STATUSES } from '../flows';
import { zPaginationQuery } from '../pagination';
import { zFileInfo, zId } from './common';
import { zFlowRow } from './flow-rows';
import { zRelation } from './relations';

/** An empty query parameter (`leadSource=`) means "no filter". */
export const blank = (v: unknown) => (v === '' ? undefined : v);

export const zFlowStatusFilter = z.preprocess(blank, z.enum([...FLOW_STATUS_FILTERS, 'lead']).default('all'));

/** The filters the flow overview and the pipeline share (docs/api/crm.md). */
export const zFlowFilterQuery = z.object({
  query: z.string().max(200).optional(),
  userId: z.preprocess(blank, zId.optional()),
  leadSource: z.preprocess(blank, z.string().max(100).optional()),
  tag: z.preprocess(blank, z.string().max(100).optional()),
});

export const zFlowQuery = zPaginationQuery
  .extend(zFlowFilterQuery.shape)
  .extend({ status: zFlowStatusFilter });

export type FlowQuery = z.infer<typeof zFlowQuery>;

export const zFlowPage = z.object({
  data: z.array(zFlowRow),
  pagination: z.object({
    total: z.number().int(),
    offset: z.number().int(),
    limit: z.number().int(),
    /** True when a text query matched more than TEXT_QUERY_CAP flows: only the first ones are listed. */
    total_capped: z.boolean(),
  }),
});

export const zLead = z.object({
  flow_id: z.number().int(),
  date_lead: z.string().nullable(),
  date_intake: z.string().nullable(),
  date_quotation: z.string().nullable(),
  date_confirmation: z.string().nullable(),
  date_project: z.string().nullable(),
  date_project_start: z.string().nullable(),
  date_invoice: z.string().nullable(),
  date_aftercare: z.string().nullable(),
  date_archived: z.string().nullable(),
});

export type Lead = z.infer<typeof zLead>;

/** `Flow` of docs/api/crm.md: the detail. */
export const zFlow = zFlowRow.extend({
  office_user_id: z.number().int().nullable(),
  project_user_id: z.number().int().nullable(),
  location_id: z.number().int().nullable(),
  cancel_reason: z.string().nullable(),
  flowstage_start_at: z.string(),
  relation: zRelation,
  lead: zLead,
  flowprofile: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  files: z.array(zFileInfo),
  assistfiles: z.array(zFileInfo),
  status_leads: z.string().nullable(),
  status_intakes: z.string().nullable(),
  status_quotations: z.string().nullable(),
  status_projects: z.string().nullable(),
  status_invoices: z.string().nullable(),
});

export type Flow = z.infer<typeof zFlow>;

export const zTags = z.array(z.string().trim().min(1).max(100)).max(50);

export const zOptionalId = zId.nullable().optional();

export const flowFields = {
  description: z.string().max(500).optional(),
  flowprofile_id: zOptionalId,
  lead_source: z.string().trim().min(1).max(100).optional(),
  user_id: zOptionalId,
  office_user_id: zOptionalId,
  project_user_id: zOptionalId,
  location_id: zOptionalId,
  tags: zTags.optional(),
  type: z.string().max(50).optional(),
};

export const zCreateFlowRequest = z.object({
  relation_id: zId,
  ...flowFields,
  flow_status: z.enum(FLOW_STATUSES).optional(),
});

export type CreateFlowRequest = z.infer<typeof zCreateFlowRequest>;

export const zUpdateFlowRequest = z.object({
  ...flowFields,
  relation_id: zId.optional(),
  flow_phase_id: zOptionalId,
  /** With a new sales user (user_id): move the flow's open intake tasks of the previous one too (spec 001 section 4). */
  move_intake_tasks: zFlag.optional(),
});

export type UpdateFlowRequest = z.infer<typeof zUpdateFlowRequest>;

export const zChangeStatusRequest = z.object({
  flow_status: z.enum(FLOW_STATUSES),
  flow_phase_id: zId.nullable().optional(),
  cancel_reason: z.string().trim().max(200).nullable().optional(),
});

export type ChangeStatusRequest = z.infer<typeof zChangeStatusRequest>;

export const zRejectFlowRequest = z.object({
  cancel_reason: z.string().trim().max(200).nullable().optional(),
});

export const zGlobalSearchQuery = z.object({
  query: z.string().max(200).default(''),
  limit: z.coerce.number().int().min(1).max(100).default(10),
});

export const zSearchResult = z.object({
  flows: z.array(
    z.object({
      id: z.number().int(),
      number: z.number().int(),
      description: z.string(),
      relation_fullname: z.string(),
      address: z.string(),
      flow_status: z.enum(FLOW_STATUSES),
    }),
  ),
  relations: z.array(z.object({ id: z.number().int(), fullname: z.string(), address: z.string() })),
  organizations: z.array(z.object({ id: z.number().int(), name: z.string(), address: z.string() })),
});

export type SearchResult = z.infer<typeof zSearchResult>;

export const zDisplaynameQuery = z.object({
  query: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(10),
  excludeId: zId.optional(),
});

export const zDisplaynameHit = z.object({
  id: z.number().int(),
  number: z.number().int(),
  displayname: z.string(),
});

export const zLeadDate = z
  .union([z.iso.date(), z.iso.datetime({ offset: true })])
  .nullable()
  .optional();

export const zUpdateLeadRequest = z.object({
  date_lead: zLeadDate,
  date_intake: zLeadDate,
  date_quotation: zLeadDate,
  date_confirmation: zLeadDate,
  date_project: zLeadDate,
  date_project_start: zLeadDate,
  date_invoice: zLeadDate,
  date_aftercare: zLeadDate,
  date_archived: zLeadDate,
});

export type UpdateLeadRequest = z.infer<typeof zUpdateLeadRequest>;

export type FlowFilterQuery = z.infer<typeof zFlowFilterQuery>;
export type FlowPage = z.infer<typeof zFlowPage>;
export type RejectFlowRequest = z.infer<typeof zRejectFlowRequest>;
export type GlobalSearchQuery = z.infer<typeof zGlobalSearchQuery>;
export type DisplaynameQuery = z.infer<typeof zDisplaynameQuery>;
export type DisplaynameHit = z.infer<typeof zDisplaynameHit>;

export const zSafeDeletionQuery = z.object({ for: z.enum(['delete', 'cancel']).default('delete') });

export const zSafeDeletionResult = z.object({
  result: z.enum(['success', 'flow_failure', 'relation_failure']),
  message: z.string().optional(),
});
export type SafeDeletionResult = z.infer<typeof zSafeDeletionResult>;

/** The lead date fields of a flow, in the order of its stages. */
export const LEAD_DATE_FIELDS = Object.keys(zLead.shape).filter(
  (key): key is Exclude<keyof Lead, 'flow_id'> => key !== 'flow_id',
);
export type LeadDateField = (typeof LEAD_DATE_FIELDS)[number];
