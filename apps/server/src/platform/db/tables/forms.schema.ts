import type { CalculationRule, FormValue, ShowRule } from '@im/domain';
import {
  boolean,
  doublePrecision,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { companyRowId, createdAt, updatedAt } from '../columns';
import { companyIdColumn, tenantPolicy } from '../tenancy-sql';
import { company } from './companies.schema';
import { flow } from './flows.schema';
import { relation } from './relations.schema';

/** A form (vertical, spec 002 section 3): intake, project or aftercare. Deleting only archives it. */
export const vertical = pgTable(
  'vertical',
  {
    id: companyRowId(),
    companyId: companyIdColumn().references(() => company.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 200 }).notNull(),
    type: varchar('type', { length: 12 }).notNull().default('intake'),
    description: text('description').notNull().default(''),
    isRecurring: boolean('is_recurring').notNull().default(false),
    archived: boolean('archived').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.companyId] }),
    index('vertical_company_name').on(t.companyId, t.archived, t.name),
    tenantPolicy(),
  ],
).enableRLS();

/** A data field of a form, ordered by `order`; show rules and formula rules as JSON lists. */
export const verticalDataField = pgTable(
  'vertical_data_field',
  {
    id: companyRowId(),
    companyId: companyIdColumn().references(() => company.id, { onDelete: 'cascade' }),
    verticalId: integer('vertical_id').notNull(),
    fieldLabel: varchar('field_label', { length: 200 }).notNull(),
    fieldName: varchar('field_name', { length: 100 }).notNull(),
    description: text('description').notNull().default(''),
    fieldType: varchar('field_type', { length: 20 }).notNull().default('text'),
    options: jsonb('options').$type<string[]>().notNull().default([]),
    calculationRules: jsonb('calculationrules').$type<CalculationRule[]>().notNull().default([]),
    showRules: jsonb('showrules').$type<ShowRule[]>().notNull().default([]),
    order: integer('order').notNull(),
    selectableInProducts: boolean('selectable_in_products').notNull().default(true),
    allowLocations: boolean('allow_locations').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.companyId] }),
    foreignKey({
      name: 'vertical_data_field_vertical_id_fk',
      columns: [t.companyId, t.verticalId],
      foreignColumns: [vertical.companyId, vertical.id],
    }).onDelete('cascade'),
    index('vertical_data_field_vertical_order').on(t.verticalId, t.order),
    uniqueIndex('vertical_data_field_company_name').on(t.companyId, t.verticalId, t.fieldName),
    tenantPolicy(),
  ],
).enableRLS();

/** An intake (site survey, opname) on a flow, or an intake template (no flow). */
export const intake = pgTable(
  'intake',
  {
    id: companyRowId(),
    companyId: companyIdColumn().references(() => company.id, { onDelete: 'cascade' }),
    flowId: integer('flow_id'),
    relationId: integer('relation_id'),
    number: integer('number'),
    status: varchar('status', { length: 10 }).notNull().default('draft'),
    intakeDate: timestamp('intake_date', { withTimezone: true }),
    isTemplate: boolean('is_template').notNull().default(false),
    name: varchar('name', { length: 200 }).notNull().default(''),
    description: text('description').notNull().default(''),
    verticalIds: jsonb('vertical_ids').$type<number[]>().notNull().default([]),
    intakeTemplateId: integer('intaketemplate_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.companyId] }),
    foreignKey({
      name: 'intake_flow_id_fk',
      columns: [t.companyId, t.flowId],
      foreignColumns: [flow.companyId, flow.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'intake_relation_id_fk',
      columns: [t.companyId, t.relationId],
      foreignColumns: [relation.companyId, relation.id],
    }).onDelete('set null'),
    foreignKey({
      name: 'intake_intaketemplate_id_fk',
      columns: [t.companyId, t.intakeTemplateId],
      foreignColumns: [t.companyId, t.id],
    }).onDelete('set null'),
    index('intake_company_created').on(t.companyId, t.isTemplate, t.createdAt, t.id),
    index('intake_flow').on(t.flowId),
    tenantPolicy(),
  ],
).enableRLS();

/** An execution project on a flow, or a project template (no flow). */
export const project = pgTable(
  'project',
  {
    id: companyRowId(),
    companyId: companyIdColumn().references(() => company.id, { onDelete: 'cascade' }),
    flowId: integer('flow_id'),
    number: integer('number'),
    status: varchar('status', { length: 10 }).notNull().default('new'),
    isTemplate: boolean('is_template').notNull().default(false),
    name: varchar('name', { length: 200 }).notNull().default(''),
    description: text('description').notNull().default(''),
    verticalIds: jsonb('vertical_ids').$type<number[]>().notNull().default([]),
    projectTemplateId: integer('projecttemplate_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.companyId] }),
    foreignKey({
      name: 'project_flow_id_fk',
      columns: [t.companyId, t.flowId],
      foreignColumns: [flow.companyId, flow.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'project_projecttemplate_id_fk',
      columns: [t.companyId, t.projectTemplateId],
      foreignColumns: [t.companyId, t.id],
    }).onDelete('set null'),
    index('project_company_created').on(t.companyId, t.isTemplate, t.createdAt, t.id),
    index('project_flow').on(t.flowId),
    tenantPolicy(),
  ],
).enableRLS();

/**
 * A flow's data (spec "flowdata"): the container of its filled-in copies has no row of its own (its id is
 * the flow's id, decision 023); this row keeps what the office writes about it (PATCH flowdata,
 * decision 043) and exists only once something was written.
 */
export const flowData = pgTable(
  'flow_data',
  {
    flowId: integer('flow_id').notNull(),
    companyId: companyIdColumn().references(() => company.id, { onDelete: 'cascade' }),
    description: text('description').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.flowId, t.companyId] }),
    foreignKey({
      name: 'flow_data_flow_id_fk',
      columns: [t.companyId, t.flowId],
      foreignColumns: [flow.companyId, flow.id],
    }).onDelete('cascade'),
    tenantPolicy(),
  ],
).enableRLS();

/**
 * One filled-in copy of a form on a flow (spec 002 section 3): open until submitted (sent). Values
 * are stored with the calculated fields and derived areas computed by the domain's form engine.
 */
export const flowDataItem = pgTable(
  'flow_data_item',
  {
    id: companyRowId(),
    companyId: companyIdColumn().references(() => company.id, { onDelete: 'cascade' }),
    flowId: integer('flow_id').notNull(),
    verticalId: integer('vertical_id').notNull(),
    itemType: varchar('item_type', { length: 10 }).notNull().default('form'),
    intakeId: integer('intake_id'),
    projectId: integer('project_id'),
    status: varchar('status', { length: 10 }).notNull().default('open'),
    values: jsonb('values').$type<Record<string, FormValue>>().notNull().default({}),
    locations: jsonb('locations')
      .$type<{ id: string; name: string; values: Record<string, FormValue> }[]>()
      .notNull()
      .default([]),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.companyId] }),
    foreignKey({
      name: 'flow_data_item_flow_id_fk',
      columns: [t.companyId, t.flowId],
      foreignColumns: [flow.companyId, flow.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'flow_data_item_vertical_id_fk',
      columns: [t.companyId, t.verticalId],
      foreignColumns: [vertical.companyId, vertical.id],
    }).onDelete('restrict'),
    foreignKey({
      name: 'flow_data_item_intake_id_fk',
      columns: [t.companyId, t.intakeId],
      foreignColumns: [intake.companyId, intake.id],
    }).onDelete('set null'),
    foreignKey({
      name: 'flow_data_item_project_id_fk',
      columns: [t.companyId, t.projectId],
      foreignColumns: [project.companyId, project.id],
    }).onDelete('set null'),
    index('flow_data_item_flow').on(t.flowId, t.id),
    index('flow_data_item_intake').on(t.intakeId),
    index('flow_data_item_project').on(t.projectId),
    index('flow_data_item_vertical').on(t.verticalId),
    tenantPolicy(),
  ],
).enableRLS();

