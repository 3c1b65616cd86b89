import { index, integer, pgTable, primaryKey, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';
import { companyIdColumn, tenantPolicy } from '../tenancy-sql';
import { company } from './companies.schema';

/**
 * A create sent with an `Idempotency-Key` (decision 069): the key, what it created and where, in the
 * same transaction as the created row, so the same request sent again (a device's outbox replaying after
 * a lost answer, a crash) answers what the first made instead of making a second.
 */
export const requestOnce = pgTable(
  'request_once',
  {
    companyId: companyIdColumn().references(() => company.id, { onDelete: 'cascade' }),
    key: uuid('key').notNull(),
    /** What the key made: 'note', 'picture'. The same key for another kind is refused. */
    scope: varchar('scope', { length: 30 }).notNull(),
    resourceId: integer('resource_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.key] }),
    index('request_once_created').on(t.createdAt),
    tenantPolicy(),
  ],
).enableRLS();
