// The calculation tables of a document: CALCULATIONITEMS, CALCULATIONITEMSINCLSUBS and
// ADDITIONALITEMS (spec 002 section 3). Every value comes from the engine's computed fields; the
// little arithmetic done here (folded sub-lines, per-unit prices, meerwerk sums) is decimal. A unit
// price shows in cents (rounded half up) while the line's total stays the engine's (decision 038).
// Every cell carries its column's name (`data-label`), so a narrow screen can show a line as a
// stack of labelled values instead of a table wider than the screen.
import type { Calculation, CalculationItem } from '../contract/calculations';
import { Decimal } from '../money';
import type { RenderWidget } from './render-input';
import { escapeHtml, escapeLines, money, quantity } from './render-util';
import {
  CALCULATION_COLUMN_HEADERS,
  CALCULATION_COLUMNS,
  CALCULATION_ROW_LABELS,
  CALCULATION_ROWS,
  type CalculationTableColumn,
  type CalculationTotalRow,
  DEFAULT_WIDGET_COLUMNS,
  DEFAULT_WIDGET_ROWS,
} from './widgets';

type Item = CalculationItem;

/** A line's amounts: its own, or with its hidden sub-lines folded in. */
interface Amounts {
  exc: Decimal;
  inc: Decimal;
  vat6: Decimal;
  vat21: Decimal;
}

const ZERO = new Decimal(0);
const round2 = (d: Decimal) => d.toDecimalPlaces(2, Decimal.ROUND_HALF_UP);

/** VAT of one rate's net part, rounded per part as the engine shows a line. */
const vatOfPart = (part: number, vatRate: number) => round2(new Decimal(part).times(vatRate).dividedBy(100));

function ownAmounts(item: Item): Amounts {
  return {
    exc: new Decimal(item.total_exc),
    inc: new Decimal(item.total_inc),
    vat6: vatOfPart(item.parts[6], 6),
    vat21: vatOfPart(item.parts[21], 21),
  };
}

function addAmounts(a: Amounts, b: Amounts): Amounts {
  return {
    exc: a.exc.plus(b.exc),
    inc: a.inc.plus(b.inc),
    vat6: a.vat6.plus(b.vat6),
    vat21: a.vat21.plus(b.vat21),
  };
}

/** The line plus its selected sub-lines (recursively): what it costs when its sub-lines are not shown. */
function foldedAmounts(item: Item, children: Map<number, Item[]>, seen = new Set<number>()): Amounts {
  let sum = ownAmounts(item);
  seen.add(item.id);
  for (const child of children.get(item.id) ?? []) {
    if (child.selected && !seen.has(child.id)) sum = addAmounts(sum, foldedAmounts(child, children, seen));
  }
  return sum;
}

const itemName = (item: Item) => item.custom_item_name ?? item.item_name;
const itemInfo = (item: Item) => item.custom_infotext ?? item.infotext;

function cell(column: CalculationTableColumn, item: Item, amounts: Amounts, indent: number): string {
  const q = new Decimal(item.quantity);
  const perUnit = (total: Decimal) => (q.isZero() ? ZERO : total.dividedBy(q));
  const label = escapeHtml(CALCULATION_COLUMN_HEADERS[column]);
  const num = (value: string) => `<td class="im-num" data-label="${label}">${value}</td>`;
  /** A unit price on the document: in cents, half up (decision 038). */
  const unit = (value: Decimal.Value) => money(round2(new Decimal(value)));
  switch (column) {
    case 'DESCR': {
      const info = itemInfo(item).trim();
      const style = indent > 0 ? ` style="padding-left:${(0.5 + indent * 1.25).toFixed(2)}em"` : '';
      return (
        `<td class="im-descr" data-label="${label}"${style}>${escapeHtml(itemName(item))}` +
        (item.selected ? '' : ' <span class="im-optional">(optioneel)</span>') +
        (info ? `<div class="im-info">${escapeLines(info)}</div>` : '') +
        '</td>'
      );
    }
    case 'AMOUNT': {
      const measure = item.unit_of_measurement.trim();
      return num(measure ? `${quantity(item.quantity)} ${escapeHtml(measure)}` : quantity(item.quantity));
    }
    case 'UNITINCSTARTINCBTW':
      return num(unit(perUnit(amounts.inc)));
    case 'UNITINCSTARTEXCBTW':
      return num(unit(perUnit(amounts.exc)));
    case 'UNITEXCSTARTINCBTW':
      return num(unit(item.unit_rate_inc));
    case 'UNITEXCSTARTEXCBTW':
      return num(unit(item.unit_rate_exc));
    case 'STARTINCBTW':
      return num(unit(item.start_amount_inc));
    case 'STARTEXCBTW':
      return num(unit(item.start_amount_exc));
    case 'TOTALEXC':
      return num(money(amounts.exc));
    case 'TOTALINC':
      return num(money(amounts.inc));
    case 'BTW6':
      return num(money(amounts.vat6));
    case 'BTW21':
      return num(money(amounts.vat21));
  }
}

