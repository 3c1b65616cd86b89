import type { AddressInput, LocationFields } from '@im/domain';
import { DEFAULT_COUNTRY, fullAddress, normalizePostcode } from '@im/domain';
import { and, asc, desc, eq, isNull, ne, type SQL } from 'drizzle-orm';
import type { Tx } from '../../platform/db/database';
import { location, locationType } from '../../platform/db/tables/locations.schema';
import { organization } from '../../platform/db/tables/organizations.schema';
import { relation } from '../../platform/db/tables/relations.schema';
import { validationError } from '../../platform/errors';
import { writeLog } from '../../platform/events/write-log';
import type { Geocoder } from '../../platform/geocode';
import { relationLocationsChanged } from './location-hooks';

export type LocationOwner = { relationId: number } | { organizationId: number };
export type Coordinates = { lat: number; lng: number } | null;

const ADDRESS_KEYS = ['address', 'number', 'number_addition', 'postcode', 'city', 'country'] as const;

/**
 * Coordinates for an address from the geocoder, or null when it finds none or fails: the location is
 * then saved without them. Runs outside any transaction (it waits on the network).
 */
export async function geocodeAddress(geocoder: Geocoder, a: AddressInput): Promise<Coordinates> {
  if (!a.address && !a.postcode && !a.city) return null;
  const result = await geocoder.geocode({
    address: a.address,
    number: a.number,
    numberAddition: a.number_addition,
    postcode: a.postcode ? (normalizePostcode(a.postcode, a.country ?? DEFAULT_COUNTRY) ?? a.postcode) : '',
    city: a.city,
    country: a.country ?? DEFAULT_COUNTRY,
  });
  return result.status === 'OK' ? { lat: result.lat, lng: result.lng } : null;
}

/** Given coordinates win; otherwise the address is geocoded. */
export async function coordinatesFor(geocoder: Geocoder, input: LocationFields): Promise<Coordinates> {
  if (input.lat != null && input.lng != null) return { lat: input.lat, lng: input.lng };
  if (input.lat === null) return null;
  return geocodeAddress(geocoder, input);
}

/** Whether an update changes the address (then it is geocoded again unless coordinates are given). */
export function changesAddress(
  before: Record<(typeof ADDRESS_KEYS)[number], string>,
  input: AddressInput,
): boolean {
  return ADDRESS_KEYS.some((k) => input[k] !== undefined && input[k] !== before[k]);
}

function ownerWhere(owner: LocationOwner): SQL {
  return 'relationId' in owner
    ? eq(location.relationId, owner.relationId)
    : eq(location.organizationId, owner.organizationId);
}

async function checkReferences(tx: Tx, input: { location_type_id?: number | null }): Promise<void> {
  if (input.location_type_id) {
    const [type] = await tx
      .select({ id: locationType.id })
      .from(locationType)
      .where(eq(locationType.id, input.location_type_id));
    if (!type)
      throw validationError('Onbekend locatietype.', { location_type_id: ['Onbekend locatietype.'] });
  }
}

/**
 * After a location of an owner changed: the owner's coordinates follow its main location, and a
 * relation's flows get their search text again (it holds the main address; the hook of location-hooks.ts).
 */
export async function afterLocationsChanged(tx: Tx, owner: LocationOwner): Promise<void> {
  const [main] = await tx
    .select({ lat: location.lat, lng: location.lng })
    .from(location)
    .where(ownerWhere(owner))
    .orderBy(desc(location.isMain), asc(location.id))
    .limit(1);
  if ('relationId' in owner) {
    if (main)
      await tx
        .update(relation)
        .set({ lat: main.lat, lng: main.lng })
        .where(eq(relation.id, owner.relationId));
    await relationLocationsChanged(tx, owner.relationId);
  } else if (main) {
    await tx
      .update(organization)
      .set({ lat: main.lat, lng: main.lng })
      .where(eq(organization.id, owner.organizationId));
  }
}

/** Keeps exactly one main location per owner: the given one, or the oldest when the main one went. */
async function settleMain(tx: Tx, owner: LocationOwner, mainId: number | null): Promise<void> {
  if (mainId !== null) {
    await tx
      .update(location)
      .set({ isMain: false })
      .where(and(ownerWhere(owner), ne(location.id, mainId), eq(location.isMain, true)));
    return;
  }
  const [hasMain] = await tx
    .select({ id: location.id })
    .from(location)
    .where(and(ownerWhere(owner), eq(location.isMain, true)))
    .limit(1);
  if (hasMain) return;
  const [oldest] = await tx
    .select({ id: location.id })
    .from(location)
    .where(ownerWhere(owner))
    .orderBy(asc(location.id))
    .limit(1);
  if (oldest) await tx.update(location).set({ isMain: true }).where(eq(location.id, oldest.id));
}

