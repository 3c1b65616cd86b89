// docs/api/crm.md "Locations and location types".
export interface Location {
  id: number;
  description: string;
  address: string;
  number: string;
  number_addition: string;
  postcode: string;
  city: string;
  country: string;
  fullAddress: string;
  typeLabel: string | null;
  location_type_id: number | null;
  location_type?: { id: number; label: string } | null;
  relation_id: number | null;
  organization_id: number | null;
  is_main: boolean;
  lat: number | null;
  lng: number | null;
}

export interface LocationType {
  id: number;
  label: string;
}

/** The address parts a form edits (relation create, location modal). */
export interface AddressParts {
  address: string;
  number: string;
  number_addition: string;
  postcode: string;
  city: string;
}

export const EMPTY_ADDRESS: AddressParts = {
  address: '',
  number: '',
  number_addition: '',
  postcode: '',
  city: '',
};

export function hasAddress(parts: AddressParts): boolean {
  return Object.values(parts).some((part) => part.trim() !== '');
}

/** Whose locations: a relation's or an organization's. */
export type LocationOwner = { relation_id: number } | { organization_id: number };
