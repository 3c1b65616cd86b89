import { integer, timestamp } from 'drizzle-orm/pg-core';

export const idColumn = () => integer('id').primaryKey().generatedByDefaultAsIdentity();
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
export const deletedAt = () => timestamp('deleted_at', { withTimezone: true });
/**
 * The `id` of a company table: an identity, unique in practice, but the primary key is
 * `(company_id, id)` (`primaryKey({ columns: [t.companyId, t.id] })`) so the table can be distributed
 * by company (docs/decisions/072-citus-ready-keys.md).
 */
export const companyRowId = () => integer('id').notNull().generatedByDefaultAsIdentity();
