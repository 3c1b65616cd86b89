import { sql } from 'drizzle-orm';
import {
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { companyRowId, createdAt, updatedAt } from '../columns';
import { companyIdColumn, tenantPolicy } from '../tenancy-sql';
import { company } from './companies.schema';
import { flow } from './flows.schema';
import { relation } from './relations.schema';
import { user } from './users.schema';

/**
 * A message in a flow's conversation between the company and the customer (the relation).
 * `messageable` is what it is about (the flow, later a quotation or invoice); `sendable` and
 * `receiveable` are the user or relation that wrote and receives it. `status` follows the rules of
 * decision 019: unread, unanswered or read.
 */
export const message = pgTable(
  'message',
  {
    id: companyRowId(),
    companyId: companyIdColumn().references(() => company.id, { onDelete: 'cascade' }),
    flowId: integer('flow_id').notNull(),
    relationId: integer('relation_id'),
    messageableType: varchar('messageable_type', { length: 20 }).notNull().default('flow'),
    messageableId: integer('messageable_id').notNull(),
    sendableType: varchar('sendable_type', { length: 10 }).notNull(),
    sendableId: integer('sendable_id').notNull(),
    receiveableType: varchar('receiveable_type', { length: 10 }).notNull(),
    receiveableId: integer('receiveable_id'),
    /** The staff author (null for a customer's message). */
    userId: integer('user_id'),
    content: text('content').notNull(),
    status: varchar('status', { length: 12 }).notNull().default('unread'),
    /** Who on the company side answers: office (backoffice), project (uitvoering), null (sales). */
    assignedTo: varchar('assigned_to', { length: 10 }),
    hash: varchar('hash', { length: 64 }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.companyId] }),
    foreignKey({
      name: 'message_flow_id_fk',
      columns: [t.companyId, t.flowId],
      foreignColumns: [flow.companyId, flow.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'message_relation_id_fk',
      columns: [t.companyId, t.relationId],
      foreignColumns: [relation.companyId, relation.id],
    }).onDelete('set null'),
    foreignKey({
      name: 'message_user_id_fk',
      columns: [t.companyId, t.userId],
      foreignColumns: [user.companyId, user.id],
    }).onDelete('set null'),
    index('message_flow_created').on(t.flowId, t.createdAt, t.id),
    index('message_company_created').on(t.companyId, t.createdAt, t.id),
    uniqueIndex('message_hash_company_unique').on(t.hash, t.companyId),
    tenantPolicy(),
  ],
).enableRLS();

/**
 * One row per flow with messages: the conversation's state for the communicator, kept by
 * `refreshConversation` in the transaction of every message change. `state` 0 read, 1 unanswered,
 * 2 unread (a customer's unread message wins); the inbox pages on (company, state, last message).
 */
export const flowConversation = pgTable(
  'flow_conversation',
  {
    flowId: integer('flow_id').notNull(),
    companyId: companyIdColumn().references(() => company.id, { onDelete: 'cascade' }),
    messageCount: integer('message_count').notNull().default(0),
    unreadCount: integer('unread_count').notNull().default(0),
    unansweredCount: integer('unanswered_count').notNull().default(0),
    lastMessageId: integer('last_message_id').notNull(),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull(),
    /** When a staff message last mailed the customer (at most one per CUSTOMER_MESSAGE_MAIL_MINUTES). */
    customerMailedAt: timestamp('customer_mailed_at', { withTimezone: true }),
    state: smallint('state').generatedAlwaysAs(
      sql`case when unread_count > 0 then 2 when unanswered_count > 0 then 1 else 0 end`,
    ),
  },
  (t) => [
    primaryKey({ columns: [t.flowId, t.companyId] }),
    foreignKey({
      name: 'flow_conversation_flow_id_fk',
      columns: [t.companyId, t.flowId],
      foreignColumns: [flow.companyId, flow.id],
    }).onDelete('cascade'),
    index('flow_conversation_company_last').on(t.companyId, t.lastMessageAt, t.flowId),
    index('flow_conversation_company_state_last').on(t.companyId, t.state, t.lastMessageAt, t.flowId),
    tenantPolicy(),
  ],
).enableRLS();
