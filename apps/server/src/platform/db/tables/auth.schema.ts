import { index, integer, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { createdAt, idColumn } from '../columns';
import { companyIdColumn, tenantPolicy } from '../tenancy-sql';
import { company } from './companies.schema';
import { user } from './users.schema';

/** A login session. Only the SHA-256 of the bearer token is stored. */
export const session = pgTable(
  'session',
  {
    id: idColumn(),
    tokenHash: varchar('token_hash', { length: 64 }).notNull().unique(),
    companyId: companyIdColumn().references(() => company.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    /** The platform admin behind a login-as session; null for an ordinary login. */
    impersonatorUserId: integer('impersonator_user_id').references(() => user.id, { onDelete: 'cascade' }),
    ip: varchar('ip', { length: 64 }),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [index().on(t.userId), tenantPolicy()],
).enableRLS();

export const passwordReset = pgTable(
  'password_reset',
  {
    id: idColumn(),
    tokenHash: varchar('token_hash', { length: 64 }).notNull().unique(),
    companyId: companyIdColumn().references(() => company.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index().on(t.userId), tenantPolicy()],
).enableRLS();

/** Failed login attempts, keyed by `ip:<address>` and `account:<email>`; pruned as they age. */
export const loginFailure = pgTable(
  'login_failure',
  {
    id: idColumn(),
    key: varchar('key', { length: 300 }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.key, t.createdAt)],
);
