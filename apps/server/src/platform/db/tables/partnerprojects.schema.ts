import type { ModelFlow, SelectableDocument } from '@im/domain';
import { sql } from 'drizzle-orm';
import {
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { companyRowId, createdAt, updatedAt } from '../columns';
import { companyIdColumn, tenantPolicy } from '../tenancy-sql';
import { company } from './companies.schema';
import { salesDocument } from './documents.schema';
import { flowProfile } from './flowprofiles.schema';
import { flow } from './flows.schema';
import { partner } from './partners.schema';

/**
 * A partner project (spec 001 section 3): many work-address flows of one partner, run from the cockpit.
 * Its flows point at it by `flow.partner_project_id`; `status` is the project's phase (spec 001 section 4).
 * The main flow carries the combined quotation or invoice; model flows are the type models copied from
 * (decision 062). `mainflow_id`, `relation_id` and `user_id` have no foreign key: every use-case checks them
 * against the caller's company and a read shows a gone one as none.
 */
export const partnerProject = pgTable(
  'partner_project',
  {
    id: companyRowId(),
    companyId: companyIdColumn().references(() => company.id, { onDelete: 'cascade' }),
    partnerId: integer('partner_id').notNull(),
    label: varchar('label', { length: 200 }).notNull(),
    status: varchar('status', { length: 30 }).notNull().default('new'),
    mainflowId: integer('mainflow_id'),
    startDate: date('start_date', { mode: 'string' }),
    endDate: date('end_date', { mode: 'string' }),
    relationId: integer('relation_id'),
    userId: integer('user_id'),
    flowprofileId: integer('flowprofile_id'),
    quotationCalcMethod: varchar('quotation_calc_method', { length: 40 }),
    invoiceCalcMethod: varchar('invoice_calc_method', { length: 40 }),
    invoiceMethod: varchar('invoice_method', { length: 40 }),
    progressThresholdMethod: varchar('progress_threshold_method', { length: 40 }),
    progressThresholdAmount: numeric('progress_threshold_amount', { precision: 18, scale: 2 }),
    quotationableDocuments: jsonb('quotationable_documents')
      .$type<SelectableDocument[]>()
      .notNull()
      .default([]),
    invoiceableDocuments: jsonb('invoiceable_documents').$type<SelectableDocument[]>().notNull().default([]),
    modelFlows: jsonb('model_flows').$type<ModelFlow[]>().notNull().default([]),
    flowTypes: jsonb('flow_types').$type<string[]>().notNull().default([]),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.companyId] }),
    foreignKey({
      name: 'partner_project_partner_id_fk',
      columns: [t.companyId, t.partnerId],
      foreignColumns: [partner.companyId, partner.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'partner_project_flowprofile_id_fk',
      columns: [t.companyId, t.flowprofileId],
      foreignColumns: [flowProfile.companyId, flowProfile.id],
    }).onDelete('set null'),
    index().on(t.companyId, t.partnerId, t.id),
    index().on(t.companyId, t.label, t.id),
    tenantPolicy(),
  ],
).enableRLS();

/**
 * Which flows went into a combined quotation or invoice on the project's main flow (decision 066): an
 * invoice method that takes finished work ('finished_flows', 'finished_tasks', 'finished_verticals') takes a
 * flow once, and the threshold's invoiceable amount leaves out what a live project invoice already holds.
 */
export const partnerProjectDocumentFlow = pgTable(
  'partner_project_document_flow',
  {
    id: companyRowId(),
    companyId: companyIdColumn().references(() => company.id, { onDelete: 'cascade' }),
    partnerProjectId: integer('partner_project_id').notNull(),
    documentId: integer('document_id').notNull(),
    flowId: integer('flow_id').notNull(),
    kind: varchar('kind', { length: 20 }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.companyId] }),
    foreignKey({
      name: 'partner_project_document_flow_partner_project_id_fk',
      columns: [t.companyId, t.partnerProjectId],
      foreignColumns: [partnerProject.companyId, partnerProject.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'partner_project_document_flow_document_id_fk',
      columns: [t.companyId, t.documentId],
      foreignColumns: [salesDocument.companyId, salesDocument.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'partner_project_document_flow_flow_id_fk',
      columns: [t.companyId, t.flowId],
      foreignColumns: [flow.companyId, flow.id],
    }).onDelete('cascade'),
    uniqueIndex('partner_project_document_flow_unique').on(t.companyId, t.documentId, t.flowId),
    index().on(t.companyId, t.partnerProjectId, t.flowId),
    tenantPolicy(),
  ],
).enableRLS();
