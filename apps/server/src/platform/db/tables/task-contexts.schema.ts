import { foreignKey, index, integer, pgTable, primaryKey } from 'drizzle-orm/pg-core';
import { companyRowId, createdAt } from '../columns';
import { companyIdColumn, tenantPolicy } from '../tenancy-sql';
import { company } from './companies.schema';
import { documentType, salesDocument } from './documents.schema';
import { flowDataItem, vertical } from './forms.schema';
import { task } from './planning.schema';

/**
 * A task context type (spec 001 section 3): a form (vertical) or a document (type, optionally from a
 * template) that a task template prepares. Planning a task from the template makes each on the flow.
 */
export const taskContextType = pgTable(
  'task_context_type',
  {
    id: companyRowId(),
    companyId: companyIdColumn().references(() => company.id, { onDelete: 'cascade' }),
    taskId: integer('task_id').notNull(),
    verticalId: integer('vertical_id'),
    documentTypeId: integer('document_type_id'),
    documentTemplateId: integer('document_template_id'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.companyId] }),
    foreignKey({
      name: 'task_context_type_task_id_fk',
      columns: [t.companyId, t.taskId],
      foreignColumns: [task.companyId, task.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'task_context_type_vertical_id_fk',
      columns: [t.companyId, t.verticalId],
      foreignColumns: [vertical.companyId, vertical.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'task_context_type_document_type_id_fk',
      columns: [t.companyId, t.documentTypeId],
      foreignColumns: [documentType.companyId, documentType.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'task_context_type_document_template_id_fk',
      columns: [t.companyId, t.documentTemplateId],
      foreignColumns: [salesDocument.companyId, salesDocument.id],
    }).onDelete('set null'),
    index('task_context_type_task').on(t.taskId, t.id),
    tenantPolicy(),
  ],
).enableRLS();

/**
 * A task context: what one task prepares on its flow, the form copy (flow data item) or the document
 * made (or found) there. The ids of what it points at go null when that is deleted.
 */
export const taskContext = pgTable(
  'task_context',
  {
    id: companyRowId(),
    companyId: companyIdColumn().references(() => company.id, { onDelete: 'cascade' }),
    taskId: integer('task_id').notNull(),
    taskContextTypeId: integer('task_context_type_id'),
    verticalId: integer('vertical_id'),
    documentTypeId: integer('document_type_id'),
    documentTemplateId: integer('document_template_id'),
    flowDataItemId: integer('flow_data_item_id'),
    documentId: integer('document_id'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.companyId] }),
    foreignKey({
      name: 'task_context_task_id_fk',
      columns: [t.companyId, t.taskId],
      foreignColumns: [task.companyId, task.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'task_context_task_context_type_id_fk',
      columns: [t.companyId, t.taskContextTypeId],
      foreignColumns: [taskContextType.companyId, taskContextType.id],
    }).onDelete('set null'),
    foreignKey({
      name: 'task_context_vertical_id_fk',
      columns: [t.companyId, t.verticalId],
      foreignColumns: [vertical.companyId, vertical.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'task_context_document_type_id_fk',
      columns: [t.companyId, t.documentTypeId],
      foreignColumns: [documentType.companyId, documentType.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'task_context_document_template_id_fk',
      columns: [t.companyId, t.documentTemplateId],
      foreignColumns: [salesDocument.companyId, salesDocument.id],
    }).onDelete('set null'),
    foreignKey({
      name: 'task_context_flow_data_item_id_fk',
      columns: [t.companyId, t.flowDataItemId],
      foreignColumns: [flowDataItem.companyId, flowDataItem.id],
    }).onDelete('set null'),
    foreignKey({
      name: 'task_context_document_id_fk',
      columns: [t.companyId, t.documentId],
      foreignColumns: [salesDocument.companyId, salesDocument.id],
    }).onDelete('set null'),
    index('task_context_task').on(t.taskId, t.id),
    index('task_context_flow_data_item').on(t.flowDataItemId),
    index('task_context_document').on(t.documentId),
    tenantPolicy(),
  ],
).enableRLS();
