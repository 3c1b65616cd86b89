import {
  LIBRARY_ITEM_DATA,
  LIBRARY_TEXTS,
  type LibraryItem,
  type LibraryItemKind,
  type LibrarySet,
  type LibrarySetDetail,
  type LibrarySetPage,
  type PaginationQuery,
  type SaveLibraryItem,
  type SaveLibrarySet,
  type UpdateLibraryItem,
  type UpdateLibrarySet,
} from '@im/domain';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/database';
import { isoFast } from '../../platform/db/iso';
import { containsPattern } from '../../platform/db/paginate';
import { libraryItem, librarySet } from '../../platform/db/tables/library.schema';
import { notFound, validationErrorFromIssues } from '../../platform/errors';

type SetRow = typeof librarySet.$inferSelect;
type ItemRow = typeof libraryItem.$inferSelect;

export function toLibraryItem(row: ItemRow): LibraryItem {
  return {
    id: row.id,
    library_set_id: row.librarySetId,
    kind: row.kind as LibraryItemKind,
    name: row.name,
    description: row.description,
    data: row.data,
    order: row.order,
  };
}

async function kindsOf(tx: Tx, ids: number[]) {
  if (ids.length === 0) return new Map<number, { kind: LibraryItemKind; count: number }[]>();
  const rows = await tx
    .select({ setId: libraryItem.librarySetId, kind: libraryItem.kind, n: sql<number>`count(*)::int` })
    .from(libraryItem)
    .where(inArray(libraryItem.librarySetId, ids))
    .groupBy(libraryItem.librarySetId, libraryItem.kind)
    .orderBy(libraryItem.kind);
  const out = new Map<number, { kind: LibraryItemKind; count: number }[]>();
  for (const r of rows) {
    const list = out.get(r.setId) ?? [];
    list.push({ kind: r.kind as LibraryItemKind, count: r.n });
    out.set(r.setId, list);
  }
  return out;
}

function toLibrarySet(row: SetRow, kinds: { kind: LibraryItemKind; count: number }[]): LibrarySet {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    tags: row.tags,
    items_count: kinds.reduce((n, k) => n + k.count, 0),
    kinds,
    updated_at: isoFast(row.updatedAt),
  };
}

/** A page of library sets by name, searched on name, description and tags. */
export async function queryLibrarySets(tx: Tx, q: PaginationQuery): Promise<LibrarySetPage> {
  const text = q.query?.trim().toLowerCase();
  const pattern = text ? containsPattern(text) : null;
  const where = pattern
    ? sql`(lower(${librarySet.name}) like ${pattern} or lower(${librarySet.description}) like ${pattern}
        or lower(${librarySet.tags}::text) like ${pattern})`
    : undefined;
  const rows = await tx
    .select()
    .from(librarySet)
    .where(where)
    .orderBy(sql`lower(${librarySet.name})`, librarySet.id)
    .limit(q.limit)
    .offset(q.offset);
  const [count] = await tx.select({ n: sql<number>`count(*)::int` }).from(librarySet).where(where);
  const kinds = await kindsOf(
    tx,
    rows.map((r) => r.id),
  );
  return {
    data: rows.map((r) => toLibrarySet(r, kinds.get(r.id) ?? [])),
    pagination: { total: count!.n, offset: q.offset, limit: q.limit },
  };
}

async function setRow(tx: Tx, id: number, lock = false): Promise<SetRow> {
  const query = tx.select().from(librarySet).where(eq(librarySet.id, id));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound(LIBRARY_TEXTS.setNotFound);
  return row;
}

export async function itemsOf(tx: Tx, setId: number): Promise<ItemRow[]> {
  return tx
    .select()
    .from(libraryItem)
    .where(eq(libraryItem.librarySetId, setId))
    .orderBy(asc(libraryItem.order), asc(libraryItem.id));
}

