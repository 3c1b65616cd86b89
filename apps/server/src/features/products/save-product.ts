import {
  allowsVat6,
  bothSides,
  followingDescription,
  isValidSplit,
  type Product,
  type ProductFields,
  singleRateSplit,
  VAT_6_CLOSED,
  VAT_PERCENTAGE_MISMATCH,
  VAT_PERCENTAGE_NOT_ONE_RATE,
  VAT_RATES,
  VAT_SPLIT_NOT_100,
  type VatRate,
  type VatSplitFields,
  vatPercentageOf,
} from '@im/domain';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../platform/db/database';
import { product, productTableRow } from '../../platform/db/tables/products.schema';
import { notFound, validationError } from '../../platform/errors';
import { writeLog } from '../../platform/events/write-log';
import { loadProduct } from './product-dto';
import { checkedFormLinks, noneIfZero } from './product-forms';

type ProductInput = Partial<ProductFields>;

const splitKeys = ['percentage_vat_0', 'percentage_vat_6', 'percentage_vat_9', 'percentage_vat_21'] as const;

/**
 * The split after the change; a split that does not add up to 100 is refused (422), and so is a 6 %
 * share on a product or line that had none (`before` null: a new one; decision 038).
 */
export function checkedSplit(before: VatSplitFields | null, input: Partial<VatSplitFields>): VatSplitFields {
  const split = { ...(before ?? NEW_SPLIT) };
  for (const key of splitKeys) if (input[key] !== undefined) split[key] = input[key]!;
  if (!allowsVat6(before, split.percentage_vat_6))
    throw validationError(VAT_6_CLOSED, { percentage_vat_6: [VAT_6_CLOSED] });
  if (
    !isValidSplit({
      0: split.percentage_vat_0,
      6: split.percentage_vat_6,
      9: split.percentage_vat_9,
      21: split.percentage_vat_21,
    })
  ) {
    throw validationError(VAT_SPLIT_NOT_100, { percentage_vat_21: [VAT_SPLIT_NOT_100] });
  }
  return split;
}

/**
 * The input with `vat_percentage` worked into the split (spec 002: a product's VAT percentage): alone
 * it puts 100 % on that rate; next to `percentage_vat_*` it must be the rate that split gives.
 */
function withVatPercentage<T extends ProductInput>(before: VatSplitFields | null, input: T): T {
  if (input.vat_percentage === undefined) return input;
  const rate = Number(input.vat_percentage);
  if (splitKeys.some((k) => input[k] !== undefined)) {
    if (vatPercentageOf(checkedSplit(before, input)) !== rate)
      throw validationError(VAT_PERCENTAGE_MISMATCH, { vat_percentage: [VAT_PERCENTAGE_MISMATCH] });
    return input;
  }
  if (!(VAT_RATES as readonly number[]).includes(rate))
    throw validationError(VAT_PERCENTAGE_NOT_ONE_RATE, { vat_percentage: [VAT_PERCENTAGE_NOT_ONE_RATE] });
  const split = singleRateSplit(rate as VatRate);
  if (!allowsVat6(before, split.percentage_vat_6))
    throw validationError(VAT_6_CLOSED, { vat_percentage: [VAT_6_CLOSED] });
  return { ...input, ...split };
}

const NEW_SPLIT: VatSplitFields = {
  percentage_vat_0: 0,
  percentage_vat_6: 0,
  percentage_vat_9: 0,
  percentage_vat_21: 100,
};

type Before = Pick<
  Product,
  | 'item_name'
  | 'description'
  | 'calc_base'
  | 'start_amount_exc'
  | 'start_amount_inc'
  | 'percentage_vat_0'
  | 'percentage_vat_6'
  | 'percentage_vat_9'
  | 'percentage_vat_21'
>;

const DEFAULTS: Before = {
  item_name: '',
  description: '',
  calc_base: 'exc',
  start_amount_exc: 0,
  start_amount_inc: 0,
  percentage_vat_0: 0,
  percentage_vat_6: 0,
  percentage_vat_9: 0,
  percentage_vat_21: 100,
};

