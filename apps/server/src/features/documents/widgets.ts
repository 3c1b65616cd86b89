import {
  CUSTOM_HTML_TAGS,
  checkMergeTags,
  DOCUMENT_TEXTS,
  type DocumentWidget,
  FIELD_RULE_OPERATORS,
  FORM_MESSAGES,
  PICTURE_LAYOUTS,
  PLAIN_LINE_TAGS,
  RICH_TEXT_TAGS,
  SHOW_RULE_OPERATOR_LABELS,
  type ShowRule,
  type WidgetTag,
  type zSaveDocumentWidget,
  type zUpdateDocumentWidget,
} from '@im/domain';
import { and, asc, eq, gt, gte, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Tx } from '../../platform/db/database';
import { documentWidget, documentWidgetType, salesDocument } from '../../platform/db/tables/documents.schema';
import { vertical, verticalDataField } from '../../platform/db/tables/forms.schema';
import { product } from '../../platform/db/tables/products.schema';
import { notFound, validationError } from '../../platform/errors';
import { sanitizeHtml } from '../../platform/html/sanitize';
import { logDocument } from './create-document';
import { documentLabel, findAnyDocument, loadWidget } from './document-dto';
import { assertDocumentEditable } from './document-kinds';
import { findWidgetType, isAvailable } from './widget-types';

type WidgetFields = Omit<z.infer<typeof zUpdateDocumentWidget>, 'order' | 'update_reason'>;

export const bad = (field: string, message: string) => validationError(message, { [field]: [message] });

/** Rich text is sanitised (style attributes, so font sizes, go); merge tags must be known ones. */
function cleanText(tag: WidgetTag, field: string, value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  if ((CUSTOM_HTML_TAGS as string[]).includes(tag)) return value;
  const problem = checkMergeTags(value);
  if (problem) throw bad(field, problem);
  if ((PLAIN_LINE_TAGS as string[]).includes(tag)) return value.replace(/[\r\n]+/g, ' ');
  if ((RICH_TEXT_TAGS as string[]).includes(tag)) return sanitizeHtml(value);
  return sanitizeHtml(value);
}

/**
 * Show rules: product rules name one of the company's products; form-field rules name a field of one
 * of its forms (they hold when a filled-in copy on the flow meets them, decision 023).
 */
async function checkConditions(tx: Tx, rules: ShowRule[] | undefined): Promise<ShowRule[] | undefined> {
  if (rules === undefined) return undefined;
  for (const [i, rule] of rules.entries()) {
    if ((FIELD_RULE_OPERATORS as readonly string[]).includes(rule.operator)) {
      const [f] = await tx
        .select({ label: verticalDataField.fieldLabel })
        .from(verticalDataField)
        .where(eq(verticalDataField.fieldName, rule.field_name))
        .limit(1);
      if (!f) throw bad(`conditions.${i}.field_name`, DOCUMENT_TEXTS.ruleUnknownField);
      rules[i] = {
        ...rule,
        pretty_description:
          rule.pretty_description ||
          `${f.label} ${SHOW_RULE_OPERATOR_LABELS[rule.operator]} ${rule.field_value}`.trim(),
      };
      continue;
    }
    const id = Number(rule.field_value);
    if (!Number.isInteger(id) || id <= 0 || id > 2_147_483_647)
      throw bad(`conditions.${i}.field_value`, DOCUMENT_TEXTS.ruleNeedsProduct);
    const [p] = await tx.select({ name: product.itemName }).from(product).where(eq(product.id, id));
    if (!p) throw bad(`conditions.${i}.field_value`, DOCUMENT_TEXTS.ruleNeedsProduct);
    rules[i] = { ...rule, field_name: 'product_id', pretty_description: rule.pretty_description || p.name };
  }
  return rules;
}

async function columnsOf(tag: WidgetTag, input: WidgetFields, tx: Tx) {
  return {
    description: input.description,
    textcontent: cleanText(tag, 'textcontent', input.textcontent),
    textcontent2: cleanText(tag, 'textcontent2', input.textcontent2),
    textcontent3: cleanText(tag, 'textcontent3', input.textcontent3),
    stringcontent:
      tag === 'WIDGETPICTURE' &&
      input.stringcontent !== undefined &&
      !(PICTURE_LAYOUTS as readonly string[]).includes(input.stringcontent)
        ? (() => {
            throw bad('stringcontent', 'Kies een indeling voor de afbeelding.');
          })()
        : input.stringcontent,
    conditions: await checkConditions(tx, input.conditions),
    customClass: input.custom_class,
    customStyling: input.custom_styling,
    isHidden: input.is_hidden,
    columns: input.calculationitemColumns,
    rows: input.calculationitemRows,
    colspan: input.colspan,
    recurringverticalId: await checkVertical(tx, input.recurringvertical_id),
  };
}

