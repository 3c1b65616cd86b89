// Task contexts and task context types (spec 001 sections 3 and 7; decision 018): the forms and
// documents a task prepares on its flow. A template's context types become contexts of a task planned
// from it; making a context makes (or finds) what it points at on the flow through the forms' and the
// documents' own use-cases. Also getTaskEventTriggers: the rules a completed task sets off.
import {
  actionDefinition,
  actionLabel,
  type CreateTaskContext,
  type CreateTaskContextType,
  EVENT_TRIGGERS,
  TASK_CONTEXT_MESSAGES as M,
  type TaskContext,
  type TaskContextKind,
  type TaskContextOptions,
  type TaskContextType,
  type TaskEventTrigger,
  type TaskType,
  taskContextState,
  type UpdateTaskContext,
  type UpdateTaskContextType,
  verticalFitsTask,
} from '@im/domain';
import { and, asc, desc, eq, inArray, isNull } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Tx } from '../../platform/db/database';
import { documentType, salesDocument } from '../../platform/db/tables/documents.schema';
import { flowDataItem, intake, project, vertical } from '../../platform/db/tables/forms.schema';
import { task } from '../../platform/db/tables/planning.schema';
import { taskContext, taskContextType } from '../../platform/db/tables/task-contexts.schema';
import { eventTrigger, eventTriggerRule } from '../../platform/db/tables/workflow.schema';
import { AppError, notFound, validationError } from '../../platform/errors';
import { writeLog } from '../../platform/events/write-log';
import { toIso } from '../../platform/http/dates';
import { createDocument } from '../documents';
import { createItem } from '../forms';
import { loadRuleOptions, morphLabel } from './rule-options';

type TaskRow = typeof task.$inferSelect;
type Target = {
  vertical_id?: number | null;
  document_type_id?: number | null;
  document_template_id?: number | null;
};
/** A checked target: a live form of the company that fits, or a company document type (and template). */
type CheckedTarget =
  | { kind: 'form'; verticalId: number; verticalName: string; verticalType: string }
  | { kind: 'document'; documentTypeId: number; documentTemplateId: number | null; label: string };

const refuse = (field: string, message: string) => validationError(message, { [field]: [message] });

/** The task named by `task_id`: another company's answers 404 like a missing one. */
async function requireTask(tx: Tx, id: number): Promise<TaskRow> {
  const [row] = await tx.select().from(task).where(eq(task.id, id));
  if (!row) throw notFound(M.taskNotFound);
  return row;
}

/**
 * Another company's form, document type or template is not seen under the tenant policy, so it answers
 * like one that does not exist: 422 on the field that names it.
 */
async function checkTarget(tx: Tx, input: Target, taskType: TaskType): Promise<CheckedTarget> {
  if (input.vertical_id != null) {
    const [v] = await tx.select().from(vertical).where(eq(vertical.id, input.vertical_id));
    if (!v || v.archived) throw refuse('vertical_id', M.verticalNotFound);
    if (!verticalFitsTask(v.type, taskType)) throw refuse('vertical_id', M.verticalWrongType);
    return { kind: 'form', verticalId: v.id, verticalName: v.name, verticalType: v.type };
  }
  const [t] = await tx
    .select()
    .from(documentType)
    .where(eq(documentType.id, input.document_type_id ?? 0));
  // Documents are of the company's own types; the system types (confirmation, invoice) have their own flow.
  if (!t || t.systemKind !== null) throw refuse('document_type_id', M.documentTypeNotFound);
  let templateTitle: string | null = null;
  if (input.document_template_id != null) {
    const [tpl] = await tx
      .select()
      .from(salesDocument)
      .where(
        and(
          eq(salesDocument.id, input.document_template_id),
          eq(salesDocument.kind, 'document'),
          eq(salesDocument.isTemplate, true),
          isNull(salesDocument.deletedAt),
        ),
      );
    if (!tpl || (tpl.documentTypeId !== null && tpl.documentTypeId !== t.id))
      throw refuse('document_template_id', M.documentTemplateNotFound);
    templateTitle = tpl.title;
  }
  return {
    kind: 'document',
    documentTypeId: t.id,
    documentTemplateId: input.document_template_id ?? null,
    label: templateTitle ? `${t.description} (${templateTitle})` : t.description,
  };
}

// ------------------------------------------------------------ context types (of a template)

