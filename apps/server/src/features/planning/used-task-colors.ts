import { asc, isNotNull } from 'drizzle-orm';
import type { Tx } from '../../platform/db/database';
import { task } from '../../platform/db/tables/planning.schema';

/** The colours tasks use (own colours), for the colour picker. */
export async function usedTaskColors(tx: Tx): Promise<string[]> {
  const rows = await tx
    .selectDistinct({ color: task.color })
    .from(task)
    .where(isNotNull(task.color))
    .orderBy(asc(task.color))
    .limit(100);
  return rows.map((r) => r.color!);
}
