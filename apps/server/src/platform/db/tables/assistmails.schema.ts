import { index, integer, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, updatedAt } from '../columns';
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
    id: idColumn(),
    companyId: companyIdColumn().references(() => company.id, { onDelete: 'cascade' }),
    flowId: integer('flow_id')
      .notNull()
      .references(() => flow.id, { onDelete: 'cascade' }),
    ruleId: integer('rule_id').references(() => eventTriggerRule.id, { onDelete: 'set null' }),
    mailtemplateId: integer('mailtemplate_id').references(() => mailTemplate.id, { onDelete: 'set null' }),
    toEmail: varchar('to_email', { length: 254 }).notNull().default(''),
    subject: varchar('subject', { length: 300 }).notNull(),
    body: text('body').notNull(),
    status: varchar('status', { length: 10 }).notNull().default('open'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    sentBy: integer('sent_by').references(() => user.id, { onDelete: 'set null' }),
    flowMailId: integer('flow_mail_id').references(() => flowMail.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('assist_mail_flow').on(t.flowId, t.status, t.createdAt), tenantPolicy()],
).enableRLS();
