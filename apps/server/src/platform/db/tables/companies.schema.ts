import { sql } from 'drizzle-orm';
import {
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  unique,
  varchar,
} from 'drizzle-orm/pg-core';
import { companyRowId, createdAt, deletedAt, idColumn, updatedAt } from '../columns';
import { companyIdColumn, tenantPolicy } from '../tenancy-sql';

export const company = pgTable(
  'company',
  {
    id: idColumn(),
    name: varchar('name', { length: 200 }).notNull(),
    country: varchar('country', { length: 100 }).notNull().default('Nederland'),
    lat: doublePrecision('lat'),
    lng: doublePrecision('lng'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: deletedAt(),
  },
  (t) => [
    // The admin's company lists sort by name and search it with ILIKE (pg_trgm).
    index('company_name_lower_index').on(sql`lower(${t.name})`),
    index('company_name_trgm_index').using('gin', t.name.op('gin_trgm_ops')),
    tenantPolicy('id'),
  ],
).enableRLS();

export const companySettings = pgTable(
  'company_settings',
  {
    id: companyRowId(),
    companyId: companyIdColumn()
      .unique()
      .references(() => company.id, { onDelete: 'cascade' }),
    appname: varchar('appname', { length: 200 }).notNull().default('Installatiemanager'),
    appdescription: text('appdescription').notNull().default(''),
    brandButtonColor: varchar('brand_button_color', { length: 20 }),
    logoFileId: integer('logo_file_id'),
    /** Images around every customer mail and behind the customer pages (stored_file ids). */
    emailHeaderFileId: integer('email_header_file_id'),
    emailFooterFileId: integer('email_footer_file_id'),
    customerBackgroundFileId: integer('customer_background_file_id'),
    /** Approving a quotation or confirmation needs a drawn signature (else the agreement tick). */
    confirmationApprovalSignature: boolean('confirmation_approval_signature').notNull().default(false),
    /** Kinds whose customer link stops working after the document's end date (decision 024). */
    customerLinkExpiry: jsonb('customer_link_expiry').$type<string[]>().notNull().default([]),
    hostnames: jsonb('hostnames').$type<string[]>().notNull().default([]),
    /** The request profile new flows get (no FK: profiles belong to the company and come later in the graph). */
    standardFlowprofileId: integer('standard_flowprofile_id'),
    leadSources: jsonb('lead_sources').$type<string[]>().notNull().default([]),
    flowTags: jsonb('flow_tags').$type<string[]>().notNull().default([]),
    cancelReasons: jsonb('cancel_reasons').$type<string[]>().notNull().default([]),
    customLeadInfobox: text('custom_lead_infobox').notNull().default(''),
    emailSignature: text('email_signature').notNull().default(''),
    /** The sender of the company's mails (decision 036): From's name ('' = the company's name), Reply-To. */
    mailSenderName: varchar('mail_sender_name', { length: 100 }).notNull().default(''),
    mailReplyTo: varchar('mail_reply_to', { length: 10 }).notNull().default('company'),
    mailReplyToAddress: varchar('mail_reply_to_address', { length: 254 }).notNull().default(''),
    /** Company details for invoices and the e-invoice (decision 022): address, KvK, VAT id, IBAN. */
    street: varchar('street', { length: 200 }).notNull().default(''),
    housenumber: varchar('housenumber', { length: 20 }).notNull().default(''),
    postcode: varchar('postcode', { length: 20 }).notNull().default(''),
    city: varchar('city', { length: 100 }).notNull().default(''),
    phone: varchar('phone', { length: 40 }).notNull().default(''),
    email: varchar('email', { length: 254 }).notNull().default(''),
    kvkNumber: varchar('kvk_number', { length: 8 }).notNull().default(''),
    vatNumber: varchar('vat_number', { length: 20 }).notNull().default(''),
    iban: varchar('iban', { length: 34 }).notNull().default(''),
    bic: varchar('bic', { length: 11 }).notNull().default(''),
    invoicePaymentDays: integer('invoice_payment_days').notNull().default(14),
    /** Payment links (decision 022): 'mollie' with its API key, or none. */
    paymentProvider: varchar('payment_provider', { length: 20 }),
    paymentApiKey: varchar('payment_api_key', { length: 200 }),
    /** The standard credit invoice template (an invoice template, decision 022); null: the original's content. */
    creditInvoiceTemplateId: integer('credit_invoice_template_id'),
    /** The dashboard's statistic boxes (spec 000 section 3); null: the defaults (DEFAULT_STATBOXES). */
    dashboardSettings: jsonb('dashboard_settings'),
    /** KPI settings (decision 064): per KPI (1-3) the products whose kpi_value a flow's KPI adds up. */
    kpiProducts: jsonb('kpi_products').$type<number[]>().notNull().default([]),
    kpiProducts2: jsonb('kpi_products2').$type<number[]>().notNull().default([]),
    kpiProducts3: jsonb('kpi_products3').$type<number[]>().notNull().default([]),
    /** The dashboard's leads box (decision 064): its first filter and rows; null: unsent, 5. */
    dashboardLeads: jsonb('dashboard_leads').$type<{ filter: string; limit: number }>(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.id, t.companyId] }), tenantPolicy()],
).enableRLS();

/** The 14 modules of spec 000 section 6; platform data, not company-owned. */
export const module = pgTable('module', {
  id: idColumn(),
  tag: varchar('tag', { length: 40 }).notNull().unique(),
  description: text('description').notNull().default(''),
});

export const companyModule = pgTable(
  'company_module',
  {
    id: companyRowId(),
    companyId: companyIdColumn().references(() => company.id, { onDelete: 'cascade' }),
    moduleId: integer('module_id')
      .notNull()
      .references(() => module.id),
    purchased: boolean('purchased').notNull().default(true),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.companyId] }),
    unique().on(t.companyId, t.moduleId),
    index().on(t.moduleId),
    tenantPolicy(),
  ],
).enableRLS();
