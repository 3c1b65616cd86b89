import { integer, timestamp } from 'drizzle-orm/pg-core';

export const idColumn = () => integer('id').primaryKey().generatedByDefaultAsIdentity();
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
export const deletedAt = () => timestamp('deleted_at', { withTimezone: true });
/**
 * The `id` of a company table: an identity, unique in practice, but the primary key is `(id, company_id)`
 * (`primaryKey({ columns: [t.id, t.companyId] })`) so the table can be distributed by company; `id` first,
 * so a read by id (row-level security adds an OR, not an index condition) still finds its row through
 * the key's index (docs/decisions/072-citus-ready-keys.md).
 */
export const companyRowId = () => integer('id').notNull().generatedByDefaultAsIdentity();
