import type { TaskType } from '@im/domain';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../platform/db/database';
import { task } from '../../platform/db/tables/planning.schema';
import { copyContextTypes } from './copy-task-context-types';
import { copyContexts } from './copy-task-contexts';
import { createTask } from './create-task';

/** duplicate: a copy of the task, unplanned and open, on the same flow. */
export async function duplicateTask(tx: Tx, id: number, caller: { userId: number }): Promise<number | null> {
  const [source] = await tx.select().from(task).where(eq(task.id, id));
  if (!source) return null;
  const copy = await createTask(
    tx,
    {
      flow_id: source.flowId ?? undefined,
      description: source.description,
      type: source.type as TaskType,
      status: 'open',
      color: source.color,
      duration: source.duration,
      amountofpeople: source.amountOfPeople,
      location: source.location,
      linked_location: source.locationId,
      attendees: source.attendees,
      user_id: source.userId,
      is_template: source.isTemplate,
    },
    caller,
    { taskTemplateId: source.taskTemplateId ?? undefined },
  );
  if (source.isTemplate) await copyContextTypes(tx, source.id, copy);
  else await copyContexts(tx, source.id, copy);
  return copy;
}
