import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { companyRowId, createdAt, deletedAt, updatedAt } from '../columns';
import { companyIdColumn, tenantPolicy } from '../tenancy-sql';
import { company } from './companies.schema';

export const user = pgTable(
  'user',
  {
    id: companyRowId(),
    companyId: companyIdColumn().references(() => company.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 100 }).notNull(),
    nameprefix: varchar('nameprefix', { length: 50 }).notNull().default(''),
    surname: varchar('surname', { length: 100 }).notNull().default(''),
    email: varchar('email', { length: 254 }).notNull(),
    passwordHash: varchar('password_hash', { length: 200 }).notNull(),
    role: integer('role').notNull().default(100),
    userType: varchar('user_type', { length: 20 }).notNull().default('standard'),
    order: integer('order').notNull().default(0),
    partnerId: integer('partner_id'),
    flowprofileId: integer('flowprofile_id'),
    moduleBlacklist: jsonb('module_blacklist').$type<string[]>().notNull().default([]),
    hideFromPlanning: boolean('hide_from_planning').notNull().default(false),
    receivesNewsletter: boolean('receives_newsletter').notNull().default(false),
    simplemode: smallint('simplemode').notNull().default(0),
    altDashboard: varchar('alt_dashboard', { length: 20 }).notNull().default(''),
    experimentalFeatureFlags: jsonb('experimental_feature_flags').$type<string[]>().notNull().default([]),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: deletedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.companyId] }),
    uniqueIndex('user_email_lower_unique').on(sql`lower(${t.email})`).where(sql`deleted_at is null`),
    index().on(t.companyId),
    // querypaginated searches name, surname and e-mail with ILIKE (pg_trgm) and sorts by lower(name).
    index('user_search_trgm_index').using(
      'gin',
      t.name.op('gin_trgm_ops'),
      t.surname.op('gin_trgm_ops'),
      t.email.op('gin_trgm_ops'),
    ),
    index('user_name_lower_index').on(sql`lower(${t.name})`),
    tenantPolicy(),
  ],
).enableRLS();
