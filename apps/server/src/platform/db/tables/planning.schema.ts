import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { companyRowId, createdAt, updatedAt } from '../columns';
import { companyIdColumn, tenantPolicy } from '../tenancy-sql';
import { company } from './companies.schema';
import { flow } from './flows.schema';
import { intake, project } from './forms.schema';
import { location } from './locations.schema';
import { organization } from './organizations.schema';
import { relation } from './relations.schema';
import { user } from './users.schema';

/**
 * The record a note, action or agenda item hangs on. `target_type` is the morph kind; the id
 * columns are real foreign keys (a flow's record also carries its relation), so deleting the
 * owner removes its planning and a relation's list includes its flows' rows through one index.
 */
const targetColumns = () => ({
  targetType: varchar('target_type', { length: 20 }).notNull(),
  relationId: integer('relation_id'),
  organizationId: integer('organization_id'),
  flowId: integer('flow_id'),
});

/** The target columns' foreign keys, each with `company_id` (decision 072). */
const targetForeignKeys = (
  table: string,
  t: { companyId: AnyPgColumn; relationId: AnyPgColumn; organizationId: AnyPgColumn; flowId: AnyPgColumn },
) => [
  foreignKey({
    name: `${table}_relation_id_fk`,
    columns: [t.companyId, t.relationId],
    foreignColumns: [relation.companyId, relation.id],
  }).onDelete('cascade'),
  foreignKey({
    name: `${table}_organization_id_fk`,
    columns: [t.companyId, t.organizationId],
    foreignColumns: [organization.companyId, organization.id],
  }).onDelete('cascade'),
  foreignKey({
    name: `${table}_flow_id_fk`,
    columns: [t.companyId, t.flowId],
    foreignColumns: [flow.companyId, flow.id],
  }).onDelete('cascade'),
];

