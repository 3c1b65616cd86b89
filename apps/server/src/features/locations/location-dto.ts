import { fullAddress, type Location } from '@im/domain';
import { and, asc, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { Tx } from '../../platform/db/database';
import { location, locationType } from './locations.schema';

type LocationRow = typeof location.$inferSelect;

export function addressOf(l: LocationRow | undefined | null): string {
  return l ? fullAddress(l) : '';
}

function serialize(l: LocationRow, typeLabel: string | null): Location {
  return {
    id: l.id,
    description: l.description,
    address: l.address,
    number: l.number,
    number_addition: l.numberAddition,
    postcode: l.postcode,
    city: l.city,
    country: l.country,
    fullAddress: fullAddress(l),
    typeLabel: typeLabel ?? '',
    location_type_id: l.locationTypeId,
    location_type: l.locationTypeId && typeLabel !== null ? { id: l.locationTypeId, label: typeLabel } : null,
    relation_id: l.relationId,
    organization_id: l.organizationId,
    is_main: l.isMain,
    lat: l.lat,
    lng: l.lng,
  };
}

/** Locations matching `where`, the main one first (the order every "main location" rule uses). */
export async function loadLocations(tx: Tx, where: SQL | undefined): Promise<Location[]> {
  const rows = await tx
    .select({ l: location, typeLabel: locationType.label })
    .from(location)
    .leftJoin(locationType, eq(locationType.id, location.locationTypeId))
    .where(where)
    .orderBy(desc(location.isMain), asc(location.id));
  return rows.map((r) => serialize(r.l, r.typeLabel));
}

export async function loadLocation(tx: Tx, id: number): Promise<Location | null> {
  return (await loadLocations(tx, eq(location.id, id)))[0] ?? null;
}

/** The main location (is_main first, then the oldest) of each relation or organization. */
export async function mainLocationsOf(
  tx: Tx,
  owner: 'relation' | 'organization',
  ids: readonly number[],
): Promise<Map<number, LocationRow>> {
  if (ids.length === 0) return new Map();
  const column = owner === 'relation' ? location.relationId : location.organizationId;
  const rows = await tx
    .selectDistinctOn([column], { l: location })
    .from(location)
    .where(and(inArray(column, [...ids])))
    .orderBy(column, desc(location.isMain), asc(location.id));
  return new Map(rows.map((r) => [(owner === 'relation' ? r.l.relationId : r.l.organizationId)!, r.l]));
}
