import { sql } from 'drizzle-orm';
import {
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { companyRowId, createdAt, deletedAt, updatedAt } from '../columns';
import { companyIdColumn, tenantPolicy } from '../tenancy-sql';
import { company } from './companies.schema';
import { flowPhase } from './flowphases.schema';
import { flowProfile } from './flowprofiles.schema';
import { location } from './locations.schema';
import { relation } from './relations.schema';
import { user } from './users.schema';

/**
 * The case file (dossier). `search_text` holds number, description, relation name and address, and
 * `relation_fullname` the relation's name for sorting; both are kept current by
 * refreshFlowSearchText, which every use-case that changes one of those values calls.
 * A merged flow keeps its row with `merged_into_flow_id` and `deleted_at` set; it is never shown again.
 */
export const flow = pgTable(
  'flow',
  {
    id: companyRowId(),
    companyId: companyIdColumn().references(() => company.id, { onDelete: 'cascade' }),
    hash: varchar('hash', { length: 64 }).notNull(),
    number: integer('number').notNull(),
    description: varchar('description', { length: 500 }).notNull().default(''),
    flowStatus: varchar('flow_status', { length: 20 }).notNull().default('new'),
    flowPhaseId: integer('flow_phase_id'),
    userId: integer('user_id'),
    officeUserId: integer('office_user_id'),
    projectUserId: integer('project_user_id'),
    relationId: integer('relation_id').notNull(),
    locationId: integer('location_id'),
    leadSource: varchar('lead_source', { length: 100 }).notNull().default('Eigen website'),
    flowprofileId: integer('flowprofile_id'),
    partnerId: integer('partner_id'),
    partnerProjectId: integer('partner_project_id'),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    type: varchar('type', { length: 50 }).notNull().default(''),
    cancelReason: varchar('cancel_reason', { length: 200 }),
    mergedIntoFlowId: integer('merged_into_flow_id'),
    searchText: text('search_text').notNull().default(''),
    relationFullname: varchar('relation_fullname', { length: 310 }).notNull().default(''),
    flowstageStartAt: timestamp('flowstage_start_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: deletedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.companyId] }),
    foreignKey({
      name: 'flow_flow_phase_id_fk',
      columns: [t.companyId, t.flowPhaseId],
      foreignColumns: [flowPhase.companyId, flowPhase.id],
    }).onDelete('set null'),
    foreignKey({
      name: 'flow_user_id_fk',
      columns: [t.companyId, t.userId],
      foreignColumns: [user.companyId, user.id],
    }).onDelete('set null'),
    foreignKey({
      name: 'flow_office_user_id_fk',
      columns: [t.companyId, t.officeUserId],
      foreignColumns: [user.companyId, user.id],
    }).onDelete('set null'),
    foreignKey({
      name: 'flow_project_user_id_fk',
      columns: [t.companyId, t.projectUserId],
      foreignColumns: [user.companyId, user.id],
    }).onDelete('set null'),
    foreignKey({
      name: 'flow_relation_id_fk',
      columns: [t.companyId, t.relationId],
      foreignColumns: [relation.companyId, relation.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'flow_location_id_fk',
      columns: [t.companyId, t.locationId],
      foreignColumns: [location.companyId, location.id],
    }).onDelete('set null'),
    foreignKey({
      name: 'flow_flowprofile_id_fk',
      columns: [t.companyId, t.flowprofileId],
      foreignColumns: [flowProfile.companyId, flowProfile.id],
    }).onDelete('set null'),
    uniqueIndex('flow_hash_company_unique').on(t.hash, t.companyId),
    uniqueIndex('flow_company_number').on(t.companyId, t.number),
    index('flow_company_live_id').on(t.companyId, t.id).where(sql`deleted_at is null`),
    index('flow_company_status_id').on(t.companyId, t.flowStatus, t.id).where(sql`deleted_at is null`),
    index('flow_company_user_id').on(t.companyId, t.userId, t.id).where(sql`deleted_at is null`),
    index('flow_company_leadsource_id').on(t.companyId, t.leadSource, t.id).where(sql`deleted_at is null`),
    index('flow_company_updated').on(t.companyId, t.updatedAt, t.id).where(sql`deleted_at is null`),
    // Sort orders of the overview and the pipeline (docs/decisions/008-flow-lists-at-scale.md).
    index('flow_company_created').on(t.companyId, t.createdAt, t.id).where(sql`deleted_at is null`),
    index('flow_company_status_updated')
      .on(t.companyId, t.flowStatus, t.updatedAt, t.id)
      .where(sql`deleted_at is null`),
    index('flow_company_status_created')
      .on(t.companyId, t.flowStatus, t.createdAt, t.id)
      .where(sql`deleted_at is null`),
    index('flow_company_description').on(t.companyId, t.description, t.id).where(sql`deleted_at is null`),
    index('flow_company_relname').on(t.companyId, t.relationFullname, t.id).where(sql`deleted_at is null`),
    index('flow_company_status_stage')
      .on(t.companyId, t.flowStatus, t.flowstageStartAt, t.id)
      .where(sql`deleted_at is null`),
    index('flow_relation').on(t.relationId),
    // Deleting a location (with its relation, or an import's undo) checks the flows pointing at it.
    index('flow_location').on(t.locationId).where(sql`location_id is not null`),
    // A partner's flows (partner users, the partner's page, the rules' partner conditions).
    index('flow_company_partner')
      .on(t.companyId, t.partnerId, t.id)
      .where(sql`deleted_at is null and partner_id is not null`),
    // A partner project's flows (the cockpit's list, its filters and bulk actions; decision 062).
    index('flow_company_partner_project')
      .on(t.companyId, t.partnerProjectId, t.id)
      .where(sql`deleted_at is null and partner_project_id is not null`),
    index('flow_search_trgm').using('gin', sql`${t.searchText} gin_trgm_ops`),
    index('flow_tags').using('gin', t.tags),
    tenantPolicy(),
  ],
).enableRLS();

/**
 * Column sorts of the flow overview (description, relation name, created, updated) cut into ranges of
 * about FLOW_SORT_RANGE_SIZE live flows: `lo_*` is where a range starts in (value, id) order (text keys
 * use lo_text, time keys lo_time), `n` how many live flows of a status it holds: of all flows (dim ''),
 * and again per handler, lead source and tag, so one such filter can use the ranges. Triggers keep the counts
 * (migration 0008); sort-ranges.ts splits and merges ranges. docs/decisions/008-flow-lists-at-scale.md.
 */
export const flowSortRange = pgTable(
  'flow_sort_range',
  {
    companyId: integer('company_id').notNull(),
    sortKey: varchar('sort_key', { length: 20 }).notNull(),
    /** '' (every flow), 'user' (dim_value: handler id, 0 for none), 'source' (lead source) or 'tag'. */
    dim: varchar('dim', { length: 10 }).notNull().default(''),
    dimValue: varchar('dim_value', { length: 100 }).notNull().default(''),
    loText: varchar('lo_text', { length: 500 }).notNull().default(''),
    loTime: timestamp('lo_time', { withTimezone: true }).notNull().default(sql`'-infinity'`),
    loId: integer('lo_id').notNull().default(0),
    flowStatus: varchar('flow_status', { length: 20 }).notNull(),
    n: integer('n').notNull().default(0),
  },
  (t) => [
    primaryKey({
      name: 'flow_sort_range_pk',
      columns: [t.companyId, t.sortKey, t.dim, t.dimValue, t.loText, t.loTime, t.loId, t.flowStatus],
    }),
    tenantPolicy(),
  ],
).enableRLS();

/** Lead dates of a flow (spec 001 section 3): when it reached each stage. */
export const lead = pgTable(
  'lead',
  {
    id: companyRowId(),
    companyId: companyIdColumn().references(() => company.id, { onDelete: 'cascade' }),
    flowId: integer('flow_id').notNull(),
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
  (t) => [
    uniqueIndex('lead_company_flow_unique').on(t.companyId, t.flowId),
    primaryKey({ columns: [t.id, t.companyId] }),
    foreignKey({
      name: 'lead_flow_id_fk',
      columns: [t.companyId, t.flowId],
      foreignColumns: [flow.companyId, flow.id],
    }).onDelete('cascade'),
    tenantPolicy(),
  ],
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

/**
 * Exact counts of live flows per status and id bucket (`id >> 16`), for the flow overview's totals
 * and deep pages (docs/decisions/008). Every flow counts in four cubes: all users and sources
 * (`user_id` -1, `lead_source` ''), per user (0 = none), per source, and per user and source; and once
 * more per tag (`tag` '' counts every flow). A query reads the one cube its filters and sort need.
 * Maintained only by the statement triggers on `flow` (migration 0005), never by code.
 */
export const flowTally = pgTable(
  'flow_tally',
  {
    // No foreign key: the triggers also run inside a company's cascading delete (derived rows, no owner).
    companyId: companyIdColumn(),
    tag: varchar('tag', { length: 100 }).notNull(),
    userId: integer('user_id').notNull(),
    leadSource: varchar('lead_source', { length: 100 }).notNull(),
    flowStatus: varchar('flow_status', { length: 20 }).notNull(),
    bucket: integer('bucket').notNull(),
    n: integer('n').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.tag, t.userId, t.leadSource, t.flowStatus, t.bucket] }),
    tenantPolicy(),
  ],
).enableRLS();
