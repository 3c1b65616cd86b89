import { bothSides, type ImportRowError, type Product, zProductAmount, zUnitRate } from '@im/domain';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../platform/db/database';
import { product, productTableRow } from '../../platform/db/tables/products.schema';
import { AppError } from '../../platform/errors';
import { writeLog } from '../../platform/events/write-log';
import { headerIndex } from '../../platform/files/spreadsheet';
import { FILE_HAS_ERRORS } from './product-import';

export const TABLE_COLUMNS_MISSING =
  'De eerste regel noemt de kolommen unit_amount (of vanaf) en unit_rate_exc of unit_rate_inc (of prijs excl / prijs incl).';
export const MATRIX_EMPTY =
  'Het raster is leeg: de eerste regel geeft de breedtes, de eerste kolom de hoogtes.';
const MAX_MATRIX = 200;

const column = (index: Map<string, number>, ...names: string[]) =>
  names.map((n) => index.get(n)).find((i) => i !== undefined);

/** Price rows of one product from a file: every row checked; any bad row and nothing is written. */
export function checkTableRows(p: Product, rows: string[][]) {
  const index = headerIndex(rows[0] ?? []);
  const amountAt = column(index, 'unit_amount', 'vanaf', 'vanaf aantal');
  const excAt = column(index, 'unit_rate_exc', 'prijs excl', 'prijs excl. btw');
  const incAt = column(index, 'unit_rate_inc', 'prijs incl', 'prijs incl. btw');
  if (amountAt === undefined || (excAt === undefined && incAt === undefined))
    throw new AppError('validation', TABLE_COLUMNS_MISSING, { errors: { file: [TABLE_COLUMNS_MISSING] } });
  const out: { unit_amount: string; unit_rate_exc: string; unit_rate_inc: string }[] = [];
  const errors: ImportRowError[] = [];
  rows.slice(1).forEach((cells, i) => {
    const row = i + 2;
    if (!cells.some((c) => c !== '')) return;
    const amount = zProductAmount.safeParse(cells[amountAt] ?? '');
    const exc = excAt === undefined || !cells[excAt] ? null : zUnitRate.safeParse(cells[excAt]);
    const inc = incAt === undefined || !cells[incAt] ? null : zUnitRate.safeParse(cells[incAt]);
    if (!amount.success) {
      errors.push({ row, message: `Rij ${row}: vanaf: ${amount.error.issues[0]?.message}` });
      return;
    }
    if (exc && !exc.success) {
      errors.push({ row, message: `Rij ${row}: prijs excl.: ${exc.error.issues[0]?.message}` });
      return;
    }
    if (inc && !inc.success) {
      errors.push({ row, message: `Rij ${row}: prijs incl.: ${inc.error.issues[0]?.message}` });
      return;
    }
    if (!exc && !inc) {
      errors.push({ row, message: `Rij ${row}: vul een prijs in.` });
      return;
    }
    const sides = bothSides(p.calc_base, p, { exc: exc?.data, inc: inc?.data });
    out.push({ unit_amount: amount.data, unit_rate_exc: sides.exc!, unit_rate_inc: sides.inc! });
  });
  return { rows: out, errors };
}

export async function replaceTableRows(tx: Tx, p: Product, rows: ReturnType<typeof checkTableRows>) {
  if (rows.errors.length)
    throw new AppError('validation', FILE_HAS_ERRORS, {
      errors: { file: rows.errors.map((e) => e.message) },
    });
  await tx.delete(productTableRow).where(eq(productTableRow.productId, p.id));
  if (rows.rows.length) {
    await tx.insert(productTableRow).values(
      rows.rows.map((r) => ({
        productId: p.id,
        unitAmount: r.unit_amount,
        unitRateExc: r.unit_rate_exc,
        unitRateInc: r.unit_rate_inc,
      })),
    );
  }
  await tx.update(product).set({ updatedAt: new Date() }).where(eq(product.id, p.id));
  await writeLog(tx, {
    type: 'product',
    id: p.id,
    action: 'import',
    description: `Prijstabel van ${p.item_name} ingelezen (${rows.rows.length} regels)`,
  });
}

/** A 2-D grid: first row the x values (A1 may hold labels like `hoogte\breedte`), first column the y values. */
export function checkMatrix(rows: string[][]) {
  const errors: ImportRowError[] = [];
  const header = rows[0] ?? [];
  const [yLabel, xLabel] = (header[0] ?? '').includes('\\')
    ? header[0]!.split('\\').map((s) => s.trim())
    : ['hoogte', 'breedte'];
  const x: number[] = [];
  for (const cell of header.slice(1)) {
    if (cell === '') break;
    const v = zProductAmount.safeParse(cell);
    if (!v.success) errors.push({ row: 1, message: `Rij 1: ${cell}: ${v.error.issues[0]?.message}` });
    else x.push(Number(v.data));
  }
  const y: number[] = [];
  const rates: (number | null)[][] = [];
  rows.slice(1).forEach((cells, i) => {
    const row = i + 2;
    if (!cells.some((c) => c !== '')) return;
    const v = zProductAmount.safeParse(cells[0] ?? '');
    if (!v.success) {
      errors.push({ row, message: `Rij ${row}: ${v.error.issues[0]?.message}` });
      return;
    }
    y.push(Number(v.data));
    rates.push(
      x.map((_, xi) => {
        const cell = cells[xi + 1] ?? '';
        if (cell === '') return null;
        const rate = zUnitRate.safeParse(cell);
        if (!rate.success) {
          errors.push({ row, message: `Rij ${row}, kolom ${xi + 2}: ${rate.error.issues[0]?.message}` });
          return null;
        }
        return Number(rate.data);
      }),
    );
  });
  if (x.length === 0 || y.length === 0) errors.push({ row: 1, message: MATRIX_EMPTY });
  if (x.length > MAX_MATRIX || y.length > MAX_MATRIX)
    errors.push({ row: 1, message: `Een prijsmatrix is hoogstens ${MAX_MATRIX} bij ${MAX_MATRIX}.` });
  return { matrix: { x_label: xLabel ?? 'breedte', y_label: yLabel ?? 'hoogte', x, y, rates }, errors };
}

export async function saveMatrix(tx: Tx, p: Product, checked: ReturnType<typeof checkMatrix>) {
  if (checked.errors.length)
    throw new AppError('validation', FILE_HAS_ERRORS, {
      errors: { file: checked.errors.map((e) => e.message) },
    });
  await tx.update(product).set({ matrix: checked.matrix, updatedAt: new Date() }).where(eq(product.id, p.id));
  await writeLog(tx, {
    type: 'product',
    id: p.id,
    action: 'import',
    description: `Prijsmatrix van ${p.item_name} ingelezen (${checked.matrix.x.length} x ${checked.matrix.y.length})`,
  });
}
