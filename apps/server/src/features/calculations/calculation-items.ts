import {
  allowsVat6,
  type CalculationItem,
  computeCalculation,
  Dec,
  itemSingleRate,
  type Product,
  round4,
  singleRateSplit,
  splitOf,
  toEngineItem,
  VAT_6_CLOSED,
  VAT_RATES,
  type VatSplitFields,
  vatPercentageOf,
  type zCalculationItemFields,
  type zCreateCalculationItem,
} from '@im/domain';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Tx } from '../../platform/db/database';
import { calculationItem } from '../../platform/db/tables/calculations.schema';
import { product } from '../../platform/db/tables/products.schema';
import { notFound, validationError } from '../../platform/errors';
import { writeLog } from '../../platform/events/write-log';
import { checkedSplit, loadProduct, loadProducts, pricingOf } from '../products';
import { type CalculationRecord, checkItemLimit, lockCalculation } from './calculation-actions';
import { loadItems, recalculate } from './calculation-dto';
import { copyOf, insertCopies, itemRecords, newCalculationHash, shiftAfter } from './copy-items';

type ItemRecord = typeof calculationItem.$inferSelect;
type ItemFields = z.infer<typeof zCalculationItemFields>;

const MAX_ADD_ALL = 500;
export const TOO_MANY_PRODUCTS = `Er zijn meer dan ${MAX_ADD_ALL} producten; voeg ze per stuk toe.`;
export const NOTHING_TO_SPLIT = 'Deze regel heeft maar één btw-tarief.';

async function itemRecord(tx: Tx, id: number): Promise<ItemRecord> {
  const [row] = await tx.select().from(calculationItem).where(eq(calculationItem.id, id));
  if (!row) throw notFound();
  return row;
}

async function logItem(
  tx: Tx,
  c: CalculationRecord,
  id: number,
  action: 'create' | 'update' | 'delete' | 'duplicate',
  description: string,
  changes?: Record<string, unknown>,
) {
  await writeLog(tx, { type: 'calculationitem', id, action, description, changes, flowId: c.flowId });
}

/**
 * The split the item ends up with: `vat_percentage` puts 100 % on one rate; shares must add up to 100.
 * 6 % only on a line that has it already (`before` null: a new line; decision 038).
 */
function splitFor(before: VatSplitFields | null, input: ItemFields): VatSplitFields {
  if (input.vat_percentage === undefined) return checkedSplit(before, input);
  const split = singleRateSplit(input.vat_percentage);
  if (!allowsVat6(before, split.percentage_vat_6))
    throw validationError(VAT_6_CLOSED, { vat_percentage: [VAT_6_CLOSED] });
  return split;
}

/** Column values of an item from the request; a manual rate on one side clears the other. */
function itemColumns(
  before: VatSplitFields | null,
  input: ItemFields,
): Partial<typeof calculationItem.$inferInsert> {
  const split = splitFor(before, input);
  const manual: Partial<typeof calculationItem.$inferInsert> = {};
  if (input.unit_rate_exc_manual !== undefined) {
    manual.unitRateExcManual = input.unit_rate_exc_manual;
    if (input.unit_rate_exc_manual !== null) manual.unitRateIncManual = null;
  }
  if (input.unit_rate_inc_manual !== undefined) {
    manual.unitRateIncManual = input.unit_rate_inc_manual;
    if (input.unit_rate_inc_manual !== null) manual.unitRateExcManual = null;
  }
  return {
    itemName: input.item_name,
    customItemName: input.custom_item_name,
    infotext: input.infotext,
    customInfotext: input.custom_infotext,
    unitOfMeasurement: input.unit_of_measurement,
    productAmount: input.product_amount,
    startAmountExc: input.start_amount_exc,
    startAmountInc: input.start_amount_inc,
    percentageVat0: String(split.percentage_vat_0),
    percentageVat6: String(split.percentage_vat_6),
    percentageVat9: String(split.percentage_vat_9),
    percentageVat21: String(split.percentage_vat_21),
    vatPercentage: String(vatPercentageOf(split)),
    unitAmountManual: input.unit_amount_manual,
    matrixX: input.matrix_x,
    matrixY: input.matrix_y,
    discountPercentage: input.discount_percentage,
    additionalwork: input.additionalwork,
    selected: input.selected,
    flowdataitemBlacklist: input.flowdataitem_blacklist,
    ...manual,
  };
}

