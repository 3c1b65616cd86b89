import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { companyRowId, createdAt, idColumn, updatedAt } from '../columns';
import { companyIdColumn, tenantPolicy } from '../tenancy-sql';
import { company, module } from './companies.schema';

/** A package of modules a company can subscribe to; platform data, not company-owned. */
export const subscriptionType = pgTable(
  'subscription_type',
  {
    id: idColumn(),
    name: varchar('name', { length: 100 }).notNull(),
    description: text('description').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('subscription_type_name_lower_unique').on(sql`lower(${t.name})`)],
);

export const subscriptionTypeModule = pgTable(
  'subscription_type_module',
  {
    subscriptionTypeId: integer('subscription_type_id')
      .notNull()
      .references(() => subscriptionType.id, { onDelete: 'cascade' }),
    moduleId: integer('module_id')
      .notNull()
      .references(() => module.id),
  },
  (t) => [primaryKey({ columns: [t.subscriptionTypeId, t.moduleId] }), index().on(t.moduleId)],
);

/** A company's subscription to a type; company-owned. */
export const subscription = pgTable(
  'subscription',
  {
    id: companyRowId(),
    companyId: companyIdColumn().references(() => company.id, { onDelete: 'cascade' }),
    subscriptionTypeId: integer('subscription_type_id')
      .notNull()
      .references(() => subscriptionType.id),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.companyId] }),
    index().on(t.companyId, t.startDate),
    index().on(t.subscriptionTypeId),
    check('subscription_end_not_before_start', sql`${t.endDate} is null or ${t.endDate} >= ${t.startDate}`),
    tenantPolicy(),
  ],
).enableRLS();
