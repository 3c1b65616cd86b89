import {
  foreignKey,
  index,
  integer,
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
import { user } from './users.schema';

/** A kind of incident (storing, lekkage, ...). Resolved incidents older than `showable_months` are hidden from customers. */
export const incidentType = pgTable(
  'incident_type',
  {
    id: companyRowId(),
    companyId: companyIdColumn().references(() => company.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 200 }).notNull(),
    showableMonths: integer('showable_months').notNull().default(12),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.companyId] }),
    index('incident_type_company').on(t.companyId, t.name),
    tenantPolicy(),
  ],
).enableRLS();

/** An incident (malfunction, complaint) on a flow: open, ongoing or resolved; reported by staff or the customer. */
export const incident = pgTable(
  'incident',
  {
    id: companyRowId(),
    companyId: companyIdColumn().references(() => company.id, { onDelete: 'cascade' }),
    incidentTypeId: integer('incident_type_id'),
    flowId: integer('flow_id').notNull(),
    /** The staff user who handles it (null: unassigned). */
    userId: integer('user_id'),
    status: varchar('status', { length: 10 }).notNull().default('open'),
    content: text('content').notNull(),
    response: text('response').notNull().default(''),
    remarks: text('remarks').notNull().default(''),
    classification: varchar('classification', { length: 100 }).notNull().default(''),
    /** 'user' (staff) or 'customer' (through the dossier link). */
    reportedBy: varchar('reported_by', { length: 10 }).notNull().default('user'),
    hash: varchar('hash', { length: 64 }).notNull(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.companyId] }),
    foreignKey({
      name: 'incident_incident_type_id_fk',
      columns: [t.companyId, t.incidentTypeId],
      foreignColumns: [incidentType.companyId, incidentType.id],
    }).onDelete('set null'),
    foreignKey({
      name: 'incident_flow_id_fk',
      columns: [t.companyId, t.flowId],
      foreignColumns: [flow.companyId, flow.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'incident_user_id_fk',
      columns: [t.companyId, t.userId],
      foreignColumns: [user.companyId, user.id],
    }).onDelete('set null'),
    index('incident_company_status_created').on(t.companyId, t.status, t.createdAt, t.id),
    index('incident_company_user_status').on(t.companyId, t.userId, t.status, t.createdAt),
    index('incident_flow').on(t.flowId, t.createdAt),
    uniqueIndex('incident_hash_company_unique').on(t.hash, t.companyId),
    tenantPolicy(),
  ],
).enableRLS();
