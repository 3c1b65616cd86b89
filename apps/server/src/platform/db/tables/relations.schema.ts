import { type SQL, sql } from 'drizzle-orm';
import {
  bigint,
  doublePrecision,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  varchar,
} from 'drizzle-orm/pg-core';
import { companyRowId, createdAt, deletedAt, updatedAt } from '../columns';
import { companyIdColumn, tenantPolicy } from '../tenancy-sql';
import { company } from './companies.schema';
import { flowProfile } from './flowprofiles.schema';
import { organization } from './organizations.schema';

/**
 * A customer (person). `fullname` is derived by the database, so it can never disagree with its parts.
 * `search_text`, `main_city` and `main_location_id` are kept by database triggers (migrations
 * crm_relations_extra, crm_relations_extra_search and relation_main_location) from the name, e-mail and main location, whoever writes them; `relation_search_ids()` searches them (docs/decisions/007).
 */
export const relation = pgTable(
  'relation',
  {
    id: companyRowId(),
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
    /** Defaults for this customer's invoices (BT-10, BT-13), before an organization's (decision 044). */
    buyerReference: varchar('buyer_reference', { length: 100 }).notNull().default(''),
    orderReference: varchar('order_reference', { length: 100 }).notNull().default(''),
    flowprofileId: integer('flowprofile_id'),
    organizationId: integer('organization_id'),
    /** The main flow chosen with update_reason flowchange (no FK: flows reference relations); else the newest. */
    flowId: integer('flow_id'),
    lat: doublePrecision('lat'),
    lng: doublePrecision('lng'),
    /** ' ' + lower(name, e-mail, main address): set by trigger, searched through relation_search_ids(). */
    searchText: text('search_text').notNull().default(''),
    /** City of the main location, set by trigger: the overview sorts on it. */
    mainCity: varchar('main_city', { length: 100 }).notNull().default(''),
    /**
     * The main location (is_main first, then the oldest), set by the same trigger: rows that show the
     * relation's address join it by id instead of sorting its locations per row (decision 077). No foreign
     * key: it is derived, and the trigger keeps it on every insert, move and delete of a location.
     */
    mainLocationId: integer('main_location_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: deletedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.companyId] }),
    foreignKey({
      name: 'relation_flowprofile_id_fk',
      columns: [t.companyId, t.flowprofileId],
      foreignColumns: [flowProfile.companyId, flowProfile.id],
    }).onDelete('set null'),
    foreignKey({
      name: 'relation_organization_id_fk',
      columns: [t.companyId, t.organizationId],
      foreignColumns: [organization.companyId, organization.id],
    }).onDelete('set null'),
    index('relation_company_live').on(t.companyId, t.id).where(sql`deleted_at is null`),
    index('relation_company_trashed').on(t.companyId, t.deletedAt).where(sql`deleted_at is not null`),
    index('relation_company_surname').on(t.companyId, t.surname, t.id),
    index('relation_fullname_trgm').using('gin', sql`${t.fullname} gin_trgm_ops`),
    index('relation_search_trgm').using('gin', sql`${t.searchText} gin_trgm_ops`),
    // One per sortable overview column, live rows only: a page is an index range, never a sort of all rows.
    index('relation_company_created').on(t.companyId, t.createdAt, t.id).where(sql`deleted_at is null`),
    index('relation_company_updated').on(t.companyId, t.updatedAt, t.id).where(sql`deleted_at is null`),
    index('relation_company_fullname').on(t.companyId, t.fullname, t.id).where(sql`deleted_at is null`),
    index('relation_company_email').on(t.companyId, t.email, t.id).where(sql`deleted_at is null`),
    index('relation_company_city').on(t.companyId, t.mainCity, t.id).where(sql`deleted_at is null`),
    index('relation_company_leadsource').on(t.companyId, t.leadSource, t.id).where(sql`deleted_at is null`),
    index().on(t.organizationId),
    tenantPolicy(),
  ],
).enableRLS();

/**
 * The number of a company's live and trashed relations as changes to it (docs/decisions/014): the relation
 * overview's total is the sum of the company's rows, a few dozen whatever the number of relations, instead
 * of a count of every relation on every page. Triggers on `relation` (migration relation_tally) add a row
 * per company and statement that changes the numbers; rows are only inserted, so writers never wait for
 * each other; every 64th row folds the company's rows into one. A row becomes visible with the change it
 * counts, so a total always agrees with the relations the same snapshot sees. Derived rows: no foreign key
 * (the triggers also run inside a company's cascading delete, which removes its rows).
 */
export const relationTally = pgTable(
  'relation_tally',
  {
    id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity(),
    companyId: companyIdColumn(),
    live: integer('live').notNull(),
    trashed: integer('trashed').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.companyId] }),
    index('relation_tally_company').on(t.companyId),
    tenantPolicy(),
  ],
).enableRLS();
