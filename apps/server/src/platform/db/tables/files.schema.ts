import {
  bigint,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { companyRowId, createdAt } from '../columns';
import { companyIdColumn, currentUserIdSql, tenantPolicy } from '../tenancy-sql';
import { company } from './companies.schema';
import { flow } from './flows.schema';

/** Metadata of a stored file; the bytes live in the file storage under `storage_key`. */
export const storedFile = pgTable(
  'stored_file',
  {
    id: companyRowId(),
    companyId: companyIdColumn().references(() => company.id, { onDelete: 'cascade' }),
    storageKey: varchar('storage_key', { length: 300 }).notNull(),
    filename: varchar('filename', { length: 255 }).notNull(),
    mimeType: varchar('mime_type', { length: 100 }).notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    purpose: varchar('purpose', { length: 40 }).notNull(),
    ownerType: varchar('owner_type', { length: 40 }),
    ownerId: integer('owner_id'),
    uploadedBy: integer('uploaded_by').default(currentUserIdSql),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('stored_file_storage_key_company_unique').on(t.storageKey, t.companyId),
    primaryKey({ columns: [t.id, t.companyId] }),
    index().on(t.companyId, t.ownerType, t.ownerId),
    tenantPolicy(),
  ],
).enableRLS();

/**
 * One stored file shown on many flows without copying its bytes (decision 066): the bulk import's external
 * file (`loadexternalfile`) is one `stored_file` (owner type 'flowimport', the import) and each imported flow
 * gets a reference row here. Removing the file from a flow removes its reference; the row and the bytes go
 * when the last reference goes (a file delete, a flow deleted for good, or the import's undo).
 */
export const flowSharedFile = pgTable(
  'flow_shared_file',
  {
    id: companyRowId(),
    companyId: companyIdColumn().references(() => company.id, { onDelete: 'cascade' }),
    flowId: integer('flow_id').notNull(),
    storedFileId: integer('stored_file_id').notNull(),
    flowImportId: integer('flow_import_id'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.companyId] }),
    foreignKey({
      name: 'flow_shared_file_flow_id_fk',
      columns: [t.companyId, t.flowId],
      foreignColumns: [flow.companyId, flow.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'flow_shared_file_stored_file_id_fk',
      columns: [t.companyId, t.storedFileId],
      foreignColumns: [storedFile.companyId, storedFile.id],
    }).onDelete('cascade'),
    uniqueIndex('flow_shared_file_unique').on(t.companyId, t.flowId, t.storedFileId),
    index().on(t.storedFileId),
    tenantPolicy(),
  ],
).enableRLS();
