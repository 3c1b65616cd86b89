import { type SQL, sql } from 'drizzle-orm';
import { doublePrecision, index, integer, pgTable, varchar } from 'drizzle-orm/pg-core';
import { createdAt, deletedAt, idColumn, updatedAt } from '../../platform/db/columns';
import { companyIdColumn, tenantPolicy } from '../../platform/db/tenancy-sql';
import { company } from '../companies/companies.schema';
import { flowProfile } from '../flowprofiles/flowprofiles.schema';
import { organization } from '../organizations/organizations.schema';

/** A customer (person). `fullname` is derived by the database, so it can never disagree with its parts. */
export const relation = pgTable(
  'relation',
  {
    id: idColumn(),
    companyId: companyIdColumn().references(() => company.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 100 }).notNull().default(''),
    nameprefix: varchar('nameprefix', { length: 50 }).notNull().default(''),
    surname: varchar('surname', { length: 150 }).notNull().default(''),
    fullname: varchar('fullname', { length: 310 }).generatedAlwaysAs(
      (): SQL =>
        // concat_ws is only STABLE; a generated column needs IMMUTABLE operators.
        sql`btrim(regexp_replace(${relation.name} || ' ' || ${relation.nameprefix} || ' ' || ${relation.surname}, '\\s+', ' ', 'g'))`,
    ),
    email: varchar('email', { length: 254 }).notNull().default(''),
    phone: varchar('phone', { length: 40 }).notNull().default(''),
    mobile: varchar('mobile', { length: 40 }).notNull().default(''),
    country: varchar('country', { length: 100 }).notNull().default('Nederland'),
    leadSource: varchar('lead_source', { length: 100 }).notNull().default('Eigen website'),
    flowprofileId: integer('flowprofile_id').references(() => flowProfile.id, { onDelete: 'set null' }),
    organizationId: integer('organization_id').references(() => organization.id, { onDelete: 'set null' }),
    lat: doublePrecision('lat'),
    lng: doublePrecision('lng'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: deletedAt(),
  },
  (t) => [
    index('relation_company_live').on(t.companyId, t.id).where(sql`deleted_at is null`),
    index('relation_company_trashed').on(t.companyId, t.deletedAt).where(sql`deleted_at is not null`),
    index('relation_company_surname').on(t.companyId, t.surname, t.id),
    index('relation_fullname_trgm').using('gin', sql`${t.fullname} gin_trgm_ops`),
    index().on(t.organizationId),
    tenantPolicy(),
  ],
).enableRLS();
