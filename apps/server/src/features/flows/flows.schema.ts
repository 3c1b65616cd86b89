import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt, deletedAt, idColumn, updatedAt } from '../../platform/db/columns';
import { companyIdColumn, tenantPolicy } from '../../platform/db/tenancy-sql';
import { company } from '../companies/companies.schema';
import { flowPhase } from '../flowphases/flowphases.schema';
import { flowProfile } from '../flowprofiles/flowprofiles.schema';
import { location } from '../locations/locations.schema';
import { relation } from '../relations/relations.schema';
import { user } from '../users/users.schema';

/**
 * The case file (dossier). `search_text` holds number, description, relation name and address,
 * kept current by the flow and relation use-cases, so overview search is one trigram index.
 */
export const flow = pgTable(
  'flow',
  {
    id: idColumn(),
    companyId: companyIdColumn().references(() => company.id, { onDelete: 'cascade' }),
    hash: varchar('hash', { length: 64 }).notNull(),
    number: integer('number').notNull(),
    description: varchar('description', { length: 500 }).notNull().default(''),
    flowStatus: varchar('flow_status', { length: 20 }).notNull().default('new'),
    flowPhaseId: integer('flow_phase_id').references(() => flowPhase.id, { onDelete: 'set null' }),
    userId: integer('user_id').references(() => user.id, { onDelete: 'set null' }),
    officeUserId: integer('office_user_id').references(() => user.id, { onDelete: 'set null' }),
    projectUserId: integer('project_user_id').references(() => user.id, { onDelete: 'set null' }),
    relationId: integer('relation_id')
      .notNull()
      .references(() => relation.id, { onDelete: 'cascade' }),
    locationId: integer('location_id').references(() => location.id, { onDelete: 'set null' }),
    leadSource: varchar('lead_source', { length: 100 }).notNull().default('Eigen website'),
    flowprofileId: integer('flowprofile_id').references(() => flowProfile.id, { onDelete: 'set null' }),
    partnerId: integer('partner_id'),
    partnerProjectId: integer('partner_project_id'),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    type: varchar('type', { length: 50 }).notNull().default(''),
    cancelReason: varchar('cancel_reason', { length: 200 }),
    mergedIntoFlowId: integer('merged_into_flow_id'),
    searchText: text('search_text').notNull().default(''),
    flowstageStartAt: timestamp('flowstage_start_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: deletedAt(),
  },
  (t) => [
    uniqueIndex('flow_hash_unique').on(t.hash),
    uniqueIndex('flow_company_number').on(t.companyId, t.number),
    index('flow_company_live_id').on(t.companyId, t.id).where(sql`deleted_at is null`),
    index('flow_company_status_id').on(t.companyId, t.flowStatus, t.id).where(sql`deleted_at is null`),
    index('flow_company_user_id').on(t.companyId, t.userId, t.id).where(sql`deleted_at is null`),
    index('flow_company_leadsource_id').on(t.companyId, t.leadSource, t.id).where(sql`deleted_at is null`),
    index('flow_company_updated').on(t.companyId, t.updatedAt).where(sql`deleted_at is null`),
    index('flow_relation').on(t.relationId),
    index('flow_search_trgm').using('gin', sql`${t.searchText} gin_trgm_ops`),
    index('flow_tags').using('gin', t.tags),
    tenantPolicy(),
  ],
).enableRLS();

/** Lead dates of a flow (spec 001 section 3): when it reached each stage. */
export const lead = pgTable(
  'lead',
  {
    id: idColumn(),
    companyId: companyIdColumn().references(() => company.id, { onDelete: 'cascade' }),
    flowId: integer('flow_id')
      .notNull()
      .unique()
      .references(() => flow.id, { onDelete: 'cascade' }),
    dateLead: timestamp('date_lead', { withTimezone: true }),
    dateIntake: timestamp('date_intake', { withTimezone: true }),
    dateQuotation: timestamp('date_quotation', { withTimezone: true }),
    dateConfirmation: timestamp('date_confirmation', { withTimezone: true }),
    dateProject: timestamp('date_project', { withTimezone: true }),
    dateProjectStart: timestamp('date_project_start', { withTimezone: true }),
    dateInvoice: timestamp('date_invoice', { withTimezone: true }),
    dateAftercare: timestamp('date_aftercare', { withTimezone: true }),
    dateArchived: timestamp('date_archived', { withTimezone: true }),
    updatedAt: updatedAt(),
  },
  () => [tenantPolicy()],
).enableRLS();

/** Per-company running numbers (flow numbers, later quotation and invoice numbers). */
export const companyCounter = pgTable(
  'company_counter',
  {
    companyId: companyIdColumn().references(() => company.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 40 }).notNull(),
    value: integer('value').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.name] }), tenantPolicy()],
).enableRLS();
