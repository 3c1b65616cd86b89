import type { TaskType } from '@im/domain';
import { asc, eq } from 'drizzle-orm';
import type { Tx } from '../../platform/db/database';
import { taskContext, taskContextType } from '../../platform/db/tables/task-contexts.schema';
import { AppError } from '../../platform/errors';
import { materialize, requirePlannedTask } from './materialize-task-context';
import { type CheckedTarget, checkTarget } from './task-context-targets';

/** storeFromTemplate: each of the template's context types becomes a context of the new task. */
export async function contextsFromTemplate(tx: Tx, templateId: number, taskId: number): Promise<void> {
  const types = await tx
    .select()
    .from(taskContextType)
    .where(eq(taskContextType.taskId, templateId))
    .orderBy(asc(taskContextType.id));
  if (types.length === 0) return;
  const t = await requirePlannedTask(tx, taskId);
  for (const type of types) {
    let target: CheckedTarget;
    try {
      target = await checkTarget(
        tx,
        {
          vertical_id: type.verticalId,
          document_type_id: type.documentTypeId,
          document_template_id: type.documentTemplateId,
        },
        t.type as TaskType,
      );
    } catch (error) {
      // A form archived (or a template deleted) since the type was made: the task is planned without it.
      if (error instanceof AppError) continue;
      throw error;
    }
    await tx
      .insert(taskContext)
      .values({ taskId: t.id, taskContextTypeId: type.id, ...(await materialize(tx, t, target)) });
  }
}
