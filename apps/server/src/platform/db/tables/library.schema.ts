import { sql } from 'drizzle-orm';
import {
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { companyRowId, createdAt, idColumn, updatedAt } from '../columns';
import { companyIdColumn, currentUserIdSql, tenantPolicy } from '../tenancy-sql';
import { company } from './companies.schema';

/**
 * A picture or PDF in the company's media library (spec 000: upload, thumbnails, download, delete; decision
 * 064). The bytes live in the file storage under `storage_key` (pictures re-encoded without metadata, with a
 * thumbnail beside them); `public_token` is the secret in an image's address without login, so a mail
 * template or document can show it.
 */
export const mediaFile = pgTable(
  'media_file',
  {
    id: companyRowId(),
    companyId: companyIdColumn().references(() => company.id, { onDelete: 'cascade' }),
    filename: varchar('filename', { length: 255 }).notNull(),
    mimeType: varchar('mime_type', { length: 100 }).notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    width: integer('width'),
    height: integer('height'),
    storageKey: varchar('storage_key', { length: 300 }).notNull(),
    thumbnailKey: varchar('thumbnail_key', { length: 300 }),
    publicToken: varchar('public_token', { length: 64 }).notNull(),
    uploadedBy: integer('uploaded_by').default(currentUserIdSql),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('media_file_public_token_company_unique').on(t.publicToken, t.companyId),
    uniqueIndex('media_file_storage_key_company_unique').on(t.storageKey, t.companyId),
    primaryKey({ columns: [t.id, t.companyId] }),
    index().on(t.companyId, t.createdAt.desc(), t.id.desc()),
    index('media_file_filename_trgm').using('gin', sql`lower(${t.filename}) gin_trgm_ops`),
    tenantPolicy(),
  ],
).enableRLS();

/**
 * A library set: ready-made products, forms and templates the platform administrator curates for every
 * company to import (decision 064). Shared by all companies, so no company_id; only ADMIN routes write it.
 */
export const librarySet = pgTable(
  'library_set',
  {
    id: idColumn(),
    name: varchar('name', { length: 200 }).notNull(),
    description: text('description').notNull().default(''),
    tags: jsonb('tags').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('library_set_name_index').on(sql`lower(${t.name})`, t.id)],
);

/** One item of a library set: `data` holds what the company's own create call of its kind takes. */
export const libraryItem = pgTable(
  'library_item',
  {
    id: idColumn(),
    librarySetId: integer('library_set_id')
      .notNull()
      .references(() => librarySet.id, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 20 }).notNull(),
    name: varchar('name', { length: 200 }).notNull(),
    description: text('description').notNull().default(''),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    order: integer('order').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index().on(t.librarySetId, t.order, t.id)],
);
