import type { TaskFilters } from '@im/domain';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Tx } from '../../platform/db/database';
import { flow } from '../../platform/db/tables/flows.schema';
import { location } from '../../platform/db/tables/locations.schema';
import { task } from '../../platform/db/tables/planning.schema';
import type { Geocoder } from '../../platform/geocode';
import { afterLocationsChanged, geocodeAddress } from '../locations';
import { filterWhere } from './query-tasks';

const linked = alias(location, 'linked_location');
const flowLocation = alias(location, 'flow_location');

/** At most this many addresses are looked up for one map: the map stays quick, the next load does more. */
export const MAP_GEOCODE_LIMIT = 20;
/** An address the geocoder did not find is not asked again for this long (per server process). */
const FAILED_TTL_MS = 60 * 60_000;
const failedAt = new Map<string, number>();

interface Missing {
  id: number;
  companyId: number;
  relationId: number | null;
  organizationId: number | null;
  address: string;
  number: string;
  number_addition: string;
  postcode: string;
  city: string;
  country: string;
}

const keyOf = (m: Missing) =>
  `${m.companyId}|${[m.address, m.number, m.number_addition, m.postcode, m.city, m.country].join('|').toLowerCase()}`;

/** The locations that give the matching tasks their work address but have no coordinates yet. */
async function missingLocations(tx: Tx, filters: TaskFilters): Promise<Missing[]> {
  const locationId = sql<number>`coalesce(${linked.id}, ${flowLocation.id})`;
  const ids = await tx
    .selectDistinct({ id: locationId })
    .from(task)
    .leftJoin(flow, eq(flow.id, task.flowId))
    .leftJoin(linked, eq(linked.id, task.locationId))
    .leftJoin(flowLocation, eq(flowLocation.id, flow.locationId))
    .where(
      and(
        filterWhere(filters, new Date()),
        sql`${locationId} is not null`,
        sql`(case when ${linked.id} is not null then ${linked.lat} else ${flowLocation.lat} end) is null`,
      ),
    )
    .limit(500);
  if (ids.length === 0) return [];
  const rows = await tx
    .select({
      id: location.id,
      companyId: location.companyId,
      relationId: location.relationId,
      organizationId: location.organizationId,
      address: location.address,
      number: location.number,
      number_addition: location.numberAddition,
      postcode: location.postcode,
      city: location.city,
      country: location.country,
    })
    .from(location)
    .where(
      and(
        inArray(
          location.id,
          ids.map((r) => r.id),
        ),
        isNull(location.lat),
      ),
    );
  return rows.map((r) => ({
    ...r,
    address: r.address ?? '',
    number: r.number ?? '',
    number_addition: r.number_addition ?? '',
    postcode: r.postcode ?? '',
    city: r.city ?? '',
    country: r.country ?? '',
  }));
}

/**
 * Before the task map is read: the work addresses of matching tasks that have no coordinates yet are
 * geocoded (outside any transaction: the geocoder waits on the network) and stored on their locations,
 * at most MAP_GEOCODE_LIMIT a time. Answers how many addresses could not be found (those tasks stay off
 * the map; the screen says so).
 */
export async function geocodeTaskAddresses(
  inTenant: <T>(fn: (tx: Tx) => Promise<T>) => Promise<T>,
  geocoder: Geocoder,
  filters: TaskFilters,
): Promise<{ unfound: number }> {
  const missing = await inTenant((tx) => missingLocations(tx, filters));
  if (missing.length === 0) return { unfound: 0 };
  const now = Date.now();
  for (const [key, at] of failedAt) if (now - at > FAILED_TTL_MS) failedAt.delete(key);
  const toAsk = missing.filter((m) => !failedAt.has(keyOf(m))).slice(0, MAP_GEOCODE_LIMIT);
  const found: { m: Missing; lat: number; lng: number }[] = [];
  for (const m of toAsk) {
    const at = await geocodeAddress(geocoder, m);
    if (at) found.push({ m, ...at });
    else failedAt.set(keyOf(m), now);
  }
  if (found.length > 0)
    await inTenant(async (tx) => {
      for (const f of found)
        await tx
          .update(location)
          .set({ lat: f.lat, lng: f.lng })
          .where(and(eq(location.id, f.m.id), isNull(location.lat)));
      // The owner's position follows its main location, as when the location is saved.
      for (const f of found) {
        if (f.m.relationId !== null) await afterLocationsChanged(tx, { relationId: f.m.relationId });
        else if (f.m.organizationId !== null)
          await afterLocationsChanged(tx, { organizationId: f.m.organizationId });
      }
    });
  return { unfound: missing.filter((m) => failedAt.has(keyOf(m))).length };
}
