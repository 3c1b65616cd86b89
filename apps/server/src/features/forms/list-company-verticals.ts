import type { Vertical } from '@im/domain';
import { asc, eq } from 'drizzle-orm';
import type { Tx } from '../../platform/db/database';
import { vertical } from '../../platform/db/tables/forms.schema';
import { fieldsCount, serializeVertical } from './verticals';

/** Every form of the company, live ones first, by name (the admin screen; company 1: the library). */
export async function listCompanyVerticals(tx: Tx, companyId: number): Promise<Vertical[]> {
  const rows = await tx
    .select({ v: vertical, fields: fieldsCount })
    .from(vertical)
    .where(eq(vertical.companyId, companyId))
    .orderBy(asc(vertical.archived), asc(vertical.name), asc(vertical.type), asc(vertical.id));
  return rows.map((r) => serializeVertical(r.v, r.fields));
}
