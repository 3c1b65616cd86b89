import {
  CALCULATION_COLUMN_LABELS,
  CALCULATION_ROW_LABELS,
  DOCUMENT_TEXTS,
  type DocumentKind,
  type DocumentStatus,
  type DocumentWidget,
  type FileInfo,
  rollbackTargets,
  type SalesDocument,
  type ShowRule,
  type WidgetTag,
} from '@im/domain';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Tx } from '../../platform/db/database';
import { isoFast, isoFastOrNull } from '../../platform/db/iso';
import {
  documentType,
  documentVersion,
  documentWidget,
  documentWidgetType,
  type StoredTag,
  salesDocument,
} from '../../platform/db/tables/documents.schema';
import { storedFile } from '../../platform/db/tables/files.schema';
import { flow } from '../../platform/db/tables/flows.schema';
import { relation } from '../../platform/db/tables/relations.schema';
import { notFound } from '../../platform/errors';
import { recalculate } from '../calculations';
import { documentKind } from './document-kinds';

export type DocumentRecord = typeof salesDocument.$inferSelect;
export type WidgetRecord = typeof documentWidget.$inferSelect;

/** The live document of a kind, or 404 (another company's, another kind's and a deleted one alike). */
export async function findDocument(
  tx: Tx,
  kind: DocumentKind,
  id: number,
  options: { lock?: boolean } = {},
): Promise<DocumentRecord> {
  const q = tx
    .select()
    .from(salesDocument)
    .where(and(eq(salesDocument.id, id), eq(salesDocument.kind, kind), isNull(salesDocument.deletedAt)));
  const [row] = options.lock ? await q.for('update') : await q;
  if (!row) throw notFound(DOCUMENT_TEXTS.notFound(kind));
  return row;
}

/** The live document of any kind (widgets and attachments name their document without its kind). */
export async function findAnyDocument(tx: Tx, id: number, options: { lock?: boolean } = {}) {
  const q = tx
    .select()
    .from(salesDocument)
    .where(and(eq(salesDocument.id, id), isNull(salesDocument.deletedAt)));
  const [row] = options.lock ? await q.for('update') : await q;
  return row ?? null;
}

export function fileInfo(f: typeof storedFile.$inferSelect, url: string): FileInfo {
  return {
    id: f.id,
    filename: f.filename,
    mime_type: f.mimeType,
    size: f.size,
    created_at: isoFast(f.createdAt),
    url,
  };
}

const dateOnly = (d: string | null) => d ?? null;

function tags<T extends string>(stored: StoredTag[], labels: Record<T, string>) {
  return stored
    .filter((t) => t.tag in labels)
    .map((t) => ({
      tag: t.tag as T,
      description: t.description || labels[t.tag as T],
      selected: t.selected,
    }));
}

export function widgetDto(
  w: WidgetRecord,
  type: { id: number; tag: string; description: string },
  picture: typeof storedFile.$inferSelect | null,
): DocumentWidget {
  return {
    id: w.id,
    document_id: w.documentId,
    order: w.order,
    description: w.description,
    document_widget_type_id: w.documentWidgetTypeId,
    documentwidgettype: { id: type.id, tag: type.tag as WidgetTag, description: type.description },
    textcontent: w.textcontent,
    textcontent2: w.textcontent2,
    textcontent3: w.textcontent3,
    stringcontent: w.stringcontent,
    conditions: w.conditions as ShowRule[],
    custom_class: w.customClass,
    custom_styling: w.customStyling,
    is_hidden: w.isHidden,
    widgetpicture: picture ? fileInfo(picture, `/api/widgetpicture/${w.id}`) : null,
    recurringvertical_id: w.recurringverticalId,
    calculationitemColumns: tags(w.columns, CALCULATION_COLUMN_LABELS),
    calculationitemRows: tags(w.rows, CALCULATION_ROW_LABELS),
    colspan: w.colspan,
  };
}

/** A document's widgets in order, with their type and picture. */
export async function loadWidgets(tx: Tx, documentId: number): Promise<DocumentWidget[]> {
  const rows = await tx
    .select({ w: documentWidget, t: documentWidgetType, p: storedFile })
    .from(documentWidget)
    .innerJoin(documentWidgetType, eq(documentWidgetType.id, documentWidget.documentWidgetTypeId))
    .leftJoin(storedFile, eq(storedFile.id, documentWidget.pictureFileId))
    .where(eq(documentWidget.documentId, documentId))
    .orderBy(asc(documentWidget.order), asc(documentWidget.id));
  return rows.map((r) => widgetDto(r.w, r.t, r.p));
}

export async function loadWidget(tx: Tx, id: number): Promise<DocumentWidget> {
  const [r] = await tx
    .select({ w: documentWidget, t: documentWidgetType, p: storedFile })
    .from(documentWidget)
    .innerJoin(documentWidgetType, eq(documentWidgetType.id, documentWidget.documentWidgetTypeId))
    .leftJoin(storedFile, eq(storedFile.id, documentWidget.pictureFileId))
    .where(eq(documentWidget.id, id));
  if (!r) throw notFound(DOCUMENT_TEXTS.widgetNotFound);
  return widgetDto(r.w, r.t, r.p);
}

