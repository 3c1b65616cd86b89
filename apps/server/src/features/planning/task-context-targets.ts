// Task contexts and task context types (spec 001 sections 3 and 7; decision 018): the forms and
// documents a task prepares on its flow. A template's context types become contexts of a task planned
// from it; making a context makes (or finds) what it points at on the flow through the forms' and the
// documents' own use-cases. Also getTaskEventTriggers: the rules a completed task sets off.
import { TASK_CONTEXT_MESSAGES as M, type TaskType, verticalFitsTask } from '@im/domain';
import { and, eq, isNull } from 'drizzle-orm';
import type { Tx } from '../../platform/db/database';
import { documentType, salesDocument } from '../../platform/db/tables/documents.schema';
import { vertical } from '../../platform/db/tables/forms.schema';
import { task } from '../../platform/db/tables/planning.schema';
import { notFound, validationError } from '../../platform/errors';

export type TaskRow = typeof task.$inferSelect;
type Target = {
  vertical_id?: number | null;
  document_type_id?: number | null;
  document_template_id?: number | null;
};
/** A checked target: a live form of the company that fits, or a company document type (and template). */
export type CheckedTarget =
  | { kind: 'form'; verticalId: number; verticalName: string; verticalType: string }
  | { kind: 'document'; documentTypeId: number; documentTemplateId: number | null; label: string };

export const refuse = (field: string, message: string) => validationError(message, { [field]: [message] });

/** The task named by `task_id`: another company's answers 404 like a missing one. */
export async function requireTask(tx: Tx, id: number): Promise<TaskRow> {
  const [row] = await tx.select().from(task).where(eq(task.id, id));
  if (!row) throw notFound(M.taskNotFound);
  return row;
}

/**
 * Another company's form, document type or template is not seen under the tenant policy, so it answers
 * like one that does not exist: 422 on the field that names it.
 */
export async function checkTarget(tx: Tx, input: Target, taskType: TaskType): Promise<CheckedTarget> {
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

export const targetColumns = (target: CheckedTarget) =>
  target.kind === 'form'
    ? { verticalId: target.verticalId, documentTypeId: null, documentTemplateId: null }
    : {
        verticalId: null,
        documentTypeId: target.documentTypeId,
        documentTemplateId: target.documentTemplateId,
      };

export const targetLabel = (target: CheckedTarget) =>
  target.kind === 'form' ? `formulier ${target.verticalName}` : `document ${target.label}`;
