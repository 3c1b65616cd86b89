import { date, foreignKey, index, integer, pgTable, primaryKey, varchar } from 'drizzle-orm/pg-core';
import { companyRowId, createdAt, updatedAt } from '../columns';
import { companyIdColumn, tenantPolicy } from '../tenancy-sql';
import { company } from './companies.schema';
import { flowProfile } from './flowprofiles.schema';

/**
 * A partner (spec 001 section 3): a principal such as a housing corporation or an energy supplier whose
 * flows the company runs. Flows and partner users point at it by `partner_id`; deleting it removes its
 * users and unlinks its flows (decision 056).
 */
export const partner = pgTable(
  'partner',
  {
    id: companyRowId(),
    companyId: companyIdColumn().references(() => company.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 200 }).notNull(),
    startDate: date('start_date', { mode: 'string' }),
    endDate: date('end_date', { mode: 'string' }),
    /** The request profile new flows of this partner get. */
    flowprofileId: integer('flowprofile_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.companyId] }),
    foreignKey({
      name: 'partner_flowprofile_id_fk',
      columns: [t.companyId, t.flowprofileId],
      foreignColumns: [flowProfile.companyId, flowProfile.id],
    }).onDelete('set null'),
    index().on(t.companyId, t.name),
    tenantPolicy(),
  ],
).enableRLS();
