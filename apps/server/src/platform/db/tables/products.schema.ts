import { type SQL, sql } from 'drizzle-orm';
import {
  foreignKey,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  varchar,
} from 'drizzle-orm/pg-core';
import { companyRowId, createdAt, deletedAt, updatedAt } from '../columns';
import { companyIdColumn, tenantPolicy } from '../tenancy-sql';
import { company } from './companies.schema';

/** numeric(18,4): amounts and unit rates, exact; pg answers them as strings. */
export const amount4 = (name: string) => numeric(name, { precision: 18, scale: 4 });
/** numeric(5,2): percentages 0..100. */
export const percent = (name: string) => numeric(name, { precision: 5, scale: 2 });

export interface PriceMatrix {
  x_label: string;
  y_label: string;
  x: number[];
  y: number[];
  /** rates[y][x], on the product's calc base; null where the matrix has no price. */
  rates: (number | null)[][];
}

/**
 * A product of the company's catalogue (spec 002 section 3). Deleting moves it to the trash
 * (`deleted_at`); calculation lines keep a copy of its price table, so a sent quotation never changes.
 * `vertical_id` points at a form (`vertical`), the toggle/alternative-amount field ids at its fields
 * (`vertical_data_field`): no foreign keys (a form is archived, not deleted), but every change of a
 * link is checked on save (product-forms.ts; decision 023).
 */
export const product = pgTable(
  'product',
  {
    id: companyRowId(),
    companyId: companyIdColumn().references(() => company.id, { onDelete: 'cascade' }),
    itemName: varchar('item_name', { length: 255 }).notNull(),
    description: text('description').notNull().default(''),
    status: varchar('status', { length: 20 }).notNull().default('approved'),
    dataOrigin: varchar('data_origin', { length: 20 }).notNull().default('manual'),
    calcBase: varchar('calc_base', { length: 3 }).notNull().default('exc'),
    calcMethod: varchar('calc_method', { length: 20 }).notNull().default('fixed'),
    type: varchar('type', { length: 20 }).notNull().default('standard'),
    unitOfMeasurement: varchar('unit_of_measurement', { length: 40 }).notNull().default('stuks'),
    startAmountInc: amount4('start_amount_inc').notNull().default('0'),
    startAmountExc: amount4('start_amount_exc').notNull().default('0'),
    percentageVat0: percent('percentage_vat_0').notNull().default('0'),
    percentageVat6: percent('percentage_vat_6').notNull().default('0'),
    percentageVat9: percent('percentage_vat_9').notNull().default('0'),
    percentageVat21: percent('percentage_vat_21').notNull().default('100'),
    vatPercentage: percent('vat_percentage').notNull().default('21'),
    verticalId: integer('vertical_id'),
    alternativeamountId: integer('alternativeamount_id'),
    togglefieldId: integer('togglefield_id'),
    togglefieldOperator: varchar('togglefield_operator', { length: 20 }).notNull().default('issame'),
    togglefieldValue: varchar('togglefield_value', { length: 255 }).notNull().default(''),
    toggle2fieldId: integer('toggle2field_id'),
    toggle2fieldOperator: varchar('toggle2field_operator', { length: 20 }).notNull().default('issame'),
    toggle2fieldValue: varchar('toggle2field_value', { length: 255 }).notNull().default(''),
    toggle3fieldId: integer('toggle3field_id'),
    toggle3fieldOperator: varchar('toggle3field_operator', { length: 20 }).notNull().default('issame'),
    toggle3fieldValue: varchar('toggle3field_value', { length: 255 }).notNull().default(''),
    externalReference: varchar('external_reference', { length: 255 }).notNull().default(''),
    externalDescription: varchar('external_description', { length: 255 }).notNull().default(''),
    glReference: varchar('gl_reference', { length: 100 }).notNull().default(''),
    glDescription: varchar('gl_description', { length: 255 }).notNull().default(''),
    /** KPI setting: per unit this product adds kpi_value kpi_unit (e.g. 410 Wp) to a flow's KPI values. */
    kpiValue: amount4('kpi_value'),
    kpiUnit: varchar('kpi_unit', { length: 40 }).notNull().default(''),
    matrix: jsonb('matrix').$type<PriceMatrix | null>(),
    searchText: text('search_text').generatedAlwaysAs(
      (): SQL =>
        sql`' ' || lower(${product.itemName} || ' ' || ${product.externalReference} || ' ' || ${product.description})`,
    ),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: deletedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.companyId] }),
    index('product_company_name').on(t.companyId, t.itemName, t.id).where(sql`deleted_at is null`),
    index('product_company_updated').on(t.companyId, t.updatedAt, t.id).where(sql`deleted_at is null`),
    index('product_search_trgm').using('gin', sql`${t.searchText} gin_trgm_ops`),
    tenantPolicy(),
  ],
).enableRLS();

/** A price tier: from `unit_amount` units on, each unit costs the row's rate. New rows may be empty. */
export const productTableRow = pgTable(
  'product_table_row',
  {
    id: companyRowId(),
    companyId: companyIdColumn().references(() => company.id, { onDelete: 'cascade' }),
    productId: integer('product_id').notNull(),
    unitAmount: amount4('unit_amount'),
    unitRateExc: amount4('unit_rate_exc'),
    unitRateInc: amount4('unit_rate_inc'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.companyId] }),
    foreignKey({
      name: 'product_table_row_product_id_fk',
      columns: [t.companyId, t.productId],
      foreignColumns: [product.companyId, product.id],
    }).onDelete('cascade'),
    index().on(t.productId),
    tenantPolicy(),
  ],
).enableRLS();