/** The value of a total row, or null when the row is left out (a zero discount or rate). */
function totalValue(row: CalculationTotalRow, c: Calculation): number | null {
  const unlessZero = (v: number) => (new Decimal(v).isZero() ? null : v);
  switch (row) {
    case 'HEADER':
      return null;
    case 'EXCVATBEFOREEXCDISCOUNT':
      return c.amount_exc_vat_exc_discount;
    case 'DISCOUNTEXCVAT':
      return unlessZero(c.amount_discount_exc);
    case 'EXCVAT':
      return c.amount_exc_vat;
    case 'EXCVAT0':
      return unlessZero(c.amount_exc_vat_0);
    case 'EXCVAT6':
      return unlessZero(c.amount_exc_vat_6);
    case 'EXCVAT9':
      return unlessZero(c.amount_exc_vat_9);
    case 'EXCVAT21':
      return unlessZero(c.amount_exc_vat_21);
    case 'INCVATBEFOREEXCDISCOUNT':
      return c.amount_inc_vat_exc_discount;
    case 'DISCOUNTINCVAT':
      return unlessZero(c.amount_discount_inc);
    case 'INCVATBEFORE':
      return c.amount_inc_vat;
    case 'VAT6':
      return unlessZero(c.amount_vat_6);
    case 'VAT9':
      return unlessZero(c.amount_vat_9);
    case 'VAT21':
      return unlessZero(c.amount_vat_21);
    case 'INCVATAFTER':
      return c.amount_inc_vat;
  }
}

function totalRow(label: string, value: string, span: number, grand: boolean): string {
  return (
    `<tr class="im-total${grand ? ' im-grand' : ''}"><td class="im-total-label" colspan="${span}">` +
    `${escapeHtml(label)}</td><td class="im-num">${value}</td></tr>`
  );
}

/** Whether the line has a header line as every ancestor: it belongs to the top level in a group. */
function isTopLevel(item: Item, byId: Map<number, Item>): boolean {
  let parentId = item.calculationitem_id;
  const seen = new Set<number>([item.id]);
  while (parentId !== null) {
    const parent = byId.get(parentId);
    if (!parent) return true;
    if (parent.item_type !== 'header' || seen.has(parent.id)) return false;
    seen.add(parent.id);
    parentId = parent.calculationitem_id;
  }
  return true;
}

/**
 * The HTML of a calculation widget, without its section; '' when there is nothing to show.
 * CALCULATIONITEMS shows the top-level lines (also those grouped under a top-level header line),
 * each with its hidden sub-lines folded into its amounts; CALCULATIONITEMSINCLSUBS every line,
 * indented by depth; ADDITIONALITEMS the meerwerk lines with their own sums.
 */
export function renderCalculationTable(widget: RenderWidget, calculation: Calculation | null): string {
  if (!calculation) return '';
  const known = (c: string): c is CalculationTableColumn =>
    (CALCULATION_COLUMNS as readonly string[]).includes(c);
  const chosen = widget.columns.filter(known);
  const columns = chosen.length > 0 ? chosen : [...DEFAULT_WIDGET_COLUMNS];
  const knownRow = (r: string): r is CalculationTotalRow =>
    (CALCULATION_ROWS as readonly string[]).includes(r);
  const chosenRows = widget.rows.filter(knownRow);
  const rows = widget.rows.length > 0 ? chosenRows : [...DEFAULT_WIDGET_ROWS];

  const items = calculation.calculationitems;
  const byId = new Map(items.map((i) => [i.id, i]));
  const children = new Map<number, Item[]>();
  for (const item of items) {
    if (item.calculationitem_id === null || !byId.has(item.calculationitem_id)) continue;
    children.set(item.calculationitem_id, [...(children.get(item.calculationitem_id) ?? []), item]);
  }
  const additional = widget.tag === 'ADDITIONALITEMS';
  const withSubs = widget.tag === 'CALCULATIONITEMSINCLSUBS';
  const shown = items.filter((i) => (additional ? i.additionalwork : withSubs || isTopLevel(i, byId)));
  if (additional && shown.length === 0) return '';

  const span = columns.length;
  const body = shown.map((item) => {
    const muted = item.item_type === 'header' ? !item.selected : !item.counts;
    const cls = `${item.item_type === 'header' ? 'im-group' : 'im-item'}${muted ? ' im-muted' : ''}`;
    if (item.item_type === 'header') {
      const optional = item.selected ? '' : ' <span class="im-optional">(optioneel)</span>';
      return `<tr class="${cls}"><td colspan="${span}">${escapeHtml(itemName(item))}${optional}</td></tr>`;
    }
    // Sub-lines that the table does not show count in their parent's amounts.
    const amounts = withSubs || additional ? ownAmounts(item) : foldedAmounts(item, children);
    const indent = withSubs || additional ? item.depth : 0;
    return `<tr class="${cls}">${columns.map((c) => cell(c, item, amounts, indent)).join('')}</tr>`;
  });

  const labelSpan = Math.max(1, span - 1);
  const totals: string[] = [];
  if (additional) {
    let exc = ZERO;
    let inc = ZERO;
    for (const item of shown) {
      if (!item.counts) continue;
      exc = exc.plus(item.total_exc);
      inc = inc.plus(item.total_inc);
    }
    totals.push(totalRow('Totaal meerwerk excl. btw', money(exc), labelSpan, false));
    totals.push(totalRow('Totaal meerwerk incl. btw', money(inc), labelSpan, true));
  } else {
    for (const row of rows) {
      const value = totalValue(row, calculation);
      if (value === null) continue;
      totals.push(totalRow(CALCULATION_ROW_LABELS[row], money(value), labelSpan, row === 'INCVATAFTER'));
    }
  }

  const head = rows.includes('HEADER')
    ? `<thead><tr>${columns
        .map(
          (c) =>
            `<th scope="col"${c === 'DESCR' ? '' : ' class="im-num"'}>${escapeHtml(CALCULATION_COLUMN_HEADERS[c])}</th>`,
        )
        .join('')}</tr></thead>`
    : '';
  return (
    `<div class="im-table-wrap"><table class="im-calc">${head}<tbody>${body.join('')}</tbody>` +
    `${totals.length > 0 ? `<tfoot>${totals.join('')}</tfoot>` : ''}</table></div>`
  );
}
