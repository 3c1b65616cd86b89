import type { WebhookTag } from '@im/domain';
import {
  foreignKey,
  index,
  integer,
  jsonb,
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

/**
 * An outgoing HTTP call a workflow rule can make (spec 002 "Webhook connection", decision 025).
 * Every change of its settings or tags sets the status back to 'unverified'; a successful test sets 'active'.
 */
export const webhookConnection = pgTable(
  'webhook_connection',
  {
    id: companyRowId(),
    companyId: companyIdColumn().references(() => company.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 200 }).notNull(),
    url: varchar('url', { length: 2000 }).notNull(),
    method: varchar('method', { length: 10 }).notNull().default('POST'),
    status: varchar('status', { length: 12 }).notNull().default('unverified'),
    /** HMAC-SHA256 key of the X-Webhook-Signature header: 32 random bytes, base64url. */
    secret: varchar('secret', { length: 64 }).notNull(),
    headerTags: jsonb('header_tags').$type<WebhookTag[]>().notNull().default([]),
    bodyTags: jsonb('body_tags').$type<WebhookTag[]>().notNull().default([]),
    queryTags: jsonb('query_tags').$type<WebhookTag[]>().notNull().default([]),
    lastTestedAt: timestamp('last_tested_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.companyId] }),
    index('webhook_connection_company_name').on(t.companyId, t.name),
    tenantPolicy(),
  ],
).enableRLS();

/**
 * One call of a connection for a rule: the request as rendered when it was queued (the flow's state at
 * the event) and the outcome of the latest attempt. Kept per connection as its delivery log.
 */
export const webhookDelivery = pgTable(
  'webhook_delivery',
  {
    id: companyRowId(),
    companyId: companyIdColumn().references(() => company.id, { onDelete: 'cascade' }),
    connectionId: integer('connection_id').notNull(),
    flowId: integer('flow_id'),
    /** The workflow rule that asked for it (no foreign key: rules may be deleted, the log stays). */
    ruleId: integer('rule_id'),
    eventId: text('event_id'),
    /** 'queued' | 'delivered' | 'failed' | 'retrying' */
    status: varchar('status', { length: 12 }).notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    requestMethod: varchar('request_method', { length: 10 }).notNull(),
    requestUrl: text('request_url').notNull(),
    /** The headers as last sent (tags and the X-Webhook-* headers; the secret itself never). */
    requestHeaders: jsonb('request_headers').$type<Record<string, string>>().notNull().default({}),
    requestBody: text('request_body').notNull().default(''),
    responseStatus: integer('response_status'),
    responseExcerpt: text('response_excerpt').notNull().default(''),
    error: text('error'),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.companyId] }),
    foreignKey({
      name: 'webhook_delivery_connection_id_fk',
      columns: [t.companyId, t.connectionId],
      foreignColumns: [webhookConnection.companyId, webhookConnection.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'webhook_delivery_flow_id_fk',
      columns: [t.companyId, t.flowId],
      foreignColumns: [flow.companyId, flow.id],
    }).onDelete('set null'),
    index('webhook_delivery_connection_created').on(t.connectionId, t.createdAt, t.id),
    index('webhook_delivery_company').on(t.companyId),
    tenantPolicy(),
  ],
).enableRLS();
