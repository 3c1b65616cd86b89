import type { TaskType, UpdateTaskContextType } from '@im/domain';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../platform/db/database';
import { taskContextType } from '../../platform/db/tables/task-contexts.schema';
import { writeLog } from '../../platform/events/write-log';
import { checkTarget, requireTask, targetColumns, targetLabel } from './task-context-targets';

export async function updateContextType(tx: Tx, id: number, input: UpdateTaskContextType): Promise<boolean> {
  const [row] = await tx.select().from(taskContextType).where(eq(taskContextType.id, id)).for('update');
  if (!row) return false;
  const template = await requireTask(tx, row.taskId);
  const target = await checkTarget(tx, input, template.type as TaskType);
  await tx.update(taskContextType).set(targetColumns(target)).where(eq(taskContextType.id, id));
  await writeLog(tx, {
    type: 'task',
    id: template.id,
    action: 'update',
    description: `Taaksjabloon ${template.description}: voortaan ${targetLabel(target)} voorbereiden`,
  });
  return true;
}
