import type { CreateTaskContextType, TaskType } from '@im/domain';
import type { Tx } from '../../platform/db/database';
import { taskContextType } from '../../platform/db/tables/task-contexts.schema';
import { writeLog } from '../../platform/events/write-log';
import { checkTarget, targetColumns, targetLabel } from './task-context-targets';
import { requireTemplate } from './task-context-type-rows';

export async function createContextType(tx: Tx, input: CreateTaskContextType): Promise<number> {
  const template = await requireTemplate(tx, input.task_id);
  const target = await checkTarget(tx, input, template.type as TaskType);
  const [row] = await tx
    .insert(taskContextType)
    .values({ taskId: template.id, ...targetColumns(target) })
    .returning({ id: taskContextType.id });
  await writeLog(tx, {
    type: 'task',
    id: template.id,
    action: 'update',
    description: `Taaksjabloon ${template.description}: ${targetLabel(target)} voorbereiden`,
  });
  return row!.id;
}
