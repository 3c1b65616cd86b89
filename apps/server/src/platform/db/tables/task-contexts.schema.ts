import { index, integer, pgTable } from 'drizzle-orm/pg-core';
import { createdAt, idColumn } from '../columns';
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
    id: idColumn(),
    companyId: companyIdColumn().references(() => company.id, { onDelete: 'cascade' }),
    taskId: integer('task_id')
      .notNull()
      .references(() => task.id, { onDelete: 'cascade' }),
    verticalId: integer('vertical_id').references(() => vertical.id, { onDelete: 'cascade' }),
    documentTypeId: integer('document_type_id').references(() => documentType.id, { onDelete: 'cascade' }),
    documentTemplateId: integer('document_template_id').references(() => salesDocument.id, {
      onDelete: 'set null',
    }),
    createdAt: createdAt(),
  },
  (t) => [index('task_context_type_task').on(t.taskId, t.id), tenantPolicy()],
).enableRLS();

/**
 * A task context: what one task prepares on its flow, the form copy (flow data item) or the document
 * made (or found) there. The ids of what it points at go null when that is deleted.
 */
export const taskContext = pgTable(
  'task_context',
  {
    id: idColumn(),
    companyId: companyIdColumn().references(() => company.id, { onDelete: 'cascade' }),
    taskId: integer('task_id')
      .notNull()
      .references(() => task.id, { onDelete: 'cascade' }),
    taskContextTypeId: integer('task_context_type_id').references(() => taskContextType.id, {
      onDelete: 'set null',
    }),
    verticalId: integer('vertical_id').references(() => vertical.id, { onDelete: 'cascade' }),
    documentTypeId: integer('document_type_id').references(() => documentType.id, { onDelete: 'cascade' }),
    documentTemplateId: integer('document_template_id').references(() => salesDocument.id, {
      onDelete: 'set null',
    }),
    flowDataItemId: integer('flow_data_item_id').references(() => flowDataItem.id, { onDelete: 'set null' }),
    documentId: integer('document_id').references(() => salesDocument.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('task_context_task').on(t.taskId, t.id),
    index('task_context_flow_data_item').on(t.flowDataItemId),
    index('task_context_document').on(t.documentId),
    tenantPolicy(),
  ],
).enableRLS();
