import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/database';
import { calculationItem } from '../../platform/db/tables/calculations.schema';
import { treeOrder } from './calculation-dto';

export const newCalculationHash = () => randomBytes(16).toString('base64url');

type ItemInsert = typeof calculationItem.$inferInsert;
type ItemRecord = typeof calculationItem.$inferSelect;

/** The columns of a copy of `r`: everything but id, hash, calculation and parent. */
export function copyOf(r: ItemRecord): Omit<ItemInsert, 'calculationId'> {
  const {
    id: _id,
    hash: _hash,
    companyId: _c,
    calculationId: _calc,
    calculationitemId: _p,
    createdAt: _cr,
    updatedAt: _u,
    ...rest
  } = r;
  return { ...rest, hash: newCalculationHash() };
}

/**
 * Inserts copies of `rows` (a calculation's items, or one item with its sub-items) into
 * `calculationId`, keeping the tree: one insert for all rows, one update for the parents.
 * `rootParent`/`rootOrder` place the copied top-level rows. Answers old id -> new id.
 */
export async function insertCopies(
  tx: Tx,
  rows: ItemRecord[],
  calculationId: number,
  place: { rootParent?: number | null; rootOrder?: (row: ItemRecord) => number } = {},
): Promise<Map<number, number>> {
  const ids = new Map<number, number>();
  if (rows.length === 0) return ids;
  const ordered = treeOrder(rows.map((r) => ({ ...r, calculationitem_id: r.calculationitemId }))).map(
    (o) => o.item,
  );
  const inside = new Set(rows.map((r) => r.id));
  const inserted = await tx
    .insert(calculationItem)
    .values(
      ordered.map((r) => ({
        ...copyOf(r),
        calculationId,
        order: !inside.has(r.calculationitemId ?? -1) && place.rootOrder ? place.rootOrder(r) : r.order,
      })),
    )
    .returning({ id: calculationItem.id });
  ordered.forEach((r, i) => {
    ids.set(r.id, inserted[i]!.id);
  });
  const parents = ordered
    .map((r) => {
      const parent =
        r.calculationitemId !== null && inside.has(r.calculationitemId)
          ? ids.get(r.calculationitemId)!
          : (place.rootParent ?? null);
      return parent === null ? null : sql`(${ids.get(r.id)!}::int, ${parent}::int)`;
    })
    .filter((v) => v !== null);
  if (parents.length > 0) {
    await tx.execute(sql`update calculation_item c set calculationitem_id = v.parent
      from (values ${sql.join(parents, sql`, `)}) as v(id, parent) where c.id = v.id`);
  }
  return ids;
}

/** Every item of a calculation (records). */
export function itemRecords(tx: Tx, calculationId: number) {
  return tx.select().from(calculationItem).where(eq(calculationItem.calculationId, calculationId));
}

/** Makes room after `order` among the siblings under `parent`. */
export async function shiftAfter(tx: Tx, calculationId: number, parent: number | null, order: number) {
  await tx
    .update(calculationItem)
    .set({ order: sql`${calculationItem.order} + 1` })
    .where(
      and(
        eq(calculationItem.calculationId, calculationId),
        parent === null
          ? sql`${calculationItem.calculationitemId} is null`
          : eq(calculationItem.calculationitemId, parent),
        sql`${calculationItem.order} > ${order}`,
      ),
    );
}
