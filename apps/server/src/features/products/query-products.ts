import type { PossibleProduct, ProductQuery } from '@im/domain';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/database';
import { UNKNOWN_SORT } from '../../platform/db/paginate';
import { product, productTableRow } from '../../platform/db/tables/products.schema';
import { validationError } from '../../platform/errors';
import { searchPatterns } from '../relations';
import { loadProductRows, num, num0 } from './product-dto';

const SORT_COLUMNS = [
  'item_name',
  'updated_at',
  'created_at',
  'status',
  'type',
  'external_reference',
  'id',
] as const;

const sqlArray = (patterns: string[]) =>
  patterns.length === 0
    ? sql`'{}'::text[]`
    : sql`array[${sql.join(
        patterns.map((p) => sql`${p}`),
        sql`, `,
      )}]::text[]`;

/**
 * A page of the product overview: searched on name, reference and description, sorted on a
 * whitelisted column, counted exactly; page and count from product_page_ids() and product_count()
 * (migration products_and_calculations, decision 017).
 */
export async function queryProducts(tx: Tx, q: ProductQuery) {
  const raw = (q.sort || 'item_name').trim();
  const key = raw.replace(/^-/, '');
  if (!(SORT_COLUMNS as readonly string[]).includes(key)) {
    throw validationError(UNKNOWN_SORT, { sort: [`${UNKNOWN_SORT} Kies uit: ${SORT_COLUMNS.join(', ')}.`] });
  }
  const text = q.query?.trim();
  const patterns = text ? searchPatterns(text, 'contains') : [];
  const trashed = q.trashed ?? false;
  const status = q.status ?? null;
  const page = await tx.execute<{ id: number }>(sql`
    select id from product_page_ids(${sqlArray(patterns)}, ${trashed}, ${status}::text, ${key},
      ${raw.startsWith('-')}, ${q.limit}::int, ${q.offset}::int) order by n`);
  const [count] = (
    await tx.execute<{ n: number }>(
      sql`select product_count(${sqlArray(patterns)}, ${trashed}, ${status}::text)::int as n`,
    )
  ).rows;
  const ids = page.rows.map((r) => r.id);
  const total = count!.n;
  return { data: await loadProductRows(tx, ids), pagination: { total, offset: q.offset, limit: q.limit } };
}

const CANDIDATES = 50;

/**
 * getpossibleproducts: approved live products for a calculation line, where every typed word starts
 * a word; name-prefix matches first. Without a query, the first by name.
 */
export async function possibleProducts(
  tx: Tx,
  query: string | undefined,
  limit: number,
): Promise<PossibleProduct[]> {
  const text = query?.trim() ?? '';
  const patterns = text ? searchPatterns(text, 'prefix') : [];
  const rows = await tx.execute<{
    id: number;
    item_name: string;
    description: string;
    unit_of_measurement: string;
    calc_base: 'exc' | 'inc';
    type: PossibleProduct['type'];
    vat_percentage: string;
    unit_rate_exc: string | null;
    unit_rate_inc: string | null;
  }>(sql`
    with c as (${
      text
        ? sql`select id from product_search_ids(${sqlArray(patterns)}, ${CANDIDATES}::int) as id`
        : sql`select id from product_page_ids('{}'::text[], false, 'approved', 'item_name', false, ${limit}::int, 0)`
    })
    select p.id, p.item_name, p.description, p.unit_of_measurement, p.calc_base, p.type, p.vat_percentage,
      r.unit_rate_exc, r.unit_rate_inc
    from ${product} p join c on c.id = p.id
    left join lateral (select unit_rate_exc, unit_rate_inc from ${productTableRow} r
      where r.product_id = p.id and r.unit_rate_exc is not null order by r.unit_amount asc nulls last, r.id limit 1) r on true
    order by (lower(p.item_name) like ${`${text.toLowerCase()}%`}) desc, p.item_name, p.id
    limit ${limit}`);
  return rows.rows.map((r) => ({
    id: r.id,
    item_name: r.item_name,
    description: r.description,
    unit_of_measurement: r.unit_of_measurement,
    calc_base: r.calc_base,
    type: r.type,
    vat_percentage: num0(r.vat_percentage),
    unit_rate_exc: num(r.unit_rate_exc),
    unit_rate_inc: num(r.unit_rate_inc),
  }));
}