/** A product line's values from the product (name, text, unit, start amounts, split, price table copy). */
export function productLine(p: Product): Partial<typeof calculationItem.$inferInsert> {
  return {
    itemType: 'product',
    productId: p.id,
    productType: p.type,
    pricing: pricingOf(p),
    itemName: p.item_name,
    infotext: p.description,
    unitOfMeasurement: p.unit_of_measurement,
    startAmountExc: String(p.start_amount_exc),
    startAmountInc: String(p.start_amount_inc),
    percentageVat0: String(p.percentage_vat_0),
    percentageVat6: String(p.percentage_vat_6),
    percentageVat9: String(p.percentage_vat_9),
    percentageVat21: String(p.percentage_vat_21),
    vatPercentage: String(p.vat_percentage),
  };
}

const splitOfRecord = (
  r: Pick<ItemRecord, 'percentageVat0' | 'percentageVat6' | 'percentageVat9' | 'percentageVat21'>,
): VatSplitFields => ({
  percentage_vat_0: r.percentageVat0,
  percentage_vat_6: r.percentageVat6,
  percentage_vat_9: r.percentageVat9,
  percentage_vat_21: r.percentageVat21,
});

/** The item as the API answers it, computed within its calculation. */
export async function itemAnswer(tx: Tx, calculationId: number, id: number): Promise<CalculationItem> {
  const full = await recalculate(tx, calculationId, { store: true });
  const found = full.calculationitems.find((i) => i.id === id);
  if (!found) throw notFound();
  return found;
}

async function nextOrder(tx: Tx, calculationId: number, parent: number | null): Promise<number> {
  const [row] = await tx
    .select({ max: sql<number | null>`max(${calculationItem.order})` })
    .from(calculationItem)
    .where(
      and(
        eq(calculationItem.calculationId, calculationId),
        parent === null
          ? isNull(calculationItem.calculationitemId)
          : eq(calculationItem.calculationitemId, parent),
      ),
    );
  return (row?.max ?? -1) + 1;
}

export async function createItem(
  tx: Tx,
  input: z.infer<typeof zCreateCalculationItem>,
): Promise<CalculationItem> {
  const c = await lockCalculation(tx, input.calculation_id);
  await checkItemLimit(tx, c.id, 1);
  let parent = input.calculationitem_id ?? null;
  let order: number;
  if (input.after_id !== undefined) {
    const after = await itemRecord(tx, input.after_id);
    if (after.calculationId !== c.id) throw notFound();
    parent = input.calculationitem_id === undefined ? after.calculationitemId : parent;
    await shiftAfter(tx, c.id, parent, after.order);
    order = after.order + 1;
  } else {
    order = await nextOrder(tx, c.id, parent);
  }
  if (parent !== null) {
    const p = await itemRecord(tx, parent);
    if (p.calculationId !== c.id) throw notFound();
  }
  let base: Partial<typeof calculationItem.$inferInsert> = { itemType: input.item_type };
  if (input.item_type === 'product') {
    if (input.product_id === undefined) {
      throw validationError('Kies een product.', { product_id: ['Kies een product.'] });
    }
    const p = await loadProduct(tx, input.product_id);
    if (!p || p.deleted_at) throw notFound();
    base = productLine(p);
  }
  // A product line starts from its product's split (an older product may still have 6 %); a manual
  // or header line is new.
  const before = base.percentageVat21 === undefined ? null : splitOfRecord(base as ItemRecord);
  const columns = itemColumns(before, input);
  const [row] = await tx
    .insert(calculationItem)
    .values({
      ...base,
      ...stripUndefined(columns),
      itemType: input.item_type,
      calculationId: c.id,
      calculationitemId: parent,
      order,
      hash: newCalculationHash(),
    })
    .returning();
  await logItem(tx, c, row!.id, 'create', `Regel ${row!.itemName || '(zonder naam)'} toegevoegd`, input);
  return itemAnswer(tx, c.id, row!.id);
}

function stripUndefined<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}

async function itemWithLock(tx: Tx, id: number): Promise<{ item: ItemRecord; c: CalculationRecord }> {
  const item = await itemRecord(tx, id);
  const c = await lockCalculation(tx, item.calculationId);
  return { item, c };
}

export async function getItem(tx: Tx, id: number): Promise<CalculationItem> {
  const item = await itemRecord(tx, id);
  const full = await recalculate(tx, item.calculationId);
  return full.calculationitems.find((i) => i.id === id)!;
}

export async function updateItem(tx: Tx, id: number, input: ItemFields): Promise<CalculationItem> {
  const { item, c } = await itemWithLock(tx, id);
  await tx
    .update(calculationItem)
    .set({ ...stripUndefined(itemColumns(splitOfRecord(item), input)), updatedAt: new Date() })
    .where(eq(calculationItem.id, id));
  await logItem(tx, c, id, 'update', `Regel ${item.itemName || '(zonder naam)'} gewijzigd`, input);
  return itemAnswer(tx, c.id, id);
}

