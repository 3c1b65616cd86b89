// The API contract of calculations and calculation items (spec 002 sections 3 and 7).
import { z } from 'zod';
import { CALC_BASES, CALC_METHODS, ITEM_TYPES, MAX_AMOUNT, PRODUCT_TYPES } from '../calculation/constants';
import { zDecimal, zPercentage } from '../calculation/decimal-input';
import type { EngineItem } from '../calculation/engine';
import { DOCUMENT_KINDS } from '../documents/kinds';
import { zFlag } from '../flags';
import { zId } from './common';
import { zProductAmount, zSignedRate, zVatSplitFields } from './products';

export const zTagColumn = z.object({
  tag: z.string().trim().min(1).max(60),
  description: z.string().trim().max(200),
  selected: z.boolean(),
});

export const zPricing = z.object({
  calc_base: z.enum(CALC_BASES),
  calc_method: z.enum(CALC_METHODS),
  tiers: z.array(z.object({ unit_amount: z.number(), unit_rate_exc: z.number(), unit_rate_inc: z.number() })),
  matrix: z
    .object({
      x: z.array(z.number()),
      y: z.array(z.number()),
      rates: z.array(z.array(z.number().nullable())),
    })
    .nullable()
    .optional(),
});

const zRateAmounts = z.object({ 0: z.number(), 6: z.number(), 9: z.number(), 21: z.number() });

export const zCalculationItem = z.object({
  id: z.number().int(),
  calculation_id: z.number().int(),
  calculationitem_id: z.number().int().nullable(),
  order: z.number().int(),
  depth: z.number().int(),
  item_type: z.enum(ITEM_TYPES),
  product_id: z.number().int().nullable(),
  product: z.object({ id: z.number().int(), item_name: z.string(), type: z.enum(PRODUCT_TYPES) }).nullable(),
  product_type: z.enum(PRODUCT_TYPES).nullable(),
  pricing: zPricing.nullable(),
  item_name: z.string(),
  custom_item_name: z.string().nullable(),
  infotext: z.string(),
  custom_infotext: z.string().nullable(),
  unit_of_measurement: z.string(),
  product_amount: z.number(),
  start_amount_inc: z.number(),
  start_amount_exc: z.number(),
  vat_percentage: z.number(),
  percentage_vat_0: z.number(),
  percentage_vat_6: z.number(),
  percentage_vat_9: z.number(),
  percentage_vat_21: z.number(),
  unit_amount: z.number(),
  unit_amount_manual: z.number().nullable(),
  matrix_x: z.number().nullable(),
  matrix_y: z.number().nullable(),
  unit_rate_exc_manual: z.number().nullable(),
  unit_rate_inc_manual: z.number().nullable(),
  discount_percentage: z.number(),
  flowdataitem_selected: z.number().int().nullable(),
  flowdataitem_blacklist: z.string(),
  additionalwork: z.boolean(),
  selected: z.boolean(),
  hash: z.string(),
  subitems: z.array(z.number().int()),
  // Computed by the engine on every read.
  counts: z.boolean(),
  quantity: z.number(),
  unit_rate_exc: z.number(),
  unit_rate_inc: z.number(),
  unit_rate_inc_start: z.number(),
  total_exc_exc_discount: z.number(),
  discount_exc: z.number(),
  discount_inc: z.number(),
  total_exc: z.number(),
  total_inc: z.number(),
  parts: zRateAmounts,
  subtotal_exc: z.number(),
  subtotal_inc: z.number(),
  matrix_missing: z.boolean(),
});
export type CalculationItem = z.infer<typeof zCalculationItem>;

export const zCalculationTotals = z.object({
  amount_exc_vat: z.number(),
  amount_exc_vat_0: z.number(),
  amount_exc_vat_6: z.number(),
  amount_exc_vat_9: z.number(),
  amount_exc_vat_21: z.number(),
  amount_vat_6: z.number(),
  amount_vat_9: z.number(),
  amount_vat_21: z.number(),
  amount_inc_vat: z.number(),
  amount_discount_exc: z.number(),
  amount_discount_inc: z.number(),
  amount_exc_vat_exc_discount: z.number(),
  amount_inc_vat_exc_discount: z.number(),
  product_amount: z.number(),
  unit_amount: z.number(),
  unit_rate_exc: z.number(),
  unit_rate_inc: z.number(),
  overall_unit_rate_exc: z.number(),
  overall_unit_rate_inc: z.number(),
  paymentamount_exc: z.number(),
  paymentamount_vat_6: z.number(),
  paymentamount_vat_9: z.number(),
  paymentamount_vat_21: z.number(),
  paymentamount_inc: z.number(),
  invoicedamount: z.number(),
});

