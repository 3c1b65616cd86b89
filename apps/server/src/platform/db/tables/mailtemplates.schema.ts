import { foreignKey, index, integer, jsonb, pgTable, primaryKey, text, varchar } from 'drizzle-orm/pg-core';
import { companyRowId, createdAt, updatedAt } from '../columns';
import { companyIdColumn, tenantPolicy } from '../tenancy-sql';
import { company } from './companies.schema';
import { flow } from './flows.schema';
import { outboxMail } from './mail.schema';
import { user } from './users.schema';

/** A mail template of one of the fixed types; `message` is sanitised HTML with merge tags. Attached files are stored files owned by 'mailtemplate'. */
export const mailTemplate = pgTable(
  'mail_template',
  {
    id: companyRowId(),
    companyId: companyIdColumn().references(() => company.id, { onDelete: 'cascade' }),
    templateType: varchar('template_type', { length: 40 }).notNull(),
    description: varchar('description', { length: 200 }).notNull(),
    subject: varchar('subject', { length: 300 }).notNull().default(''),
    message: text('message').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.companyId] }),
    index('mail_template_company_type').on(t.companyId, t.templateType, t.id),
    tenantPolicy(),
  ],
).enableRLS();

/** A ready answer for the communicator (category, description, message). */
export const messageTemplate = pgTable(
  'message_template',
  {
    id: companyRowId(),
    companyId: companyIdColumn().references(() => company.id, { onDelete: 'cascade' }),
    category: varchar('category', { length: 100 }).notNull().default(''),
    description: varchar('description', { length: 200 }).notNull(),
    message: text('message').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.companyId] }),
    index('message_template_company').on(t.companyId, t.category, t.description),
    tenantPolicy(),
  ],
).enableRLS();

/** A contact moment's text (a call, a visit) to register on a flow. */
export const contactTemplate = pgTable(
  'contact_template',
  {
    id: companyRowId(),
    companyId: companyIdColumn().references(() => company.id, { onDelete: 'cascade' }),
    description: varchar('description', { length: 200 }).notNull(),
    note: text('note').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.companyId] }),
    index('contact_template_company').on(t.companyId, t.description),
    tenantPolicy(),
  ],
).enableRLS();

/** A mail sent from a flow: what went out (kept after sending) and its delivery through the outbox. */
export const flowMail = pgTable(
  'flow_mail',
  {
    id: companyRowId(),
    companyId: companyIdColumn().references(() => company.id, { onDelete: 'cascade' }),
    flowId: integer('flow_id').notNull(),
    userId: integer('user_id'),
    toAddress: varchar('to_address', { length: 254 }).notNull(),
    subject: varchar('subject', { length: 300 }).notNull(),
    message: text('message').notNull(),
    /** Stored files sent along: [{ id, filename, size }]. */
    attachments: jsonb('attachments')
      .$type<{ id: number; filename: string; size: number }[]>()
      .notNull()
      .default([]),
    mailTemplateId: integer('mail_template_id'),
    outboxMailId: integer('outbox_mail_id'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.companyId] }),
    foreignKey({
      name: 'flow_mail_flow_id_fk',
      columns: [t.companyId, t.flowId],
      foreignColumns: [flow.companyId, flow.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'flow_mail_user_id_fk',
      columns: [t.companyId, t.userId],
      foreignColumns: [user.companyId, user.id],
    }).onDelete('set null'),
    foreignKey({
      name: 'flow_mail_mail_template_id_fk',
      columns: [t.companyId, t.mailTemplateId],
      foreignColumns: [mailTemplate.companyId, mailTemplate.id],
    }).onDelete('set null'),
    foreignKey({
      name: 'flow_mail_outbox_mail_id_fk',
      columns: [t.companyId, t.outboxMailId],
      foreignColumns: [outboxMail.companyId, outboxMail.id],
    }).onDelete('set null'),
    index('flow_mail_flow').on(t.flowId, t.createdAt),
    tenantPolicy(),
  ],
).enableRLS();
