import { sql } from 'drizzle-orm';
import {
  doublePrecision,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  varchar,
} from 'drizzle-orm/pg-core';
import { companyRowId, createdAt, deletedAt, updatedAt } from '../columns';
import { companyIdColumn, tenantPolicy } from '../tenancy-sql';
import { company } from './companies.schema';
import { flowProfile } from './flowprofiles.schema';

export const organization = pgTable(
  'organization',
  {
    id: companyRowId(),
    companyId: companyIdColumn().references(() => company.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 200 }).notNull(),
    email: varchar('email', { length: 254 }).notNull().default(''),
    phone: varchar('phone', { length: 40 }).notNull().default(''),
    cocNumber: varchar('coc_number', { length: 20 }).notNull().default(''),
    vatNumber: varchar('vat_number', { length: 30 }).notNull().default(''),
    /** A government body's OIN (20 digits), its e-invoice address (Peppol scheme 0190); decision 035. */
    oin: varchar('oin', { length: 20 }).notNull().default(''),
    /** 'Uw referentie' and 'Inkoopordernummer': the defaults of its invoices' BT-10 and BT-13. */
    buyerReference: varchar('buyer_reference', { length: 100 }).notNull().default(''),
    orderReference: varchar('order_reference', { length: 100 }).notNull().default(''),
    country: varchar('country', { length: 100 }).notNull().default('Nederland'),
    leadSource: varchar('lead_source', { length: 100 }).notNull().default('Eigen website'),
    flowprofileId: integer('flowprofile_id'),
    /** The relation that is the organization's contact person (no FK: relations reference organizations). */
    contactpersonId: integer('contactperson_id'),
    lat: doublePrecision('lat'),
    lng: doublePrecision('lng'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: deletedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.companyId] }),
    foreignKey({
      name: 'organization_flowprofile_id_fk',
      columns: [t.companyId, t.flowprofileId],
      foreignColumns: [flowProfile.companyId, flowProfile.id],
    }).onDelete('set null'),
    index().on(t.companyId, t.name),
    index('organization_name_trgm').using('gin', sql`${t.name} gin_trgm_ops`),
    tenantPolicy(),
  ],
).enableRLS();