export async function deleteItem(tx: Tx, id: number): Promise<void> {
  const { item, c } = await itemWithLock(tx, id);
  await tx.delete(calculationItem).where(eq(calculationItem.id, id));
  await logItem(tx, c, id, 'delete', `Regel ${item.itemName || '(zonder naam)'} verwijderd`);
  await recalculate(tx, c.id, { store: true });
}

export async function switchSelection(tx: Tx, id: number): Promise<CalculationItem> {
  const { item, c } = await itemWithLock(tx, id);
  await tx
    .update(calculationItem)
    .set({ selected: !item.selected, updatedAt: new Date() })
    .where(eq(calculationItem.id, id));
  await logItem(
    tx,
    c,
    id,
    'update',
    `Regel ${item.itemName || '(zonder naam)'} ${item.selected ? 'uitgezet' : 'aangezet'}`,
  );
  return itemAnswer(tx, c.id, id);
}

/** A copy of the line (with its sub-lines) directly after the original. */
export async function duplicateItem(tx: Tx, id: number): Promise<CalculationItem> {
  const { item, c } = await itemWithLock(tx, id);
  const all = await itemRecords(tx, c.id);
  const subtree = new Set([id]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const r of all) {
      if (r.calculationitemId !== null && subtree.has(r.calculationitemId) && !subtree.has(r.id)) {
        subtree.add(r.id);
        grew = true;
      }
    }
  }
  await checkItemLimit(tx, c.id, subtree.size);
  await shiftAfter(tx, c.id, item.calculationitemId, item.order);
  const ids = await insertCopies(
    tx,
    all.filter((r) => subtree.has(r.id)),
    c.id,
    {
      rootParent: item.calculationitemId,
      rootOrder: () => item.order + 1,
    },
  );
  const copy = ids.get(id)!;
  await logItem(tx, c, copy, 'duplicate', `Regel ${item.itemName || '(zonder naam)'} gedupliceerd`);
  return itemAnswer(tx, c.id, copy);
}

/**
 * Splits a line over several VAT rates into one line per rate, each at 100 % of its rate with its
 * share of the rates and start amounts (4 decimals), in place of the original (decision 016).
 */
async function splitRecord(tx: Tx, item: ItemRecord): Promise<number[]> {
  const split = splitOf(splitOfRecord(item));
  if (itemSingleRate(splitOfRecord(item)) !== null) return [];
  const [stored] = await loadItems(tx, item.calculationId).then((all) => all.filter((i) => i.id === item.id));
  const engine = toEngineItem(stored!);
  // The rate this line is priced at, on its own base, before the split.
  const computed = computeCalculation({
    discount: 0,
    unit_amount: null,
    items: [{ ...engine, parent_id: null }],
  }).items[0]!;
  const base: 'exc' | 'inc' =
    engine.unit_rate_inc_manual !== null ||
    (engine.unit_rate_exc_manual === null && engine.pricing?.calc_base === 'inc')
      ? 'inc'
      : 'exc';
  const rate = new Dec(base === 'exc' ? computed.unit_rate_exc : computed.unit_rate_inc);
  const start = new Dec(base === 'exc' ? item.startAmountExc : item.startAmountInc);
  const rates = VAT_RATES.filter((r) => !split[r].isZero());
  await shiftAfter(tx, item.calculationId, item.calculationitemId, item.order);
  const created: number[] = [];
  for (const [i, r] of rates.entries()) {
    const share = split[r].dividedBy(100);
    const values = {
      ...copyOf(item),
      calculationId: item.calculationId,
      calculationitemId: item.calculationitemId,
      order: item.order + i,
      itemType: 'manual' as const,
      itemName: `${item.itemName} (${r}% btw)`,
      ...singleRateSplit(r),
      percentageVat0: r === 0 ? '100' : '0',
      percentageVat6: r === 6 ? '100' : '0',
      percentageVat9: r === 9 ? '100' : '0',
      percentageVat21: r === 21 ? '100' : '0',
      vatPercentage: String(r),
      unitRateExcManual: base === 'exc' ? round4(rate.times(share)).toFixed() : null,
      unitRateIncManual: base === 'inc' ? round4(rate.times(share)).toFixed() : null,
      startAmountExc: base === 'exc' ? round4(start.times(share)).toFixed() : '0',
      startAmountInc: base === 'inc' ? round4(start.times(share)).toFixed() : '0',
      unitAmountManual: null,
      pricing: null,
    };
    const {
      percentage_vat_0: _a,
      percentage_vat_6: _b,
      percentage_vat_9: _c,
      percentage_vat_21: _d,
      ...clean
    } = values as typeof values & VatSplitFields;
    const [row] = await tx.insert(calculationItem).values(clean).returning({ id: calculationItem.id });
    created.push(row!.id);
  }
  // Sub-lines move under the first part; the original goes.
  await tx
    .update(calculationItem)
    .set({ calculationitemId: created[0]! })
    .where(eq(calculationItem.calculationitemId, item.id));
  await tx.delete(calculationItem).where(eq(calculationItem.id, item.id));
  return created;
}

