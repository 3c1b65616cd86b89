// The organization's plain record, kept with relations (below organizations, decision 047): a relation's
// create or change can make or link an organization, and the organization's own save inserts through it.
import { and, eq, isNull } from 'drizzle-orm';
import type { Tx } from '../../platform/db/database';
import { organization } from '../../platform/db/tables/organizations.schema';
import { validationError } from '../../platform/errors';
import { writeLog } from '../../platform/events/write-log';

export const UNKNOWN_ORGANIZATION = 'Onbekende organisatie.';

/** Inserts an organization and logs it; the plain record, used by relation and organization saves alike. */
export async function insertOrganization(
  tx: Tx,
  values: Omit<typeof organization.$inferInsert, 'id' | 'companyId'>,
): Promise<number> {
  const [row] = await tx.insert(organization).values(values).returning({ id: organization.id });
  await writeLog(tx, {
    type: 'organization',
    id: row!.id,
    action: 'create',
    description: `Organisatie ${values.name} aangemaakt`,
  });
  return row!.id;
}

/** 422 unless the id is a live organization of the company. */
export async function requireOrganization(tx: Tx, id: number, field = 'organization_id'): Promise<void> {
  const [o] = await tx
    .select({ id: organization.id })
    .from(organization)
    .where(and(eq(organization.id, id), isNull(organization.deletedAt)));
  if (!o) throw validationError(UNKNOWN_ORGANIZATION, { [field]: [UNKNOWN_ORGANIZATION] });
}
