/** The address parts a location has; any may be empty. */
export interface GeocodeQuery {
  address?: string;
  number?: string;
  numberAddition?: string;
  postcode?: string;
  city?: string;
  country?: string;
}

/**
 * Why geocoding failed, shown to the user as 'Geocode was not successful for the following reason:
 * {status}' (spec 001 section 5): no match, provider unreachable or answering an error, nothing to
 * look up, or geocoding switched off (`GEOCODER=none`).
 */
export type GeocodeFailure = 'ZERO_RESULTS' | 'REQUEST_FAILED' | 'INVALID_REQUEST' | 'DISABLED';

export type GeocodeResult = { status: 'OK'; lat: number; lng: number } | { status: GeocodeFailure };

/** A Dutch postcode ('1234 AB' or '1234AB') and house number, with a letter or addition. */
export interface AddressLookupQuery {
  postcode: string;
  number: string;
  addition?: string;
}

export type AddressLookupResult =
  | {
      status: 'OK';
      street: string;
      city: string;
      /** As the register writes it: '1234 AB'. */
      postcode: string;
      number: string;
      /** The letter and addition of the address found ('' for none). */
      addition: string;
      lat: number | null;
      lng: number | null;
    }
  | { status: GeocodeFailure };

/**
 * Turns an address into coordinates, and a postcode with house number into street and city.
 * Implementations never throw: a failure is a status. Called outside database transactions.
 */
export interface Geocoder {
  readonly name: string;
  geocode(query: GeocodeQuery): Promise<GeocodeResult>;
  lookupAddress(query: AddressLookupQuery): Promise<AddressLookupResult>;
}

export const geocodeFailedMessage = (status: string) =>
  `Geocode was not successful for the following reason: ${status}`;

/** One line for a free-text address search: 'Dorpsstraat 12a 1234 AB Zwolle'. */
export function addressLine(q: GeocodeQuery): string {
  const house = [q.number, q.numberAddition].filter(Boolean).join('');
  return [q.address, house, q.postcode, q.city]
    .map((p) => p?.trim())
    .filter(Boolean)
    .join(' ');
}

/** `GEOCODER=none`: every location is saved without coordinates. */
export const disabledGeocoder: Geocoder = {
  name: 'none',
  geocode: async () => ({ status: 'DISABLED' }),
  lookupAddress: async () => ({ status: 'DISABLED' }),
};
