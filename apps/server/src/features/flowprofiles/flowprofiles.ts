import type { FlowProfileInput } from '@im/domain';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/database';
import { conflict, validationError } from '../../platform/errors';
import { companySettings } from '../companies/companies.schema';
import { writeLog } from '../logitems';
import { flowProfile } from './flowprofiles.schema';

export const STANDARD_PROFILE_DELETE_BLOCKED =
  'Het is niet mogelijk om het standaard aanvraagprofiel te verwijderen. Kies eerst een ander standaard aanvraagprofiel.';

const live = isNull(flowProfile.deletedAt);
const columns = {
  id: flowProfile.id,
  name: flowProfile.name,
  standard_calculation_id: sql<number | null>`(${flowProfile.settings}->>'standard_calculation_id')::int`,
};

export const NO_SUCH_TEMPLATE = 'Deze standaardcalculatie bestaat niet.';

/** The settings change for a chosen standard calculation: it must be one of the company's. */
async function settingsChange(tx: Tx, input: FlowProfileInput) {
  if (input.standard_calculation_id === undefined) return {};
  if (input.standard_calculation_id !== null) {
    const found = await tx.execute(
      sql`select 1 from calculation where id = ${input.standard_calculation_id} and is_template`,
    );
    if (found.rows.length === 0)
      throw validationError(NO_SUCH_TEMPLATE, { standard_calculation_id: [NO_SUCH_TEMPLATE] });
  }
  return {
    settings: sql`${flowProfile.settings} || jsonb_build_object('standard_calculation_id', ${input.standard_calculation_id}::int)`,
  };
}

export function listFlowProfiles(tx: Tx) {
  return tx.select(columns).from(flowProfile).where(live).orderBy(asc(flowProfile.name), asc(flowProfile.id));
}

export async function createFlowProfile(tx: Tx, input: FlowProfileInput) {
  const [row] = await tx
    .insert(flowProfile)
    .values({ name: input.name, ...(await settingsChange(tx, input)) })
    .returning(columns);
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
    .set({ name: input.name, ...(await settingsChange(tx, input)), updatedAt: new Date() })
    .where(eq(flowProfile.id, id))
    .returning(columns);
  await writeLog(tx, {
    type: 'flowprofile',
    id,
    action: 'update',
    description: `Aanvraagprofiel ${before.name} gewijzigd`,
    changes: { ...input },
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
