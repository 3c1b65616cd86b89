// API shapes of locations come from the contract in @im/domain (decision 010).
export type { AddressLookup, Location, LocationType } from '@im/domain';

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
