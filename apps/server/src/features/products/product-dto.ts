import type { PriceMatrix, Product, ProductRow, ProductTableRow } from '@im/domain';
import { asc, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/database';
import { product, productTableRow } from '../../platform/db/tables/products.schema';

/** numeric columns arrive as strings: exact; as JSON numbers they print in the shortest exact form. */
export const num = (v: string | null): number | null => (v === null ? null : Number(v));
export const num0 = (v: string): number => Number(v);

type ProductRecord = typeof product.$inferSelect;
type TableRowRecord = typeof productTableRow.$inferSelect;

export function tableRowDto(r: TableRowRecord): ProductTableRow {
  return {
    id: r.id,
    product_id: r.productId,
    unit_amount: num(r.unitAmount),
    unit_rate_exc: num(r.unitRateExc),
    unit_rate_inc: num(r.unitRateInc),
  };
}

/** Rows in tier order: by amount (empty rows last), then as created. */
const tierOrder = [sql`${productTableRow.unitAmount} asc nulls last`, asc(productTableRow.id)];

export function productDto(p: ProductRecord, rows: TableRowRecord[]): Product {
  return {
    id: p.id,
    item_name: p.itemName,
    description: p.description,
    status: p.status as Product['status'],
    data_origin: p.dataOrigin as Product['data_origin'],
    calc_base: p.calcBase as Product['calc_base'],
    calc_method: p.calcMethod as Product['calc_method'],
    type: p.type as Product['type'],
    unit_of_measurement: p.unitOfMeasurement,
    start_amount_inc: num0(p.startAmountInc),
    start_amount_exc: num0(p.startAmountExc),
    percentage_vat_0: num0(p.percentageVat0),
    percentage_vat_6: num0(p.percentageVat6),
    percentage_vat_9: num0(p.percentageVat9),
    percentage_vat_21: num0(p.percentageVat21),
    vat_percentage: num0(p.vatPercentage),
    vertical_id: p.verticalId,
    alternativeamount_id: p.alternativeamountId,
    togglefield_id: p.togglefieldId,
    togglefield_operator: p.togglefieldOperator as Product['togglefield_operator'],
    togglefield_value: p.togglefieldValue,
    toggle2field_id: p.toggle2fieldId,
    toggle2field_operator: p.toggle2fieldOperator as Product['toggle2field_operator'],
    toggle2field_value: p.toggle2fieldValue,
    toggle3field_id: p.toggle3fieldId,
    toggle3field_operator: p.toggle3fieldOperator as Product['toggle3field_operator'],
    toggle3field_value: p.toggle3fieldValue,
    external_reference: p.externalReference,
    external_description: p.externalDescription,
    gl_reference: p.glReference,
    gl_description: p.glDescription,
    kpi_value: num(p.kpiValue),
    kpi_unit: p.kpiUnit,
    matrix: (p.matrix as PriceMatrix | null) ?? null,
    producttablerows: rows.map(tableRowDto),
    created_at: p.createdAt.toISOString(),
    updated_at: p.updatedAt.toISOString(),
    deleted_at: p.deletedAt?.toISOString() ?? null,
  };
}

/** Products by id (live or trashed) with their price rows, in the order of `ids`. */
export async function loadProducts(tx: Tx, ids: number[]): Promise<Product[]> {
  if (ids.length === 0) return [];
  const [products, rows] = await Promise.all([
    tx.select().from(product).where(inArray(product.id, ids)),
    tx
      .select()
      .from(productTableRow)
      .where(inArray(productTableRow.productId, ids))
      .orderBy(...tierOrder),
  ]);
  const byProduct = new Map<number, TableRowRecord[]>();
  for (const r of rows) byProduct.set(r.productId, [...(byProduct.get(r.productId) ?? []), r]);
  const byId = new Map(products.map((p) => [p.id, productDto(p, byProduct.get(p.id) ?? [])]));
  return ids.map((id) => byId.get(id)).filter((p): p is Product => p !== undefined);
}

export async function loadProduct(tx: Tx, id: number): Promise<Product | null> {
  return (await loadProducts(tx, [id]))[0] ?? null;
}

/** Overview rows: the product with its first priced tier and number of tiers. */
export async function loadProductRows(tx: Tx, ids: number[]): Promise<ProductRow[]> {
  if (ids.length === 0) return [];
  const rows = await tx
    .select({
      p: product,
      unitRateExc: sql<
        string | null
      >`(select r.unit_rate_exc from ${productTableRow} r where r.product_id = "product"."id"
        and r.unit_rate_exc is not null order by r.unit_amount asc nulls last, r.id limit 1)`,
      unitRateInc: sql<
        string | null
      >`(select r.unit_rate_inc from ${productTableRow} r where r.product_id = "product"."id"
        and r.unit_rate_inc is not null order by r.unit_amount asc nulls last, r.id limit 1)`,
      tiers: sql<number>`(select count(*)::int from ${productTableRow} r where r.product_id = "product"."id"
        and r.unit_rate_exc is not null)`,
    })
    .from(product)
    .where(inArray(product.id, ids));
  const byId = new Map(
    rows.map(({ p, unitRateExc, unitRateInc, tiers }) => [
      p.id,
      {
        id: p.id,
        item_name: p.itemName,
        description: p.description,
        status: p.status as ProductRow['status'],
        type: p.type as ProductRow['type'],
        calc_base: p.calcBase as ProductRow['calc_base'],
        unit_of_measurement: p.unitOfMeasurement,
        vat_percentage: num0(p.vatPercentage),
        external_reference: p.externalReference,
        updated_at: p.updatedAt.toISOString(),
        deleted_at: p.deletedAt?.toISOString() ?? null,
        unit_rate_exc: num(unitRateExc),
        unit_rate_inc: num(unitRateInc),
        tiers,
      } satisfies ProductRow,
    ]),
  );
  return ids.map((id) => byId.get(id)).filter((p): p is ProductRow => p !== undefined);
}

/** The price table as the engine reads it: priced rows only. */
export function pricingOf(p: Product) {
  return {
    calc_base: p.calc_base,
    calc_method: p.calc_method,
    tiers: p.producttablerows
      .filter((r) => r.unit_rate_exc !== null && r.unit_rate_inc !== null)
      .map((r) => ({
        unit_amount: r.unit_amount ?? 0,
        unit_rate_exc: r.unit_rate_exc!,
        unit_rate_inc: r.unit_rate_inc!,
      })),
    matrix:
      p.matrix && p.matrix.x.length > 0 ? { x: p.matrix.x, y: p.matrix.y, rates: p.matrix.rates } : null,
  };
}
