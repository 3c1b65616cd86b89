import type { Location } from '../locations';
import type { Relation } from '../relations';

// docs/api/crm.md "Organizations". A type (not an interface) so tables accept it as a record.
export type Organization = {
  id: number;
  name: string;
  email: string;
  phone: string;
  coc_number: string;
  vat_number: string;
  country: string;
  lead_source: string;
  flowprofile_id: number | null;
  contactperson_id: number | null;
  contactperson: { id: number; fullname: string } | null;
  lat: number | null;
  lng: number | null;
  address: string;
  relations_count: number;
  created_at: string;
  updated_at: string;
};

export type OrganizationDetail = Organization & {
  relations: Relation[];
  locations: Location[];
};

export interface SaveOrganizationRequest {
  name: string;
  email?: string;
  phone?: string;
  coc_number?: string;
  vat_number?: string;
  /** Becomes the contact person; the full name is split by the server. */
  relation?: { fullname: string };
}

export type UpdateOrganizationRequest = Partial<Omit<SaveOrganizationRequest, 'relation'>> & {
  contactperson_id?: number | null;
};
