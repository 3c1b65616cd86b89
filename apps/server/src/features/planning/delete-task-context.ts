import { eq } from 'drizzle-orm';
import type { Tx } from '../../platform/db/database';
import { task } from '../../platform/db/tables/planning.schema';
import { taskContext } from '../../platform/db/tables/task-contexts.schema';
import { writeLog } from '../../platform/events/write-log';

/** Removes the context; the form copy or document on the flow stays (it may hold work). */
export async function deleteContext(tx: Tx, id: number): Promise<boolean> {
  const [row] = await tx.delete(taskContext).where(eq(taskContext.id, id)).returning();
  if (!row) return false;
  const [t] = await tx
    .select({ flowId: task.flowId, description: task.description })
    .from(task)
    .where(eq(task.id, row.taskId));
  await writeLog(tx, {
    type: 'task',
    id: row.taskId,
    action: 'update',
    description: `Taak ${t?.description ?? ''}: context verwijderd`,
    flowId: t?.flowId ?? null,
  });
  return true;
}
