import {
  allowsVat6,
  bothSides,
  type ImportRowError,
  isValidSplit,
  type Product,
  type ProductImportPreview,
  VAT_6_CLOSED,
  VAT_SPLIT_NOT_100,
  vatPercentageOf,
  zProductAmount,
  zProductFields,
  zUnitRate,
} from '@im/domain';
import { and, inArray, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/database';
import { product } from '../../platform/db/tables/products.schema';
import { AppError } from '../../platform/errors';
import { writeLog } from '../../platform/events/write-log';
import { headerIndex } from '../../platform/files/spreadsheet';
import { loadProducts } from './product-dto';

/** The columns of the export, and what an import reads (all but item_name may be left out). */
export const PRODUCT_COLUMNS = [
  'id',
  'item_name',
  'description',
  'status',
  'type',
  'calc_base',
  'calc_method',
  'unit_of_measurement',
  'percentage_vat_0',
  'percentage_vat_6',
  'percentage_vat_9',
  'percentage_vat_21',
  'start_amount_exc',
  'start_amount_inc',
  'external_reference',
  'external_description',
  'gl_reference',
  'gl_description',
  'tiers',
] as const;

export const FILE_HAS_ERRORS = 'Het bestand bevat fouten; er is niets ingelezen.';
export const NAME_COLUMN_MISSING = 'De kolom item_name ontbreekt in de eerste regel.';
export const TIERS_FORMAT = 'Staffels: schrijf vanaf:prijs, gescheiden door ; (bijvoorbeeld 0:179;10:165).';

/** One checked row, ready to write: every column filled in (from the file, else the product, else the default). */
export interface ProductImportRow {
  row: number;
  /** The existing product this row updates, or null for a new one. */
  id: number | null;
  values: Record<(typeof WRITE_COLUMNS)[number], string>;
  /** Price rows on both sides; null when the file has no tiers column (the table stays). */
  tiers: { unit_amount: string; unit_rate_exc: string; unit_rate_inc: string }[] | null;
}

export const WRITE_COLUMNS = [
  'item_name',
  'description',
  'status',
  'type',
  'calc_base',
  'calc_method',
  'unit_of_measurement',
  'percentage_vat_0',
  'percentage_vat_6',
  'percentage_vat_9',
  'percentage_vat_21',
  'vat_percentage',
  'start_amount_exc',
  'start_amount_inc',
  'external_reference',
  'external_description',
  'gl_reference',
  'gl_description',
] as const;

const DEFAULTS: Record<string, string> = {
  description: '',
  status: 'approved',
  type: 'standard',
  calc_base: 'exc',
  calc_method: 'fixed',
  unit_of_measurement: 'stuks',
  percentage_vat_0: '0',
  percentage_vat_6: '0',
  percentage_vat_9: '0',
  percentage_vat_21: '100',
  start_amount_exc: '0',
  start_amount_inc: '0',
  external_reference: '',
  external_description: '',
  gl_reference: '',
  gl_description: '',
};

function parseTiers(text: string): { unit_amount: string; rate: string }[] | string {
  if (!text.trim()) return [];
  const tiers: { unit_amount: string; rate: string }[] = [];
  for (const part of text
    .split(';')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const [from, rate, extra] = part.split(':').map((p) => p.trim());
    if (extra !== undefined || from === undefined || rate === undefined) return TIERS_FORMAT;
    const amount = zProductAmount.safeParse(from);
    const price = zUnitRate.safeParse(rate);
    if (!amount.success) return `Staffels: ${amount.error.issues[0]?.message}`;
    if (!price.success) return `Staffels: ${price.error.issues[0]?.message}`;
    tiers.push({ unit_amount: amount.data, rate: price.data });
  }
  return tiers;
}

const cellOf = (row: string[], index: Map<string, number>, column: string): string | undefined => {
  const at = index.get(column);
  return at === undefined ? undefined : (row[at] ?? '');
};

/**
 * Checks every row of a product file against the product rules (the same schema as the save call)
 * and works out which rows create and which update (by id, else by external reference).
 */
export async function checkProductRows(
  tx: Tx,
  rows: string[][],
): Promise<{ rows: ProductImportRow[]; errors: ImportRowError[] }> {
  const index = headerIndex(rows[0] ?? []);
  if (!index.has('item_name'))
    throw new AppError('validation', NAME_COLUMN_MISSING, { errors: { file: [NAME_COLUMN_MISSING] } });
  const body = rows
    .slice(1)
    .map((cells, i) => ({ cells, row: i + 2 }))
    .filter(({ cells }) => cells.some((c) => c !== ''));
  const ids = body
    .map(({ cells }) => Number(cellOf(cells, index, 'id')))
    .filter((id) => Number.isInteger(id) && id > 0 && id < 2 ** 31);
  const refs = body.map(({ cells }) => cellOf(cells, index, 'external_reference') ?? '').filter(Boolean);
  const existing = await tx
    .select({ id: product.id, ref: product.externalReference })
    .from(product)
    .where(
      and(
        isNull(product.deletedAt),
        sql`(${ids.length ? inArray(product.id, ids) : sql`false`} or ${refs.length ? inArray(product.externalReference, refs) : sql`false`})`,
      ),
    );
  const byId = new Set(existing.map((p) => p.id));
  const byRef = new Map<string, number>();
  for (const p of existing) if (p.ref && !byRef.has(p.ref)) byRef.set(p.ref, p.id);
  const matched = body.map(({ cells }) => {
    const id = cellOf(cells, index, 'id')?.trim();
    if (id) return Number(id);
    const ref = cellOf(cells, index, 'external_reference') ?? '';
    return ref ? (byRef.get(ref) ?? null) : null;
  });
  const before = new Map(
    (
      await loadProducts(
        tx,
        matched.filter((m): m is number => m !== null && byId.has(m)),
      )
    ).map((p) => [p.id, p]),
  );

  const out: ProductImportRow[] = [];
  const errors: ImportRowError[] = [];
  const seen = new Set<number>();
  body.forEach(({ cells, row }, i) => {
    const fail = (message: string): void => {
      errors.push({ row, message: `Rij ${row}: ${message}` });
    };
    const target = matched[i] ?? null;
    const prior: Product | undefined = target === null ? undefined : before.get(target);
    if (target !== null && !prior) {
      fail(`product ${target} bestaat niet.`);
      return;
    }
    if (target !== null && seen.has(target)) {
      fail(`product ${target} staat meer dan eens in het bestand.`);
      return;
    }
    if (target !== null) seen.add(target);
    const given: Record<string, string> = {};
    for (const column of PRODUCT_COLUMNS) {
      const value = cellOf(cells, index, column);
      if (value !== undefined && column !== 'id' && column !== 'tiers') given[column] = value;
    }
    const base: Record<string, string> = prior
      ? Object.fromEntries(Object.keys(DEFAULTS).map((k) => [k, String(prior[k as keyof Product] ?? '')]))
      : DEFAULTS;
    const merged = {
      ...base,
      ...Object.fromEntries(
        Object.entries(given).filter(([k, v]) => v !== '' || k === 'description' || !(k in DEFAULTS)),
      ),
    };
    const parsed = zProductFields.safeParse(merged);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      fail(issue.path.length ? `${issue.path.join('.')}: ${issue.message}` : issue.message);
      return;
    }
    const p = parsed.data;
    const split = {
      percentage_vat_0: p.percentage_vat_0 ?? '0',
      percentage_vat_6: p.percentage_vat_6 ?? '0',
      percentage_vat_9: p.percentage_vat_9 ?? '0',
      percentage_vat_21: p.percentage_vat_21 ?? '0',
    };
    if (
      !isValidSplit({
        0: split.percentage_vat_0,
        6: split.percentage_vat_6,
        9: split.percentage_vat_9,
        21: split.percentage_vat_21,
      })
    ) {
      fail(VAT_SPLIT_NOT_100);
      return;
    }
    if (!allowsVat6(prior ?? null, split.percentage_vat_6)) {
      fail(VAT_6_CLOSED);
      return;
    }
    const calcBase = p.calc_base ?? 'exc';
    const start = bothSides(calcBase, split, { exc: p.start_amount_exc, inc: p.start_amount_inc });
    const tiersText = cellOf(cells, index, 'tiers');
    const tiers = tiersText === undefined ? null : parseTiers(tiersText);
    if (typeof tiers === 'string') {
      fail(tiers);
      return;
    }
    out.push({
      row,
      id: prior ? prior.id : null,
      values: {
        item_name: p.item_name,
        description: p.description ?? '',
        status: p.status ?? 'approved',
        type: p.type ?? 'standard',
        calc_base: calcBase,
        calc_method: p.calc_method ?? 'fixed',
        unit_of_measurement: p.unit_of_measurement ?? 'stuks',
        ...split,
        vat_percentage: String(vatPercentageOf(split)),
        start_amount_exc: start.exc ?? '0',
        start_amount_inc: start.inc ?? '0',
        external_reference: p.external_reference ?? '',
        external_description: p.external_description ?? '',
        gl_reference: p.gl_reference ?? '',
        gl_description: p.gl_description ?? '',
      },
      tiers:
        tiers === null
          ? null
          : tiers.map((t) => {
              const sides = bothSides(
                calcBase,
                split,
                calcBase === 'exc' ? { exc: t.rate } : { inc: t.rate },
              );
              return { unit_amount: t.unit_amount, unit_rate_exc: sides.exc!, unit_rate_inc: sides.inc! };
            }),
    });
  });
  return { rows: out, errors };
}

