import type { ShowRule } from '@im/domain';
import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { companyRowId, createdAt, idColumn, updatedAt } from '../columns';
import { companyIdColumn, tenantPolicy } from '../tenancy-sql';
import { calculation } from './calculations.schema';
import { company } from './companies.schema';
import { storedFile } from './files.schema';
import { flow } from './flows.schema';
import { relation } from './relations.schema';

export interface StoredTag {
  tag: string;
  description: string;
  selected: boolean;
}

/** Platform-wide widget types (spec 002 "Document widget type"), managed by platform administrators. */
export const documentWidgetType = pgTable(
  'document_widget_type',
  {
    id: idColumn(),
    tag: varchar('tag', { length: 40 }).notNull(),
    description: varchar('description', { length: 200 }).notNull(),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('document_widget_type_tag_unique').on(t.tag)],
);

/** A company's document types: the two system types (Opdrachtbevestiging, Factuur) and its own. */
export const documentType = pgTable(
  'document_type',
  {
    id: companyRowId(),
    companyId: companyIdColumn().references(() => company.id, { onDelete: 'cascade' }),
    description: varchar('description', { length: 100 }).notNull(),
    systemKind: varchar('system_kind', { length: 20 }),
    flowstage: varchar('flowstage', { length: 20 }),
    approvalSignature: boolean('approval_signature').notNull().default(false),
    onlyShowApproved: boolean('only_show_approved').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.companyId] }),
    uniqueIndex('document_type_system_unique')
      .on(t.companyId, t.systemKind)
      .where(sql`system_kind is not null`),
    tenantPolicy(),
  ],
).enableRLS();