/**
 * A photo (spec 002 section 7): the stored original (orientation applied, location data stripped)
 * and a thumbnail, both made on the server; linked to a flow and optionally an intake, project,
 * form copy and photo field.
 */
export const picture = pgTable(
  'picture',
  {
    id: companyRowId(),
    companyId: companyIdColumn().references(() => company.id, { onDelete: 'cascade' }),
    flowId: integer('flow_id'),
    intakeId: integer('intake_id'),
    projectId: integer('project_id'),
    verticalId: integer('vertical_id'),
    flowDataItemId: integer('flow_data_item_id'),
    fieldName: varchar('field_name', { length: 100 }),
    storageKey: varchar('storage_key', { length: 300 }).notNull(),
    thumbnailKey: varchar('thumbnail_key', { length: 300 }).notNull(),
    filename: varchar('filename', { length: 255 }).notNull(),
    mimeType: varchar('mime_type', { length: 100 }).notNull(),
    size: integer('size').notNull(),
    width: integer('width'),
    height: integer('height'),
    /** Where the photo was taken (decision 073): from the device or the photo's EXIF; the file keeps none. */
    lat: doublePrecision('lat'),
    lng: doublePrecision('lng'),
    /** 'user' or 'customer' (through the dossier link). */
    uploadedBy: varchar('uploaded_by', { length: 10 }).notNull().default('user'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.companyId] }),
    foreignKey({
      name: 'picture_flow_id_fk',
      columns: [t.companyId, t.flowId],
      foreignColumns: [flow.companyId, flow.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'picture_intake_id_fk',
      columns: [t.companyId, t.intakeId],
      foreignColumns: [intake.companyId, intake.id],
    }).onDelete('set null'),
    foreignKey({
      name: 'picture_project_id_fk',
      columns: [t.companyId, t.projectId],
      foreignColumns: [project.companyId, project.id],
    }).onDelete('set null'),
    foreignKey({
      name: 'picture_vertical_id_fk',
      columns: [t.companyId, t.verticalId],
      foreignColumns: [vertical.companyId, vertical.id],
    }).onDelete('set null'),
    foreignKey({
      name: 'picture_flow_data_item_id_fk',
      columns: [t.companyId, t.flowDataItemId],
      foreignColumns: [flowDataItem.companyId, flowDataItem.id],
    }).onDelete('cascade'),
    index('picture_flow').on(t.flowId, t.id),
    index('picture_intake').on(t.intakeId, t.id),
    index('picture_project').on(t.projectId, t.id),
    index('picture_item').on(t.flowDataItemId, t.id),
    tenantPolicy(),
  ],
).enableRLS();
