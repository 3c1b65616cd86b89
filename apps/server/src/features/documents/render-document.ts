import { createHash } from 'node:crypto';
import {
  CALCULATION_WIDGET_TAGS,
  CUSTOM_HTML_TAGS,
  DEFAULT_WIDGET_COLUMNS,
  DEFAULT_WIDGET_ROWS,
  DOCUMENT_KIND_LABELS,
  type DocumentKind,
  type DocumentRenderInput,
  type DocumentStatus,
  type DocumentWidget,
  type MergeData,
  PICTURE_LAYOUTS,
  type PictureLayout,
  PLAIN_LINE_TAGS,
  PRODUCT_RULE_SOURCES,
  type ProductRuleOperator,
  type RenderedDocument,
  type RenderTarget,
  type RenderWidget,
  renderDocument,
  renderMergeTags,
  type ShowRule,
  showRuleHolds,
} from '@im/domain';
import { asc, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/database';
import { company, companySettings } from '../../platform/db/tables/companies.schema';
import { documentType } from '../../platform/db/tables/documents.schema';
import { storedFile } from '../../platform/db/tables/files.schema';
import { flow } from '../../platform/db/tables/flows.schema';
import { location } from '../../platform/db/tables/locations.schema';
import { relation } from '../../platform/db/tables/relations.schema';
import type { FileStorage } from '../../platform/files/storage';
import { sanitizeHtml } from '../../platform/html/sanitize';
import { recalculate } from '../calculations';
import { type FlowForms, flowFormsForDocuments, formPhotos } from '../forms';
import { type DocumentRecord, loadWidgets } from './document-dto';
import { documentKind } from './document-kinds';
import { documentMergeData } from './merge-data';

export interface RenderContext {
  storage: FileStorage;
  appUrl: string;
  /** The user the merge tags speak for (gebruiker.*); null for the customer's own view. */
  senderId: number | null;
}

async function dataUrl(tx: Tx, storage: FileStorage, fileId: number | null): Promise<string | null> {
  if (fileId === null) return null;
  const [f] = await tx.select().from(storedFile).where(eq(storedFile.id, fileId));
  if (!f?.mimeType.startsWith('image/')) return null;
  const stream = await storage.get(f.storageKey);
  if (!stream) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return `data:${f.mimeType};base64,${Buffer.concat(chunks).toString('base64')}`;
}

function fill(template: string, data: MergeData, html: boolean): string {
  try {
    return renderMergeTags(template, data, { html });
  } catch {
    return template;
  }
}

/**
 * A widget's show rules (spec 002 section 5): every rule must hold. A product rule looks at the flow's
 * documents; a form-field rule holds when one of the flow's filled-in copies meets it (decision 023).
 */
async function rulesHold(
  tx: Tx,
  flowId: number | null,
  rules: ShowRule[],
  forms: FlowForms,
): Promise<boolean> {
  for (const rule of rules) {
    const source = PRODUCT_RULE_SOURCES[rule.operator as ProductRuleOperator];
    if (!source) {
      if (!forms.values.some((values) => showRuleHolds(rule, values))) return false;
      continue;
    }
    if (flowId === null || source.kind === 'invoice') return false;
    const productId = Number(rule.field_value);
    if (!Number.isInteger(productId)) return false;
    const rows = await tx.execute(sql`select 1 from sales_document d
      join calculation_item i on i.calculation_id = d.calculation_id and i.selected
      ${source.intakeOnly ? sql`join document_type t on t.id = d.document_type_id and t.flowstage = 'intake'` : sql``}
      where d.flow_id = ${flowId} and d.kind = ${source.kind} and d.deleted_at is null and not d.is_template
        and i.product_id = ${productId}
        ${
          source.statuses === 'any'
            ? sql``
            : sql`and d.status in (${sql.join(
                source.statuses.map((s) => sql`${s}`),
                sql`, `,
              )})`
        }
      limit 1`);
    if (rows.rows.length === 0) return false;
  }
  return true;
}

/** Whether a widget shows: not hidden and its show rules hold. */
export async function widgetVisible(
  tx: Tx,
  doc: DocumentRecord,
  w: DocumentWidget,
  forms?: FlowForms,
): Promise<boolean> {
  if (w.is_hidden) return false;
  return rulesHold(tx, doc.flowId, w.conditions, forms ?? (await flowFormsForDocuments(tx, doc.flowId)));
}

async function toRenderWidget(
  tx: Tx,
  storage: FileStorage,
  w: DocumentWidget,
  data: MergeData,
  forms: FlowForms,
  flowId: number | null,
): Promise<RenderWidget> {
  const tag = w.documentwidgettype.tag;
  const raw = (CUSTOM_HTML_TAGS as string[]).includes(tag);
  const plain = (PLAIN_LINE_TAGS as string[]).includes(tag);
  // Rich text is sanitised again once filled in: a merge value lands in an attribute only as a checked URL.
  const text = (s: string) => (raw ? s : plain ? fill(s, data, false) : sanitizeHtml(fill(s, data, true)));
  const isCalc = (CALCULATION_WIDGET_TAGS as string[]).includes(tag);
  return {
    id: w.id,
    tag,
    textcontent: text(w.textcontent),
    textcontent2: text(w.textcontent2),
    textcontent3: text(w.textcontent3),
    stringcontent: w.stringcontent,
    custom_class: w.custom_class,
    custom_styling: w.custom_styling,
    picture_src: tag === 'WIDGETPICTURE' ? await dataUrl(tx, storage, w.widgetpicture?.id ?? null) : null,
    picture_layout: (PICTURE_LAYOUTS as readonly string[]).includes(w.stringcontent)
      ? (w.stringcontent as PictureLayout)
      : 'fullwidth',
    repeated:
      tag === 'RECURRING' && w.recurringvertical_id !== null
        ? (forms.copies.get(w.recurringvertical_id) ?? []).map((copy) =>
            sanitizeHtml(fill(w.textcontent, { ...data, ...copy }, true)),
          )
        : undefined,
    photos:
      tag === 'VERTICALPHOTOS' ? await formPhotos(tx, storage, flowId, w.recurringvertical_id) : undefined,
    columns: isCalc
      ? w.calculationitemColumns.length
        ? w.calculationitemColumns.filter((c) => c.selected).map((c) => c.tag)
        : [...DEFAULT_WIDGET_COLUMNS]
      : [],
    rows: isCalc
      ? w.calculationitemRows.length
        ? w.calculationitemRows.filter((r) => r.selected).map((r) => r.tag)
        : [...DEFAULT_WIDGET_ROWS]
      : [],
  };
}

const addressLines = (l: typeof location.$inferSelect | undefined) =>
  l
    ? [
        [l.address, l.number, l.numberAddition].filter(Boolean).join(' '),
        [l.postcode, l.city].filter(Boolean).join(' '),
      ].filter(Boolean)
    : [];

/** Everything the renderer needs of a document, prepared on the server (decision 021). */
export async function renderInput(
  tx: Tx,
  doc: DocumentRecord,
  target: RenderTarget,
  ctx: RenderContext,
): Promise<{ input: DocumentRenderInput; widgets: DocumentWidget[]; visible: Set<number> }> {
  const [co] = await tx
    .select({
      name: company.name,
      country: company.country,
      appname: companySettings.appname,
      logo: companySettings.logoFileId,
      color: companySettings.brandButtonColor,
      street: companySettings.street,
      housenumber: companySettings.housenumber,
      postcode: companySettings.postcode,
      city: companySettings.city,
      phone: companySettings.phone,
      email: companySettings.email,
    })
    .from(company)
    .leftJoin(companySettings, eq(companySettings.companyId, company.id))
    .where(eq(company.id, doc.companyId));
  const data = await documentMergeData(tx, doc, ctx.senderId, ctx.appUrl);
  const [rel] =
    doc.relationId !== null ? await tx.select().from(relation).where(eq(relation.id, doc.relationId)) : [];
  const locations =
    doc.relationId !== null
      ? await tx
          .select()
          .from(location)
          .where(eq(location.relationId, doc.relationId))
          .orderBy(sql`${location.isMain} desc`, asc(location.id))
      : [];
  const [f] =
    doc.flowId !== null
      ? await tx
          .select({ number: flow.number, locationId: flow.locationId })
          .from(flow)
          .where(eq(flow.id, doc.flowId))
      : [];
  const customerLocation = locations.find((l) => l.id === f?.locationId) ?? locations[0];
  const [type] =
    doc.documentTypeId !== null
      ? await tx
          .select({ description: documentType.description })
          .from(documentType)
          .where(eq(documentType.id, doc.documentTypeId))
      : [];
  const widgets = await loadWidgets(tx, doc.id);
  const forms = await flowFormsForDocuments(tx, doc.flowId);
  const visible = new Set<number>();
  const shown: RenderWidget[] = [];
  for (const w of widgets) {
    if (!(await widgetVisible(tx, doc, w, forms))) continue;
    visible.add(w.id);
    shown.push(await toRenderWidget(tx, ctx.storage, w, data, forms, doc.flowId));
  }
  const brand = co?.color && /^#[0-9a-fA-F]{6}$/.test(co.color) ? co.color : null;
  const input: DocumentRenderInput = {
    target,
    kind: doc.kind as DocumentKind,
    kind_label:
      doc.kind === 'document' && type ? type.description : DOCUMENT_KIND_LABELS[doc.kind as DocumentKind].one,
    number: doc.number,
    title: doc.title,
    status: doc.status as DocumentStatus,
    documentdate: doc.documentdate,
    enddate: doc.enddate,
    company: {
      name: co?.name ?? '',
      lines: co
        ? [
            [co.street, co.housenumber].filter(Boolean).join(' '),
            [co.postcode, co.city].filter(Boolean).join(' '),
            co.phone ?? '',
            co.email ?? '',
          ].filter(Boolean)
        : [],
      logo_src: await dataUrl(tx, ctx.storage, co?.logo ?? null),
      brand_color: brand,
    },
    customer: rel ? { name: rel.fullname ?? '', lines: addressLines(customerLocation) } : null,
    flow_number: f?.number ?? null,
    custom_css: doc.customCss,
    widgets: shown,
    calculation: doc.calculationId !== null ? await recalculate(tx, doc.calculationId) : null,
    rooms: forms.rooms,
    locations: locations.map((l) => ({
      label: l.description || (l.isMain ? 'Hoofdadres' : 'Adres'),
      address: addressLines(l).join(', '),
    })),
    invoice:
      doc.kind === 'invoice' && !doc.isTemplate
        ? await documentKind('invoice').renderPart(tx, doc, co?.name ?? '')
        : null,
  };
  return { input, widgets, visible };
}

export async function renderStoredDocument(
  tx: Tx,
  doc: DocumentRecord,
  target: RenderTarget,
  ctx: RenderContext,
): Promise<RenderedDocument> {
  const { input } = await renderInput(tx, doc, target, ctx);
  return renderDocument(input);
}

export const sha256 = (content: string | Buffer) => createHash('sha256').update(content).digest('hex');

/** The PDF's file name: "Offerte 12 - Jan de Vries.pdf". */
export function pdfFilename(doc: DocumentRecord, kindLabel: string, customer: string | null): string {
  const base = [`${kindLabel}${doc.number !== null ? ` ${doc.number}` : ''}`, customer]
    .filter(Boolean)
    .join(' - ')
    .replace(/[\\/:*?"<>|]+/g, '')
    .slice(0, 150);
  return `${base || 'document'}.pdf`;
}
