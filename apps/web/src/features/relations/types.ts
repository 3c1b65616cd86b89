import type { FlowStatus } from '@im/domain';
import type { Location } from '../locations';

// docs/api/crm.md "Relations" and "Flows". A type (not an interface) so tables accept it as a record.
export type Relation = {
  id: number;
  name: string;
  nameprefix: string;
  surname: string;
  fullname: string;
  email: string;
  phone: string;
  mobile: string;
  country: string;
  lead_source: string;
  flowprofile_id: number | null;
  organization_id: number | null;
  organization: { id: number; name: string } | null;
  lat: number | null;
  lng: number | null;
  address: string;
  /** The main flow (the server adds it; docs/api/crm.md does not list it). */
  flow_id?: number | null;
  flow_status: FlowStatus | null;
  created_at: string;
  updated_at: string;
  deleted_at: string | null;
};

export interface FlowRow {
  id: number;
  hash: string;
  number: number | string;
  description: string;
  flow_status: FlowStatus;
  flow_phase_id: number | null;
  flow_phase: { id: number; description: string; color: string } | null;
  user_id: number | null;
  user_fullname: string | null;
  relation_id: number;
  relation_fullname: string;
  address: string;
  lead_source: string;
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
}

export interface FileInfo {
  id: number;
  filename: string;
  mime_type: string;
  size: number;
  created_at: string;
  url: string;
}

export type RelationDetail = Relation & {
  flows: FlowRow[];
  trashed_flows: FlowRow[];
  locations: Location[];
  files: FileInfo[];
};

export interface RelationLocationInput {
  address: string;
  number: string;
  number_addition: string;
  postcode: string;
  city: string;
  country?: string;
}

export interface SaveRelationRequest {
  name?: string;
  nameprefix?: string;
  surname: string;
  email?: string;
  phone?: string;
  mobile?: string;
  country?: string;
  lead_source?: string;
  flowprofile_id?: number | null;
  organization_id?: number | null;
  neworganizationname?: string;
  createnewflow?: boolean;
  flow_description?: string;
  location?: RelationLocationInput;
}

export type UpdateRelationRequest = Partial<SaveRelationRequest> & {
  update_reason?: 'flowchange' | 'changeorganization' | 'neworganization';
  flow_id?: number;
};

export interface FlowSettings {
  lead_sources: string[];
  flow_tags: string[];
  cancel_reasons: string[];
  standard_flowprofile_id: number | null;
  flowprofiles: { id: number; name: string }[];
}

export interface InactiveRelation {
  id: number;
  fullname: string;
  address: string;
  flows_count: number;
  last_activity_at: string | null;
}

export interface BulkCriterion {
  tag: string;
  amount?: number;
  text?: string;
}
