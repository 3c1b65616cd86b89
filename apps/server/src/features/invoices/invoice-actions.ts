import {
  addDays,
  amsterdamDay,
  BILLING_TEXTS,
  type DocumentKind,
  INVOICE_TEXTS,
  type PartialChoiceValue,
  type PartialInvoiceType,
  type SalesDocument,
} from '@im/domain';
import { and, asc, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/database';
import { calculationItem } from '../../platform/db/tables/calculations.schema';
import { documentWidget, salesDocument } from '../../platform/db/tables/documents.schema';
import { invoice } from '../../platform/db/tables/invoices.schema';
import { conflict, validationError } from '../../platform/errors';
import { copyCalculation, recalculate } from '../calculations';
import {
  copyWidgets,
  createFromDocument,
  type DocumentRecord,
  documentLabel,
  findDocument,
  loadDocument,
  logDocument,
  type NewInvoiceRow,
  newDocumentHash,
} from '../documents';
import { nextCompanyNumber } from '../flows';
import {
  billedColumns,
  billedOf,
  insertInvoiceRow,
  invoiceRow,
  invoiceSettings,
  partialGroup,
} from './invoice-info';

const bad = (field: string, message: string) => validationError(message, { [field]: [message] });

/** The first part of the source document's partial invoices (not cancelled or deleted), if any. */
async function headFor(tx: Tx, sourceId: number): Promise<number | null> {
  const [row] = await tx
    .select({ id: invoice.id })
    .from(invoice)
    .innerJoin(salesDocument, eq(salesDocument.id, invoice.id))
    .where(
      and(
        eq(salesDocument.sourceDocumentId, sourceId),
        isNull(salesDocument.deletedAt),
        ne(salesDocument.status, 'cancelled'),
        sql`${invoice.partialinvoiceId} = ${invoice.id}`,
      ),
    )
    .orderBy(asc(invoice.id))
    .limit(1);
  return row?.id ?? null;
}

/**
 * createinvoicefromconfirmation / createinvoicefromquotation: the invoice copies the document's widgets
 * and calculation. A partial invoice (fromamount, frompercentage, rest) joins the parts already made
 * from the same document, or starts them; the choice is checked against what is still open.
 */
export async function createInvoiceFrom(
  tx: Tx,
  sourceKind: DocumentKind,
  id: number,
  choice: PartialChoiceValue,
): Promise<SalesDocument> {
  const created = await createFromDocument(tx, sourceKind, id, 'invoice', undefined, async (source) => {
    const fields: NewInvoiceRow = { reverseCharge: choice.reverse_charge ?? false };
    if (!choice.partialinvoicetype) return fields;
    const head = await headFor(tx, source.id);
    if (choice.partialinvoicetype === 'rest' && head !== null) {
      const group = await partialGroup(tx, head);
      if (group.some((m) => m.row.partialinvoicetype === 'rest' && m.doc.status !== 'cancelled'))
        throw bad('partialinvoicetype', INVOICE_TEXTS.oneRest);
    }
    return {
      ...fields,
      partialinvoicetype: choice.partialinvoicetype,
      partialValue: choice.partialinvoicetype === 'rest' ? null : Number(choice.partial_value),
      partialinvoiceId: head,
    };
  });
  const row = await invoiceRow(tx, created.id);
  if (row.partialinvoicetype !== null) {
    if (row.partialinvoiceId === null)
      await tx.update(invoice).set({ partialinvoiceId: created.id }).where(eq(invoice.id, created.id));
    const doc = await findDocument(tx, 'invoice', created.id);
    const { error } = await billedOf(tx, doc, await invoiceRow(tx, created.id));
    if (error) throw bad(row.partialinvoicetype === 'rest' ? 'partialinvoicetype' : 'partial_value', error);
  }
  return loadDocument(tx, created.id);
}

/** The company's standard credit invoice template (invoice settings), if it is set and still a live template. */
async function creditTemplate(tx: Tx) {
  const templateId = (await invoiceSettings(tx))?.creditInvoiceTemplateId ?? null;
  if (templateId === null) return null;
  const [found] = await tx
    .select()
    .from(salesDocument)
    .where(
      and(
        eq(salesDocument.id, templateId),
        eq(salesDocument.kind, 'invoice'),
        eq(salesDocument.isTemplate, true),
        isNull(salesDocument.deletedAt),
      ),
    );
  return found ?? null;
}

/**
 * createCreditInvoice: a draft that credits a sent invoice: the lines with negated amounts, and exactly
 * the negation of what the original billed. One credit invoice per invoice. Its widgets and style are the
 * standard credit invoice template's when the invoice settings name one ('{number}' in its texts becomes
 * the credited invoice's number), else the original's.
 */
export async function createCreditInvoice(tx: Tx, id: number): Promise<SalesDocument> {
  const original = await findDocument(tx, 'invoice', id, { lock: true });
  const row = await invoiceRow(tx, id);
  if (original.dateSend === null || original.isTemplate) throw conflict(INVOICE_TEXTS.creditNeedsSent);
  if (row.invoiceType === 'credit') throw conflict(INVOICE_TEXTS.creditOfCredit);
  const [existing] = await tx
    .select({ id: invoice.id })
    .from(invoice)
    .innerJoin(salesDocument, eq(salesDocument.id, invoice.id))
    .where(
      and(
        eq(invoice.creditedInvoiceId, id),
        isNull(salesDocument.deletedAt),
        ne(salesDocument.status, 'cancelled'),
      ),
    );
  if (existing) throw conflict(INVOICE_TEXTS.alreadyCredited);
  const calculationId = await copyCalculation(tx, original.calculationId, original.flowId);
  if (calculationId !== null) {
    // Negating the lines that multiply (top-level ones and those grouped under headers) negates
    // their sub-lines too; start amounts are per line.
    await tx.execute(sql`
      with recursive roots as (
        select id, item_type from calculation_item where calculation_id = ${calculationId} and calculationitem_id is null
        union all
        select c.id, c.item_type from calculation_item c join roots r on c.calculationitem_id = r.id
        where r.item_type = 'header')
      update calculation_item set product_amount = -product_amount
      where id in (select id from roots where item_type <> 'header')`);
    await tx
      .update(calculationItem)
      .set({
        startAmountExc: sql`-${calculationItem.startAmountExc}`,
        startAmountInc: sql`-${calculationItem.startAmountInc}`,
      })
      .where(eq(calculationItem.calculationId, calculationId));
    await recalculate(tx, calculationId, { store: true });
  }
  const template = await creditTemplate(tx);
  const number = String(original.number ?? '');
  const [doc] = await tx
    .insert(salesDocument)
    .values({
      kind: 'invoice',
      hash: newDocumentHash(),
      title: template?.title.includes('{number}')
        ? template.title.replaceAll('{number}', number)
        : `${template?.title || 'Creditfactuur'} bij factuur ${number}`.trim(),
      flowId: original.flowId,
      relationId: original.relationId,
      calculationId,
      documentTypeId: original.documentTypeId,
      sourceDocumentId: original.id,
      customCss: template ? template.customCss : original.customCss,
      documentdate: amsterdamDay(new Date()),
    })
    .returning();
  await insertInvoiceRow(tx, doc!.id, {
    invoiceType: 'credit',
    creditedInvoiceId: id,
    reverseCharge: row.reverseCharge,
  });
  if (template) {
    // The standard credit invoice template's widgets, '{number}' naming the credited invoice.
    await copyWidgets(tx, template.id, doc!.id);
    await tx
      .update(documentWidget)
      .set({
        description: sql`replace(${documentWidget.description}, '{number}', ${number})`,
        textcontent: sql`replace(${documentWidget.textcontent}, '{number}', ${number})`,
      })
      .where(eq(documentWidget.documentId, doc!.id));
  } else await copyWidgets(tx, original.id, doc!.id);
  await logDocument(
    tx,
    doc!,
    'create',
    `Creditfactuur aangemaakt voor ${documentLabel(original).toLowerCase()}`,
  );
  return loadDocument(tx, doc!.id);
}

/** Spec 002 section 5: other invoices of the flow, partial, sent, whose link points to themselves. */
export async function availableInvoices(tx: Tx, id: number) {
  const doc = await findDocument(tx, 'invoice', id);
  if (doc.flowId === null) return [];
  const rows = await tx
    .select({ d: salesDocument, row: invoice })
    .from(invoice)
    .innerJoin(salesDocument, eq(salesDocument.id, invoice.id))
    .where(
      and(
        eq(salesDocument.flowId, doc.flowId),
        ne(salesDocument.id, id),
        isNull(salesDocument.deletedAt),
        sql`${salesDocument.dateSend} is not null`,
        sql`${invoice.partialinvoicetype} in ('fromamount', 'frompercentage', 'rest')`,
        sql`${invoice.partialinvoiceId} = ${invoice.id}`,
      ),
    )
    .orderBy(asc(salesDocument.number));
  return Promise.all(
    rows.map(async ({ d, row }) => ({
      id: d.id,
      number: d.number,
      title: d.title,
      calculation_id: d.calculationId,
      partialinvoicetype: (row.partialinvoicetype as PartialInvoiceType | null) ?? null,
      billed_inc: (await billedOf(tx, d, row)).billed.inc,
    })),
  );
}

/** linkPartialInvoice: a draft partial invoice joins the parts of a first partial invoice it may choose. */
export async function linkPartialInvoice(
  tx: Tx,
  id: number,
  input: { first_invoicecalculation_id?: number; first_invoice_id?: number },
): Promise<SalesDocument> {
  const doc = await findDocument(tx, 'invoice', id, { lock: true });
  const row = await invoiceRow(tx, id);
  if (row.partialinvoicetype === null) throw conflict(INVOICE_TEXTS.notPartial);
  if (doc.dateSend !== null) throw conflict(INVOICE_TEXTS.linkSent);
  const choices = await availableInvoices(tx, id);
  const head = choices.find((c) =>
    input.first_invoice_id !== undefined
      ? c.id === input.first_invoice_id
      : c.calculation_id === input.first_invoicecalculation_id,
  );
  if (!head) throw bad('first_invoice_id', INVOICE_TEXTS.linkNotSelectable);
  if (row.partialinvoicetype === 'rest') {
    const group = await partialGroup(tx, head.id);
    if (group.some((m) => m.row.partialinvoicetype === 'rest' && m.doc.status !== 'cancelled'))
      throw bad('first_invoice_id', INVOICE_TEXTS.oneRest);
  }
  // The invoices that pointed to this one as their first part follow it.
  await tx.update(invoice).set({ partialinvoiceId: head.id }).where(eq(invoice.partialinvoiceId, id));
  await tx.update(invoice).set({ partialinvoiceId: head.id }).where(eq(invoice.id, id));
  const { error } = await billedOf(tx, doc, await invoiceRow(tx, id));
  if (error) throw bad('first_invoice_id', error);
  await logDocument(
    tx,
    doc,
    'update',
    `${documentLabel(doc)} gekoppeld aan deelfactuur ${head.number ?? head.id}`,
  );
  return loadDocument(tx, id);
}

/**
 * The first sending of an invoice, inside the sending transaction: the next number of the company's
 * gapless sequence (the counter row stays locked until the transaction ends, so concurrent sendings
 * queue and a failed one gives its number back), today's date, the due date, and the billed amounts
 * frozen with the day they count for in the VAT overview.
 */
export async function prepareInvoiceForSending(tx: Tx, doc: DocumentRecord): Promise<DocumentRecord> {
  if (doc.dateSend !== null) return doc;
  const row = await invoiceRow(tx, doc.id);
  const { billed, error } = await billedOf(tx, doc, row);
  if (error) throw validationError(error, { partial_value: [error] });
  if (
    row.partialinvoicetype === null &&
    row.invoiceType === 'normal' &&
    billed.inc === 0 &&
    doc.calculationId === null
  )
    throw validationError(BILLING_TEXTS.wholeEmpty);
  // Nothing billed (no lines, lines at 0, a part that rounds to € 0,00): no invoice to number or send.
  if (billed.inc === 0 && billed.exc === 0) throw validationError(BILLING_TEXTS.nothingToBill);
  if (row.reverseCharge && (billed.exc_6 !== 0 || billed.exc_9 !== 0 || billed.exc_21 !== 0))
    throw validationError('Bij btw verlegd mogen alleen regels tegen 0% op de factuur staan.');
  const settings = await invoiceSettings(tx);
  const today = amsterdamDay(new Date());
  const number = await nextCompanyNumber(tx, 'document:invoice');
  const enddate = addDays(today, settings?.invoicePaymentDays ?? 14);
  const [updated] = await tx
    .update(salesDocument)
    .set({ number, documentdate: today, enddate })
    .where(eq(salesDocument.id, doc.id))
    .returning();
  await tx
    .update(invoice)
    .set({ ...billedColumns(billed), sentDay: today })
    .where(eq(invoice.id, doc.id));
  return updated!;
}
