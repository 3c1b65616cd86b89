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
import { companyRowId, createdAt } from '../columns';
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
    id: companyRowId(),
    companyId: companyIdColumn().references(() => company.id, { onDelete: 'cascade' }),
    documentId: integer('document_id').notNull(),
    versionId: integer('version_id').notNull(),
    version: integer('version').notNull(),
    action: varchar('action', { length: 20 }).notNull(),
    signername: varchar('signername', { length: 200 }).notNull(),
    signatoryName: varchar('signatory_name', { length: 200 }).notNull().default(''),
    location: varchar('location', { length: 200 }).notNull().default(''),
    additionalMessage: text('additional_message').notNull().default(''),
    signatureFileId: integer('signature_file_id'),
    signatureType: varchar('signature_type', { length: 40 }),
    ipAddress: varchar('ip_address', { length: 64 }).notNull(),
    userAgent: varchar('user_agent', { length: 1000 }).notNull().default(''),
    htmlSha256: varchar('html_sha256', { length: 64 }).notNull(),
    pdfSha256: varchar('pdf_sha256', { length: 64 }),
    signedPdfFileId: integer('signed_pdf_file_id'),
    signedPdfSha256: varchar('signed_pdf_sha256', { length: 64 }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.companyId] }),
    foreignKey({
      name: 'document_response_document_id_fk',
      columns: [t.companyId, t.documentId],
      foreignColumns: [salesDocument.companyId, salesDocument.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'document_response_version_id_fk',
      columns: [t.companyId, t.versionId],
      foreignColumns: [documentVersion.companyId, documentVersion.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'document_response_signature_file_id_fk',
      columns: [t.companyId, t.signatureFileId],
      foreignColumns: [storedFile.companyId, storedFile.id],
    }).onDelete('set null'),
    foreignKey({
      name: 'document_response_signed_pdf_file_id_fk',
      columns: [t.companyId, t.signedPdfFileId],
      foreignColumns: [storedFile.companyId, storedFile.id],
    }).onDelete('set null'),
    uniqueIndex('document_response_company_version_unique').on(t.companyId, t.versionId),
    tenantPolicy(),
  ],
).enableRLS();

/** Every open of a customer page (time, kind, document): staff see "bekeken op ...". */
export const customerView = pgTable(
  'customer_view',
  {
    id: companyRowId(),
    companyId: companyIdColumn().references(() => company.id, { onDelete: 'cascade' }),
    flowId: integer('flow_id'),
    documentId: integer('document_id'),
    kind: varchar('kind', { length: 20 }).notNull(),
    viewedAt: timestamp('viewed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.companyId] }),
    foreignKey({
      name: 'customer_view_flow_id_fk',
      columns: [t.companyId, t.flowId],
      foreignColumns: [flow.companyId, flow.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'customer_view_document_id_fk',
      columns: [t.companyId, t.documentId],
      foreignColumns: [salesDocument.companyId, salesDocument.id],
    }).onDelete('cascade'),
    index('customer_view_flow').on(t.flowId, t.viewedAt),
    index('customer_view_document').on(t.documentId, t.viewedAt),
    tenantPolicy(),
  ],
).enableRLS();
