import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Tx } from '../../platform/db/database';
import { task } from '../../platform/db/tables/planning.schema';
import { writeLog } from '../../platform/events/write-log';

/**
 * Spec 001 section 4: a flow's new sales user takes over its open and on-hold intake tasks that were
 * the previous sales user's. Answers how many moved.
 */
export async function moveIntakeTasks(
  tx: Tx,
  flowId: number,
  from: number | null,
  to: number | null,
): Promise<number> {
  const moved = await tx
    .update(task)
    .set({ userId: to, updatedAt: new Date() })
    .where(
      and(
        eq(task.flowId, flowId),
        eq(task.type, 'opname'),
        inArray(task.status, ['open', 'onhold']),
        from === null ? isNull(task.userId) : eq(task.userId, from),
      ),
    )
    .returning({ id: task.id });
  for (const m of moved)
    await writeLog(tx, {
      type: 'task',
      id: m.id,
      action: 'update',
      description: 'Opnametaak naar de nieuwe adviseur',
      flowId,
    });
  return moved.length;
}
