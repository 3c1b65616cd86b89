import { eq } from 'drizzle-orm';
import type { Tx } from '../../platform/db/database';
import { taskContextType } from '../../platform/db/tables/task-contexts.schema';
import { writeLog } from '../../platform/events/write-log';

export async function deleteContextType(tx: Tx, id: number): Promise<boolean> {
  const [row] = await tx.delete(taskContextType).where(eq(taskContextType.id, id)).returning();
  if (!row) return false;
  await writeLog(tx, {
    type: 'task',
    id: row.taskId,
    action: 'update',
    description: 'Taaksjabloon: contexttype verwijderd',
  });
  return true;
}
