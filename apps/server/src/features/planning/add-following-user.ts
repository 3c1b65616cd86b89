import { TASK_MESSAGES, type TaskStatus, type TaskType } from '@im/domain';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../platform/db/database';
import { task } from '../../platform/db/tables/planning.schema';
import { notFound, validationError } from '../../platform/errors';
import { copyContexts } from './copy-task-contexts';
import { createTask } from './create-task';

/** addFollowingUser: another user's task that follows the leading task's times and status. */
export async function addFollowingUser(
  tx: Tx,
  input: { leading_task_id: number; user_id: number },
  caller: { userId: number },
): Promise<number> {
  const [leader] = await tx.select().from(task).where(eq(task.id, input.leading_task_id));
  if (!leader) throw notFound('Taak niet gevonden.');
  if (leader.userId === input.user_id)
    throw validationError(TASK_MESSAGES.followerIsLeader, { user_id: [TASK_MESSAGES.followerIsLeader] });
  const id = await createTask(
    tx,
    {
      flow_id: leader.flowId ?? undefined,
      description: leader.description,
      type: leader.type as TaskType,
      status: leader.status as TaskStatus,
      color: leader.color,
      duration: leader.duration,
      amountofpeople: 1,
      location: leader.location,
      linked_location: leader.locationId,
      attendees: leader.attendees,
      user_id: input.user_id,
      start_date: leader.startDate?.toISOString() ?? null,
      end_date: leader.endDate?.toISOString() ?? null,
    },
    caller,
    { leadingTaskId: leader.id },
  );
  await copyContexts(tx, leader.id, id);
  return id;
}
