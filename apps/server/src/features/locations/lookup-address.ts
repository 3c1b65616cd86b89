import { ADDRESS_LOOKUP_TEXTS, type AddressLookup, type AddressLookupQuery } from '@im/domain';
import { AppError, notFound } from '../../platform/errors';
import type { Geocoder } from '../../platform/geocode';

/**
 * Street and city of a Dutch postcode and house number (decision 036). Waits on the network, so it
 * runs outside any transaction; a miss is a 404, an unreachable or switched-off service a 503, each
 * with a Dutch message that says to fill in street and city by hand.
 */
export async function lookupAddress(geocoder: Geocoder, query: AddressLookupQuery): Promise<AddressLookup> {
  const found = await geocoder.lookupAddress(query);
  switch (found.status) {
    case 'OK': {
      const { status: _, ...address } = found;
      return address;
    }
    case 'ZERO_RESULTS':
    case 'INVALID_REQUEST':
      throw notFound(ADDRESS_LOOKUP_TEXTS.notFound);
    case 'DISABLED':
      throw new AppError('unavailable', ADDRESS_LOOKUP_TEXTS.disabled);
    default:
      throw new AppError('unavailable', ADDRESS_LOOKUP_TEXTS.unavailable);
  }
}
