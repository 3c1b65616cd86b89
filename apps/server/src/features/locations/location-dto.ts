import { fullAddress, type Location } from '@im/domain';
import { and, asc, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { RawRead, Tx } from '../../platform/db/database';
import { location, locationType } from '../../platform/db/tables/locations.schema';

type LocationRow = typeof location.$inferSelect;

export function addressOf(l: LocationRow | undefined | null): string {
  return l ? fullAddress(l) : '';
}

/** The columns a location's answer reads. */
type LocationFields = Pick<
  LocationRow,
  | 'id'
  | 'description'
  | 'address'
  | 'number'
  | 'numberAddition'
  | 'postcode'
  | 'city'
  | 'country'
  | 'locationTypeId'
  | 'relationId'
  | 'organizationId'
  | 'isMain'
  | 'lat'
  | 'lng'
>;

function serialize(l: LocationFields, typeLabel: string | null): Location {
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

const RELATION_LOCATIONS_SQL = `select l.id, l.description, l.address, l.number,
    l.number_addition as "numberAddition", l.postcode, l.city, l.country, l.location_type_id as "locationTypeId",
    l.relation_id as "relationId", l.organization_id as "organizationId", l.is_main as "isMain", l.lat, l.lng,
    t.label as "typeLabel"
  from location l left join location_type t on t.id = l.location_type_id
  where l.relation_id = $1
  order by l.is_main desc, l.id`;

/**
 * A relation's locations, as loadLocations gives them, in one fixed-text statement (the relation detail is
 * a hot read: decision 014).
 */
export function locationsOfRelationRead(relationId: number): RawRead<Location[]> {
  return {
    text: RELATION_LOCATIONS_SQL,
    values: [relationId],
    map: (rows: (LocationFields & { typeLabel: string | null })[]) =>
      rows.map((r) => serialize(r, r.typeLabel)),
  };
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

/** The main location's columns a fixed-text row carries (`l_` prefixed; all null without a location). */
export interface MainLocationColumns {
  l_address: string | null;
  l_number: string | null;
  l_number_addition: string | null;
  l_postcode: string | null;
  l_city: string | null;
  l_country: string | null;
}

/** The full address of a row's main location, '' without one. */
export function mainLocationAddress(r: MainLocationColumns): string {
  return r.l_address === null
    ? ''
    : fullAddress({
        address: r.l_address,
        number: r.l_number ?? '',
        numberAddition: r.l_number_addition ?? '',
        postcode: r.l_postcode ?? '',
        city: r.l_city ?? '',
        country: r.l_country ?? '',
      });
}