export const zCalculation = zCalculationTotals.extend({
  id: z.number().int(),
  company_id: z.number().int(),
  flow_id: z.number().int().nullable(),
  flow: z.object({ id: z.number().int(), description: z.string(), relation_id: z.number().int() }).nullable(),
  calculationtemplate: z.boolean(),
  name: z.string(),
  hash: z.string(),
  template_id: z.number().int().nullable(),
  discount: z.number(),
  unit_amount_manual: z.number().nullable(),
  calculationitemColumns: z.array(zTagColumn),
  calculationitemRows: z.array(zTagColumn),
  colspan: z.number().int(),
  hasbeensent: z.boolean(),
  new_number: z.number().int().nullable(),
  origin_cumulatives: z.boolean(),
  origin_grouping: z.boolean(),
  rebase_product_amount: z.boolean(),
  calculationitems: z.array(zCalculationItem),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Calculation = z.infer<typeof zCalculation>;

/** A calculation in a list (a flow's calculations, the standard calculations). */
export const zCalculationRow = z.object({
  id: z.number().int(),
  flow_id: z.number().int().nullable(),
  calculationtemplate: z.boolean(),
  name: z.string(),
  items: z.number().int(),
  amount_exc_vat: z.number(),
  amount_inc_vat: z.number(),
  hasbeensent: z.boolean(),
  updated_at: z.string(),
  /** The document whose calculation this is; null for the dossier's own (working) calculation. */
  document: z
    .object({
      id: z.number().int(),
      kind: z.enum(DOCUMENT_KINDS),
      number: z.number().int().nullable(),
      title: z.string(),
    })
    .nullable(),
});
export type CalculationRow = z.infer<typeof zCalculationRow>;

export const zCalculationQuery = z.object({
  flow_id: zId.optional(),
  templates: zFlag.optional(),
});

export const zCreateCalculation = z
  .object({
    flow_id: zId.optional(),
    /** A standard calculation to start from; else the flow's request profile's, else none. */
    template_id: zId.nullable().optional(),
    calculationtemplate: zFlag.optional(),
    name: z.string().trim().max(200).optional(),
  })
  .refine((c) => c.calculationtemplate || c.flow_id !== undefined, {
    message: 'Kies een aanvraag of maak een standaardcalculatie.',
    path: ['flow_id'],
  });

export const zUpdateCalculation = z.object({
  name: z.string().trim().max(200).optional(),
  discount: zPercentage.optional(),
  unit_amount: zDecimal({ min: 0, max: MAX_AMOUNT * 1000, scale: 4 })
    .nullable()
    .optional(),
  new_number: z.number().int().min(0).max(2_147_483_647).nullable().optional(),
  origin_cumulatives: zFlag.optional(),
  origin_grouping: zFlag.optional(),
  rebase_product_amount: zFlag.optional(),
});

export const zUpdateOrder = z.object({
  items: z
    .array(
      z.object({
        id: zId,
        order: z.number().int().min(0).max(100_000),
        calculationitem_id: zId.nullable().optional(),
      }),
    )
    .min(1)
    .max(5000),
});

export const zUpdateRowColumnArray = z.object({
  calculationitemColumns: z.array(zTagColumn).max(30).optional(),
  calculationitemRows: z.array(zTagColumn).max(30).optional(),
});

export const zSaveAsTemplate = z.object({ name: z.string().trim().min(1, 'Vul een naam in.').max(200) });
export const zResetToTemplate = z.object({ template_id: zId.optional() });
/** copyfrom: the lines and settings of another calculation of the same flow replace this one's. */
export const zCopyCalculationFrom = z.object({ calculation_id: zId });
export const zAddAll = z.object({ vertical_id: zId.optional() });

export const zCalculationItemFields = z.object({
  item_name: z.string().trim().max(255).optional(),
  custom_item_name: z.string().trim().max(255).nullable().optional(),
  infotext: z.string().max(10_000).optional(),
  custom_infotext: z.string().max(10_000).nullable().optional(),
  unit_of_measurement: z.string().trim().min(1).max(40).optional(),
  product_amount: zProductAmount.optional(),
  start_amount_inc: zSignedRate.optional(),
  start_amount_exc: zSignedRate.optional(),
  ...zVatSplitFields,
  /** Sets the split to 100 % at this rate. */
  vat_percentage: z.union([z.literal(0), z.literal(6), z.literal(9), z.literal(21)]).optional(),
  unit_amount_manual: zProductAmount.nullable().optional(),
  /** Width and height for a product priced from its matrix. */
  matrix_x: zProductAmount.nullable().optional(),
  matrix_y: zProductAmount.nullable().optional(),
  unit_rate_exc_manual: zSignedRate.nullable().optional(),
  unit_rate_inc_manual: zSignedRate.nullable().optional(),
  discount_percentage: zPercentage.optional(),
  additionalwork: zFlag.optional(),
  selected: zFlag.optional(),
  flowdataitem_blacklist: z.string().max(2000).optional(),
});

export const zCreateCalculationItem = zCalculationItemFields.extend({
  calculation_id: zId,
  item_type: z.enum(ITEM_TYPES).default('manual'),
  product_id: zId.optional(),
  calculationitem_id: zId.nullable().optional(),
  /** Insert after this item; else at the end. */
  after_id: zId.optional(),
});
export const zUpdateCalculationItem = zCalculationItemFields;

/** What a customer sees of a calculation through a document's hash. */
export const zCustomerCalculation = zCalculationTotals.extend({
  id: z.number().int(),
  calculationitemColumns: z.array(zTagColumn),
  calculationitemRows: z.array(zTagColumn),
  colspan: z.number().int(),
  discount: z.number(),
  calculationitems: z.array(
    zCalculationItem
      .pick({
        id: true,
        calculationitem_id: true,
        depth: true,
        item_type: true,
        unit_of_measurement: true,
        vat_percentage: true,
        discount_percentage: true,
        selected: true,
        additionalwork: true,
        quantity: true,
        unit_rate_exc: true,
        unit_rate_inc: true,
        unit_rate_inc_start: true,
        total_exc: true,
        total_inc: true,
        counts: true,
      })
      .extend({ item_name: z.string(), infotext: z.string() }),
  ),
});

/**
 * The engine's view of an item as the API answers it: the browser recomputes totals with it while
 * the user types; the server reads its stored items through the same function.
 */
export function toEngineItem(
  item: Pick<
    CalculationItem,
    | 'id'
    | 'calculationitem_id'
    | 'order'
    | 'item_type'
    | 'product_type'
    | 'pricing'
    | 'product_amount'
    | 'unit_amount_manual'
    | 'matrix_x'
    | 'matrix_y'
    | 'unit_rate_exc_manual'
    | 'unit_rate_inc_manual'
    | 'start_amount_exc'
    | 'start_amount_inc'
    | 'discount_percentage'
    | 'selected'
    | 'additionalwork'
    | 'percentage_vat_0'
    | 'percentage_vat_6'
    | 'percentage_vat_9'
    | 'percentage_vat_21'
  >,
): EngineItem {
  return {
    id: item.id,
    parent_id: item.calculationitem_id,
    order: item.order,
    item_type: item.item_type,
    product_type: item.product_type,
    pricing: item.pricing,
    product_amount: item.product_amount,
    unit_amount_manual: item.unit_amount_manual,
    matrix_x: item.matrix_x,
    matrix_y: item.matrix_y,
    alternative_amount: null,
    unit_rate_exc_manual: item.unit_rate_exc_manual,
    unit_rate_inc_manual: item.unit_rate_inc_manual,
    start_amount_exc: item.start_amount_exc,
    start_amount_inc: item.start_amount_inc,
    discount_percentage: item.discount_percentage,
    selected: item.selected,
    additionalwork: item.additionalwork,
    percentage_vat_0: item.percentage_vat_0,
    percentage_vat_6: item.percentage_vat_6,
    percentage_vat_9: item.percentage_vat_9,
    percentage_vat_21: item.percentage_vat_21,
  };
}

/** Selected columns minus one: the span of the total rows under the items. */
export function colspanOf(columns: readonly { selected: boolean }[]): number {
  return Math.max(1, columns.filter((c) => c.selected).length - 1);
}
