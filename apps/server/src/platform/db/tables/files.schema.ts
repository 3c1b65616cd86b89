import { bigint, index, integer, pgTable, varchar } from 'drizzle-orm/pg-core';
import { createdAt, idColumn } from '../columns';
import { companyIdColumn, currentUserIdSql, tenantPolicy } from '../tenancy-sql';
import { company } from './companies.schema';

/** Metadata of a stored file; the bytes live in the file storage under `storage_key`. */
export const storedFile = pgTable(
  'stored_file',
  {
    id: idColumn(),
    companyId: companyIdColumn().references(() => company.id, { onDelete: 'cascade' }),
    storageKey: varchar('storage_key', { length: 300 }).notNull().unique(),
    filename: varchar('filename', { length: 255 }).notNull(),
    mimeType: varchar('mime_type', { length: 100 }).notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    purpose: varchar('purpose', { length: 40 }).notNull(),
    ownerType: varchar('owner_type', { length: 40 }),
    ownerId: integer('owner_id'),
    uploadedBy: integer('uploaded_by').default(currentUserIdSql),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.companyId, t.ownerType, t.ownerId), tenantPolicy()],
).enableRLS();