export const note = pgTable(
  'note',
  {
    id: companyRowId(),
    companyId: companyIdColumn().references(() => company.id, { onDelete: 'cascade' }),
    ...targetColumns(),
    content: text('content').notNull(),
    sticky: boolean('sticky').notNull().default(false),
    userId: integer('user_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    ...targetForeignKeys('note', t),
    primaryKey({ columns: [t.id, t.companyId] }),
    foreignKey({
      name: 'note_user_id_fk',
      columns: [t.companyId, t.userId],
      foreignColumns: [user.companyId, user.id],
    }).onDelete('set null'),
    index('note_relation').on(t.relationId, t.createdAt),
    index('note_organization').on(t.organizationId, t.createdAt),
    index('note_flow').on(t.flowId, t.createdAt),
    index('note_company').on(t.companyId, t.targetType, t.createdAt),
    tenantPolicy(),
  ],
).enableRLS();

/** An action (to-do with a due and an overdue date). `user_id` null is the general action (0 on the wire). */
export const action = pgTable(
  'action',
  {
    id: companyRowId(),
    companyId: companyIdColumn().references(() => company.id, { onDelete: 'cascade' }),
    ...targetColumns(),
    description: text('description').notNull(),
    userId: integer('user_id'),
    status: varchar('status', { length: 10 }).notNull().default('open'),
    priority: varchar('priority', { length: 10 }).notNull().default('normal'),
    /** 4 top, 3 high, 2 normal, 1 low: the priority as a number the overview's sort index can use. */
    priorityRank: smallint('priority_rank').generatedAlwaysAs(
      sql`case priority when 'top' then 4 when 'high' then 3 when 'normal' then 2 else 1 end`,
    ),
    dueDate: timestamp('due_date', { withTimezone: true }).notNull(),
    overdueDate: timestamp('overdue_date', { withTimezone: true }).notNull(),
    completionDate: timestamp('completion_date', { withTimezone: true }),
    /**
     * The flow's status, copied so the overview's flow status filter is an index column. Kept by
     * triggers (migration 0036): set from the flow whenever an action is written, and on every action
     * of a flow whose status changes; null without a flow.
     */
    flowStatus: varchar('flow_status', { length: 20 }),
    createdBy: integer('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    ...targetForeignKeys('action', t),
    // The overview: one company's open (or completed) actions per sort column, of everyone or one
    // user; ids are paged on these alone (index-only), the 25 rows are joined afterwards.
    primaryKey({ columns: [t.id, t.companyId] }),
    foreignKey({
      name: 'action_user_id_fk',
      columns: [t.companyId, t.userId],
      foreignColumns: [user.companyId, user.id],
    }).onDelete('set null'),
    foreignKey({
      name: 'action_created_by_fk',
      columns: [t.companyId, t.createdBy],
      foreignColumns: [user.companyId, user.id],
    }).onDelete('set null'),
    index('action_company_status_due').on(t.companyId, t.status, t.dueDate, t.id),
    index('action_company_due').on(t.companyId, t.dueDate, t.id),
    index('action_company_status_overdue').on(t.companyId, t.status, t.overdueDate, t.id),
    index('action_company_status_priority').on(t.companyId, t.status, t.priorityRank, t.id),
    // The priority filter, paged by due date.
    index('action_company_status_priority_due').on(t.companyId, t.status, t.priority, t.dueDate, t.id),
    index('action_company_status_created').on(t.companyId, t.status, t.createdAt, t.id),
    index('action_company_status_description').on(t.companyId, t.status, t.description, t.id),
    // The flow status filter, paged by due date.
    index('action_company_status_flow_status_due')
      .on(t.companyId, t.status, t.flowStatus, t.dueDate, t.id)
      .where(sql`flow_status is not null`),
    // The general actions (for everyone) by due date: "me and everyone" merges this range with the
    // user's own (an IS NULL condition does not give the planner the index order).
    index('action_company_general_status_due')
      .on(t.companyId, t.status, t.dueDate, t.id)
      .where(sql`user_id is null`),
    // One user's (the dashboard counts them by priority and overdue date without visiting the table).
    index('action_company_user_status_due').on(
      t.companyId,
      t.userId,
      t.status,
      t.dueDate,
      t.id,
      t.overdueDate,
      t.priorityRank,
    ),
    index('action_relation').on(t.relationId),
    index('action_organization').on(t.organizationId),
    index('action_flow').on(t.flowId),
    tenantPolicy(),
  ],
).enableRLS();

/**
 * Counts of actions per company, status, user (0: for everyone), priority rank and flow status ('':
 * no flow), kept by a trigger (migrations 0018, 0036), so the overview's totals never count a million rows.
 */
export const actionTally = pgTable(
  'action_tally',
  {
    companyId: companyIdColumn().references(() => company.id, { onDelete: 'cascade' }),
    status: varchar('status', { length: 10 }).notNull(),
    userId: integer('user_id').notNull(),
    priorityRank: smallint('priority_rank').notNull(),
    flowStatus: varchar('flow_status', { length: 20 }).notNull().default(''),
    n: integer('n').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.status, t.userId, t.priorityRank, t.flowStatus] }),
    tenantPolicy(),
  ],
).enableRLS();

/** An appointment in the calendar, linked to a relation, organization, flow, the company, or nothing. */
export const agendaItem = pgTable(
  'agenda_item',
  {
    id: companyRowId(),
    companyId: companyIdColumn().references(() => company.id, { onDelete: 'cascade' }),
    ...targetColumns(),
    title: varchar('title', { length: 200 }).notNull(),
    description: text('description').notNull().default(''),
    location: varchar('location', { length: 300 }).notNull().default(''),
    attendees: varchar('attendees', { length: 1000 }).notNull().default(''),
    startDate: timestamp('start_date', { withTimezone: true }).notNull(),
    endDate: timestamp('end_date', { withTimezone: true }).notNull(),
    userId: integer('user_id'),
    /** Stable id for calendar feeds (iCalendar UID). */
    uid: varchar('uid', { length: 64 }).notNull().default(sql`gen_random_uuid()::text`),
    /** The intake the appointment plans (spec 002 section 3: an intake's agenda items). */
    intakeId: integer('intake_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    ...targetForeignKeys('agenda_item', t),
    // The calendar: items overlapping a range, of all users or one. The end is in the index, so the
    // items that start in the 62 days before the range but end before it are skipped in the index.
    primaryKey({ columns: [t.id, t.companyId] }),
    foreignKey({
      name: 'agenda_item_user_id_fk',
      columns: [t.companyId, t.userId],
      foreignColumns: [user.companyId, user.id],
    }).onDelete('set null'),
    foreignKey({
      name: 'agenda_item_intake_id_fk',
      columns: [t.companyId, t.intakeId],
      foreignColumns: [intake.companyId, intake.id],
    }).onDelete('set null'),
    index('agenda_item_company_start_end').on(t.companyId, t.startDate, t.endDate, t.id),
    index('agenda_item_company_user_start_end').on(t.companyId, t.userId, t.startDate, t.endDate, t.id),
    index('agenda_item_relation').on(t.relationId),
    index('agenda_item_organization').on(t.organizationId),
    index('agenda_item_flow').on(t.flowId),
    tenantPolicy(),
  ],
).enableRLS();

/**
 * A user's iCalendar feed: the SHA-256 of the secret in its address (the address itself is shown
 * once). One per user; making a new one revokes the old.
 */
export const calendarFeed = pgTable(
  'calendar_feed',
  {
    userId: integer('user_id').notNull(),
    companyId: companyIdColumn().references(() => company.id, { onDelete: 'cascade' }),
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.companyId] }),
    foreignKey({
      name: 'calendar_feed_user_id_fk',
      columns: [t.companyId, t.userId],
      foreignColumns: [user.companyId, user.id],
    }).onDelete('cascade'),
    uniqueIndex('calendar_feed_token_company').on(t.tokenHash, t.companyId),
    tenantPolicy(),
  ],
).enableRLS();

