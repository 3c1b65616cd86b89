import type { FlowProfileInput } from '@im/domain';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Tx } from '../../platform/db/database';
import { conflict } from '../../platform/errors';
import { companySettings } from '../companies/companies.schema';
import { writeLog } from '../logitems';
import { flowProfile } from './flowprofiles.schema';

export const STANDARD_PROFILE_DELETE_BLOCKED =
  'Het is niet mogelijk om het standaard aanvraagprofiel te verwijderen. Kies eerst een ander standaard aanvraagprofiel.';

const live = isNull(flowProfile.deletedAt);
const columns = { id: flowProfile.id, name: flowProfile.name };

export function listFlowProfiles(tx: Tx) {
  return tx.select(columns).from(flowProfile).where(live).orderBy(asc(flowProfile.name), asc(flowProfile.id));
}

export async function createFlowProfile(tx: Tx, input: FlowProfileInput) {
  const [row] = await tx.insert(flowProfile).values({ name: input.name }).returning(columns);
  await writeLog(tx, {
    type: 'flowprofile',
    id: row!.id,
    action: 'create',
    description: `Aanvraagprofiel ${row!.name} aangemaakt`,
  });
  return row!;
}

export async function updateFlowProfile(tx: Tx, id: number, input: FlowProfileInput) {
  const [before] = await tx
    .select(columns)
    .from(flowProfile)
    .where(and(eq(flowProfile.id, id), live));
  if (!before) return null;
  const [row] = await tx
    .update(flowProfile)
    .set({ name: input.name, updatedAt: new Date() })
    .where(eq(flowProfile.id, id))
    .returning(columns);
  await writeLog(tx, {
    type: 'flowprofile',
    id,
    action: 'update',
    description: `Aanvraagprofiel ${before.name} gewijzigd`,
    changes: { name: input.name },
  });
  return row!;
}

/** Moves a profile to the trash (flows keep pointing at it); the standard profile cannot go (409). */
export async function deleteFlowProfile(tx: Tx, id: number): Promise<boolean> {
  const [before] = await tx
    .select(columns)
    .from(flowProfile)
    .where(and(eq(flowProfile.id, id), live));
  if (!before) return false;
  const [settings] = await tx
    .select({ standard: companySettings.standardFlowprofileId })
    .from(companySettings);
  if (settings?.standard === id) throw conflict(STANDARD_PROFILE_DELETE_BLOCKED);
  await tx.update(flowProfile).set({ deletedAt: new Date() }).where(eq(flowProfile.id, id));
  await writeLog(tx, {
    type: 'flowprofile',
    id,
    action: 'delete',
    description: `Aanvraagprofiel ${before.name} verwijderd`,
  });
  return true;
}
