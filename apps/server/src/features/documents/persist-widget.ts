import {
  DOCUMENT_TEXTS,
  FORM_MERGE_NAMESPACE,
  LaterMergeTag,
  MERGE_TAGS,
  type MergeData,
  type PersistedWidgets,
  renderMergeTags,
  setPath,
} from '@im/domain';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/database';
import { documentWidget, documentWidgetType } from '../../platform/db/tables/documents.schema';
import { conflict } from '../../platform/errors';
import { sanitizeHtml } from '../../platform/html/sanitize';
import { flowFormsForDocuments } from '../forms';
import { logDocument } from './create-document';
import { documentLabel, loadWidget } from './document-dto';
import { lockDocumentOf, touch, widgetRecord } from './widgets';

/**
 * The recurring text filled for one copy: its `{{ formulier.<veldnaam> }}` values (escaped), every other
 * merge tag kept as written, so the document still fills those when it is shown or sent.
 */
export function fillForCopy(template: string, copy: Record<string, Record<string, string>>): string {
  const data: MergeData = {};
  for (const t of MERGE_TAGS) setPath(data, t.tag, new LaterMergeTag(t.tag));
  data[FORM_MERGE_NAMESPACE] = copy[FORM_MERGE_NAMESPACE] ?? {};
  try {
    return sanitizeHtml(renderMergeTags(template, data, { html: true }));
  } catch {
    return template;
  }
}

/**
 * documentwidget persist (spec 002 section 6, decision 043): a RECURRING widget becomes one standalone
 * TEXT widget per filled-in copy of its form on the document's flow, in the copies' order, at the
 * recurring widget's place, each with the text as that copy fills it in; the recurring widget goes.
 * Cannot be undone (the screen asks first). A template has no flow, so no copies: 409.
 */
export async function persistWidget(tx: Tx, id: number): Promise<PersistedWidgets> {
  const widget = await widgetRecord(tx, id);
  const doc = await lockDocumentOf(tx, widget.documentId);
  if (widget.tag !== 'RECURRING') throw conflict(DOCUMENT_TEXTS.persistOnlyRecurring);
  if (widget.recurringverticalId === null) throw conflict(DOCUMENT_TEXTS.persistNeedsForm);
  if (doc.flowId === null) throw conflict(DOCUMENT_TEXTS.persistNeedsFlow);
  const copies = (await flowFormsForDocuments(tx, doc.flowId)).copies.get(widget.recurringverticalId) ?? [];
  if (copies.length === 0) throw conflict(DOCUMENT_TEXTS.persistNoCopies);
  const [text] = await tx
    .select({ id: documentWidgetType.id })
    .from(documentWidgetType)
    .where(eq(documentWidgetType.tag, 'TEXT'));
  if (!text) throw conflict(DOCUMENT_TEXTS.widgetTypeNotFound);

  // Room for the copies after the recurring widget, which then leaves its own place: they take it.
  await tx
    .update(documentWidget)
    .set({ order: sql`${documentWidget.order} + ${copies.length - 1}` })
    .where(and(eq(documentWidget.documentId, doc.id), gt(documentWidget.order, widget.order)));
  await tx.delete(documentWidget).where(eq(documentWidget.id, widget.id));
  const rows = await tx
    .insert(documentWidget)
    .values(
      copies.map((copy, i) => ({
        documentId: doc.id,
        documentWidgetTypeId: text.id,
        order: widget.order + i,
        description: `${widget.description} ${i + 1}`.slice(0, 200),
        textcontent: fillForCopy(widget.textcontent, copy),
        conditions: widget.conditions,
        customClass: widget.customClass,
        customStyling: widget.customStyling,
        isHidden: widget.isHidden,
        colspan: widget.colspan,
      })),
    )
    .returning({ id: documentWidget.id });
  await touch(tx, doc.id);
  await logDocument(
    tx,
    doc,
    'update',
    `Herhalende widget ${widget.description} van ${documentLabel(doc).toLowerCase()} omgezet in ${copies.length} losse widgets`,
    { widget_id: widget.id, widget_ids: rows.map((r) => r.id) },
  );
  const documentwidgets = [];
  for (const r of rows) documentwidgets.push(await loadWidget(tx, r.id));
  return { message: DOCUMENT_TEXTS.persisted(copies.length), documentwidgets };
}