/** Quotations, order confirmations and documents: one table, one engine (decision 021). */
export const salesDocument = pgTable(
  'sales_document',
  {
    id: companyRowId(),
    companyId: companyIdColumn().references(() => company.id, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 20 }).notNull(),
    hash: varchar('hash', { length: 64 }).notNull(),
    status: varchar('status', { length: 20 }).notNull().default('draft'),
    number: integer('number'),
    title: varchar('title', { length: 200 }).notNull().default(''),
    flowId: integer('flow_id'),
    relationId: integer('relation_id'),
    calculationId: integer('calculation_id'),
    isTemplate: boolean('is_template').notNull().default(false),
    documentTypeId: integer('document_type_id'),
    sourceDocumentId: integer('source_document_id'),
    documentdate: date('documentdate'),
    dateSend: timestamp('date_send', { withTimezone: true }),
    dateApproved: timestamp('date_approved', { withTimezone: true }),
    dateRejected: timestamp('date_rejected', { withTimezone: true }),
    enddate: date('enddate'),
    customCss: text('custom_css').notNull().default(''),
    signature: text('signature'),
    signatureType: varchar('signature_type', { length: 40 }),
    signername: varchar('signername', { length: 200 }),
    signatoryName: varchar('signatory_name', { length: 200 }),
    location: varchar('location', { length: 200 }),
    additionalMessage: text('additional_message'),
    subject: varchar('subject', { length: 300 }),
    message: text('message'),
    toEmail: varchar('to_email', { length: 254 }),
    sendpdf: boolean('sendpdf').notNull().default(true),
    sendattachments: boolean('sendattachments').notNull().default(true),
    mailtemplateId: integer('mailtemplate_id'),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /**
     * Sort values the overview reads from other tables, copied by triggers (migration 0037, decision 022):
     * the relation's name in lower case ('' for none), the flow's number (-1 for none) and, for an invoice,
     * its billed amount frozen at sending ('-Infinity' until then), so every sort is an index on this table.
     */
    sortRelation: text('sort_relation').notNull().default(''),
    sortFlowNumber: integer('sort_flow_number').notNull().default(-1),
    sortAmount: numeric('sort_amount').notNull().default(sql`'-Infinity'`),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.companyId] }),
    foreignKey({
      name: 'sales_document_flow_id_fk',
      columns: [t.companyId, t.flowId],
      foreignColumns: [flow.companyId, flow.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'sales_document_relation_id_fk',
      columns: [t.companyId, t.relationId],
      foreignColumns: [relation.companyId, relation.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'sales_document_calculation_id_fk',
      columns: [t.companyId, t.calculationId],
      foreignColumns: [calculation.companyId, calculation.id],
    }).onDelete('restrict'),
    foreignKey({
      name: 'sales_document_document_type_id_fk',
      columns: [t.companyId, t.documentTypeId],
      foreignColumns: [documentType.companyId, documentType.id],
    }).onDelete('restrict'),
    uniqueIndex('sales_document_hash_company_unique').on(t.hash, t.companyId),
    uniqueIndex('sales_document_number_unique')
      .on(t.companyId, t.kind, t.number)
      .where(sql`number is not null`),
    index('sales_document_flow').on(t.flowId),
    index('sales_document_relation').on(t.relationId),
    index('sales_document_list').on(t.companyId, t.kind, t.isTemplate, t.id),
    index('sales_document_status').on(t.companyId, t.kind, t.status, t.id),
    // The overviews' default sorts (date, number), with and without the status filter (decision 022).
    index('sales_document_by_date')
      .on(t.companyId, t.kind, t.documentdate.desc().nullsLast(), t.id.desc())
      .where(sql`not is_template and deleted_at is null`),
    index('sales_document_status_by_date')
      .on(t.companyId, t.kind, t.status, t.documentdate.desc().nullsLast(), t.id.desc())
      .where(sql`not is_template and deleted_at is null`),
    index('sales_document_by_number')
      .on(t.companyId, t.kind, t.number.desc().nullsLast(), t.id.desc())
      .where(sql`not is_template and deleted_at is null`),
    index('sales_document_due')
      .on(t.companyId, t.kind, t.enddate, t.id)
      .where(sql`status = 'sent' and not is_template and deleted_at is null`),
    // The other offered sorts and the search of the overviews at 500,000 invoices (decision 022).
    index('sales_document_by_title')
      .on(t.companyId, t.kind, sql`lower(${t.title}) desc nulls last`, t.id.desc().nullsLast())
      .where(sql`not is_template and deleted_at is null`),
    index('sales_document_by_send')
      .on(t.companyId, t.kind, t.dateSend.desc().nullsLast(), t.id.desc())
      .where(sql`not is_template and deleted_at is null`),
    // Approved quotations per week or month for the statistics (decision 058).
    index('sales_document_by_approved')
      .on(t.companyId, t.kind, t.dateApproved)
      .where(sql`date_approved is not null and not is_template and deleted_at is null`),
    index('sales_document_by_status')
      .on(t.companyId, t.kind, t.status.desc().nullsLast(), t.id.desc().nullsLast())
      .where(sql`not is_template and deleted_at is null`),
    index('sales_document_by_relation')
      .on(t.companyId, t.kind, t.relationId, t.documentdate.desc().nullsLast(), t.id.desc().nullsLast())
      .where(sql`not is_template and deleted_at is null`),
    index('sales_document_title_trgm').using('gin', sql`${t.title} gin_trgm_ops`),
    // The sorts the sort ranges walk (document-sort-ranges.ts): (value, id) with the value never empty.
    // These and the title and status sorts above also carry INCLUDE columns (title, sort_relation, status,
    // numbers: migration 0039, which drizzle cannot declare) so a search's walk reads no table rows.
    index('sales_document_range_number')
      .on(t.companyId, t.kind, sql`coalesce(number, -1) desc nulls last`, t.id.desc().nullsLast())
      .where(sql`not is_template and deleted_at is null`),
    index('sales_document_range_send')
      .on(t.companyId, t.kind, sql`coalesce(date_send, '-infinity') desc nulls last`, t.id.desc().nullsLast())
      .where(sql`not is_template and deleted_at is null`),
    index('sales_document_range_updated')
      .on(t.companyId, t.kind, t.updatedAt.desc().nullsLast(), t.id.desc().nullsLast())
      .where(sql`not is_template and deleted_at is null`),
    index('sales_document_range_relation')
      .on(t.companyId, t.kind, t.sortRelation.desc().nullsLast(), t.id.desc().nullsLast())
      .where(sql`not is_template and deleted_at is null`),
    index('sales_document_range_flow')
      .on(t.companyId, t.kind, t.sortFlowNumber.desc().nullsLast(), t.id.desc().nullsLast())
      .where(sql`not is_template and deleted_at is null`),
    index('sales_document_range_amount')
      .on(t.companyId, t.kind, t.sortAmount.desc().nullsLast(), t.id.desc().nullsLast())
      .where(sql`not is_template and deleted_at is null`),
    tenantPolicy(),
  ],
).enableRLS();

/**
 * The invoice overview's sorts cut into ranges of about DOCUMENT_SORT_RANGE_SIZE live invoices, as the
 * flow list's (decision 008): `lo_*` is where a range starts in (value, id) order (text keys use lo_text,
 * numbers lo_num, times lo_time, the id sort lo_id alone), `n` how many live documents of a status it holds.
 * Triggers keep the counts (migration 0037); document-sort-ranges.ts splits and merges ranges.
 */
