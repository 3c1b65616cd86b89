import { TASK_MESSAGES, type TaskType, taskEndFor, type UpdateTask } from '@im/domain';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../platform/db/database';
import { flow } from '../../platform/db/tables/flows.schema';
import { task } from '../../platform/db/tables/planning.schema';
import { validationError } from '../../platform/errors';
import { writeLog } from '../../platform/events/write-log';
import { checkLocation, plannableUser } from './task-checks';

/**
 * Changes a task. A new start without an end keeps the previous duration (or one hour), a new duration
 * without an end moves the end; done sets the completion date. Following tasks move and close with their leading task.
 */
export async function updateTask(
  tx: Tx,
  id: number,
  input: UpdateTask,
  caller: { userId: number },
): Promise<boolean> {
  const [before] = await tx.select().from(task).where(eq(task.id, id)).for('update');
  if (!before) return false;
  const changes: Partial<typeof task.$inferInsert> = {};
  const type = (input.type ?? before.type) as TaskType;
  if (input.description !== undefined) changes.description = input.description;
  if (input.type !== undefined) changes.type = input.type;
  if (input.color !== undefined) changes.color = input.color;
  if (input.duration !== undefined) changes.duration = input.duration;
  if (input.amountofpeople !== undefined) changes.amountOfPeople = input.amountofpeople;
  if (input.location !== undefined) changes.location = input.location;
  if (input.attendees !== undefined) changes.attendees = input.attendees;
  if (input.show_from !== undefined) changes.showFrom = input.show_from ? new Date(input.show_from) : null;
  if (input.linked_location !== undefined) {
    await checkLocation(tx, input.linked_location);
    changes.locationId = input.linked_location;
  }
  if (input.user_id !== undefined || input.type !== undefined) {
    const [f] = before.flowId
      ? await tx.select({ userId: flow.userId }).from(flow).where(eq(flow.id, before.flowId))
      : [];
    const requested = input.user_id !== undefined ? input.user_id : before.userId;
    const userId = await plannableUser(tx, requested, type, f?.userId ?? null, caller.userId);
    if (userId !== undefined) changes.userId = userId;
  }
  if (input.start_date !== undefined) {
    const start = input.start_date ? new Date(input.start_date) : null;
    const end =
      input.end_date !== undefined
        ? input.end_date
          ? new Date(input.end_date)
          : null
        : start
          ? taskEndFor(before.startDate, before.endDate, start)
          : null;
    Object.assign(changes, { startDate: start, endDate: end });
  } else if (input.end_date !== undefined) changes.endDate = input.end_date ? new Date(input.end_date) : null;
  // A new duration without a new end moves the end: the task lasts what it says.
  const plannedStart = changes.startDate !== undefined ? changes.startDate : before.startDate;
  if (input.duration && input.end_date === undefined && plannedStart)
    changes.endDate = new Date(plannedStart.getTime() + input.duration * 60_000);
  const start = changes.startDate !== undefined ? changes.startDate : before.startDate;
  const end = changes.endDate !== undefined ? changes.endDate : before.endDate;
  if (start && end && end.getTime() < start.getTime())
    throw validationError(TASK_MESSAGES.endBeforeStart, { end_date: [TASK_MESSAGES.endBeforeStart] });
  if (input.status !== undefined && input.status !== before.status) {
    changes.status = input.status;
    changes.completionDate = input.status === 'afgerond' ? new Date() : null;
  }
  const now = new Date();
  await tx
    .update(task)
    .set({ ...changes, updatedAt: now })
    .where(eq(task.id, id));
  // Followers keep the leader's times and status.
  const follow: Partial<typeof task.$inferInsert> = {};
  for (const key of ['startDate', 'endDate', 'status', 'completionDate'] as const)
    if (changes[key] !== undefined) Object.assign(follow, { [key]: changes[key] });
  if (Object.keys(follow).length > 0)
    await tx
      .update(task)
      .set({ ...follow, updatedAt: now })
      .where(eq(task.leadingTaskId, id));
  await writeLog(tx, {
    type: 'task',
    id,
    action: changes.status !== undefined ? 'status' : 'update',
    description: `Taak gewijzigd: ${changes.description ?? before.description}`,
    changes,
    flowId: before.flowId,
  });
  return true;
}
