import {
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { companyRowId, createdAt, idColumn } from '../columns';
import { companyIdColumn, tenantPolicy } from '../tenancy-sql';
import { company } from './companies.schema';
import { user } from './users.schema';

/** A login session. Only the SHA-256 of the bearer token is stored. */
export const session = pgTable(
  'session',
  {
    id: companyRowId(),
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    companyId: companyIdColumn().references(() => company.id, { onDelete: 'cascade' }),
    userId: integer('user_id').notNull(),
    /**
     * The platform admin behind a login-as session; null for an ordinary login. A user of the platform's
     * own company, so of another company than the session: no foreign key (as `log_item.admin_user_id`;
     * decision 072). Users are only ever soft-deleted, so the key's old ON DELETE CASCADE never acted.
     */
    impersonatorUserId: integer('impersonator_user_id'),
    ip: varchar('ip', { length: 64 }),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('session_token_company_unique').on(t.tokenHash, t.companyId),
    primaryKey({ columns: [t.id, t.companyId] }),
    foreignKey({
      name: 'session_user_id_fk',
      columns: [t.companyId, t.userId],
      foreignColumns: [user.companyId, user.id],
    }).onDelete('cascade'),
    index().on(t.userId),
    tenantPolicy(),
  ],
).enableRLS();

export const passwordReset = pgTable(
  'password_reset',
  {
    id: companyRowId(),
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    companyId: companyIdColumn().references(() => company.id, { onDelete: 'cascade' }),
    userId: integer('user_id').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('password_reset_token_company_unique').on(t.tokenHash, t.companyId),
    primaryKey({ columns: [t.id, t.companyId] }),
    foreignKey({
      name: 'password_reset_user_id_fk',
      columns: [t.companyId, t.userId],
      foreignColumns: [user.companyId, user.id],
    }).onDelete('cascade'),
    index().on(t.userId),
    tenantPolicy(),
  ],
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