export async function splitItem(tx: Tx, id: number): Promise<CalculationItem[]> {
  const { item, c } = await itemWithLock(tx, id);
  const created = await splitRecord(tx, item);
  if (created.length === 0) throw validationError(NOTHING_TO_SPLIT);
  await logItem(tx, c, id, 'update', `Regel ${item.itemName || '(zonder naam)'} gesplitst per btw-tarief`);
  const full = await recalculate(tx, c.id, { store: true });
  return full.calculationitems.filter((i) => created.includes(i.id));
}

/** Splits every line that spreads over several rates. */
export async function splitCalculation(tx: Tx, id: number) {
  const c = await lockCalculation(tx, id);
  const items = await itemRecords(tx, id);
  const mixed = items.filter((i) => itemSingleRate(splitOfRecord(i)) === null);
  await checkItemLimit(tx, id, mixed.length * 3);
  for (const item of mixed) await splitRecord(tx, item);
  await writeLog(tx, {
    type: 'calculation',
    id,
    action: 'update',
    description: `Calculatie ${id}: ${mixed.length} regels gesplitst per btw-tarief`,
    flowId: c.flowId,
  });
  return recalculate(tx, id, { store: true });
}

/** Adds every approved live product (of one vertical, when given) as a line; at most 500. */
export async function addAll(tx: Tx, id: number, verticalId: number | undefined) {
  const c = await lockCalculation(tx, id);
  const where = and(
    isNull(product.deletedAt),
    eq(product.status, 'approved'),
    verticalId === undefined ? undefined : eq(product.verticalId, verticalId),
  );
  const ids = await tx
    .select({ id: product.id })
    .from(product)
    .where(where)
    .orderBy(asc(product.itemName), asc(product.id))
    .limit(MAX_ADD_ALL + 1);
  if (ids.length > MAX_ADD_ALL) throw validationError(TOO_MANY_PRODUCTS);
  await checkItemLimit(tx, id, ids.length);
  const products = await loadProducts(
    tx,
    ids.map((r) => r.id),
  );
  let order = await nextOrder(tx, id, null);
  if (products.length > 0) {
    await tx.insert(calculationItem).values(
      products.map((p) => ({
        ...productLine(p),
        calculationId: id,
        order: order++,
        hash: newCalculationHash(),
      })),
    );
  }
  await writeLog(tx, {
    type: 'calculation',
    id,
    action: 'update',
    description: `Calculatie ${id}: ${products.length} producten toegevoegd`,
    flowId: c.flowId,
  });
  return recalculate(tx, id, { store: true });
}

/**
 * reloadOriginItems: product lines take their product's current name, text, unit, start amounts,
 * split and price table again (after the catalogue changed); manual choices on the line (amount,
 * manual rates, discount, selection, custom name) stay. Lines of deleted products stay as they are.
 */
export async function reloadOriginItems(tx: Tx, id: number) {
  const c = await lockCalculation(tx, id);
  const items = (await itemRecords(tx, id)).filter((i) => i.productId !== null);
  const products = new Map(
    (await loadProducts(tx, [...new Set(items.map((i) => i.productId!))])).map((p) => [p.id, p]),
  );
  let reloaded = 0;
  for (const item of items) {
    const p = products.get(item.productId!);
    if (!p || p.deleted_at) continue;
    const { itemType: _t, ...line } = productLine(p);
    await tx
      .update(calculationItem)
      .set({ ...line, updatedAt: new Date() })
      .where(eq(calculationItem.id, item.id));
    reloaded++;
  }
  await writeLog(tx, {
    type: 'calculation',
    id,
    action: 'update',
    description: `Calculatie ${id}: ${reloaded} regels opnieuw geladen uit de producten`,
    flowId: c.flowId,
  });
  return recalculate(tx, id, { store: true });
}
