import { TASK_CONTEXT_MESSAGES as M } from '@im/domain';
import { and, asc, desc, eq } from 'drizzle-orm';
import type { Tx } from '../../platform/db/database';
import { flowDataItem, intake, project } from '../../platform/db/tables/forms.schema';
import { createDocument } from '../documents';
import { createItem } from '../forms';
import { type CheckedTarget, refuse, requireTask, type TaskRow, targetColumns } from './task-context-targets';

/**
 * The flow's copy of the form: one already there (of the task's intake or project first), else a new
 * one through the forms' own use-case, in the task's intake or project, else the flow's latest intake
 * (intake form) or project (project form), else on the flow itself.
 */
async function formOnFlow(tx: Tx, t: TaskRow, flowId: number, verticalId: number, verticalType: string) {
  const [existing] = await tx
    .select({ id: flowDataItem.id })
    .from(flowDataItem)
    .where(and(eq(flowDataItem.flowId, flowId), eq(flowDataItem.verticalId, verticalId)))
    .orderBy(
      desc(
        t.intakeId !== null
          ? eq(flowDataItem.intakeId, t.intakeId)
          : t.projectId !== null
            ? eq(flowDataItem.projectId, t.projectId)
            : eq(flowDataItem.flowId, flowId),
      ),
      asc(flowDataItem.id),
    )
    .limit(1);
  if (existing) return existing.id;
  let intakeId: number | undefined;
  let projectId: number | undefined;
  if (verticalType === 'intake') {
    intakeId = t.intakeId ?? undefined;
    if (intakeId === undefined) {
      const [latest] = await tx
        .select({ id: intake.id })
        .from(intake)
        .where(eq(intake.flowId, flowId))
        .orderBy(desc(intake.id))
        .limit(1);
      intakeId = latest?.id;
    }
  } else if (verticalType === 'project') {
    projectId = t.projectId ?? undefined;
    if (projectId === undefined) {
      const [latest] = await tx
        .select({ id: project.id })
        .from(project)
        .where(eq(project.flowId, flowId))
        .orderBy(desc(project.id))
        .limit(1);
      projectId = latest?.id;
    }
  }
  return createItem(tx, {
    vertical_id: verticalId,
    item_type: 'form',
    flow_id: flowId,
    intake_id: intakeId,
    project_id: projectId,
  });
}

/** Makes what a context points at on the task's flow and answers the ids to store. */
export async function materialize(tx: Tx, t: TaskRow, target: CheckedTarget) {
  const flowId = t.flowId!;
  if (target.kind === 'form')
    return {
      ...targetColumns(target),
      flowDataItemId: await formOnFlow(tx, t, flowId, target.verticalId, target.verticalType),
      documentId: null,
    };
  const doc = await createDocument(tx, 'document', {
    flow_id: flowId,
    document_type_id: target.documentTypeId,
    ...(target.documentTemplateId !== null ? { template_id: target.documentTemplateId } : {}),
  });
  return { ...targetColumns(target), flowDataItemId: null, documentId: doc.id };
}

export async function requirePlannedTask(tx: Tx, taskId: number): Promise<TaskRow> {
  const t = await requireTask(tx, taskId);
  if (t.isTemplate) throw refuse('task_id', M.taskIsATemplate);
  if (t.flowId === null) throw refuse('task_id', M.taskWithoutFlow);
  return t;
}
