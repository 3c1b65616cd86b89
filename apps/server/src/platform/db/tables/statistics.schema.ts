import { bigint, char, date, integer, numeric, pgTable, primaryKey, varchar } from 'drizzle-orm/pg-core';
import { companyIdColumn, tenantPolicy } from '../tenancy-sql';

const count = (name: string) => integer(name).notNull().default(0);
const seconds = (name: string) => bigint(name, { mode: 'number' }).notNull().default(0);

/**
 * Leads per Amsterdam week ('w') and month ('m') of their lead date, per handler (0 none), request profile
 * (0 none) and lead source: how many came in, how many of them reached each later stage and the seconds
 * from the lead to that stage, summed. The statistics screens read a window of it instead of the flows
 * (decision 058). Kept only by the triggers on `lead` and `flow` (migration 0052), never by code; no foreign
 * key, as `flow_tally`: the triggers also run inside a company's cascading delete.
 */
export const leadTally = pgTable(
  'lead_tally',
  {
    companyId: companyIdColumn(),
    grain: char('grain', { length: 1 }).notNull(),
    period: date('period', { mode: 'string' }).notNull(),
    userId: integer('user_id').notNull(),
    flowprofileId: integer('flowprofile_id').notNull(),
    leadSource: varchar('lead_source', { length: 100 }).notNull(),
    leads: count('leads'),
    intakes: count('intakes'),
    quotations: count('quotations'),
    confirmations: count('confirmations'),
    projects: count('projects'),
    invoices: count('invoices'),
    aftercares: count('aftercares'),
    intakeSecs: seconds('intake_secs'),
    quotationSecs: seconds('quotation_secs'),
    confirmationSecs: seconds('confirmation_secs'),
    projectSecs: seconds('project_secs'),
    invoiceSecs: seconds('invoice_secs'),
    aftercareSecs: seconds('aftercare_secs'),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.grain, t.period, t.userId, t.flowprofileId, t.leadSource] }),
    tenantPolicy(),
  ],
).enableRLS();

/**
 * Sent invoices (by their Amsterdam sending day, amounts frozen at sending) and quotations sent and approved
 * (by their Amsterdam day), per week ('w') and month ('m'), per handler, request profile and lead source of their
 * flow: what the statistics read when they are filtered by one of those (decision 058; unfiltered figures come
 * from `invoice_day_total` and the document indexes). Kept only by the triggers of migration 0052.
 */
export const flowDocumentTally = pgTable(
  'flow_document_tally',
  {
    companyId: companyIdColumn(),
    grain: char('grain', { length: 1 }).notNull(),
    period: date('period', { mode: 'string' }).notNull(),
    userId: integer('user_id').notNull(),
    flowprofileId: integer('flowprofile_id').notNull(),
    leadSource: varchar('lead_source', { length: 100 }).notNull(),
    /** 'invoice', 'quotation_sent' or 'quotation_approved'. */
    kind: varchar('kind', { length: 20 }).notNull(),
    n: count('n'),
    amountExc: numeric('amount_exc', { precision: 16, scale: 2 }).notNull().default('0'),
    amountInc: numeric('amount_inc', { precision: 16, scale: 2 }).notNull().default('0'),
  },
  (t) => [
    primaryKey({
      columns: [t.companyId, t.kind, t.grain, t.period, t.userId, t.flowprofileId, t.leadSource],
    }),
    tenantPolicy(),
  ],
).enableRLS();
