import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { companyRowId, createdAt } from '../columns';
import { companyIdColumn, tenantPolicy } from '../tenancy-sql';
import { company } from './companies.schema';

/**
 * Every mail the product sends. With SMTP_URL a job delivers it and sets `sent_at`; without it the
 * mail stays here as `kept` and a platform admin reads it in the outbox.
 */
export const outboxMail = pgTable(
  'outbox_mail',
  {
    id: companyRowId(),
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
    /**
     * queued, kept, sending (an attempt is under way: the SMTP server may have it), sent, failed (refused,
     * retried), interrupted (an attempt ended with its process: never sent again, decision 034).
     */
    status: varchar('status', { length: 20 }).notNull().default('queued'),
    /** The Message-ID header, chosen when the mail is queued, so every attempt carries the same one. */
    messageId: varchar('message_id', { length: 300 }),
    error: text('error'),
    attempts: integer('attempts').notNull().default(0),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.companyId] }),
    index().on(t.createdAt),
    index().on(t.companyId, t.createdAt),
    // The recovery's question every minute: which mails were being handed over?
    index('outbox_mail_sending').on(t.id).where(sql`status = 'sending'`),
    tenantPolicy(),
  ],
).enableRLS();
