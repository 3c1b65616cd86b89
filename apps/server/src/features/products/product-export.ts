import { asc, eq, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/database';
import { product } from '../../platform/db/tables/products.schema';
import { writeSpreadsheet } from '../../platform/files/spreadsheet';
import { PRODUCT_COLUMNS } from './product-import';

/**
 * The company's live products as an xlsx workbook, one row per product, in the columns an import
 * reads back (`tiers`: the price table on the product's calc base as `from:rate;...`).
 */
export async function exportProducts(tx: Tx, companyId: number): Promise<Buffer> {
  const rows = await tx
    .select({
      p: product,
      tiers: sql<string>`coalesce((select string_agg(
          trim_scale(r.unit_amount)::text || ':' ||
          trim_scale(case when "product"."calc_base" = 'inc' then r.unit_rate_inc else r.unit_rate_exc end)::text,
          ';' order by r.unit_amount nulls last, r.id)
        from product_table_row r where r.product_id = "product"."id"
          and r.unit_amount is not null and r.unit_rate_exc is not null and r.unit_rate_inc is not null), '')`,
    })
    .from(product)
    .where(sql`${eq(product.companyId, companyId)} and ${isNull(product.deletedAt)}`)
    .orderBy(asc(product.itemName), asc(product.id));
  const value = (
    p: typeof product.$inferSelect,
    column: (typeof PRODUCT_COLUMNS)[number],
    tiers: string,
  ): string | number => {
    switch (column) {
      case 'id':
        return p.id;
      case 'item_name':
        return p.itemName;
      case 'description':
        return p.description;
      case 'status':
        return p.status;
      case 'type':
        return p.type;
      case 'calc_base':
        return p.calcBase;
      case 'calc_method':
        return p.calcMethod;
      case 'unit_of_measurement':
        return p.unitOfMeasurement;
      case 'percentage_vat_0':
        return Number(p.percentageVat0);
      case 'percentage_vat_6':
        return Number(p.percentageVat6);
      case 'percentage_vat_9':
        return Number(p.percentageVat9);
      case 'percentage_vat_21':
        return Number(p.percentageVat21);
      case 'start_amount_exc':
        return Number(p.startAmountExc);
      case 'start_amount_inc':
        return Number(p.startAmountInc);
      case 'external_reference':
        return p.externalReference;
      case 'external_description':
        return p.externalDescription;
      case 'gl_reference':
        return p.glReference;
      case 'gl_description':
        return p.glDescription;
      case 'tiers':
        return tiers;
    }
  };
  return writeSpreadsheet(
    'Producten',
    [...PRODUCT_COLUMNS],
    rows.map(({ p, tiers }) => PRODUCT_COLUMNS.map((c) => value(p, c, tiers))),
  );
}
