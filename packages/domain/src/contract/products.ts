// The API contract of products and their price table rows (spec 002 sections 3 and 7).
import { z } from 'zod';
import {
  CALC_BASES,
  CALC_METHODS,
  DATA_ORIGINS,
  MAX_AMOUNT,
  MAX_RATE,
  PRODUCT_STATUSES,
  PRODUCT_TYPES,
  TOGGLE_OPERATORS,
} from '../calculation/constants';
import { zDecimal, zPercentage } from '../calculation/decimal-input';
import { zFlag } from '../flags';
import { zPaginated, zPaginationQuery } from '../pagination';
import { zId } from './common';
import { zText } from './locations';

/** Amounts (how many) are never negative; price table rates neither. */
export const zProductAmount = zDecimal({ min: 0, max: MAX_AMOUNT, scale: 4 });
export const zUnitRate = zDecimal({ min: 0, max: MAX_RATE, scale: 4 });
/** Manual rates and start amounts may be negative (a subsidy or a discount line). */
export const zSignedRate = zDecimal({ min: -MAX_RATE, max: MAX_RATE, scale: 4 });

export const VAT_SPLIT_NOT_100 = 'De verdeling over de btw-tarieven moet samen precies 100% zijn.';

export const zVatSplitFields = {
  percentage_vat_0: zPercentage.optional(),
  percentage_vat_6: zPercentage.optional(),
  percentage_vat_9: zPercentage.optional(),
  percentage_vat_21: zPercentage.optional(),
};

export const zPriceMatrix = z.object({
  x_label: z.string().trim().max(100),
  y_label: z.string().trim().max(100),
  x: z.array(z.number().min(0).max(MAX_AMOUNT)).max(200),
  y: z.array(z.number().min(0).max(MAX_AMOUNT)).max(200),
  rates: z.array(z.array(z.number().min(0).max(MAX_RATE).nullable()).max(200)).max(200),
});
export type PriceMatrix = z.infer<typeof zPriceMatrix>;

export const zProductTableRow = z.object({
  id: z.number().int(),
  product_id: z.number().int(),
  unit_amount: z.number().nullable(),
  unit_rate_exc: z.number().nullable(),
  unit_rate_inc: z.number().nullable(),
});
export type ProductTableRow = z.infer<typeof zProductTableRow>;

export const zProduct = z.object({
  id: z.number().int(),
  item_name: z.string(),
  description: z.string(),
  status: z.enum(PRODUCT_STATUSES),
  data_origin: z.enum(DATA_ORIGINS),
  calc_base: z.enum(CALC_BASES),
  calc_method: z.enum(CALC_METHODS),
  type: z.enum(PRODUCT_TYPES),
  unit_of_measurement: z.string(),
  start_amount_inc: z.number(),
  start_amount_exc: z.number(),
  percentage_vat_0: z.number(),
  percentage_vat_6: z.number(),
  percentage_vat_9: z.number(),
  percentage_vat_21: z.number(),
  vat_percentage: z.number(),
  vertical_id: z.number().int().nullable(),
  alternativeamount_id: z.number().int().nullable(),
  togglefield_id: z.number().int().nullable(),
  togglefield_operator: z.enum(TOGGLE_OPERATORS),
  togglefield_value: z.string(),
  toggle2field_id: z.number().int().nullable(),
  toggle2field_operator: z.enum(TOGGLE_OPERATORS),
  toggle2field_value: z.string(),
  toggle3field_id: z.number().int().nullable(),
  toggle3field_operator: z.enum(TOGGLE_OPERATORS),
  toggle3field_value: z.string(),
  external_reference: z.string(),
  external_description: z.string(),
  gl_reference: z.string(),
  gl_description: z.string(),
  kpi_value: z.number().nullable(),
  kpi_unit: z.string(),
  matrix: zPriceMatrix.nullable(),
  producttablerows: z.array(zProductTableRow),
  created_at: z.string(),
  updated_at: z.string(),
  deleted_at: z.string().nullable(),
});
export type Product = z.infer<typeof zProduct>;

/** A row of the product overview. `unit_rate_*` are the first tier's rates. */
export const zProductRow = zProduct
  .pick({
    id: true,
    item_name: true,
    description: true,
    status: true,
    type: true,
    calc_base: true,
    unit_of_measurement: true,
    vat_percentage: true,
    external_reference: true,
    updated_at: true,
    deleted_at: true,
  })
  .extend({
    unit_rate_exc: z.number().nullable(),
    unit_rate_inc: z.number().nullable(),
    tiers: z.number().int(),
  });
