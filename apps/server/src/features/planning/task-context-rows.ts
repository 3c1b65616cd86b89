import { type TaskContext, taskContextState } from '@im/domain';
import { asc, eq, inArray } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Tx } from '../../platform/db/database';
import { documentType, salesDocument } from '../../platform/db/tables/documents.schema';
import { flowDataItem, vertical } from '../../platform/db/tables/forms.schema';
import { taskContext } from '../../platform/db/tables/task-contexts.schema';
import { toIso } from '../../platform/http/dates';
import { requireTask } from './task-context-targets';

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