export async function librarySetDetail(tx: Tx, id: number): Promise<LibrarySetDetail> {
  const row = await setRow(tx, id);
  const items = await itemsOf(tx, id);
  const kinds = await kindsOf(tx, [id]);
  return { ...toLibrarySet(row, kinds.get(id) ?? []), library_items: items.map(toLibraryItem) };
}

export async function createLibrarySet(tx: Tx, input: SaveLibrarySet): Promise<LibrarySetDetail> {
  const [row] = await tx.insert(librarySet).values(input).returning({ id: librarySet.id });
  return librarySetDetail(tx, row!.id);
}

export async function updateLibrarySet(
  tx: Tx,
  id: number,
  input: UpdateLibrarySet,
): Promise<LibrarySetDetail> {
  await setRow(tx, id, true);
  await tx
    .update(librarySet)
    .set({ ...input, updatedAt: sql`now()` })
    .where(eq(librarySet.id, id));
  return librarySetDetail(tx, id);
}

export async function deleteLibrarySet(tx: Tx, id: number): Promise<void> {
  await setRow(tx, id, true);
  await tx.delete(librarySet).where(eq(librarySet.id, id));
}

/** An item's data checked against its kind's create call (422 naming the field, prefixed `data.`). */
export function checkedItemData(kind: LibraryItemKind, data: unknown): Record<string, unknown> {
  const parsed = LIBRARY_ITEM_DATA[kind].safeParse(data);
  if (!parsed.success)
    throw validationErrorFromIssues(
      parsed.error.issues.map((i) => ({ ...i, path: [['data', ...i.path].join('.')] })),
    );
  return data as Record<string, unknown>;
}

export async function createLibraryItem(tx: Tx, input: SaveLibraryItem): Promise<LibraryItem> {
  await setRow(tx, input.library_set_id, true);
  const data = checkedItemData(input.kind, input.data);
  const [{ next } = { next: 1 }] = await tx
    .select({ next: sql<number>`coalesce(max(${libraryItem.order}), 0)::int + 1` })
    .from(libraryItem)
    .where(eq(libraryItem.librarySetId, input.library_set_id));
  const [row] = await tx
    .insert(libraryItem)
    .values({
      librarySetId: input.library_set_id,
      kind: input.kind,
      name: input.name,
      description: input.description,
      data,
      order: next,
    })
    .returning();
  await tx.update(librarySet).set({ updatedAt: sql`now()` }).where(eq(librarySet.id, input.library_set_id));
  return toLibraryItem(row!);
}

async function itemRow(tx: Tx, id: number): Promise<ItemRow> {
  const [row] = await tx.select().from(libraryItem).where(eq(libraryItem.id, id)).for('update');
  if (!row) throw notFound(LIBRARY_TEXTS.itemNotFound);
  return row;
}

export async function updateLibraryItem(tx: Tx, id: number, input: UpdateLibraryItem): Promise<LibraryItem> {
  const before = await itemRow(tx, id);
  const data =
    input.data === undefined ? undefined : checkedItemData(before.kind as LibraryItemKind, input.data);
  const [row] = await tx
    .update(libraryItem)
    .set({
      ...(input.name !== undefined && { name: input.name }),
      ...(input.description !== undefined && { description: input.description }),
      ...(input.order !== undefined && { order: input.order }),
      ...(data !== undefined && { data }),
      updatedAt: sql`now()`,
    })
    .where(eq(libraryItem.id, id))
    .returning();
  await tx.update(librarySet).set({ updatedAt: sql`now()` }).where(eq(librarySet.id, before.librarySetId));
  return toLibraryItem(row!);
}

export async function deleteLibraryItem(tx: Tx, id: number): Promise<void> {
  const before = await itemRow(tx, id);
  await tx.delete(libraryItem).where(eq(libraryItem.id, id));
  await tx.update(librarySet).set({ updatedAt: sql`now()` }).where(eq(librarySet.id, before.librarySetId));
}
