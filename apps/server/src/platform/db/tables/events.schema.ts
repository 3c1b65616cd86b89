import { sql } from 'drizzle-orm';
import {
  bigint,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { companyIdColumn, currentImpersonatorIdSql, currentUserIdSql, tenantPolicy } from '../tenancy-sql';

const xid8 = customType<{ data: string }>({ dataType: () => 'xid8' });

/**
 * The outbox: one row per domain event, written in the transaction of the change. `txid` (the
 * writing transaction) lets durable consumers read only what can no longer be overtaken by a
 * transaction still in flight (see consume-events.ts).
 */
export const domainEvent = pgTable(
  'domain_event',
  {
    id: bigint('id', { mode: 'number' }).notNull().generatedByDefaultAsIdentity(),
    txid: xid8('txid').notNull().default(sql`pg_current_xact_id()`),
    companyId: companyIdColumn(),
    kind: varchar('kind', { length: 80 }).notNull(),
    entityType: varchar('entity_type', { length: 50 }).notNull(),
    entityId: integer('entity_id'),
    flowId: integer('flow_id'),
    actorUserId: integer('actor_user_id').default(currentUserIdSql),
    actorAdminUserId: integer('actor_admin_user_id').default(currentImpersonatorIdSql),
    changed: jsonb('changed').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    /** The logged changes (values too), for durable consumers only: the live channel never sends them. */
    changes: jsonb('changes').$type<Record<string, unknown>>(),
    /** How many workflow rules deep the change is (0: a person or the customer made it); see decision 027. */
    ruleDepth: smallint('rule_depth')
      .notNull()
      .default(sql`coalesce(nullif(current_setting('app.rule_depth', true), '')::smallint, 0)`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.companyId] }),
    index().on(t.txid, t.id),
    index().on(t.createdAt),
    tenantPolicy(),
  ],
).enableRLS();

/** Where each durable consumer stands in the outbox: the last (txid, id) it has handled. */
export const eventConsumer = pgTable('event_consumer', {
  name: varchar('name', { length: 100 }).primaryKey(),
  lastTxid: xid8('last_txid').notNull().default(sql`'0'::xid8`),
  lastId: bigint('last_id', { mode: 'number' }).notNull().default(0),
  failures: integer('failures').notNull().default(0),
  lastError: text('last_error'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
