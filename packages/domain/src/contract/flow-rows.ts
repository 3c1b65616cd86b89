// The API contract of flow rows: what lists of flows answer (flow overview, relation detail, pipeline).
import { z } from 'zod';
import { FLOW_STATUSES } from '../flows';

export const zFlowPhaseRef = z.object({ id: z.number().int(), description: z.string(), color: z.string() });

/** `FlowRow` of docs/api/crm.md: one flow in a list. */
export const zFlowRow = z.object({
  id: z.number().int(),
  hash: z.string(),
  number: z.number().int(),
  description: z.string(),
  flow_status: z.enum(FLOW_STATUSES),
  flow_phase_id: z.number().int().nullable(),
  flow_phase: zFlowPhaseRef.nullable(),
  user_id: z.number().int().nullable(),
  user_fullname: z.string(),
  relation_id: z.number().int(),
  relation_fullname: z.string(),
  address: z.string(),
  lead_source: z.string(),
  tags: z.array(z.string()),
  type: z.string(),
  partner_id: z.number().int().nullable(),
  partner_project_id: z.number().int().nullable(),
  flowprofile_id: z.number().int().nullable(),
  lead_date: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  deleted_at: z.string().nullable(),
  unread: z.boolean(),
});

export type FlowRow = z.infer<typeof zFlowRow>;

export type FlowPhaseRef = z.infer<typeof zFlowPhaseRef>;
