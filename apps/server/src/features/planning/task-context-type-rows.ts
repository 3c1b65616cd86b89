import { TASK_CONTEXT_MESSAGES as M, type TaskContextKind, type TaskContextType } from '@im/domain';
import { eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Tx } from '../../platform/db/database';
import { documentType, salesDocument } from '../../platform/db/tables/documents.schema';
import { vertical } from '../../platform/db/tables/forms.schema';
import { taskContextType } from '../../platform/db/tables/task-contexts.schema';
import { toIso } from '../../platform/http/dates';
import { refuse, requireTask, type TaskRow } from './task-context-targets';

const tplDoc = alias(salesDocument, 'context_template');

export function typeSelect(tx: Tx) {
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

export function serializeType(r: TypeRow): TaskContextType {
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

export async function requireTemplate(tx: Tx, taskId: number): Promise<TaskRow> {
  const t = await requireTask(tx, taskId);
  if (!t.isTemplate) throw refuse('task_id', M.taskNotATemplate);
  return t;
}