export const documentSortRange = pgTable(
  'document_sort_range',
  {
    companyId: integer('company_id').notNull(),
    kind: varchar('kind', { length: 20 }).notNull(),
    sortKey: varchar('sort_key', { length: 20 }).notNull(),
    loText: text('lo_text').notNull().default(''),
    loNum: numeric('lo_num').notNull().default(sql`'-Infinity'`),
    loTime: timestamp('lo_time', { withTimezone: true }).notNull().default(sql`'-infinity'`),
    loId: integer('lo_id').notNull().default(0),
    status: varchar('status', { length: 20 }).notNull(),
    n: integer('n').notNull().default(0),
  },
  (t) => [
    primaryKey({
      name: 'document_sort_range_pk',
      columns: [t.companyId, t.kind, t.sortKey, t.loText, t.loNum, t.loTime, t.loId, t.status],
    }),
    tenantPolicy(),
  ],
).enableRLS();

export const documentWidget = pgTable(
  'document_widget',
  {
    id: companyRowId(),
    companyId: companyIdColumn().references(() => company.id, { onDelete: 'cascade' }),
    documentId: integer('document_id').notNull(),
    order: integer('order').notNull(),
    description: varchar('description', { length: 200 }).notNull().default('nieuwe widget'),
    documentWidgetTypeId: integer('document_widget_type_id')
      .notNull()
      .references(() => documentWidgetType.id, { onDelete: 'restrict' }),
    textcontent: text('textcontent').notNull().default(''),
    textcontent2: text('textcontent2').notNull().default(''),
    textcontent3: text('textcontent3').notNull().default(''),
    stringcontent: varchar('stringcontent', { length: 255 }).notNull().default(''),
    conditions: jsonb('conditions').$type<ShowRule[]>().notNull().default([]),
    customClass: varchar('custom_class', { length: 200 }).notNull().default(''),
    customStyling: varchar('custom_styling', { length: 1000 }).notNull().default(''),
    isHidden: boolean('is_hidden').notNull().default(false),
    pictureFileId: integer('picture_file_id'),
    recurringverticalId: integer('recurringvertical_id'),
    columns: jsonb('columns').$type<StoredTag[]>().notNull().default([]),
    rows: jsonb('rows').$type<StoredTag[]>().notNull().default([]),
    colspan: integer('colspan').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.companyId] }),
    foreignKey({
      name: 'document_widget_document_id_fk',
      columns: [t.companyId, t.documentId],
      foreignColumns: [salesDocument.companyId, salesDocument.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'document_widget_picture_file_id_fk',
      columns: [t.companyId, t.pictureFileId],
      foreignColumns: [storedFile.companyId, storedFile.id],
    }).onDelete('set null'),
    index('document_widget_document').on(t.documentId, t.order),
    tenantPolicy(),
  ],
).enableRLS();

/** What the customer received: the exact HTML and PDF of each sending, with their SHA-256. */
export const documentVersion = pgTable(
  'document_version',
  {
    id: companyRowId(),
    companyId: companyIdColumn().references(() => company.id, { onDelete: 'cascade' }),
    documentId: integer('document_id').notNull(),
    version: integer('version').notNull(),
    status: varchar('status', { length: 20 }).notNull(),
    html: text('html').notNull(),
    htmlSha256: varchar('html_sha256', { length: 64 }).notNull(),
    pdfFileId: integer('pdf_file_id'),
    pdfSha256: varchar('pdf_sha256', { length: 64 }),
    /** An invoice's e-invoice (UBL) as sent with this version; downloads serve it unchanged. */
    einvoiceFileId: integer('einvoice_file_id'),
    toEmail: varchar('to_email', { length: 254 }),
    mailed: boolean('mailed').notNull().default(false),
    outboxMailId: integer('outbox_mail_id'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.companyId] }),
    foreignKey({
      name: 'document_version_document_id_fk',
      columns: [t.companyId, t.documentId],
      foreignColumns: [salesDocument.companyId, salesDocument.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'document_version_pdf_file_id_fk',
      columns: [t.companyId, t.pdfFileId],
      foreignColumns: [storedFile.companyId, storedFile.id],
    }).onDelete('set null'),
    foreignKey({
      name: 'document_version_einvoice_file_id_fk',
      columns: [t.companyId, t.einvoiceFileId],
      foreignColumns: [storedFile.companyId, storedFile.id],
    }).onDelete('set null'),
    uniqueIndex('document_version_company_unique').on(t.companyId, t.documentId, t.version),
    tenantPolicy(),
  ],
).enableRLS();

/**
 * Live documents (not templates, not deleted) per company, kind, status and document date ('-infinity'
 * for none): the overviews' totals without counting rows, and the day a deep page of the date sort
 * starts on (decision 022). Kept only by the row trigger on `sales_document` (migration
 * invoice_overview_functions); the old side only decrements an existing row, so a company's cascading
 * delete never writes one.
 */
export const documentTally = pgTable(
  'document_tally',
  {
    companyId: companyIdColumn().references(() => company.id, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 20 }).notNull(),
    status: varchar('status', { length: 20 }).notNull(),
    day: date('day').notNull(),
    n: integer('n').notNull(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.kind, t.status, t.day] }), tenantPolicy()],
).enableRLS();