const tplDoc = alias(salesDocument, 'context_template');

function typeSelect(tx: Tx) {
  return tx
    .select({
      c: taskContextType,
      verticalName: vertical.name,
      typeDescription: documentType.description,
      templateTitle: tplDoc.title,
    })
    .from(taskContextType)
    .leftJoin(vertical, eq(vertical.id, taskContextType.verticalId))
    .leftJoin(documentType, eq(documentType.id, taskContextType.documentTypeId))
    .leftJoin(tplDoc, eq(tplDoc.id, taskContextType.documentTemplateId));
}

type TypeRow = Awaited<ReturnType<ReturnType<typeof typeSelect>['execute']>>[number];

function documentTargetLabel(type: string | null, template: string | null): string {
  return template ? `${type ?? ''} (${template})` : (type ?? '');
}

function serializeType(r: TypeRow): TaskContextType {
  const kind: TaskContextKind = r.c.verticalId !== null ? 'form' : 'document';
  return {
    id: r.c.id,
    task_id: r.c.taskId,
    kind,
    vertical_id: r.c.verticalId,
    document_type_id: r.c.documentTypeId,
    document_template_id: r.c.documentTemplateId,
    label: kind === 'form' ? (r.verticalName ?? '') : documentTargetLabel(r.typeDescription, r.templateTitle),
    created_at: toIso(r.c.createdAt),
  };
}

async function requireTemplate(tx: Tx, taskId: number): Promise<TaskRow> {
  const t = await requireTask(tx, taskId);
  if (!t.isTemplate) throw refuse('task_id', M.taskNotATemplate);
  return t;
}

export async function listContextTypes(tx: Tx, taskId: number): Promise<TaskContextType[]> {
  await requireTask(tx, taskId);
  const rows = await typeSelect(tx)
    .where(eq(taskContextType.taskId, taskId))
    .orderBy(asc(taskContextType.id));
  return rows.map(serializeType);
}

export async function loadContextType(tx: Tx, id: number): Promise<TaskContextType | null> {
  const [row] = await typeSelect(tx).where(eq(taskContextType.id, id));
  return row ? serializeType(row) : null;
}

const targetColumns = (target: CheckedTarget) =>
  target.kind === 'form'
    ? { verticalId: target.verticalId, documentTypeId: null, documentTemplateId: null }
    : {
        verticalId: null,
        documentTypeId: target.documentTypeId,
        documentTemplateId: target.documentTemplateId,
      };

const targetLabel = (target: CheckedTarget) =>
  target.kind === 'form' ? `formulier ${target.verticalName}` : `document ${target.label}`;

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

export async function updateContextType(tx: Tx, id: number, input: UpdateTaskContextType): Promise<boolean> {
  const [row] = await tx.select().from(taskContextType).where(eq(taskContextType.id, id)).for('update');
  if (!row) return false;
  const template = await requireTask(tx, row.taskId);
  const target = await checkTarget(tx, input, template.type as TaskType);
  await tx.update(taskContextType).set(targetColumns(target)).where(eq(taskContextType.id, id));
  await writeLog(tx, {
    type: 'task',
    id: template.id,
    action: 'update',
    description: `Taaksjabloon ${template.description}: voortaan ${targetLabel(target)} voorbereiden`,
  });
  return true;
}

export async function deleteContextType(tx: Tx, id: number): Promise<boolean> {
  const [row] = await tx.delete(taskContextType).where(eq(taskContextType.id, id)).returning();
  if (!row) return false;
  await writeLog(tx, {
    type: 'task',
    id: row.taskId,
    action: 'update',
    description: 'Taaksjabloon: contexttype verwijderd',
  });
  return true;
}

/** A duplicated template prepares the same forms and documents. */
export async function copyContextTypes(tx: Tx, fromTemplateId: number, toTemplateId: number): Promise<void> {
  const rows = await tx.select().from(taskContextType).where(eq(taskContextType.taskId, fromTemplateId));
  if (rows.length === 0) return;
  await tx.insert(taskContextType).values(
    rows.map((r) => ({
      taskId: toTemplateId,
      verticalId: r.verticalId,
      documentTypeId: r.documentTypeId,
      documentTemplateId: r.documentTemplateId,
    })),
  );
}

// ------------------------------------------------------------ contexts (of a task on a flow)

