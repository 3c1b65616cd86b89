import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { writeLog } from '../../platform/events/write-log';
import type { Jobs } from '../../platform/jobs/jobs';
import { type ProductImportRow, writeProductRows } from './product-import';

export const IMPORT_PRODUCTS = 'product.import';
export const COPY_PRODUCTS = 'product.copyfromcompany';
export const DELETE_PRODUCTS = 'product.deleteall';
export const DELETE_PRODUCTS_PERMANENTLY = 'product.deleteallpermanently';

const IMPORT_CHUNK = 500;
const COPY_CHUNK = 500;
const DELETE_CHUNK = 2000;

const zImportPayload = z.object({ rows: z.array(z.custom<ProductImportRow>()) });
const zCopyPayload = z.object({ originCompanyId: z.number().int(), targetCompanyId: z.number().int() });
const zCompanyPayload = z.object({ companyId: z.number().int() });

/** The product columns a copy takes over; form links (vertical, toggle and amount fields) stay behind. */
const COPIED = [
  'item_name',
  'description',
  'status',
  'data_origin',
  'calc_base',
  'calc_method',
  'type',
  'unit_of_measurement',
  'start_amount_inc',
  'start_amount_exc',
  'percentage_vat_0',
  'percentage_vat_6',
  'percentage_vat_9',
  'percentage_vat_21',
  'vat_percentage',
  'togglefield_operator',
  'togglefield_value',
  'toggle2field_operator',
  'toggle2field_value',
  'toggle3field_operator',
  'toggle3field_value',
  'external_reference',
  'external_description',
  'gl_reference',
  'gl_description',
  'kpi_value',
  'kpi_unit',
  'matrix',
].join(', ');

/**
 * Product imports, copies between companies and deleting a company's products: resumable batches
 * of chunks, each chunk committed with its progress and state (decision 004), so a restart goes on
 * where the last committed chunk ended and never writes a row twice.
 */
export function registerProductJobs(jobs: Jobs): void {
  jobs.defineBatch({
    type: IMPORT_PRODUCTS,
    payload: zImportPayload,
    resumable: true,
    async run(ctx) {
      const rows = ctx.payload.rows;
      for (;;) {
        const done = Number(ctx.state.done ?? 0);
        if (done >= rows.length) break;
        await ctx.step(async (tx) => {
          const chunk = rows.slice(done, done + IMPORT_CHUNK).map((r) => ({ ...r }));
          await writeProductRows(tx, chunk);
          const next = done + chunk.length;
          return { progress: (next / rows.length) * 99, state: { done: next } };
        });
      }
    },
  });

  jobs.defineBatch({
    type: COPY_PRODUCTS,
    payload: zCopyPayload,
    resumable: true,
    async run(ctx) {
      const { originCompanyId, targetCompanyId } = ctx.payload;
      if (ctx.state.total === undefined) {
        await ctx.step(async (tx) => {
          const count = await tx.execute<{ total: number }>(
            sql`select count(*)::int as total from product where company_id = ${originCompanyId} and deleted_at is null`,
          );
          return { progress: 1, state: { total: count.rows[0]!.total } };
        }, 'platform');
      }
      for (;;) {
        const afterId = Number(ctx.state.afterId ?? 0);
        const copied = Number(ctx.state.copied ?? 0);
        const all = Math.max(1, Number(ctx.state.total ?? 1));
        let finished = false;
        await ctx.step(async (tx) => {
          const result = await tx.execute<{ last: number | null; n: number }>(
            sql.raw(`
            with src as (
              select p.id, nextval(pg_get_serial_sequence('product', 'id'))::int as new_id
              from product p where p.company_id = ${originCompanyId} and p.deleted_at is null and p.id > ${afterId}
              order by p.id limit ${COPY_CHUNK}
            ),
            ins as (
              insert into product (id, company_id, ${COPIED}) overriding system value
              select src.new_id, ${targetCompanyId}, ${COPIED.split(', ')
                .map((c) => `p.${c}`)
                .join(', ')}
              from src join product p on p.id = src.id returning id
            ),
            rows as (
              insert into product_table_row (company_id, product_id, unit_amount, unit_rate_exc, unit_rate_inc)
              select ${targetCompanyId}, src.new_id, r.unit_amount, r.unit_rate_exc, r.unit_rate_inc
              from src join product_table_row r on r.product_id = src.id returning id
            )
            select max(src.id) as last, count(*)::int as n from src`),
          );
          const { last, n } = result.rows[0]!;
          finished = n < COPY_CHUNK;
          if (n > 0) {
            await writeLog(tx, {
              type: 'product',
              id: null,
              action: 'import',
              description: `${n} producten gekopieerd van bedrijf ${originCompanyId}`,
              companyId: targetCompanyId,
            });
          }
          return {
            progress: Math.min(99, ((copied + n) / all) * 99),
            state: { ...ctx.state, afterId: last ?? afterId, copied: copied + n },
          };
        }, 'platform');
        if (finished) break;
      }
    },
  });

  for (const [type, permanently] of [
    [DELETE_PRODUCTS, false],
    [DELETE_PRODUCTS_PERMANENTLY, true],
  ] as const) {
    jobs.defineBatch({
      type,
      payload: zCompanyPayload,
      resumable: true,
      async run(ctx) {
        const { companyId } = ctx.payload;
        for (let finished = false; !finished; ) {
          await ctx.step(async (tx) => {
            const chosen = sql.raw(
              `select id from product where company_id = ${companyId}${permanently ? '' : ' and deleted_at is null'} order by id limit ${DELETE_CHUNK}`,
            );
            const result = permanently
              ? await tx.execute(sql`delete from product where id in (${chosen})`)
              : await tx.execute(
                  sql`update product set deleted_at = now(), updated_at = now() where id in (${chosen})`,
                );
            const n = result.rowCount ?? 0;
            finished = n < DELETE_CHUNK;
            const removed = Number(ctx.state.removed ?? 0) + n;
            if (finished) {
              await writeLog(tx, {
                type: 'product',
                id: null,
                action: permanently ? 'forcedelete' : 'delete',
                description: `${removed} producten ${permanently ? 'definitief verwijderd' : 'naar de prullenbak'}`,
                companyId,
              });
            }
            return { progress: finished ? 99 : Math.min(95, 10 + removed / 1000), state: { removed } };
          }, 'platform');
        }
      },
    });
  }
}
