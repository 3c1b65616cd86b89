import { foreignKey, index, integer, pgTable, primaryKey, text, varchar } from 'drizzle-orm/pg-core';
import { companyRowId, createdAt, updatedAt } from '../columns';
import { companyIdColumn, tenantPolicy } from '../tenancy-sql';
import { company } from './companies.schema';
import { flow } from './flows.schema';
import { user } from './users.schema';

/**
 * A notification for a staff user (`notification_class` user) or for the customer of a flow
 * (customer): about a flow, message, quotation, invoice or incident. Read or unread.
 */
export const notification = pgTable(
  'notification',
  {
    id: companyRowId(),
    companyId: companyIdColumn().references(() => company.id, { onDelete: 'cascade' }),
    userId: integer('user_id'),
    notificationClass: varchar('notification_class', { length: 10 }).notNull().default('user'),
    notifiableType: varchar('notifiable_type', { length: 20 }).notNull(),
    notifiableId: integer('notifiable_id').notNull(),
    flowId: integer('flow_id'),
    content: text('content').notNull(),
    status: varchar('status', { length: 10 }).notNull().default('unread'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // The dropdown (a user's unread, newest first) and the overview (a user's day, newest first).
    primaryKey({ columns: [t.id, t.companyId] }),
    foreignKey({
      name: 'notification_user_id_fk',
      columns: [t.companyId, t.userId],
      foreignColumns: [user.companyId, user.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'notification_flow_id_fk',
      columns: [t.companyId, t.flowId],
      foreignColumns: [flow.companyId, flow.id],
    }).onDelete('cascade'),
    index('notification_user_status_created').on(t.userId, t.status, t.createdAt, t.id),
    index('notification_user_created').on(t.userId, t.createdAt, t.id),
    index('notification_flow').on(t.flowId, t.createdAt),
    index('notification_company_created').on(t.companyId, t.createdAt),
    tenantPolicy(),
  ],
).enableRLS();