const contextDoc = alias(salesDocument, 'context_document');
const contextTpl = alias(salesDocument, 'context_document_template');

function contextSelect(tx: Tx) {
  return tx
    .select({
      c: taskContext,
      verticalName: vertical.name,
      verticalType: vertical.type,
      item: {
        id: flowDataItem.id,
        flowId: flowDataItem.flowId,
        status: flowDataItem.status,
        intakeId: flowDataItem.intakeId,
        projectId: flowDataItem.projectId,
      },
      typeDescription: documentType.description,
      templateTitle: contextTpl.title,
      doc: {
        id: contextDoc.id,
        flowId: contextDoc.flowId,
        status: contextDoc.status,
        number: contextDoc.number,
        deletedAt: contextDoc.deletedAt,
      },
    })
    .from(taskContext)
    .leftJoin(vertical, eq(vertical.id, taskContext.verticalId))
    .leftJoin(flowDataItem, eq(flowDataItem.id, taskContext.flowDataItemId))
    .leftJoin(documentType, eq(documentType.id, taskContext.documentTypeId))
    .leftJoin(contextTpl, eq(contextTpl.id, taskContext.documentTemplateId))
    .leftJoin(contextDoc, eq(contextDoc.id, taskContext.documentId));
}

type ContextRow = Awaited<ReturnType<ReturnType<typeof contextSelect>['execute']>>[number];

function serializeContext(r: ContextRow): TaskContext {
  const c = r.c;
  const base = {
    id: c.id,
    task_id: c.taskId,
    task_context_type_id: c.taskContextTypeId,
    vertical_id: c.verticalId,
    document_type_id: c.documentTypeId,
    document_template_id: c.documentTemplateId,
    created_at: toIso(c.createdAt),
  };
  if (c.verticalId !== null) {
    const item = r.item?.id ? r.item : null;
    return {
      ...base,
      kind: 'form',
      flowdataitem_id: item?.id ?? null,
      flowdataitem_intake_id: item?.intakeId ?? null,
      flowdataitem_project_id: item?.projectId ?? null,
      vertical_type: r.verticalType,
      document_id: null,
      flow_id: item?.flowId ?? null,
      label: r.verticalName ?? '',
      ...taskContextState({ kind: 'form', status: item?.status ?? null }),
    };
  }
  const doc = r.doc?.id ? r.doc : null;
  const gone = !doc || doc.deletedAt !== null;
  return {
    ...base,
    kind: 'document',
    flowdataitem_id: null,
    flowdataitem_intake_id: null,
    flowdataitem_project_id: null,
    vertical_type: null,
    document_id: gone ? null : doc.id,
    flow_id: gone ? null : doc.flowId,
    label: `${r.typeDescription ?? ''}${!gone && doc.number ? ` ${doc.number}` : ''}`,
    ...taskContextState({ kind: 'document', status: doc?.status ?? null, deleted: gone }),
  };
}

/** The contexts of a page of tasks in one query (the task reads stay one query more, not one per task). */
export async function contextsOf(tx: Tx, taskIds: number[]): Promise<Map<number, TaskContext[]>> {
  const out = new Map<number, TaskContext[]>();
  if (taskIds.length === 0) return out;
  const rows = await contextSelect(tx)
    .where(inArray(taskContext.taskId, taskIds))
    .orderBy(asc(taskContext.taskId), asc(taskContext.id));
  for (const r of rows) {
    const list = out.get(r.c.taskId) ?? [];
    list.push(serializeContext(r));
    out.set(r.c.taskId, list);
  }
  return out;
}

export async function listContexts(tx: Tx, taskId: number): Promise<TaskContext[]> {
  await requireTask(tx, taskId);
  return (await contextsOf(tx, [taskId])).get(taskId) ?? [];
}

