import type { ProductPricing, TagColumn } from '@im/domain';
import { sql } from 'drizzle-orm';
import {
  boolean,
  foreignKey,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { companyRowId, createdAt, updatedAt } from '../columns';
import { companyIdColumn, tenantPolicy } from '../tenancy-sql';
import { company } from './companies.schema';
import { flow } from './flows.schema';
import { amount4, percent, product } from './products.schema';

const money = (name: string) => numeric(name, { precision: 18, scale: 2 });

/**
 * A calculation (spec 002 section 3): a flow's priced lines, or a standard calculation
 * (`is_template`) that new ones start from. Totals are the engine's answer, stored on every change
 * so lists and statistics never recompute (decision 016).
 */
export const calculation = pgTable(
  'calculation',
  {
    id: companyRowId(),
    companyId: companyIdColumn().references(() => company.id, { onDelete: 'cascade' }),
    flowId: integer('flow_id'),
    isTemplate: boolean('is_template').notNull().default(false),
    name: varchar('name', { length: 200 }).notNull().default(''),
    hash: varchar('hash', { length: 64 }).notNull(),
    templateId: integer('template_id'),
    discount: percent('discount').notNull().default('0'),
    unitAmount: amount4('unit_amount'),
    columns: jsonb('columns').$type<TagColumn[]>().notNull(),
    rows: jsonb('rows').$type<TagColumn[]>().notNull(),
    hasbeensent: boolean('hasbeensent').notNull().default(false),
    newNumber: integer('new_number'),
    originCumulatives: boolean('origin_cumulatives').notNull().default(false),
    originGrouping: boolean('origin_grouping').notNull().default(false),
    rebaseProductAmount: boolean('rebase_product_amount').notNull().default(false),
    amountExcVat: money('amount_exc_vat').notNull().default('0'),
    amountExcVat0: money('amount_exc_vat_0').notNull().default('0'),
    amountExcVat6: money('amount_exc_vat_6').notNull().default('0'),
    amountExcVat9: money('amount_exc_vat_9').notNull().default('0'),
    amountExcVat21: money('amount_exc_vat_21').notNull().default('0'),
    amountVat6: money('amount_vat_6').notNull().default('0'),
    amountVat9: money('amount_vat_9').notNull().default('0'),
    amountVat21: money('amount_vat_21').notNull().default('0'),
    amountIncVat: money('amount_inc_vat').notNull().default('0'),
    amountDiscountExc: money('amount_discount_exc').notNull().default('0'),
    amountDiscountInc: money('amount_discount_inc').notNull().default('0'),
    amountExcVatExcDiscount: money('amount_exc_vat_exc_discount').notNull().default('0'),
    amountIncVatExcDiscount: money('amount_inc_vat_exc_discount').notNull().default('0'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.companyId] }),
    foreignKey({
      name: 'calculation_flow_id_fk',
      columns: [t.companyId, t.flowId],
      foreignColumns: [flow.companyId, flow.id],
    }).onDelete('cascade'),
    index().on(t.flowId),
    index('calculation_company_templates').on(t.companyId, t.name).where(sql`is_template`),
    uniqueIndex('calculation_hash_company_unique').on(t.hash, t.companyId),
    tenantPolicy(),
  ],
).enableRLS();

/** A line of a calculation: a product (with a copy of its price table), a manual line or a header. */
export const calculationItem = pgTable(
  'calculation_item',
  {
    id: companyRowId(),
    companyId: companyIdColumn().references(() => company.id, { onDelete: 'cascade' }),
    calculationId: integer('calculation_id').notNull(),
    calculationitemId: integer('calculationitem_id'),
    order: integer('order').notNull().default(0),
    itemType: varchar('item_type', { length: 10 }).notNull().default('manual'),
    productId: integer('product_id'),
    productType: varchar('product_type', { length: 20 }),
    pricing: jsonb('pricing').$type<ProductPricing | null>(),
    itemName: varchar('item_name', { length: 255 }).notNull().default(''),
    customItemName: varchar('custom_item_name', { length: 255 }),
    infotext: text('infotext').notNull().default(''),
    customInfotext: text('custom_infotext'),
    unitOfMeasurement: varchar('unit_of_measurement', { length: 40 }).notNull().default('stuks'),
    productAmount: amount4('product_amount').notNull().default('1'),
    startAmountInc: amount4('start_amount_inc').notNull().default('0'),
    startAmountExc: amount4('start_amount_exc').notNull().default('0'),
    vatPercentage: percent('vat_percentage').notNull().default('21'),
    percentageVat0: percent('percentage_vat_0').notNull().default('0'),
    percentageVat6: percent('percentage_vat_6').notNull().default('0'),
    percentageVat9: percent('percentage_vat_9').notNull().default('0'),
    percentageVat21: percent('percentage_vat_21').notNull().default('100'),
    unitAmountManual: amount4('unit_amount_manual'),
    matrixX: amount4('matrix_x'),
    matrixY: amount4('matrix_y'),
    unitRateExcManual: amount4('unit_rate_exc_manual'),
    unitRateIncManual: amount4('unit_rate_inc_manual'),
    discountPercentage: percent('discount_percentage').notNull().default('0'),
    flowdataitemSelected: integer('flowdataitem_selected'),
    flowdataitemBlacklist: text('flowdataitem_blacklist').notNull().default(''),
    additionalwork: boolean('additionalwork').notNull().default(false),
    selected: boolean('selected').notNull().default(true),
    hash: varchar('hash', { length: 64 }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.companyId] }),
    foreignKey({
      name: 'calculation_item_calculation_id_fk',
      columns: [t.companyId, t.calculationId],
      foreignColumns: [calculation.companyId, calculation.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'calculation_item_calculationitem_id_fk',
      columns: [t.companyId, t.calculationitemId],
      foreignColumns: [t.companyId, t.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'calculation_item_product_id_fk',
      columns: [t.companyId, t.productId],
      foreignColumns: [product.companyId, product.id],
    }).onDelete('set null'),
    index().on(t.calculationId, t.order),
    index().on(t.calculationitemId),
    index().on(t.productId),
    tenantPolicy(),
  ],
).enableRLS();
