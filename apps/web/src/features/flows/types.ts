import type { FlowStage, FlowStatus } from '@im/domain';

// Shapes of docs/api/crm.md "Flows", "Files on flows" and "Company lists". Type aliases (not
// interfaces) so rows fit the data table's Record<string, unknown>.

export type FlowPhaseRef = { id: number; description: string; color: string };

export type FlowRow = {
  id: number;
  hash: string;
  number: number | string;
  description: string | null;
  flow_status: FlowStatus;
  flow_phase_id: number | null;
  flow_phase: FlowPhaseRef | null;
  user_id: number | null;
  user_fullname: string | null;
  relation_id: number;
  relation_fullname: string;
  address: string;
  lead_source: string | null;
  tags: string[];
  type: string | null;
  partner_id: number | null;
  partner_project_id: number | null;
  flowprofile_id: number | null;
  lead_date: string | null;
  created_at: string;
  updated_at: string;
  deleted_at: string | null;
  unread: boolean;
};

export type FileInfo = {
  id: number;
  filename: string;
  mime_type: string;
  size: number;
  created_at: string;
  url: string;
};

export const LEAD_DATE_FIELDS = [
  'date_lead',
  'date_intake',
  'date_quotation',
  'date_confirmation',
  'date_project',
  'date_project_start',
  'date_invoice',
  'date_aftercare',
  'date_archived',
] as const;
export type LeadDateField = (typeof LEAD_DATE_FIELDS)[number];
export type Lead = { flow_id: number } & Record<LeadDateField, string | null>;

export type FlowRelation = {
  id: number;
  fullname: string;
  email: string | null;
  phone: string | null;
  mobile: string | null;
  address: string;
};

export type Flow = FlowRow & {
  office_user_id: number | null;
  project_user_id: number | null;
  location_id: number | null;
  cancel_reason: string | null;
  relation: FlowRelation;
  lead: Lead | null;
  flowprofile: { id: number; name: string } | null;
  files: FileInfo[];
  assistfiles: FileInfo[];
  status_leads: string | null;
  status_intakes: string | null;
  status_quotations: string | null;
  status_projects: string | null;
  status_invoices: string | null;
};

export type FlowPhase = {
  id: number;
  description: string;
  color: string;
  flowstage: FlowStage;
  order: number;
};

export type SettingsUser = { id: number; fullname: string; user_type: string; role: number };

export type FlowSettings = {
  lead_sources: string[];
  flow_tags: string[];
  cancel_reasons: string[];
  standard_flowprofile_id: number | null;
  flowprofiles: { id: number; name: string }[];
  flowphases: FlowPhase[];
  users: SettingsUser[];
};

export type SafeDeletionResult = {
  result: 'success' | 'flow_failure' | 'relation_failure';
  message?: string;
};

export type MergeTarget = { id: number; number: number | string; displayname: string };

export type CreateFlowRequest = {
  relation_id: number;
  description?: string;
  flowprofile_id?: number;
  lead_source?: string;
  user_id?: number;
};

export type FlowUpdate = Partial<
  Pick<
    Flow,
    | 'description'
    | 'flow_phase_id'
    | 'user_id'
    | 'office_user_id'
    | 'project_user_id'
    | 'relation_id'
    | 'lead_source'
    | 'flowprofile_id'
    | 'tags'
    | 'type'
  >
>;
