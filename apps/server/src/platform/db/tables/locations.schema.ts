import { boolean, doublePrecision, index, integer, pgTable, varchar } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, updatedAt } from '../columns';
import { companyIdColumn, tenantPolicy } from '../tenancy-sql';
import { company } from './companies.schema';
import { organization } from './organizations.schema';
import { relation } from './relations.schema';

export const locationType = pgTable(
  'location_type',
  {
    id: idColumn(),
    companyId: companyIdColumn().references(() => company.id, { onDelete: 'cascade' }),
    label: varchar('label', { length: 100 }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index().on(t.companyId), tenantPolicy()],
).enableRLS();

/** An address of a relation or organization; the main one is the relation's (first) address. */
export const location = pgTable(
  'location',
  {
    id: idColumn(),
    companyId: companyIdColumn().references(() => company.id, { onDelete: 'cascade' }),
    relationId: integer('relation_id').references(() => relation.id, { onDelete: 'cascade' }),
    organizationId: integer('organization_id').references(() => organization.id, { onDelete: 'cascade' }),
    locationTypeId: integer('location_type_id').references(() => locationType.id, { onDelete: 'set null' }),
    description: varchar('description', { length: 200 }).notNull().default(''),
    address: varchar('address', { length: 200 }).notNull().default(''),
    number: varchar('number', { length: 20 }).notNull().default(''),
    numberAddition: varchar('number_addition', { length: 20 }).notNull().default(''),
    postcode: varchar('postcode', { length: 10 }).notNull().default(''),
    city: varchar('city', { length: 100 }).notNull().default(''),
    country: varchar('country', { length: 100 }).notNull().default('Nederland'),
    isMain: boolean('is_main').notNull().default(false),
    lat: doublePrecision('lat'),
    lng: doublePrecision('lng'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index().on(t.relationId),
    index().on(t.organizationId),
    index('location_postcode').on(t.companyId, t.postcode),
    tenantPolicy(),
  ],
).enableRLS();
