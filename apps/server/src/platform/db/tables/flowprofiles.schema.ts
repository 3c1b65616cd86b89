import { jsonb, pgTable, primaryKey, varchar } from 'drizzle-orm/pg-core';
import { companyRowId, createdAt, deletedAt, updatedAt } from '../columns';
import { companyIdColumn, tenantPolicy } from '../tenancy-sql';
import { company } from './companies.schema';

/**
 * Request profile (flow profile, spec 000 section 3). The company's standard one is named in
 * company_settings.standard_flowprofile_id; document and mail template defaults join `settings`
 * as their features arrive.
 */
export const flowProfile = pgTable(
  'flow_profile',
  {
    id: companyRowId(),
    companyId: companyIdColumn().references(() => company.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 200 }).notNull(),
    settings: jsonb('settings').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: deletedAt(),
  },
  (t) => [primaryKey({ columns: [t.id, t.companyId] }), tenantPolicy()],
).enableRLS();
