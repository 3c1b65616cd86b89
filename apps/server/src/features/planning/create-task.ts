import type { CreateTask } from '@im/domain';
import type { Tx } from '../../platform/db/database';
import { task } from '../../platform/db/tables/planning.schema';
import { writeLog } from '../../platform/events/write-log';
import { resolveTarget } from './targets';
import { checkLocation, plannableUser, timesFor } from './task-checks';

export async function createTask(
  tx: Tx,
  input: CreateTask,
  caller: { userId: number },
  extra: { taskTemplateId?: number; leadingTaskId?: number } = {},
): Promise<number> {
  const target = input.flow_id !== undefined ? await resolveTarget(tx, { flow_id: input.flow_id }) : null;
  await checkLocation(tx, input.linked_location);
  const userId = await plannableUser(
    tx,
    input.user_id,
    input.type,
    target?.flowUserId ?? null,
    caller.userId,
  );
  const { start, end } = timesFor(
    input.start_date ? new Date(input.start_date) : null,
    input.end_date ? new Date(input.end_date) : null,
    input.duration,
  );
  const [row] = await tx
    .insert(task)
    .values({
      description: input.description,
      type: input.type,
      status: input.status,
      userId: userId ?? null,
      flowId: target?.flowId ?? null,
      startDate: start,
      endDate: end,
      completionDate: input.status === 'afgerond' ? new Date() : null,
      showFrom: input.show_from ? new Date(input.show_from) : null,
      color: input.color ?? null,
      duration: input.duration ?? null,
      amountOfPeople: input.amountofpeople,
      location: input.location ?? '',
      locationId: input.linked_location ?? null,
      attendees: input.attendees ?? '',
      isTemplate: input.is_template ?? false,
      taskTemplateId: extra.taskTemplateId ?? null,
      leadingTaskId: extra.leadingTaskId ?? null,
    })
    .returning({ id: task.id });
  await writeLog(tx, {
    type: 'task',
    id: row!.id,
    action: 'create',
    description: `${input.is_template ? 'Taaksjabloon' : 'Taak'} aangemaakt: ${input.description}`,
    flowId: target?.flowId ?? null,
  });
  return row!.id;
}
