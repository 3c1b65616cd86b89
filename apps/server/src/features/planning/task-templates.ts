import { TASK_MESSAGES, type Task, type TaskType } from '@im/domain';
import { asc, eq } from 'drizzle-orm';
import type { Tx } from '../../platform/db/database';
import { task } from '../../platform/db/tables/planning.schema';
import { notFound, validationError } from '../../platform/errors';
import { createTask } from './create-task';
import { contextsFromTemplate } from './task-contexts-from-template';
import { baseSelect, serializeAll } from './task-rows';

/** The company's task templates, by description. */
export async function listTemplates(tx: Tx): Promise<Task[]> {
  const rows = await baseSelect(tx)
    .where(eq(task.isTemplate, true))
    .orderBy(asc(task.description), asc(task.id));
  return serializeAll(tx, rows);
}

/** storeFromTemplate: a new unplanned task on the flow from a template (type, text, colour, duration, people). */
export async function storeFromTemplate(
  tx: Tx,
  input: { flow_id: number; tasktemplate_id: number },
  caller: { userId: number },
): Promise<number> {
  const [template] = await tx.select().from(task).where(eq(task.id, input.tasktemplate_id));
  if (!template) throw notFound('Taaksjabloon niet gevonden.');
  if (!template.isTemplate)
    throw validationError(TASK_MESSAGES.notATemplate, { tasktemplate_id: [TASK_MESSAGES.notATemplate] });
  const id = await createTask(
    tx,
    {
      flow_id: input.flow_id,
      description: template.description,
      type: template.type as TaskType,
      status: 'open',
      color: template.color,
      duration: template.duration,
      amountofpeople: template.amountOfPeople,
      location: template.location,
      attendees: template.attendees,
      user_id: template.userId,
    },
    caller,
    { taskTemplateId: template.id },
  );
  await contextsFromTemplate(tx, template.id, id);
  return id;
}
