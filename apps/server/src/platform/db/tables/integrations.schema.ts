import { sql } from 'drizzle-orm';
import {
  boolean,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { companyRowId, createdAt, updatedAt } from '../columns';
import { companyIdColumn, tenantPolicy } from '../tenancy-sql';
import { company } from './companies.schema';
import { salesDocument } from './documents.schema';
import { user } from './users.schema';

/**
 * A linked service (decision 065): the company's accounting package (user_id null) or a user's own
 * calendar. Tokens are kept encrypted (AES-256-GCM, key from INTEGRATION_SECRET_KEY); no answer carries them.
 */
export const integrationConnection = pgTable(
  'integration_connection',
  {
    id: companyRowId(),
    companyId: companyIdColumn().references(() => company.id, { onDelete: 'cascade' }),
    userId: integer('user_id'),
    /** 'exact' | 'snelstart' | 'gcal' | 'outlook' | 'quickr' | 'glbl' */
    service: varchar('service', { length: 20 }).notNull(),
    /** 'active' | 'error' (a refresh was refused: link again) */
    status: varchar('status', { length: 10 }).notNull().default('active'),
    accountLabel: varchar('account_label', { length: 200 }).notNull().default(''),
    accessTokenEnc: text('access_token_enc'),
    refreshTokenEnc: text('refresh_token_enc'),
    tokenExpiresAt: timestamp('token_expires_at', { withTimezone: true }),
    /** What the provider needs beyond tokens (the division of Exact Online, sync tokens of a calendar). */
    state: jsonb('state').$type<Record<string, unknown>>().notNull().default({}),
    lastError: text('last_error'),
    createdBy: integer('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.companyId] }),
    foreignKey({
      name: 'integration_connection_user_id_fk',
      columns: [t.companyId, t.userId],
      foreignColumns: [user.companyId, user.id],
    }).onDelete('cascade'),
    uniqueIndex('integration_connection_company_service')
      .on(t.companyId, t.service)
      .where(sql`${t.userId} is null`),
    uniqueIndex('integration_connection_company_user_service')
      .on(t.companyId, t.userId, t.service)
      .where(sql`${t.userId} is not null`),
    tenantPolicy(),
  ],
).enableRLS();

/**
 * One authorization round in flight: the random `state` the provider sends back to the public callback
 * (the only credential there), the PKCE verifier (encrypted), who asked and where it leads. Used once.
 */
export const integrationOauthState = pgTable(
  'integration_oauth_state',
  {
    state: varchar('state', { length: 64 }).notNull(),
    companyId: companyIdColumn().references(() => company.id, { onDelete: 'cascade' }),
    userId: integer('user_id').notNull(),
    service: varchar('service', { length: 20 }).notNull(),
    /** Whether the link is the user's own (calendar) or the company's. */
    forUser: boolean('for_user').notNull(),
    codeVerifierEnc: text('code_verifier_enc').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.state, t.companyId] }),
    foreignKey({
      name: 'integration_oauth_state_user_id_fk',
      columns: [t.companyId, t.userId],
      foreignColumns: [user.companyId, user.id],
    }).onDelete('cascade'),
    tenantPolicy(),
  ],
).enableRLS();

/** What a connection did, for the staff to read ('Koppelingen'); kept when the connection goes. */
export const integrationLog = pgTable(
  'integration_log',
  {
    id: companyRowId(),
    companyId: companyIdColumn().references(() => company.id, { onDelete: 'cascade' }),
    service: varchar('service', { length: 20 }).notNull(),
    userId: integer('user_id'),
    level: varchar('level', { length: 5 }).notNull().default('info'),
    message: text('message').notNull(),
    documentId: integer('document_id'),
    at: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.companyId] }),
    index('integration_log_by_service').on(t.companyId, t.service, t.id),
    tenantPolicy(),
  ],
).enableRLS();

/**
 * The accounting blocks of the document settings (spec 000 section 3's gl_* and exact_discount_* fields,
 * with the package's choices): one row per company, made on the first save.
 */
