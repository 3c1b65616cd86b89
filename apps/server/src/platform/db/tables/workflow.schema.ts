import type { RuleCondition } from '@im/domain';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  foreignKey,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { companyRowId, createdAt, idColumn, updatedAt } from '../columns';
import { companyIdColumn, tenantPolicy } from '../tenancy-sql';
import { company } from './companies.schema';
import { flow } from './flows.schema';
import { user } from './users.schema';

/**
 * The event triggers (platform data, one row per tag of the domain's list, seeded at start-up): the
 * platform administrator edits their description and stage (spec 000: /eventtrigger_overview).
 */
export const eventTrigger = pgTable('event_trigger', {
  id: idColumn(),
  tag: varchar('tag', { length: 60 }).notNull().unique(),
  description: varchar('description', { length: 200 }).notNull(),
  flowstage: varchar('flowstage', { length: 20 }).notNull(),
  hasDocument: boolean('has_document').notNull().default(false),
  hasTask: boolean('has_task').notNull().default(false),
  leadDate: varchar('lead_date', { length: 30 }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** A company's workflow rule: on a trigger, when its conditions hold, after its delay, do its action. */
export const eventTriggerRule = pgTable(
  'event_trigger_rule',
  {
    id: companyRowId(),
    companyId: companyIdColumn().references(() => company.id, { onDelete: 'cascade' }),
    eventTriggerTag: varchar('event_trigger_tag', { length: 60 }).notNull(),
    type: varchar('type', { length: 40 }).notNull(),
    isDelayed: boolean('is_delayed').notNull().default(false),
    /** Minutes; negative only for date triggers (before the date). */
    delaytime: integer('delaytime').notNull().default(0),
    delaytimeUnit: varchar('delaytime_unit', { length: 10 }).notNull().default('days'),
    delaytimeRaw: numeric('delaytime_raw', { precision: 12, scale: 2, mode: 'number' }).notNull().default(0),
    cancelTags: text('cancel_tags').notNull().default(''),
    text: text('text').notNull().default(''),
    description: varchar('description', { length: 500 }).notNull().default(''),
    morphId: integer('morph_id'),
    userId: integer('user_id'),
    conditions: jsonb('conditions').$type<RuleCondition[]>().notNull().default(sql`'[]'::jsonb`),
    startfromnow: boolean('startfromnow').notNull().default(false),
    flowTags: jsonb('flow_tags').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    createdBy: integer('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.companyId] }),
    foreignKey({
      name: 'event_trigger_rule_created_by_fk',
      columns: [t.companyId, t.createdBy],
      foreignColumns: [user.companyId, user.id],
    }).onDelete('set null'),
    index('event_trigger_rule_company_tag').on(t.companyId, t.eventTriggerTag),
    tenantPolicy(),
  ],
).enableRLS();

/**
 * A rule waiting for its moment on one flow. The row is both what staff see (and delete) on the flow
 * and the schedule the engine sweeps every second: `pending` until due, then `running` while claimed,
 * then fired, skipped (conditions no longer hold), failed or cancelled.
 */
export const delayedRule = pgTable(
  'delayed_rule',
  {
    id: companyRowId(),
    companyId: companyIdColumn().references(() => company.id, { onDelete: 'cascade' }),
    ruleId: integer('rule_id'),
    flowId: integer('flow_id').notNull(),
    trigger: varchar('trigger', { length: 60 }).notNull(),
    /** The domain event that scheduled it (null for date triggers planned from the lead dates). */
    eventId: text('event_id'),
    /** The rule depth of the change that scheduled it (loops stop at MAX_RULE_DEPTH). */
    depth: smallint('depth').notNull().default(0),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    status: varchar('status', { length: 10 }).notNull().default('pending'),
    reason: text('reason'),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.companyId] }),
    foreignKey({
      name: 'delayed_rule_rule_id_fk',
      columns: [t.companyId, t.ruleId],
      foreignColumns: [eventTriggerRule.companyId, eventTriggerRule.id],
    }).onDelete('set null'),
    foreignKey({
      name: 'delayed_rule_flow_id_fk',
      columns: [t.companyId, t.flowId],
      foreignColumns: [flow.companyId, flow.id],
    }).onDelete('cascade'),
    index('delayed_rule_due').on(t.dueAt).where(sql`status = 'pending'`),
    index('delayed_rule_flow').on(t.flowId, t.createdAt),
    index('delayed_rule_rule').on(t.ruleId).where(sql`status = 'pending'`),
    tenantPolicy(),
  ],
).enableRLS();

/**
 * The "why" log: one row for every rule that a trigger reached on a flow (fired, scheduled, skipped
 * with the conditions that failed, failed with the error, cancelled). `run_key` makes a run happen once
 * however often the event is delivered: `e<event id>r<rule id>` or `d<delayed rule id>`.
 */
export const ruleRun = pgTable(
  'rule_run',
  {
    id: bigint('id', { mode: 'number' }).generatedByDefaultAsIdentity(),
    companyId: companyIdColumn().references(() => company.id, { onDelete: 'cascade' }),
    ruleId: integer('rule_id'),
    ruleDescription: varchar('rule_description', { length: 500 }).notNull().default(''),
    ruleType: varchar('rule_type', { length: 40 }).notNull(),
    flowId: integer('flow_id').notNull(),
    trigger: varchar('trigger', { length: 60 }).notNull(),
    runKey: varchar('run_key', { length: 80 }).notNull(),
    delayedRuleId: integer('delayed_rule_id'),
    outcome: varchar('outcome', { length: 10 }).notNull(),
    reason: text('reason').notNull().default(''),
    conditions: jsonb('conditions')
      .$type<{ pretty_description: string; holds: boolean; actual: string }[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.companyId] }),
    foreignKey({
      name: 'rule_run_rule_id_fk',
      columns: [t.companyId, t.ruleId],
      foreignColumns: [eventTriggerRule.companyId, eventTriggerRule.id],
    }).onDelete('set null'),
    foreignKey({
      name: 'rule_run_flow_id_fk',
      columns: [t.companyId, t.flowId],
      foreignColumns: [flow.companyId, flow.id],
    }).onDelete('cascade'),
    uniqueIndex('rule_run_key').on(t.companyId, t.runKey),
    index('rule_run_flow').on(t.flowId, t.id),
    tenantPolicy(),
  ],
).enableRLS();
