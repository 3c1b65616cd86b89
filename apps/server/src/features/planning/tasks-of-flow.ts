import type { Task } from '@im/domain';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/database';
import { task } from '../../platform/db/tables/planning.schema';
import { baseSelect, serializeAll } from './task-rows';

/** The tasks of one flow (getWithRelatedTasks): planned ones by start, then the unplanned, then by id. */
export async function tasksOfFlow(tx: Tx, flowId: number): Promise<Task[]> {
  const rows = await baseSelect(tx)
    .where(and(eq(task.flowId, flowId), eq(task.isTemplate, false)))
    .orderBy(sql`${task.startDate} asc nulls last`, asc(task.id));
  return serializeAll(tx, rows);
}
