// The API contract of pipeline: request and response schemas, written once for server and web.
import { z } from 'zod';
import {
  FLOW_STATUSES,
  PIPELINE_DEFAULT_LIMIT,
  PIPELINE_DEFAULT_SORT,
  PIPELINE_LIMIT_OPTIONS,
  PIPELINE_SORT_OPTIONS,
} from '../flows';
import { zFlowFilterQuery } from './flows';

export const zPipelineQuery = zFlowFilterQuery.extend({
  limit: z.coerce
    .number()
    .int()
    .refine((v) => (PIPELINE_LIMIT_OPTIONS as readonly number[]).includes(v), {
      message: `Kies uit ${PIPELINE_LIMIT_OPTIONS.join(', ')}.`,
    })
    .default(PIPELINE_DEFAULT_LIMIT),
  sort: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.enum(PIPELINE_SORT_OPTIONS).default(PIPELINE_DEFAULT_SORT),
  ),
});

export type PipelineQuery = z.infer<typeof zPipelineQuery>;

export const zPipelineLead = z.object({
  id: z.number().int(),
  flow_id: z.number().int(),
  flow_status: z.enum(FLOW_STATUSES),
  /** The phase the flow is in, so the board can put a moved card back in it (undo). */
  flow_phase_id: z.number().int().nullable(),
  flow_phase_description: z.string().nullable(),
  flow_type: z.string(),
  flow_tags: z.array(z.string()),
  flow_lead_source: z.string(),
  partner: z.string().nullable(),
  partner_project: z.string().nullable(),
  user_fullname: z.string(),
  date_lead: z.string().nullable(),
  updated_at: z.string(),
  flowstage_start_at: z.string(),
  relation_fullname: z.string(),
  flow_description: z.string(),
  turnover_weighted: z.number(),
  /**
   * The dossier's amount including VAT as an exact decimal string ("1234.50"): the calculation of the
   * flow's latest quotation that is neither cancelled nor deleted, else the flow's latest calculation
   * (not one of a cancelled or deleted document, nor of a generic document); null without one (decision 033).
   */
  amount_inc_vat: z
    .string()
    .regex(/^-?\d+\.\d{2}$/)
    .nullable(),
  /**
   * Per KPI setting (kpi_products, kpi_products2, kpi_products3, in that order) and product unit: the sum of
   * quantity × kpi_value of those products' counted lines in the calculation `amount_inc_vat` comes from;
   * zero sums left out, so [] without KPI products (decision 067).
   */
  kpi_values: z.array(z.object({ value: z.number(), unit: z.string() })),
  current_start_date: z.string().nullable(),
  current_end_date: z.string().nullable(),
});

export type PipelineLead = z.infer<typeof zPipelineLead>;

export const zPipeline = z.object({
  columns: z.array(
    z.object({
      flow_status: z.enum(FLOW_STATUSES).exclude(['unread']),
      total: z.number().int(),
      /** Only with a text query: more than the cap matched, `total` is the cap. */
      total_capped: z.boolean(),
      leads: z.array(zPipelineLead),
    }),
  ),
});

export type Pipeline = z.infer<typeof zPipeline>;
