import { index, integer, jsonb, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { company } from '../../features/companies/companies.schema';
import { createdAt, idColumn } from '../db/columns';
import { companyIdColumn, tenantPolicy } from '../db/tenancy-sql';

/**
 * Every mail the product sends. With SMTP_URL a job delivers it and sets `sent_at`; without it the
 * mail stays here as `kept` and a platform admin reads it in the outbox.
 */
export const outboxMail = pgTable(
  'outbox_mail',
  {
    id: idColumn(),
    companyId: companyIdColumn().references(() => company.id, { onDelete: 'cascade' }),
    toAddress: varchar('to_address', { length: 254 }).notNull(),
    fromAddress: varchar('from_address', { length: 300 }).notNull(),
    /** Where the customer's reply goes (the company's choice, decision 036); null: to From. */
    replyTo: varchar('reply_to', { length: 254 }),
    subject: varchar('subject', { length: 300 }).notNull(),
    text: text('text').notNull(),
    html: text('html'),
    /** Stored files to attach, read from the file storage when the mail is delivered. */
    attachments: jsonb('attachments')
      .$type<{ storageKey: string; filename: string; mimeType: string; cid?: string }[]>()
      .notNull()
      .default([]),
    status: varchar('status', { length: 20 }).notNull().default('queued'),
    error: text('error'),
    attempts: integer('attempts').notNull().default(0),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [index().on(t.createdAt), index().on(t.companyId, t.createdAt), tenantPolicy()],
).enableRLS();
