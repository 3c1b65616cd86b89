import {
  bothSides,
  type Product,
  type ProductTableRow,
  type zCreateProductTableRow,
  type zUpdateProductTableRow,
} from '@im/domain';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Tx } from '../../platform/db/database';
import { product, productTableRow } from '../../platform/db/tables/products.schema';
import { notFound } from '../../platform/errors';
import { writeLog } from '../../platform/events/write-log';
import { loadProduct, tableRowDto } from './product-dto';

type RowInput = z.infer<typeof zUpdateProductTableRow>;

async function liveProduct(tx: Tx, id: number): Promise<Product> {
  const p = await loadProduct(tx, id);
  if (!p || p.deleted_at) throw notFound();
  return p;
}

/** Column values for a row: the side the product is priced on wins; the other is derived. */
function rowColumns(p: Product, input: RowInput, before?: ProductTableRow) {
  const touched = input.unit_rate_exc !== undefined || input.unit_rate_inc !== undefined;
  const sides = touched
    ? bothSides(p.calc_base, p, { exc: input.unit_rate_exc, inc: input.unit_rate_inc })
    : { exc: before?.unit_rate_exc?.toString() ?? null, inc: before?.unit_rate_inc?.toString() ?? null };
  return {
    unitAmount: input.unit_amount === undefined ? undefined : input.unit_amount,
    unitRateExc: sides.exc,
    unitRateInc: sides.inc,
  };
}

async function touchProduct(tx: Tx, p: Product, description: string, changes?: Record<string, unknown>) {
  await tx.update(product).set({ updatedAt: new Date() }).where(eq(product.id, p.id));
  await writeLog(tx, { type: 'product', id: p.id, action: 'update', description, changes });
}

export async function getTableRow(tx: Tx, id: number): Promise<ProductTableRow> {
  const [row] = await tx.select().from(productTableRow).where(eq(productTableRow.id, id));
  if (!row) throw notFound();
  return tableRowDto(row);
}

export async function createTableRow(
  tx: Tx,
  input: z.infer<typeof zCreateProductTableRow>,
): Promise<ProductTableRow> {
  const p = await liveProduct(tx, input.product_id);
  const [row] = await tx
    .insert(productTableRow)
    .values({ productId: p.id, ...rowColumns(p, input) })
    .returning();
  await touchProduct(tx, p, `Prijsregel toegevoegd aan ${p.item_name}`, { ...input });
  return tableRowDto(row!);
}

export async function updateTableRow(tx: Tx, id: number, input: RowInput): Promise<ProductTableRow> {
  const before = await getTableRow(tx, id);
  const p = await liveProduct(tx, before.product_id);
  const [row] = await tx
    .update(productTableRow)
    .set({ ...rowColumns(p, input, before), updatedAt: new Date() })
    .where(eq(productTableRow.id, id))
    .returning();
  await touchProduct(tx, p, `Prijsregel van ${p.item_name} gewijzigd`, { id, ...input });
  return tableRowDto(row!);
}

export async function deleteTableRow(tx: Tx, id: number): Promise<void> {
  const before = await getTableRow(tx, id);
  const p = await liveProduct(tx, before.product_id);
  await tx.delete(productTableRow).where(eq(productTableRow.id, id));
  await touchProduct(tx, p, `Prijsregel van ${p.item_name} verwijderd`, { id });
}

/** clearRows: the product keeps no price rows. */
export async function clearTableRows(tx: Tx, productId: number): Promise<Product> {
  const p = await liveProduct(tx, productId);
  await tx.delete(productTableRow).where(eq(productTableRow.productId, p.id));
  await touchProduct(tx, p, `Prijstabel van ${p.item_name} geleegd`);
  return (await loadProduct(tx, p.id))!;
}