export function previewOf(checked: {
  rows: ProductImportRow[];
  errors: ImportRowError[];
}): ProductImportPreview {
  return {
    rows: checked.rows.length + checked.errors.length,
    create: checked.rows.filter((r) => r.id === null).length,
    update: checked.rows.filter((r) => r.id !== null).length,
    errors: checked.errors,
  };
}

const RECORD = sql.raw(
  `v(id int, ${WRITE_COLUMNS.map((c) => `${c} ${c.startsWith('percentage') || c.startsWith('start_amount') || c === 'vat_percentage' ? 'numeric' : 'text'}`).join(', ')})`,
);
const COLUMN_LIST = sql.raw(WRITE_COLUMNS.join(', '));
const V_LIST = sql.raw(WRITE_COLUMNS.map((c) => `v.${c}`).join(', '));
const SET_LIST = sql.raw(WRITE_COLUMNS.map((c) => `${c} = v.${c}`).join(', '));

/** Writes checked rows: new products in one insert, changed ones in one update, their price rows replaced. */
export async function writeProductRows(tx: Tx, rows: ProductImportRow[]): Promise<void> {
  if (rows.length === 0) return;
  const creates = rows.filter((r) => r.id === null);
  const updates = rows.filter((r) => r.id !== null);
  const newIds = creates.length
    ? (
        await tx.execute<{ id: number }>(
          sql`select nextval(pg_get_serial_sequence('product', 'id'))::int as id from generate_series(1, ${creates.length}::int)`,
        )
      ).rows.map((r) => r.id)
    : [];
  creates.forEach((r, i) => {
    r.id = newIds[i]!;
  });
  if (creates.length) {
    const json = JSON.stringify(creates.map((r) => ({ id: r.id, ...r.values })));
    await tx.execute(sql`insert into product (id, ${COLUMN_LIST}) overriding system value
      select v.id, ${V_LIST} from jsonb_to_recordset(${json}::jsonb) as ${RECORD}`);
  }
  if (updates.length) {
    const json = JSON.stringify(updates.map((r) => ({ id: r.id, ...r.values })));
    await tx.execute(sql`update product p set ${SET_LIST}, updated_at = now()
      from jsonb_to_recordset(${json}::jsonb) as ${RECORD} where p.id = v.id and p.deleted_at is null`);
  }
  const withTiers = rows.filter((r) => r.tiers !== null);
  if (withTiers.length) {
    const ids = withTiers.map((r) => r.id!);
    await tx.execute(
      sql`delete from product_table_row where product_id = any(${`{${ids.join(',')}}`}::int[])`,
    );
    const tierRows = withTiers.flatMap((r) => r.tiers!.map((t) => ({ product_id: r.id, ...t })));
    if (tierRows.length) {
      await tx.execute(sql`insert into product_table_row (product_id, unit_amount, unit_rate_exc, unit_rate_inc)
        select v.product_id, v.unit_amount, v.unit_rate_exc, v.unit_rate_inc
        from jsonb_to_recordset(${JSON.stringify(tierRows)}::jsonb) as v(product_id int, unit_amount numeric, unit_rate_exc numeric, unit_rate_inc numeric)`);
    }
  }
  await writeLog(tx, {
    type: 'product',
    id: null,
    action: 'import',
    description: `${creates.length} producten aangemaakt en ${updates.length} bijgewerkt uit een bestand`,
    changes: { rows: rows.map((r) => r.row) },
  });
}
