import type { FlowStatus } from '@im/domain';

// docs/api/crm.md "Pipeline": GET /api/user/getleadpipeline.

export type PipelineLead = {
  id: number;
  flow_id: number;
  flow_status: FlowStatus;
  flow_phase_description: string | null;
  flow_type: string | null;
  flow_tags: string[];
  flow_lead_source: string | null;
  partner: string | null;
  partner_project: string | null;
  user_fullname: string | null;
  date_lead: string | null;
  updated_at: string;
  flowstage_start_at: string | null;
  relation_fullname: string;
  flow_description: string | null;
  turnover_weighted: number;
  kpi_values: { value: number | string; unit: string }[];
  current_start_date: string | null;
  current_end_date: string | null;
};

/** Column statuses: `new` holds unread flows too. */
export const PIPELINE_COLUMNS = [
  'new',
  'intake',
  'quotation',
  'confirmation',
  'project',
  'invoice',
  'aftercare',
  'completed',
  'cancelled',
] as const;
export type ColumnStatus = (typeof PIPELINE_COLUMNS)[number];

export type PipelineColumn = { flow_status: ColumnStatus; total: number; leads: PipelineLead[] };
export type PipelineBoard = { columns: PipelineColumn[] };
