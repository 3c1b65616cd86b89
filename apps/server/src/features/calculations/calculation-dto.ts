import {
  type Calculation,
  type CalculationItem,
  colspanOf,
  computeCalculation,
  type ItemResult,
  labelledCalculationColumns,
  type TagColumn,
  toEngineItem,
} from '@im/domain';
import { asc, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/database';
import { calculation, calculationItem } from '../../platform/db/tables/calculations.schema';
import { flow } from '../../platform/db/tables/flows.schema';
import { product } from '../../platform/db/tables/products.schema';
import { notFound } from '../../platform/errors';
import { num, num0 } from '../products';

type ItemRecord = typeof calculationItem.$inferSelect;
export type StoredItem = Omit<
  CalculationItem,
  Exclude<keyof ItemResult, 'id' | 'vat_percentage'> | 'depth' | 'subitems' | 'unit_amount'
>;

function storedItem(r: ItemRecord, productInfo: { item_name: string; type: string } | null): StoredItem {
  return {
    id: r.id,
    calculation_id: r.calculationId,
    calculationitem_id: r.calculationitemId,
    order: r.order,
    item_type: r.itemType as CalculationItem['item_type'],
    product_id: r.productId,
    product:
      r.productId !== null && productInfo
        ? {
            id: r.productId,
            item_name: productInfo.item_name,
            type: productInfo.type as CalculationItem['product_type'] & string,
          }
        : null,
    product_type: r.productType as CalculationItem['product_type'],
    pricing: (r.pricing as CalculationItem['pricing']) ?? null,
    item_name: r.itemName,
    custom_item_name: r.customItemName,
    infotext: r.infotext,
    custom_infotext: r.customInfotext,
    unit_of_measurement: r.unitOfMeasurement,
    product_amount: num0(r.productAmount),
    start_amount_inc: num0(r.startAmountInc),
    start_amount_exc: num0(r.startAmountExc),
    vat_percentage: num0(r.vatPercentage),
    percentage_vat_0: num0(r.percentageVat0),
    percentage_vat_6: num0(r.percentageVat6),
    percentage_vat_9: num0(r.percentageVat9),
    percentage_vat_21: num0(r.percentageVat21),
    unit_amount_manual: num(r.unitAmountManual),
    matrix_x: num(r.matrixX),
    matrix_y: num(r.matrixY),
    unit_rate_exc_manual: num(r.unitRateExcManual),
    unit_rate_inc_manual: num(r.unitRateIncManual),
    discount_percentage: num0(r.discountPercentage),
    flowdataitem_selected: r.flowdataitemSelected,
    flowdataitem_blacklist: r.flowdataitemBlacklist,
    additionalwork: r.additionalwork,
    selected: r.selected,
    hash: r.hash,
  };
}

/** Items depth-first: each top-level line (by order) followed by its sub-lines. */
export function treeOrder<T extends { id: number; calculationitem_id: number | null; order: number }>(
  items: T[],
): { item: T; depth: number; subitems: number[] }[] {
  const ids = new Set(items.map((i) => i.id));
  const children = new Map<number | null, T[]>();
  for (const item of items) {
    const parent =
      item.calculationitem_id !== null && ids.has(item.calculationitem_id) ? item.calculationitem_id : null;
    children.set(parent, [...(children.get(parent) ?? []), item]);
  }
  for (const list of children.values()) list.sort((a, b) => a.order - b.order || a.id - b.id);
  const out: { item: T; depth: number; subitems: number[] }[] = [];
  const visit = (item: T, depth: number) => {
    const subs = children.get(item.id) ?? [];
    out.push({ item, depth, subitems: subs.map((s) => s.id) });
    for (const sub of subs) visit(sub, depth + 1);
  };
  for (const item of children.get(null) ?? []) visit(item, 0);
  return out;
}

export async function loadItems(tx: Tx, calculationId: number): Promise<StoredItem[]> {
  const rows = await tx
    .select({ i: calculationItem, productName: product.itemName, productType: product.type })
    .from(calculationItem)
    .leftJoin(product, eq(product.id, calculationItem.productId))
    .where(eq(calculationItem.calculationId, calculationId))
    .orderBy(asc(calculationItem.order), asc(calculationItem.id));
  return rows.map((r) =>
    storedItem(
      r.i,
      r.productName === null ? null : { item_name: r.productName, type: r.productType ?? 'standard' },
    ),
  );
}

/**
 * The calculation with every line and total worked out by the engine. `store`: also writes the
 * totals (after every change), so lists and statistics read them without recomputing.
 */
export async function recalculate(
  tx: Tx,
  id: number,
  options: { store?: boolean } = {},
): Promise<Calculation> {
  const [row] = await tx
    .select({ c: calculation, flowDescription: flow.description, relationId: flow.relationId })
    .from(calculation)
    .leftJoin(flow, eq(flow.id, calculation.flowId))
    .where(eq(calculation.id, id));
  if (!row) throw notFound();
  const c = row.c;
  const items = await loadItems(tx, id);
  const result = computeCalculation({
    discount: c.discount,
    unit_amount: c.unitAmount,
    items: items.map((i) => toEngineItem(i)),
  });
  const computed = new Map(result.items.map((r) => [r.id, r]));
  const t = result.totals;
  if (options.store) {
    await tx
      .update(calculation)
      .set({
        amountExcVat: String(t.amount_exc_vat),
        amountExcVat0: String(t.amount_exc_vat_0),
        amountExcVat6: String(t.amount_exc_vat_6),
        amountExcVat9: String(t.amount_exc_vat_9),
        amountExcVat21: String(t.amount_exc_vat_21),
        amountVat6: String(t.amount_vat_6),
        amountVat9: String(t.amount_vat_9),
        amountVat21: String(t.amount_vat_21),
        amountIncVat: String(t.amount_inc_vat),
        amountDiscountExc: String(t.amount_discount_exc),
        amountDiscountInc: String(t.amount_discount_inc),
        amountExcVatExcDiscount: String(t.amount_exc_vat_exc_discount),
        amountIncVatExcDiscount: String(t.amount_inc_vat_exc_discount),
        updatedAt: new Date(),
      })
      .where(eq(calculation.id, id));
  }
  const columns = labelledCalculationColumns(c.columns as TagColumn[]);
  return {
    ...t,
    id: c.id,
    company_id: c.companyId,
    flow_id: c.flowId,
    flow:
      c.flowId !== null && row.relationId !== null
        ? { id: c.flowId, description: row.flowDescription ?? '', relation_id: row.relationId }
        : null,
    calculationtemplate: c.isTemplate,
    name: c.name,
    hash: c.hash,
    template_id: c.templateId,
    discount: num0(c.discount),
    unit_amount_manual: num(c.unitAmount),
    calculationitemColumns: columns,
    calculationitemRows: c.rows as TagColumn[],
    colspan: colspanOf(columns),
    hasbeensent: c.hasbeensent,
    new_number: c.newNumber,
    origin_cumulatives: c.originCumulatives,
    origin_grouping: c.originGrouping,
    rebase_product_amount: c.rebaseProductAmount,
    calculationitems: treeOrder(items).map(({ item, depth, subitems }) => {
      const r = computed.get(item.id)!;
      return {
        ...item,
        depth,
        subitems,
        counts: r.counts,
        quantity: r.quantity,
        unit_amount: r.unit_amount,
        unit_rate_exc: r.unit_rate_exc,
        unit_rate_inc: r.unit_rate_inc,
        unit_rate_inc_start: r.unit_rate_inc_start,
        total_exc_exc_discount: r.total_exc_exc_discount,
        discount_exc: r.discount_exc,
        discount_inc: r.discount_inc,
        total_exc: r.total_exc,
        total_inc: r.total_inc,
        parts: r.parts,
        subtotal_exc: r.subtotal_exc,
        subtotal_inc: r.subtotal_inc,
        matrix_missing: r.matrix_missing,
      };
    }),
    created_at: c.createdAt.toISOString(),
    updated_at: (options.store ? new Date() : c.updatedAt).toISOString(),
  };
}

export const itemCount = sql<number>`(select count(*)::int from calculation_item i where i.calculation_id = "calculation"."id")`;