/** The column values of a create or update, with the derived sides worked out. */
function columnsFor(before: Before, input: ProductInput, isNew = false) {
  const split = checkedSplit(isNew ? null : before, input);
  const base = input.calc_base ?? before.calc_base;
  const start = bothSides(base, split, {
    exc:
      input.start_amount_exc ?? (input.start_amount_inc === undefined ? before.start_amount_exc : undefined),
    inc:
      input.start_amount_inc ?? (input.start_amount_exc === undefined ? before.start_amount_inc : undefined),
  });
  const set: Partial<typeof product.$inferInsert> = {
    itemName: input.item_name,
    description: followingDescription(before, input),
    status: input.status,
    dataOrigin: input.data_origin,
    calcBase: input.calc_base,
    calcMethod: input.calc_method,
    type: input.type,
    unitOfMeasurement: input.unit_of_measurement,
    startAmountExc: start.exc ?? '0',
    startAmountInc: start.inc ?? '0',
    percentageVat0: String(split.percentage_vat_0),
    percentageVat6: String(split.percentage_vat_6),
    percentageVat9: String(split.percentage_vat_9),
    percentageVat21: String(split.percentage_vat_21),
    vatPercentage: String(vatPercentageOf(split)),
    verticalId: input.vertical_id,
    alternativeamountId: noneIfZero(input.alternativeamount_id),
    togglefieldId: input.togglefield_id,
    togglefieldOperator: input.togglefield_operator,
    togglefieldValue: input.togglefield_value,
    toggle2fieldId: input.toggle2field_id,
    toggle2fieldOperator: input.toggle2field_operator,
    toggle2fieldValue: input.toggle2field_value,
    toggle3fieldId: input.toggle3field_id,
    toggle3fieldOperator: input.toggle3field_operator,
    toggle3fieldValue: input.toggle3field_value,
    externalReference: input.external_reference,
    externalDescription: input.external_description,
    glReference: input.gl_reference,
    glDescription: input.gl_description,
    kpiValue: input.kpi_value === undefined ? undefined : input.kpi_value,
    kpiUnit: input.kpi_unit,
    matrix: input.matrix,
  };
  return { set, split, base };
}

/**
 * A new product, with two empty price rows to fill in (spec 002 section 2); without a form it gets
 * the company's only live form (spec 002 section 3).
 */
export async function createProduct(tx: Tx, given: ProductFields): Promise<Product> {
  const input = withVatPercentage(null, given);
  const links = await checkedFormLinks(tx, null, input);
  const { set } = columnsFor(
    DEFAULTS,
    { ...input, ...links, description: input.description ?? input.item_name },
    true,
  );
  const [row] = await tx
    .insert(product)
    .values({ ...set, itemName: input.item_name })
    .returning({ id: product.id });
  await tx.insert(productTableRow).values([{ productId: row!.id }, { productId: row!.id }]);
  await writeLog(tx, {
    type: 'product',
    id: row!.id,
    action: 'create',
    description: `Product ${input.item_name} aangemaakt`,
  });
  return (await loadProduct(tx, row!.id))!;
}

/** Re-derives the other side of every price row after the base or the split changed. */
export async function rederiveRows(tx: Tx, productId: number, base: 'exc' | 'inc', split: VatSplitFields) {
  const rows = await tx.select().from(productTableRow).where(eq(productTableRow.productId, productId));
  for (const r of rows) {
    const sides = bothSides(base, split, { exc: r.unitRateExc, inc: r.unitRateInc });
    if (sides.exc !== r.unitRateExc || sides.inc !== r.unitRateInc) {
      await tx
        .update(productTableRow)
        .set({ unitRateExc: sides.exc, unitRateInc: sides.inc, updatedAt: new Date() })
        .where(eq(productTableRow.id, r.id));
    }
  }
}

export async function updateProduct(tx: Tx, id: number, given: ProductInput): Promise<Product> {
  const before = await loadProduct(tx, id);
  if (!before || before.deleted_at) throw notFound();
  const input = withVatPercentage(before, given);
  const links = await checkedFormLinks(tx, before, input);
  const { set, split, base } = columnsFor(before, { ...input, ...links });
  await tx
    .update(product)
    .set({ ...set, updatedAt: new Date() })
    .where(eq(product.id, id));
  const splitChanged = splitKeys.some((k) => input[k] !== undefined && Number(input[k]) !== before[k]);
  if ((input.calc_base !== undefined && input.calc_base !== before.calc_base) || splitChanged) {
    await rederiveRows(tx, id, base, split);
  }
  await writeLog(tx, {
    type: 'product',
    id,
    action: 'update',
    description: `Product ${input.item_name ?? before.item_name} gewijzigd`,
    changes: input,
  });
  return (await loadProduct(tx, id))!;
}

export async function setProductStatus(tx: Tx, id: number, status: 'approved' | 'concept'): Promise<Product> {
  const before = await loadProduct(tx, id);
  if (!before || before.deleted_at) throw notFound();
  await tx.update(product).set({ status, updatedAt: new Date() }).where(eq(product.id, id));
  await writeLog(tx, {
    type: 'product',
    id,
    action: 'status',
    description:
      status === 'approved'
        ? `Product ${before.item_name} goedgekeurd`
        : `Product ${before.item_name} naar concept`,
  });
  return (await loadProduct(tx, id))!;
}

/** To the trash (restore brings it back); calculation lines keep their copy of the price table. */
export async function trashProduct(tx: Tx, id: number, trashed: boolean): Promise<Product> {
  const before = await loadProduct(tx, id);
  if (!before || Boolean(before.deleted_at) === trashed) throw notFound();
  await tx
    .update(product)
    .set({ deletedAt: trashed ? new Date() : null, updatedAt: new Date() })
    .where(eq(product.id, id));
  await writeLog(tx, {
    type: 'product',
    id,
    action: trashed ? 'delete' : 'restore',
    description: trashed
      ? `Product ${before.item_name} verwijderd`
      : `Product ${before.item_name} teruggezet`,
  });
  return (await loadProduct(tx, id))!;
}