/** The form a RECURRING or VERTICALPHOTOS widget shows: one of the company's forms (422 otherwise). */
async function checkVertical(tx: Tx, id: number | null | undefined): Promise<number | null | undefined> {
  if (id === undefined || id === null) return id;
  const [v] = await tx.select({ id: vertical.id }).from(vertical).where(eq(vertical.id, id));
  if (!v) throw bad('recurringvertical_id', FORM_MESSAGES.verticalNotFound);
  return v.id;
}

/** The widget's document, locked: widget changes to one document run one after another. */
export async function lockDocumentOf(tx: Tx, documentId: number) {
  const doc = await findAnyDocument(tx, documentId, { lock: true });
  if (!doc) throw notFound(DOCUMENT_TEXTS.widgetNotFound);
  assertDocumentEditable(doc);
  return doc;
}

export async function widgetRecord(tx: Tx, id: number) {
  const [row] = await tx
    .select({ w: documentWidget, tag: documentWidgetType.tag })
    .from(documentWidget)
    .innerJoin(documentWidgetType, eq(documentWidgetType.id, documentWidget.documentWidgetTypeId))
    .innerJoin(salesDocument, eq(salesDocument.id, documentWidget.documentId))
    .where(and(eq(documentWidget.id, id), sql`${salesDocument.deletedAt} is null`));
  if (!row) throw notFound(DOCUMENT_TEXTS.widgetNotFound);
  return { ...row.w, tag: row.tag as WidgetTag };
}

export async function getWidget(tx: Tx, id: number): Promise<DocumentWidget> {
  await widgetRecord(tx, id);
  return loadWidget(tx, id);
}

export async function touch(tx: Tx, documentId: number) {
  await tx.update(salesDocument).set({ updatedAt: new Date() }).where(eq(salesDocument.id, documentId));
}

/** Makes room at `order` (1-based) by moving the widgets from there one down. */
export async function openSlot(tx: Tx, documentId: number, order: number) {
  await tx
    .update(documentWidget)
    .set({ order: sql`${documentWidget.order} + 1` })
    .where(and(eq(documentWidget.documentId, documentId), gte(documentWidget.order, order)));
}

async function nextOrder(tx: Tx, documentId: number): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`coalesce(max(${documentWidget.order}), 0)::int` })
    .from(documentWidget)
    .where(eq(documentWidget.documentId, documentId));
  return row!.n + 1;
}

export async function saveWidget(
  tx: Tx,
  input: z.infer<typeof zSaveDocumentWidget>,
): Promise<DocumentWidget> {
  const doc = await findAnyDocument(tx, input.document_id, { lock: true });
  if (!doc) throw bad('document_id', 'Dit document bestaat niet.');
  assertDocumentEditable(doc);
  const type = await findWidgetType(tx, input.document_widget_type_id);
  if (!type) throw bad('document_widget_type_id', DOCUMENT_TEXTS.widgetTypeNotFound);
  if (!isAvailable(type.tag) || !type.isActive)
    throw bad('document_widget_type_id', DOCUMENT_TEXTS.widgetTypeNeedsForms);
  let order: number;
  if (input.after_id !== undefined) {
    const [after] = await tx
      .select({ order: documentWidget.order })
      .from(documentWidget)
      .where(and(eq(documentWidget.id, input.after_id), eq(documentWidget.documentId, doc.id)));
    if (!after) throw bad('after_id', DOCUMENT_TEXTS.widgetNotFound);
    order = after.order + 1;
    await openSlot(tx, doc.id, order);
  } else order = await nextOrder(tx, doc.id);
  const fields = await columnsOf(type.tag as WidgetTag, input, tx);
  const [row] = await tx
    .insert(documentWidget)
    .values({
      documentId: doc.id,
      documentWidgetTypeId: type.id,
      order,
      ...Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)),
      description: input.description || type.description,
      stringcontent: fields.stringcontent ?? (type.tag === 'WIDGETPICTURE' ? 'fullwidth' : ''),
    })
    .returning();
  await touch(tx, doc.id);
  await logDocument(
    tx,
    doc,
    'update',
    `Widget ${type.description} toegevoegd aan ${documentLabel(doc).toLowerCase()}`,
  );
  return loadWidget(tx, row!.id);
}