export const ATTACHMENT = 'attachment';
export const DOCUMENT_OWNER = 'sales_document';

export async function loadAttachments(tx: Tx, documentId: number): Promise<FileInfo[]> {
  const rows = await tx
    .select()
    .from(storedFile)
    .where(
      and(
        eq(storedFile.purpose, ATTACHMENT),
        eq(storedFile.ownerType, DOCUMENT_OWNER),
        eq(storedFile.ownerId, documentId),
      ),
    )
    .orderBy(asc(storedFile.id));
  return rows.map((f) => fileInfo(f, `/api/attachment/${f.id}`));
}

/** The whole document as the detail screen reads it. */
export async function loadDocument(tx: Tx, id: number): Promise<SalesDocument> {
  const [row] = await tx
    .select({
      d: salesDocument,
      flowNumber: flow.number,
      flowDescription: flow.description,
      flowStatus: flow.flowStatus,
      flowprofileId: flow.flowprofileId,
      relFullname: relation.fullname,
      relEmail: relation.email,
      type: documentType,
    })
    .from(salesDocument)
    .leftJoin(flow, eq(flow.id, salesDocument.flowId))
    .leftJoin(relation, eq(relation.id, salesDocument.relationId))
    .leftJoin(documentType, eq(documentType.id, salesDocument.documentTypeId))
    .where(eq(salesDocument.id, id));
  if (!row) throw notFound();
  const d = row.d;
  const [source] = d.sourceDocumentId
    ? await tx
        .select({ id: salesDocument.id, kind: salesDocument.kind, number: salesDocument.number })
        .from(salesDocument)
        .where(eq(salesDocument.id, d.sourceDocumentId))
    : [];
  const versions = await tx
    .select()
    .from(documentVersion)
    .where(eq(documentVersion.documentId, id))
    .orderBy(asc(documentVersion.version));
  const t = row.type;
  return {
    id: d.id,
    kind: d.kind as DocumentKind,
    hash: d.hash,
    status: d.status as DocumentStatus,
    number: d.number,
    title: d.title,
    flow_id: d.flowId,
    flow:
      d.flowId !== null && row.flowNumber !== null
        ? {
            id: d.flowId,
            number: row.flowNumber,
            description: row.flowDescription ?? '',
            flow_status: row.flowStatus ?? '',
            flowprofile_id: row.flowprofileId ?? null,
          }
        : null,
    relation:
      d.relationId !== null
        ? { id: d.relationId, fullname: row.relFullname ?? '', email: row.relEmail || null }
        : null,
    calculation_id: d.calculationId,
    calculation: d.calculationId !== null ? await recalculate(tx, d.calculationId) : null,
    documentwidgets: await loadWidgets(tx, id),
    attachments: await loadAttachments(tx, id),
    is_template: d.isTemplate,
    document_type_id: d.documentTypeId,
    documenttype: t
      ? {
          id: t.id,
          description: t.description,
          system_kind: (t.systemKind as 'confirmation' | 'invoice' | null) ?? null,
          flowstage: (t.flowstage as 'intake' | 'project' | null) ?? null,
          approval_signature: t.approvalSignature,
          only_show_approved: t.onlyShowApproved,
        }
      : null,
    source: source ? { id: source.id, kind: source.kind as DocumentKind, number: source.number } : null,
    documentdate: dateOnly(d.documentdate),
    date_send: isoFastOrNull(d.dateSend),
    date_approved: isoFastOrNull(d.dateApproved),
    date_rejected: isoFastOrNull(d.dateRejected),
    enddate: dateOnly(d.enddate),
    custom_css: d.customCss,
    signature: d.signature,
    signature_type: d.signatureType,
    signername: d.signername,
    signatory_name: d.signatoryName,
    location: d.location,
    additional_message: d.additionalMessage,
    subject: d.subject,
    message: d.message,
    to_email: d.toEmail,
    sendpdf: d.sendpdf,
    sendattachments: d.sendattachments,
    mailtemplate_id: d.mailtemplateId,
    rollback_targets: d.isTemplate
      ? []
      : rollbackTargets(d.status as DocumentStatus, d.dateSend !== null, d.kind as DocumentKind),
    versions: versions.map((v) => ({
      id: v.id,
      version: v.version,
      status: v.status as DocumentStatus,
      to_email: v.toEmail,
      mailed: v.mailed,
      html_sha256: v.htmlSha256,
      pdf_sha256: v.pdfSha256,
      created_at: isoFast(v.createdAt),
    })),
    created_at: isoFast(d.createdAt),
    updated_at: isoFast(d.updatedAt),
    invoice: d.kind === 'invoice' ? await documentKind('invoice').info(tx, d) : null,
  };
}

export const documentLabel = (d: Pick<DocumentRecord, 'kind' | 'number' | 'title' | 'isTemplate'>) => {
  const one = {
    quotation: 'Offerte',
    confirmation: 'Opdrachtbevestiging',
    document: 'Document',
    invoice: 'Factuur',
  }[d.kind as DocumentKind];
  return d.isTemplate ? `${one}template ${d.title}` : `${one} ${d.number ?? ''}`.trim();
};
