import type { CreateTaskContext, TaskType } from '@im/domain';
import type { Tx } from '../../platform/db/database';
import { taskContext } from '../../platform/db/tables/task-contexts.schema';
import { writeLog } from '../../platform/events/write-log';
import { materialize, requirePlannedTask } from './materialize-task-context';
import { checkTarget, targetLabel } from './task-context-targets';

/** "task context" by hand: staff add a form or document to a task; it is made (or found) on the flow. */
export async function createContext(tx: Tx, input: CreateTaskContext): Promise<number> {
  const t = await requirePlannedTask(tx, input.task_id);
  const target = await checkTarget(tx, input, t.type as TaskType);
  const [row] = await tx
    .insert(taskContext)
    .values({ taskId: t.id, ...(await materialize(tx, t, target)) })
    .returning({ id: taskContext.id });
  await writeLog(tx, {
    type: 'task',
    id: t.id,
    action: 'update',
    description: `Taak ${t.description}: ${targetLabel(target)} toegevoegd`,
    flowId: t.flowId,
  });
  return row!.id;
}
