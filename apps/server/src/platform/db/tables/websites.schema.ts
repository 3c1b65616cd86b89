import type { WebsiteMappingRow } from '@im/domain';
import { sql } from 'drizzle-orm';
import {
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { companyRowId, createdAt, updatedAt } from '../columns';
import { companyIdColumn, tenantPolicy } from '../tenancy-sql';
import { company } from './companies.schema';
import { flowProfile } from './flowprofiles.schema';
import { user } from './users.schema';

/**
 * A website whose form posts leads (spec 002; decision 026). `key` is the public endpoint's only
 * credential; `leads_count` counts the flows created from it (kept here, in the lead's transaction, so
 * the flow table stays untouched); `cap_window_*` is the per-website hourly cap, shared by every
 * server process because it lives in the row.
 */
export const website = pgTable(
  'website',
  {
    id: companyRowId(),
    companyId: companyIdColumn().references(() => company.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 200 }).notNull(),
    siteurl: varchar('siteurl', { length: 500 }).notNull().default(''),
    leadSource: varchar('lead_source', { length: 100 }).notNull().default('Eigen website'),
    flowprofileId: integer('flowprofile_id'),
    /** The sales handler of its leads; required by the API, null only when the user was removed. */
    userId: integer('user_id'),
    status: varchar('status', { length: 10 }).notNull().default('concept'),
    mapping: jsonb('mapping').$type<WebsiteMappingRow[]>().notNull().default(sql`'[]'::jsonb`),
    key: varchar('key', { length: 64 }).notNull(),
    leadsCount: integer('leads_count').notNull().default(0),
    capWindowStart: timestamp('cap_window_start', { withTimezone: true }),
    capWindowCount: integer('cap_window_count').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.companyId] }),
    foreignKey({
      name: 'website_flowprofile_id_fk',
      columns: [t.companyId, t.flowprofileId],
      foreignColumns: [flowProfile.companyId, flowProfile.id],
    }).onDelete('set null'),
    foreignKey({
      name: 'website_user_id_fk',
      columns: [t.companyId, t.userId],
      foreignColumns: [user.companyId, user.id],
    }).onDelete('set null'),
    index('website_company').on(t.companyId, t.name),
    uniqueIndex('website_key_company_unique').on(t.key, t.companyId),
    tenantPolicy(),
  ],
).enableRLS();
