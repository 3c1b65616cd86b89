import { integer, jsonb, pgTable, primaryKey, text, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';
import { createdAt } from '../columns';
import { companyIdColumn, currentUserIdSql, tenantPolicy } from '../tenancy-sql';
import { company } from './companies.schema';

/** One record per long job (api-contract "Batch jobs"); its progress is written with each chunk. */
export const batch = pgTable(
  'batch',
  {
    id: uuid('id').notNull().defaultRandom(),
    companyId: companyIdColumn().references(() => company.id, { onDelete: 'cascade' }),
    type: varchar('type', { length: 60 }).notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    state: jsonb('state').$type<Record<string, unknown>>().notNull().default({}),
    progress: integer('progress').notNull().default(0),
    createdBy: integer('created_by').default(currentUserIdSql),
    createdAt: createdAt(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    error: text('error'),
    attempts: integer('attempts').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.id, t.companyId] }), tenantPolicy()],
).enableRLS();
