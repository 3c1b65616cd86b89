import type { TaskType, UpdateTaskContext } from '@im/domain';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../platform/db/database';
import { taskContext } from '../../platform/db/tables/task-contexts.schema';
import { writeLog } from '../../platform/events/write-log';
import { materialize, requirePlannedTask } from './materialize-task-context';
import { checkTarget, targetLabel } from './task-context-targets';

export async function updateContext(tx: Tx, id: number, input: UpdateTaskContext): Promise<boolean> {
  const [row] = await tx.select().from(taskContext).where(eq(taskContext.id, id)).for('update');
  if (!row) return false;
  const t = await requirePlannedTask(tx, row.taskId);
  const target = await checkTarget(tx, input, t.type as TaskType);
  const same =
    target.kind === 'form'
      ? row.verticalId === target.verticalId && row.flowDataItemId !== null
      : row.documentTypeId === target.documentTypeId &&
        row.documentTemplateId === target.documentTemplateId &&
        row.documentId !== null;
  if (same) return true;
  await tx
    .update(taskContext)
    .set({ ...(await materialize(tx, t, target)), taskContextTypeId: null })
    .where(eq(taskContext.id, id));
  await writeLog(tx, {
    type: 'task',
    id: t.id,
    action: 'update',
    description: `Taak ${t.description}: voortaan ${targetLabel(target)}`,
    flowId: t.flowId,
  });
  return true;
}
