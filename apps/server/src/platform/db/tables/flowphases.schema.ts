import { index, integer, pgTable, primaryKey, varchar } from 'drizzle-orm/pg-core';
import { companyRowId, createdAt, updatedAt } from '../columns';
import { companyIdColumn, tenantPolicy } from '../tenancy-sql';
import { company } from './companies.schema';

/** Sub-status of a flow within its stage (spec 001 sections 3 and 4). */
export const flowPhase = pgTable(
  'flow_phase',
  {
    id: companyRowId(),
    companyId: companyIdColumn().references(() => company.id, { onDelete: 'cascade' }),
    description: varchar('description', { length: 200 }).notNull(),
    color: varchar('color', { length: 20 }).notNull().default('gray'),
    flowstage: varchar('flowstage', { length: 20 }).notNull(),
    order: integer('order').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.companyId] }),
    index().on(t.companyId, t.flowstage, t.order),
    tenantPolicy(),
  ],
).enableRLS();
