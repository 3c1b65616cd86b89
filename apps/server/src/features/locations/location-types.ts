import type { LocationTypeInput } from '@im/domain';
import { asc, eq } from 'drizzle-orm';
import type { Tx } from '../../platform/db/database';
import { locationType } from '../../platform/db/tables/locations.schema';
import { writeLog } from '../../platform/events/write-log';

export function listLocationTypes(tx: Tx) {
  return tx
    .select({ id: locationType.id, label: locationType.label })
    .from(locationType)
    .orderBy(asc(locationType.label), asc(locationType.id));
}

export async function createLocationType(tx: Tx, input: LocationTypeInput) {
  const [row] = await tx
    .insert(locationType)
    .values({ label: input.label })
    .returning({ id: locationType.id, label: locationType.label });
  await writeLog(tx, {
    type: 'locationtype',
    id: row!.id,
    action: 'create',
    description: `Locatietype ${row!.label} aangemaakt`,
  });
  return row!;
}

export async function updateLocationType(tx: Tx, id: number, input: LocationTypeInput) {
  const [before] = await tx.select().from(locationType).where(eq(locationType.id, id));
  if (!before) return null;
  const [row] = await tx
    .update(locationType)
    .set({ label: input.label, updatedAt: new Date() })
    .where(eq(locationType.id, id))
    .returning({ id: locationType.id, label: locationType.label });
  await writeLog(tx, {
    type: 'locationtype',
    id,
    action: 'update',
    description: `Locatietype ${before.label} gewijzigd`,
    changes: { label: input.label },
  });
  return row!;
}

/** Locations of the type keep existing, without a type. */
export async function deleteLocationType(tx: Tx, id: number): Promise<boolean> {
  const [gone] = await tx.delete(locationType).where(eq(locationType.id, id)).returning();
  if (!gone) return false;
  await writeLog(tx, {
    type: 'locationtype',
    id,
    action: 'delete',
    description: `Locatietype ${gone.label} verwijderd`,
  });
  return true;
}