/**
 * A task (spec 001 section 3): planned work of a type, for a user, on a flow, or a template (no flow).
 * A following task is another user's copy that moves with its leading task.
 */
export const task = pgTable(
  'task',
  {
    id: companyRowId(),
    companyId: companyIdColumn().references(() => company.id, { onDelete: 'cascade' }),
    description: text('description').notNull(),
    type: varchar('type', { length: 20 }).notNull().default('overig'),
    status: varchar('status', { length: 10 }).notNull().default('open'),
    userId: integer('user_id'),
    flowId: integer('flow_id'),
    startDate: timestamp('start_date', { withTimezone: true }),
    endDate: timestamp('end_date', { withTimezone: true }),
    completionDate: timestamp('completion_date', { withTimezone: true }),
    showFrom: timestamp('show_from', { withTimezone: true }),
    color: varchar('color', { length: 7 }),
    duration: integer('duration'),
    amountOfPeople: integer('amount_of_people').notNull().default(1),
    location: varchar('location', { length: 300 }).notNull().default(''),
    locationId: integer('location_id'),
    attendees: varchar('attendees', { length: 1000 }).notNull().default(''),
    isTemplate: boolean('is_template').notNull().default(false),
    taskTemplateId: integer('task_template_id'),
    leadingTaskId: integer('leading_task_id'),
    /** The intake or project the task belongs to (spec 002 section 3: their tasks). */
    intakeId: integer('intake_id'),
    projectId: integer('project_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // The overview and the map: one company's open (or on hold) tasks by start.
    primaryKey({ columns: [t.id, t.companyId] }),
    foreignKey({
      name: 'task_user_id_fk',
      columns: [t.companyId, t.userId],
      foreignColumns: [user.companyId, user.id],
    }).onDelete('set null'),
    foreignKey({
      name: 'task_flow_id_fk',
      columns: [t.companyId, t.flowId],
      foreignColumns: [flow.companyId, flow.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'task_location_id_fk',
      columns: [t.companyId, t.locationId],
      foreignColumns: [location.companyId, location.id],
    }).onDelete('set null'),
    foreignKey({
      name: 'task_task_template_id_fk',
      columns: [t.companyId, t.taskTemplateId],
      foreignColumns: [t.companyId, t.id],
    }).onDelete('set null'),
    foreignKey({
      name: 'task_leading_task_id_fk',
      columns: [t.companyId, t.leadingTaskId],
      foreignColumns: [t.companyId, t.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'task_intake_id_fk',
      columns: [t.companyId, t.intakeId],
      foreignColumns: [intake.companyId, intake.id],
    }).onDelete('set null'),
    foreignKey({
      name: 'task_project_id_fk',
      columns: [t.companyId, t.projectId],
      foreignColumns: [project.companyId, project.id],
    }).onDelete('set null'),
    index('task_company_status_start').on(t.companyId, t.isTemplate, t.status, t.startDate, t.id),
    index('task_company_user_status').on(t.companyId, t.userId, t.status),
    index('task_flow').on(t.flowId),
    index('task_leading').on(t.leadingTaskId),
    tenantPolicy(),
  ],
).enableRLS();
