import {
  boolean,
  doublePrecision,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  varchar,
} from 'drizzle-orm/pg-core';
import { companyRowId, createdAt, updatedAt } from '../columns';
import { companyIdColumn, tenantPolicy } from '../tenancy-sql';
import { company } from './companies.schema';
import { organization } from './organizations.schema';
import { relation } from './relations.schema';

export const locationType = pgTable(
  'location_type',
  {
    id: companyRowId(),
    companyId: companyIdColumn().references(() => company.id, { onDelete: 'cascade' }),
    label: varchar('label', { length: 100 }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.id, t.companyId] }), index().on(t.companyId), tenantPolicy()],
).enableRLS();

/** An address of a relation or organization; the main one is the relation's (first) address. */
export const location = pgTable(
  'location',
  {
    id: companyRowId(),
    companyId: companyIdColumn().references(() => company.id, { onDelete: 'cascade' }),
    relationId: integer('relation_id'),
    organizationId: integer('organization_id'),
    locationTypeId: integer('location_type_id'),
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
    primaryKey({ columns: [t.id, t.companyId] }),
    foreignKey({
      name: 'location_relation_id_fk',
      columns: [t.companyId, t.relationId],
      foreignColumns: [relation.companyId, relation.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'location_organization_id_fk',
      columns: [t.companyId, t.organizationId],
      foreignColumns: [organization.companyId, organization.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'location_location_type_id_fk',
      columns: [t.companyId, t.locationTypeId],
      foreignColumns: [locationType.companyId, locationType.id],
    }).onDelete('set null'),
    index().on(t.relationId),
    index().on(t.organizationId),
    index('location_postcode').on(t.companyId, t.postcode),
    tenantPolicy(),
  ],
).enableRLS();
