import { index, integer, jsonb, pgTable, primaryKey, text, varchar } from 'drizzle-orm/pg-core';
import { companyRowId, createdAt } from '../columns';
import { companyIdColumn, currentImpersonatorIdSql, currentUserIdSql, tenantPolicy } from '../tenancy-sql';
import { company } from './companies.schema';

/**
 * The change log. `user_id` and `admin_user_id` default to the transaction's acting user and the
 * platform admin behind a login-as session, so every change is attributed to both by construction.
 */
export const logItem = pgTable(
  'log_item',
  {
    id: companyRowId(),
    companyId: companyIdColumn().references(() => company.id, { onDelete: 'cascade' }),
    loggableType: varchar('loggable_type', { length: 50 }).notNull(),
    loggableId: integer('loggable_id'),
    action: varchar('action', { length: 50 }).notNull(),
    description: text('description').notNull().default(''),
    changes: jsonb('changes').$type<Record<string, unknown>>(),
    userId: integer('user_id').default(currentUserIdSql),
    adminUserId: integer('admin_user_id').default(currentImpersonatorIdSql),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.companyId] }),
    index().on(t.companyId, t.loggableType, t.loggableId),
    index().on(t.companyId, t.createdAt),
    tenantPolicy(),
  ],
).enableRLS();