export async function loadContext(tx: Tx, id: number): Promise<TaskContext | null> {
  const [row] = await contextSelect(tx).where(eq(taskContext.id, id));
  return row ? serializeContext(row) : null;
}

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
async function materialize(tx: Tx, t: TaskRow, target: CheckedTarget) {
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

async function requirePlannedTask(tx: Tx, taskId: number): Promise<TaskRow> {
  const t = await requireTask(tx, taskId);
  if (t.isTemplate) throw refuse('task_id', M.taskIsATemplate);
  if (t.flowId === null) throw refuse('task_id', M.taskWithoutFlow);
  return t;
}

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

/** Removes the context; the form copy or document on the flow stays (it may hold work). */
export async function deleteContext(tx: Tx, id: number): Promise<boolean> {
  const [row] = await tx.delete(taskContext).where(eq(taskContext.id, id)).returning();
  if (!row) return false;
  const [t] = await tx
    .select({ flowId: task.flowId, description: task.description })
    .from(task)
    .where(eq(task.id, row.taskId));
  await writeLog(tx, {
    type: 'task',
    id: row.taskId,
    action: 'update',
    description: `Taak ${t?.description ?? ''}: context verwijderd`,
    flowId: t?.flowId ?? null,
  });
  return true;
}

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

/**
 * duplicate and addFollowingUser: the copy prepares the same form copies and documents (they are the
 * flow's, not the task's), so it points at the same ones; nothing new is made on the flow.
 */
export async function copyContexts(tx: Tx, fromTaskId: number, toTaskId: number): Promise<void> {
  const rows = await tx
    .select()
    .from(taskContext)
    .where(eq(taskContext.taskId, fromTaskId))
    .orderBy(asc(taskContext.id));
  if (rows.length === 0) return;
  await tx.insert(taskContext).values(
    rows.map((r) => ({
      taskId: toTaskId,
      taskContextTypeId: r.taskContextTypeId,
      verticalId: r.verticalId,
      documentTypeId: r.documentTypeId,
      documentTemplateId: r.documentTemplateId,
      flowDataItemId: r.flowDataItemId,
      documentId: r.documentId,
    })),
  );
}

/** The choices of the context sections: live forms, the company's own document types, document templates. */
export async function taskContextOptions(tx: Tx): Promise<TaskContextOptions> {
  const [verticals, types, templates] = await Promise.all([
    tx
      .select({ id: vertical.id, name: vertical.name, type: vertical.type })
      .from(vertical)
      .where(eq(vertical.archived, false))
      .orderBy(asc(vertical.name), asc(vertical.id)),
    tx
      .select({ id: documentType.id, description: documentType.description })
      .from(documentType)
      .where(isNull(documentType.systemKind))
      .orderBy(asc(documentType.description), asc(documentType.id)),
    tx
      .select({
        id: salesDocument.id,
        title: salesDocument.title,
        document_type_id: salesDocument.documentTypeId,
      })
      .from(salesDocument)
      .where(
        and(
          eq(salesDocument.kind, 'document'),
          eq(salesDocument.isTemplate, true),
          isNull(salesDocument.deletedAt),
        ),
      )
      .orderBy(asc(salesDocument.title), asc(salesDocument.id)),
  ]);
  return { verticals, document_types: types, document_templates: templates };
}

// ------------------------------------------------------------ getTaskEventTriggers

/**
 * The event triggers a task fires (hasTask, as the platform administrator keeps them) with the company's
 * rules on each: what runs when a task is completed.
 */
export async function taskEventTriggers(tx: Tx): Promise<TaskEventTrigger[]> {
  const known = new Set(EVENT_TRIGGERS.map((t) => t.tag));
  const triggers = (
    await tx.select().from(eventTrigger).where(eq(eventTrigger.hasTask, true)).orderBy(asc(eventTrigger.id))
  ).filter((t) => known.has(t.tag));
  if (triggers.length === 0) return [];
  const rules = await tx
    .select()
    .from(eventTriggerRule)
    .where(
      inArray(
        eventTriggerRule.eventTriggerTag,
        triggers.map((t) => t.tag),
      ),
    )
    .orderBy(asc(eventTriggerRule.id));
  const options = rules.length ? await loadRuleOptions(tx) : null;
  return triggers.map((t) => ({
    id: t.id,
    tag: t.tag,
    description: t.description,
    rules: rules
      .filter((r) => r.eventTriggerTag === t.tag)
      .map((r) => ({
        id: r.id,
        description: r.description,
        type_label: actionLabel(r.type),
        morph_label: options && morphLabel(options, actionDefinition(r.type)?.morph, r.morphId, r.text),
        is_delayed: r.isDelayed,
        delaytime: r.delaytime,
        delaytime_raw: r.delaytimeRaw,
        delaytime_unit: r.delaytimeUnit,
        conditions_count: r.conditions.length,
      })),
  }));
}