/** Moves a widget to position `order` (1-based, clamped) and numbers the others 1..n around it. */
async function moveWidget(tx: Tx, documentId: number, id: number, order: number) {
  const rows = await tx
    .select({ id: documentWidget.id })
    .from(documentWidget)
    .where(eq(documentWidget.documentId, documentId))
    .orderBy(asc(documentWidget.order), asc(documentWidget.id));
  const ids = rows.map((r) => r.id).filter((w) => w !== id);
  ids.splice(Math.min(Math.max(order, 1), ids.length + 1) - 1, 0, id);
  const values = ids.map((w, i) => sql`(${w}::int, ${i + 1}::int)`);
  await tx.execute(sql`update document_widget w set "order" = v.ord
    from (values ${sql.join(values, sql`, `)}) as v(id, ord) where w.id = v.id`);
}

export async function updateWidget(
  tx: Tx,
  id: number,
  input: z.infer<typeof zUpdateDocumentWidget>,
): Promise<DocumentWidget> {
  const before = await widgetRecord(tx, id);
  const doc = await lockDocumentOf(tx, before.documentId);
  if (input.update_reason === 'orderOnly') {
    if (input.order === undefined) throw bad('order', 'Geef de nieuwe positie.');
    await moveWidget(tx, doc.id, id, input.order);
    await touch(tx, doc.id);
    await logDocument(
      tx,
      doc,
      'update',
      `Volgorde van de widgets van ${documentLabel(doc).toLowerCase()} gewijzigd`,
    );
    return loadWidget(tx, id);
  }
  const fields = await columnsOf(before.tag, input, tx);
  if (fields.stringcontent !== undefined && before.tag === 'WIDGETPICTURE' && fields.stringcontent === '')
    fields.stringcontent = 'fullwidth';
  await tx
    .update(documentWidget)
    .set({ ...fields, updatedAt: new Date() })
    .where(eq(documentWidget.id, id));
  if (input.order !== undefined) await moveWidget(tx, doc.id, id, input.order);
  await touch(tx, doc.id);
  await logDocument(
    tx,
    doc,
    'update',
    `Widget ${before.description} van ${documentLabel(doc).toLowerCase()} gewijzigd`,
    {
      widget_id: id,
      fields: Object.keys(input),
    },
  );
  return loadWidget(tx, id);
}

export async function deleteWidget(tx: Tx, id: number): Promise<void> {
  const before = await widgetRecord(tx, id);
  const doc = await lockDocumentOf(tx, before.documentId);
  await tx.delete(documentWidget).where(eq(documentWidget.id, id));
  await tx
    .update(documentWidget)
    .set({ order: sql`${documentWidget.order} - 1` })
    .where(and(eq(documentWidget.documentId, doc.id), gt(documentWidget.order, before.order)));
  await touch(tx, doc.id);
  await logDocument(
    tx,
    doc,
    'update',
    `Widget ${before.description} van ${documentLabel(doc).toLowerCase()} verwijderd`,
  );
}

/** A copy right after the original. */
export async function duplicateWidget(tx: Tx, id: number): Promise<DocumentWidget> {
  const before = await widgetRecord(tx, id);
  const doc = await lockDocumentOf(tx, before.documentId);
  await openSlot(tx, doc.id, before.order + 1);
  const { id: _id, createdAt: _c, updatedAt: _u, companyId: _co, tag: _t, ...rest } = before;
  const [row] = await tx
    .insert(documentWidget)
    .values({ ...rest, order: before.order + 1 })
    .returning();
  await touch(tx, doc.id);
  await logDocument(
    tx,
    doc,
    'update',
    `Widget ${before.description} van ${documentLabel(doc).toLowerCase()} gedupliceerd`,
  );
  return loadWidget(tx, row!.id);
}

/** Sets or clears a picture widget's picture (the upload is stored by the caller). */
export async function setWidgetPicture(tx: Tx, id: number, fileId: number | null): Promise<DocumentWidget> {
  const before = await widgetRecord(tx, id);
  if (before.tag !== 'WIDGETPICTURE')
    throw bad('document_widget_id', DOCUMENT_TEXTS.pictureOnlyInPictureWidget);
  const doc = await lockDocumentOf(tx, before.documentId);
  await tx
    .update(documentWidget)
    .set({ pictureFileId: fileId, updatedAt: new Date() })
    .where(eq(documentWidget.id, id));
  await touch(tx, doc.id);
  await logDocument(
    tx,
    doc,
    'update',
    fileId === null
      ? `Afbeelding van widget ${before.description} verwijderd`
      : `Afbeelding van widget ${before.description} geüpload`,
  );
  return loadWidget(tx, id);
}

export async function widgetPictureFile(tx: Tx, id: number) {
  const before = await widgetRecord(tx, id);
  return before.pictureFileId;
}
