import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, updatedAt } from '../../platform/db/columns';
import { companyIdColumn, tenantPolicy } from '../../platform/db/tenancy-sql';
import { company } from '../companies/companies.schema';
import { flow } from '../flows/flows.schema';
import { relation } from '../relations/relations.schema';

/** Invoice statuses (spec 002, status vocabularies). */
export const INVOICE_STATUSES = ['draft', 'sent', 'paid', 'unpayable', 'cancelled', 'expired'] as const;

/**
 * The invoice: the columns the CRM core needs for the sent-invoice rule (docs/decisions/009). The
 * sales-documents work adds the calculation, widgets, attachments and the rest of spec 002's fields.
 * An invoice counts as sent once it has a send date (it stays sent when it is later paid).
 */
export const invoice = pgTable(
  'invoice',
  {
    id: idColumn(),
    companyId: companyIdColumn().references(() => company.id, { onDelete: 'cascade' }),
    flowId: integer('flow_id').references(() => flow.id, { onDelete: 'cascade' }),
    relationId: integer('relation_id').references(() => relation.id, { onDelete: 'cascade' }),
    status: varchar('status', { length: 20 }).notNull().default('draft'),
    hash: varchar('hash', { length: 64 }).notNull(),
    isTemplate: boolean('is_template').notNull().default(false),
    dateSend: timestamp('date_send', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('invoice_hash_unique').on(t.hash),
    index('invoice_flow_sent').on(t.flowId).where(sql`date_send is not null and not is_template`),
    index('invoice_relation_sent').on(t.relationId).where(sql`date_send is not null and not is_template`),
    tenantPolicy(),
  ],
).enableRLS();
