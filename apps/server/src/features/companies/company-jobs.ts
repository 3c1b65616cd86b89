import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Tx } from '../../platform/db/database';
import { session } from '../../platform/db/tables/auth.schema';
import { company } from '../../platform/db/tables/companies.schema';
import { writeLog } from '../../platform/events/write-log';
import type { Jobs } from '../../platform/jobs/jobs';

export const TRASH_COMPANY = 'company.delete';
export const FORCE_DELETE_COMPANY = 'company.forcedelete';
const zPayload = z.object({ companyId: z.number().int(), name: z.string() });

interface DeleteState extends Record<string, unknown> {
  total: number;
  done: number;
}

const DERIVED_TABLES = new Set(['flow_tally', 'flow_sort_range']);

/** Company-owned tables, children before parents, so chunked deletes never trip a foreign key. */
async function tablesInDeleteOrder(tx: Tx) {
  const tables = await tx.execute<{ table_name: string }>(sql`
    select c.table_name from information_schema.columns c
    join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
    where c.table_schema = 'public' and c.column_name = 'company_id' and c.table_name <> 'batch'
      and t.table_type = 'BASE TABLE'`);
  const edges = await tx.execute<{ child: string; parent: string }>(sql`
    select c.conrelid::regclass::text as child, c.confrelid::regclass::text as parent
    from pg_constraint c where c.contype = 'f' and c.connamespace = 'public'::regnamespace
      and c.conrelid <> c.confrelid`);
  const names = tables.rows.map((t) => t.table_name);
  const unquote = (n: string) => n.replace(/^"|"$/g, '');
  const ordered: string[] = [];
  const visit = (name: string, seen: Set<string>) => {
    if (ordered.includes(name) || seen.has(name)) return;
    seen.add(name);
    for (const e of edges.rows)
      if (unquote(e.parent) === name && names.includes(unquote(e.child))) visit(unquote(e.child), seen);
    ordered.push(name);
  };
  for (const n of names) visit(n, new Set());
  // Counts kept by triggers on other tables (flow_tally, flow_sort_range) go last: deleting flows
  // after them would write their counts again.
  return [...ordered.filter((n) => !DERIVED_TABLES.has(n)), ...ordered.filter((n) => DERIVED_TABLES.has(n))];
}

export function registerCompanyJobs(jobs: Jobs, chunkSize: number): void {
  jobs.defineBatch({
    type: TRASH_COMPANY,
    payload: zPayload,
    resumable: true,
    async run(ctx) {
      await ctx.step(async (tx) => {
        await tx.update(company).set({ deletedAt: new Date() }).where(eq(company.id, ctx.payload.companyId));
        await tx
          .update(session)
          .set({ endedAt: new Date() })
          .where(eq(session.companyId, ctx.payload.companyId));
        await writeLog(tx, {
          type: 'company',
          id: ctx.payload.companyId,
          action: 'delete',
          description: `Bedrijf ${ctx.payload.name} naar de prullenbak verplaatst`,
        });
        return { progress: 99 };
      }, 'platform');
    },
  });

  jobs.defineBatch({
    type: FORCE_DELETE_COMPANY,
    payload: zPayload,
    resumable: true,
    async run(ctx) {
      const id = ctx.payload.companyId;
      let tables: string[] = [];
      await ctx.step(async (tx) => {
        tables = await tablesInDeleteOrder(tx);
        if (typeof ctx.state.total === 'number') {
          // Resumed after a restart: keep the progress already reached, never report 0 again.
          const s = ctx.state as DeleteState;
          return { progress: s.total > 0 ? (s.done / s.total) * 99 : 0, state: s };
        }
        let total = 0;
        for (const t of tables) {
          const r = await tx.execute<{ n: number }>(
            sql`select count(*)::int as n from ${sql.identifier(t)} where company_id = ${id}`,
          );
          total += r.rows[0]!.n;
        }
        return { progress: 0, state: { total, done: 0 } satisfies DeleteState };
      }, 'platform');
      for (const t of tables) {
        for (;;) {
          let deleted = 0;
          await ctx.step(async (tx) => {
            const r = await tx.execute(sql`
              delete from ${sql.identifier(t)} where ctid in (
                select ctid from ${sql.identifier(t)} where company_id = ${id} limit ${chunkSize})`);
            deleted = r.rowCount ?? 0;
            const s = ctx.state as DeleteState;
            const done = s.done + deleted;
            return { progress: s.total > 0 ? (done / s.total) * 99 : 0, state: { ...s, done } };
          }, 'platform');
          if (deleted < chunkSize) break;
        }
      }
      await ctx.step(async (tx) => {
        await tx.delete(company).where(eq(company.id, id));
        await writeLog(tx, {
          type: 'company',
          id,
          action: 'forcedelete',
          description: `Bedrijf ${ctx.payload.name} definitief verwijderd`,
        });
        return { progress: 99 };
      }, 'platform');
    },
  });
}
