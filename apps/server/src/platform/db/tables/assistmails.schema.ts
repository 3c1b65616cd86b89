import {
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { companyRowId, createdAt, updatedAt } from '../columns';
import { companyIdColumn, tenantPolicy } from '../tenancy-sql';
import { company } from './companies.schema';
import { flow } from './flows.schema';
import { flowMail, mailTemplate } from './mailtemplates.schema';
import { user } from './users.schema';
import { eventTriggerRule } from './workflow.schema';

/**
 * An e-mail a workflow rule prepared for staff to check and send themselves: open until sent (it then
 * becomes a flow mail) or discarded. The body is HTML with the merge tags already filled in.
 */
export const assistMail = pgTable(
  'assist_mail',
  {
    id: companyRowId(),
    companyId: companyIdColumn().references(() => company.id, { onDelete: 'cascade' }),
    flowId: integer('flow_id').notNull(),
    ruleId: integer('rule_id'),
    mailtemplateId: integer('mailtemplate_id'),
    toEmail: varchar('to_email', { length: 254 }).notNull().default(''),
    subject: varchar('subject', { length: 300 }).notNull(),
    body: text('body').notNull(),
    status: varchar('status', { length: 10 }).notNull().default('open'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    sentBy: integer('sent_by'),
    flowMailId: integer('flow_mail_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.companyId] }),
    foreignKey({
      name: 'assist_mail_flow_id_fk',
      columns: [t.companyId, t.flowId],
      foreignColumns: [flow.companyId, flow.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'assist_mail_rule_id_fk',
      columns: [t.companyId, t.ruleId],
      foreignColumns: [eventTriggerRule.companyId, eventTriggerRule.id],
    }).onDelete('set null'),
    foreignKey({
      name: 'assist_mail_mailtemplate_id_fk',
      columns: [t.companyId, t.mailtemplateId],
      foreignColumns: [mailTemplate.companyId, mailTemplate.id],
    }).onDelete('set null'),
    foreignKey({
      name: 'assist_mail_sent_by_fk',
      columns: [t.companyId, t.sentBy],
      foreignColumns: [user.companyId, user.id],
    }).onDelete('set null'),
    foreignKey({
      name: 'assist_mail_flow_mail_id_fk',
      columns: [t.companyId, t.flowMailId],
      foreignColumns: [flowMail.companyId, flowMail.id],
    }).onDelete('set null'),
    index('assist_mail_flow').on(t.flowId, t.status, t.createdAt),
    tenantPolicy(),
  ],
).enableRLS();