export const accountingSettings = pgTable(
  'accounting_settings',
  {
    id: companyRowId(),
    companyId: companyIdColumn()
      .unique()
      .references(() => company.id, { onDelete: 'cascade' }),
    glReference: varchar('gl_reference', { length: 100 }).notNull().default(''),
    glDescription: varchar('gl_description', { length: 200 }).notNull().default(''),
    glReferenceLow: varchar('gl_reference_low', { length: 100 }).notNull().default(''),
    glDescriptionLow: varchar('gl_description_low', { length: 200 }).notNull().default(''),
    glReferenceShifted: varchar('gl_reference_shifted', { length: 100 }).notNull().default(''),
    glDescriptionShifted: varchar('gl_description_shifted', { length: 200 }).notNull().default(''),
    glReferenceZero: varchar('gl_reference_zero', { length: 100 }).notNull().default(''),
    glDescriptionZero: varchar('gl_description_zero', { length: 200 }).notNull().default(''),
    exactDiscountReference: varchar('exact_discount_reference', { length: 100 }).notNull().default(''),
    exactDiscountDescription: varchar('exact_discount_description', { length: 200 }).notNull().default(''),
    vatType: varchar('vat_type', { length: 3 }).notNull().default('exc'),
    discountOption: varchar('discount_option', { length: 30 }).notNull().default('own_ledger'),
    division: varchar('division', { length: 100 }).notNull().default(''),
    journal: varchar('journal', { length: 100 }).notNull().default(''),
    warehouse: varchar('warehouse', { length: 100 }).notNull().default(''),
    discountItem: varchar('discount_item', { length: 100 }).notNull().default(''),
    vatCodeHigh: varchar('vat_code_high', { length: 100 }).notNull().default(''),
    vatCodeLow: varchar('vat_code_low', { length: 100 }).notNull().default(''),
    vatCodeZero: varchar('vat_code_zero', { length: 100 }).notNull().default(''),
    vatCodeShifted: varchar('vat_code_shifted', { length: 100 }).notNull().default(''),
    autoPush: boolean('auto_push').notNull().default(true),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.id, t.companyId] }), tenantPolicy()],
).enableRLS();

/**
 * One sent invoice's booking in the company's package: made once per (service, invoice), with a key the
 * package sees as the entry's reference, so a retried or resumed push finds its earlier booking instead of
 * booking twice.
 */
export const accountingPush = pgTable(
  'accounting_push',
  {
    id: companyRowId(),
    companyId: companyIdColumn().references(() => company.id, { onDelete: 'cascade' }),
    service: varchar('service', { length: 20 }).notNull(),
    documentId: integer('document_id').notNull(),
    idempotencyKey: uuid('idempotency_key').notNull().defaultRandom(),
    /** 'queued' | 'booked' | 'refused' | 'retrying' */
    status: varchar('status', { length: 10 }).notNull().default('queued'),
    externalId: varchar('external_id', { length: 100 }),
    externalNumber: varchar('external_number', { length: 100 }),
    message: text('message'),
    attempts: integer('attempts').notNull().default(0),
    bookedAt: timestamp('booked_at', { withTimezone: true }),
    /** When the package said the invoice is paid (and it was registered here). */
    paidSyncedAt: timestamp('paid_synced_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.companyId] }),
    foreignKey({
      name: 'accounting_push_document_id_fk',
      columns: [t.companyId, t.documentId],
      foreignColumns: [salesDocument.companyId, salesDocument.id],
    }).onDelete('cascade'),
    uniqueIndex('accounting_push_once').on(t.companyId, t.service, t.documentId),
    index('accounting_push_unpaid')
      .on(t.companyId, t.service)
      .where(sql`${t.status} = 'booked' and ${t.paidSyncedAt} is null`),
    index('accounting_push_by_company').on(t.companyId, t.id),
    tenantPolicy(),
  ],
).enableRLS();

/**
 * One agenda item's or planned task's event in a user's own calendar (decisions 070, 074): made when the item
 * is first pushed, its external id kept, so an update or delete reaches the same event and a retried push never
 * makes a second. What was pushed last (a hash of the event, and its times) is kept too: a push of the same
 * again is skipped, and the sync back tells a change made in the calendar from the echo of our own push.
 * The item is no foreign key: the row outlives it until its event is deleted in the calendar.
 */
export const calendarEventLink = pgTable(
  'calendar_event_link',
  {
    id: companyRowId(),
    companyId: companyIdColumn().references(() => company.id, { onDelete: 'cascade' }),
    /** 'agendaitem' | 'task' (CALENDAR_ITEM_KINDS) */
    kind: varchar('kind', { length: 12 }).notNull().default('agendaitem'),
    /**
     * The agenda item's or task's id (the column keeps its first name). No foreign key: the link outlives
     * its item until the push has deleted the external event.
     */
    itemId: integer('agenda_item_id').notNull(),
    /** A following task's leading task: deleting the leader deletes its followers without events of theirs. */
    leaderId: integer('leader_id'),
    userId: integer('user_id').notNull(),
    /** 'gcal' | 'outlook' */
    service: varchar('service', { length: 20 }).notNull(),
    externalId: varchar('external_id', { length: 1024 }).notNull(),
    /** SHA-256 of the event as last pushed (or taken back from the calendar). */
    pushedHash: varchar('pushed_hash', { length: 64 }),
    pushedStart: timestamp('pushed_start', { withTimezone: true }),
    pushedEnd: timestamp('pushed_end', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.companyId] }),
    foreignKey({
      name: 'calendar_event_link_user_id_fk',
      columns: [t.companyId, t.userId],
      foreignColumns: [user.companyId, user.id],
    }).onDelete('cascade'),
    uniqueIndex('calendar_event_link_item_once').on(t.companyId, t.kind, t.itemId, t.userId, t.service),
    index('calendar_event_link_by_user').on(t.companyId, t.userId, t.service),
    index('calendar_event_link_by_leader').on(t.companyId, t.leaderId).where(sql`${t.leaderId} is not null`),
    tenantPolicy(),
  ],
).enableRLS();