export type ProductRow = z.infer<typeof zProductRow>;
export const zProductPage = zPaginated(zProductRow);
export type ProductPage = z.infer<typeof zProductPage>;

export const PRODUCT_SORTS = [
  'item_name',
  'updated_at',
  'created_at',
  'status',
  'type',
  'external_reference',
  'id',
] as const;

export const zProductQuery = zPaginationQuery.extend({
  status: z.enum(PRODUCT_STATUSES).optional(),
  trashed: zFlag.optional(),
});
export type ProductQuery = z.infer<typeof zProductQuery>;

const optionalToggle = {
  togglefield_id: zId.nullable().optional(),
  togglefield_operator: z.enum(TOGGLE_OPERATORS).optional(),
  togglefield_value: zText(255).optional(),
  toggle2field_id: zId.nullable().optional(),
  toggle2field_operator: z.enum(TOGGLE_OPERATORS).optional(),
  toggle2field_value: zText(255).optional(),
  toggle3field_id: zId.nullable().optional(),
  toggle3field_operator: z.enum(TOGGLE_OPERATORS).optional(),
  toggle3field_value: zText(255).optional(),
};

export const PRODUCT_NAME_REQUIRED = 'Vul een productnaam in.';
/** `vat_percentage` alone is one rate; a mixed split goes through the `percentage_vat_*` fields. */
export const VAT_PERCENTAGE_NOT_ONE_RATE =
  'Kies een btw-tarief van 0, 9 of 21%; een verdeling over meer tarieven geef je op met percentage_vat_0, percentage_vat_6, percentage_vat_9 en percentage_vat_21.';
export const VAT_PERCENTAGE_MISMATCH =
  'Het btw-percentage past niet bij de verdeling over percentage_vat_0, percentage_vat_6, percentage_vat_9 en percentage_vat_21.';

export const zProductFields = z.object({
  item_name: z.string().trim().min(1, PRODUCT_NAME_REQUIRED).max(255),
  description: z.string().max(10_000).optional(),
  status: z.enum(PRODUCT_STATUSES).optional(),
  data_origin: z.enum(DATA_ORIGINS).optional(),
  calc_base: z.enum(CALC_BASES).optional(),
  calc_method: z.enum(CALC_METHODS).optional(),
  type: z.enum(PRODUCT_TYPES).optional(),
  unit_of_measurement: z.string().trim().min(1).max(40).optional(),
  start_amount_inc: zSignedRate.optional(),
  start_amount_exc: zSignedRate.optional(),
  ...zVatSplitFields,
  /**
   * The spec's product field: alone it sets the split to 100 % at that rate (0, 6 or 9 or 21); next
   * to `percentage_vat_*` it must be the rate that split gives (decision 041).
   */
  vat_percentage: zPercentage.optional(),
  vertical_id: zId.nullable().optional(),
  /** 0 means 'tier only over actual amount' and is saved as none (spec 002 section 5). */
  alternativeamount_id: z
    .union([z.literal(0), z.literal('0'), zId])
    .nullable()
    .optional(),
  ...optionalToggle,
  external_reference: zText(255).optional(),
  external_description: zText(255).optional(),
  gl_reference: zText(100).optional(),
  gl_description: zText(255).optional(),
  kpi_value: zProductAmount.nullable().optional(),
  kpi_unit: zText(40).optional(),
  matrix: zPriceMatrix.nullable().optional(),
});
export const zCreateProduct = zProductFields;
export const zUpdateProduct = zProductFields.partial();
export type ProductFields = z.infer<typeof zProductFields>;

export const zCreateProductTableRow = z.object({
  product_id: zId,
  unit_amount: zProductAmount.nullable().optional(),
  unit_rate_exc: zUnitRate.nullable().optional(),
  unit_rate_inc: zUnitRate.nullable().optional(),
});
export const zUpdateProductTableRow = zCreateProductTableRow.omit({ product_id: true });

/** A product in the calculation's typeahead (getpossibleproducts). */
export const zPossibleProduct = z.object({
  id: z.number().int(),
  item_name: z.string(),
  description: z.string(),
  unit_of_measurement: z.string(),
  calc_base: z.enum(CALC_BASES),
  type: z.enum(PRODUCT_TYPES),
  unit_rate_exc: z.number().nullable(),
  unit_rate_inc: z.number().nullable(),
  vat_percentage: z.number(),
});
export type PossibleProduct = z.infer<typeof zPossibleProduct>;

export const zPossibleProductsQuery = z.object({
  query: z.string().trim().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(50).default(10),
});

export const zCopyProducts = z.object({ origin_company_id: zId });
