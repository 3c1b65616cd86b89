import {
  boolean,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  timestamp,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { companyRowId, createdAt, updatedAt } from '../columns';
import { companyIdColumn, currentUserIdSql, tenantPolicy } from '../tenancy-sql';
import { batch } from './batch.schema';
import { company } from './companies.schema';

/**
 * One bulk import of flows from a spreadsheet (decision 063): its batch, what it made, and its undo.
 * Counts are written by the import job's chunks and by the undo job.
 */
export const flowImport = pgTable(
  'flow_import',
  {
    id: companyRowId(),
    companyId: companyIdColumn().references(() => company.id, { onDelete: 'cascade' }),
    batchId: uuid('batch_id'),
    undoBatchId: uuid('undo_batch_id'),
    filename: varchar('filename', { length: 255 }).notNull().default(''),
    rows: integer('rows').notNull().default(0),
    flowsCreated: integer('flows_created').notNull().default(0),
    relationsCreated: integer('relations_created').notNull().default(0),
    relationsMatched: integer('relations_matched').notNull().default(0),
    flowsRemoved: integer('flows_removed').notNull().default(0),
    relationsRemoved: integer('relations_removed').notNull().default(0),
    flowsKept: integer('flows_kept').notNull().default(0),
    relationsKept: integer('relations_kept').notNull().default(0),
    createdBy: integer('created_by').default(currentUserIdSql),
    createdAt: createdAt(),
    undoneAt: timestamp('undone_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.companyId] }),
    foreignKey({
      name: 'flow_import_batch_id_fk',
      columns: [t.companyId, t.batchId],
      foreignColumns: [batch.companyId, batch.id],
    }).onDelete('set null'),
    foreignKey({
      name: 'flow_import_undo_batch_id_fk',
      columns: [t.companyId, t.undoBatchId],
      foreignColumns: [batch.companyId, batch.id],
    }).onDelete('set null'),
    index('flow_import_company_created').on(t.companyId, t.createdAt),
    tenantPolicy(),
  ],
).enableRLS();

/** What one imported row made: the undo removes exactly these records (and keeps what got other work). */
export const flowImportRow = pgTable(
  'flow_import_row',
  {
    companyId: companyIdColumn().references(() => company.id, { onDelete: 'cascade' }),
    importId: integer('import_id').notNull(),
    row: integer('row').notNull(),
    flowId: integer('flow_id'),
    relationId: integer('relation_id'),
    relationCreated: boolean('relation_created').notNull().default(false),
    locationId: integer('location_id'),
    locationCreated: boolean('location_created').notNull().default(false),
  },
  (t) => [
    foreignKey({
      name: 'flow_import_row_import_id_fk',
      columns: [t.companyId, t.importId],
      foreignColumns: [flowImport.companyId, flowImport.id],
    }).onDelete('cascade'),
    primaryKey({ columns: [t.importId, t.row, t.companyId] }),
    tenantPolicy(),
  ],
).enableRLS();

/** The column mapping a company used last, offered again for its next file with the same headers. */
export const flowImportMapping = pgTable(
  'flow_import_mapping',
  {
    companyId: companyIdColumn()
      .primaryKey()
      .references(() => company.id, { onDelete: 'cascade' }),
    mapping: jsonb('mapping').$type<Record<string, string | null>>().notNull().default({}),
    updatedAt: updatedAt(),
  },
  () => [tenantPolicy()],
).enableRLS();
