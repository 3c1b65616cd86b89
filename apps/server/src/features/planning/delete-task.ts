import { eq } from 'drizzle-orm';
import type { Tx } from '../../platform/db/database';
import { task } from '../../platform/db/tables/planning.schema';
import { writeLog } from '../../platform/events/write-log';

export async function deleteTask(tx: Tx, id: number): Promise<boolean> {
  const [row] = await tx
    .delete(task)
    .where(eq(task.id, id))
    .returning({ flowId: task.flowId, description: task.description });
  if (!row) return false;
  await writeLog(tx, {
    type: 'task',
    id,
    action: 'delete',
    description: `Taak verwijderd: ${row.description}`,
    flowId: row.flowId,
  });
  return true;
}
