import { index, integer, pgTable, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { createdAt, idColumn } from '../columns';
import { companyIdColumn, tenantPolicy } from '../tenancy-sql';
import { company } from './companies.schema';
import { documentVersion, salesDocument } from './documents.schema';
import { storedFile } from './files.schema';
import { flow } from './flows.schema';

/**
 * The customer's answer to one sent version of a quotation, confirmation or document: who signed,
 * where, with what, from which address and browser, and the SHA-256 of the exact HTML and PDF they
 * were shown. One answer per version (a second answers 409); a changed document is a new version that
 * needs a new answer, and this one stays as it was (decision 024).
 */
export const documentResponse = pgTable(
  'document_response',
  {
    id: idColumn(),
    companyId: companyIdColumn().references(() => company.id, { onDelete: 'cascade' }),
    documentId: integer('document_id')
      .notNull()
      .references(() => salesDocument.id, { onDelete: 'cascade' }),
    versionId: integer('version_id')
      .notNull()
      .references(() => documentVersion.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    action: varchar('action', { length: 20 }).notNull(),
    signername: varchar('signername', { length: 200 }).notNull(),
    signatoryName: varchar('signatory_name', { length: 200 }).notNull().default(''),
    location: varchar('location', { length: 200 }).notNull().default(''),
    additionalMessage: text('additional_message').notNull().default(''),
    signatureFileId: integer('signature_file_id').references(() => storedFile.id, { onDelete: 'set null' }),
    signatureType: varchar('signature_type', { length: 40 }),
    ipAddress: varchar('ip_address', { length: 64 }).notNull(),
    userAgent: varchar('user_agent', { length: 1000 }).notNull().default(''),
    htmlSha256: varchar('html_sha256', { length: 64 }).notNull(),
    pdfSha256: varchar('pdf_sha256', { length: 64 }),
    signedPdfFileId: integer('signed_pdf_file_id').references(() => storedFile.id, { onDelete: 'set null' }),
    signedPdfSha256: varchar('signed_pdf_sha256', { length: 64 }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('document_response_version_unique').on(t.versionId), tenantPolicy()],
).enableRLS();

/** Every open of a customer page (time, kind, document): staff see "bekeken op ...". */
export const customerView = pgTable(
  'customer_view',
  {
    id: idColumn(),
    companyId: companyIdColumn().references(() => company.id, { onDelete: 'cascade' }),
    flowId: integer('flow_id').references(() => flow.id, { onDelete: 'cascade' }),
    documentId: integer('document_id').references(() => salesDocument.id, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 20 }).notNull(),
    viewedAt: timestamp('viewed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('customer_view_flow').on(t.flowId, t.viewedAt),
    index('customer_view_document').on(t.documentId, t.viewedAt),
    tenantPolicy(),
  ],
).enableRLS();