/** The owner named in a create call, if it is a live relation or organization of the company; else 422. */
export async function ownerOf(
  tx: Tx,
  input: { relation_id?: number; organization_id?: number },
): Promise<LocationOwner> {
  if (input.relation_id !== undefined) {
    const [r] = await tx
      .select({ id: relation.id })
      .from(relation)
      .where(and(eq(relation.id, input.relation_id), isNull(relation.deletedAt)));
    if (!r) throw validationError('Onbekende relatie.', { relation_id: ['Onbekende relatie.'] });
    return { relationId: r.id };
  }
  const [o] = await tx
    .select({ id: organization.id })
    .from(organization)
    .where(and(eq(organization.id, input.organization_id!), isNull(organization.deletedAt)));
  if (!o) throw validationError('Onbekende organisatie.', { organization_id: ['Onbekende organisatie.'] });
  return { organizationId: o.id };
}

/** Adds a location to a relation or organization; the first one is its main location. */
export async function createLocation(
  tx: Tx,
  owner: LocationOwner,
  input: LocationFields,
  coords: Coordinates,
): Promise<number> {
  await checkReferences(tx, input);
  const country = input.country || DEFAULT_COUNTRY;
  const [existing] = await tx.select({ id: location.id }).from(location).where(ownerWhere(owner)).limit(1);
  const isMain = !existing || input.is_main === true;
  const [created] = await tx
    .insert(location)
    .values({
      relationId: 'relationId' in owner ? owner.relationId : null,
      organizationId: 'organizationId' in owner ? owner.organizationId : null,
      locationTypeId: input.location_type_id ?? null,
      description: input.description ?? '',
      address: input.address ?? '',
      number: input.number ?? '',
      numberAddition: input.number_addition ?? '',
      postcode: normalizePostcode(input.postcode, country) ?? '',
      city: input.city ?? '',
      country,
      isMain,
      lat: coords?.lat ?? null,
      lng: coords?.lng ?? null,
    })
    .returning();
  if (isMain) await settleMain(tx, owner, created!.id);
  await afterLocationsChanged(tx, owner);
  await writeLog(tx, {
    type: 'location',
    id: created!.id,
    action: 'create',
    description: `Locatie ${fullAddress(created!) || created!.description} toegevoegd`,
    changes:
      'relationId' in owner ? { relation_id: owner.relationId } : { organization_id: owner.organizationId },
  });
  return created!.id;
}

/** Changes a location; `coords` undefined leaves its coordinates alone. Null when it is not the company's. */
export async function updateLocation(
  tx: Tx,
  id: number,
  input: LocationFields,
  coords: Coordinates | undefined,
): Promise<boolean> {
  const [before] = await tx.select().from(location).where(eq(location.id, id)).for('update');
  if (!before) return false;
  await checkReferences(tx, input);
  const country = input.country || before.country;
  const set: Partial<typeof location.$inferInsert> = {
    description: input.description,
    address: input.address,
    number: input.number,
    numberAddition: input.number_addition,
    postcode: input.postcode === undefined ? undefined : (normalizePostcode(input.postcode, country) ?? ''),
    city: input.city,
    country: input.country === undefined ? undefined : country,
    locationTypeId: input.location_type_id,
    updatedAt: new Date(),
  };
  if (coords !== undefined) Object.assign(set, { lat: coords?.lat ?? null, lng: coords?.lng ?? null });
  if (input.is_main === true) set.isMain = true;
  const [after] = await tx.update(location).set(set).where(eq(location.id, id)).returning();
  const owner: LocationOwner = before.relationId
    ? { relationId: before.relationId }
    : { organizationId: before.organizationId! };
  // Unsetting is_main only counts when another location can take over.
  if (input.is_main === true) await settleMain(tx, owner, id);
  else if (input.is_main === false && before.isMain) {
    const [other] = await tx
      .select({ id: location.id })
      .from(location)
      .where(and(ownerWhere(owner), ne(location.id, id)))
      .orderBy(asc(location.id))
      .limit(1);
    if (other) {
      await tx.update(location).set({ isMain: false }).where(eq(location.id, id));
      await tx.update(location).set({ isMain: true }).where(eq(location.id, other.id));
    }
  }
  await afterLocationsChanged(tx, owner);
  const changes = Object.fromEntries(
    Object.entries(set).filter(
      ([k, v]) => k !== 'updatedAt' && v !== undefined && v !== before[k as keyof typeof before],
    ),
  );
  await writeLog(tx, {
    type: 'location',
    id,
    action: 'update',
    description: `Locatie ${fullAddress(after!) || after!.description} gewijzigd`,
    changes,
  });
  return true;
}

export async function deleteLocation(tx: Tx, id: number): Promise<boolean> {
  const [gone] = await tx.delete(location).where(eq(location.id, id)).returning();
  if (!gone) return false;
  const owner: LocationOwner = gone.relationId
    ? { relationId: gone.relationId }
    : { organizationId: gone.organizationId! };
  await settleMain(tx, owner, null);
  await afterLocationsChanged(tx, owner);
  await writeLog(tx, {
    type: 'location',
    id,
    action: 'delete',
    description: `Locatie ${fullAddress(gone) || gone.description} verwijderd`,
  });
  return true;
}
