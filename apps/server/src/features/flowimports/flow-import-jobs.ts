import { FLOW_IMPORT_CHUNK, FLOW_IMPORT_TEXTS } from '@im/domain';
import { z } from 'zod';
import { rawRows } from '../../platform/db/database';
import { writeLog } from '../../platform/events/write-log';
import type { FileStorage } from '../../platform/files/storage';
import type { Jobs } from '../../platform/jobs/jobs';
import type { PreparedRow } from './classify-rows';
import { type ImportLinks, writeImportChunk } from './import-flow-row';
import { undoImportChunk } from './undo-import';

export const FLOW_IMPORT = 'flow.import';
export const FLOW_IMPORT_UNDO = 'flow.importundo';
const UNDO_CHUNK = 1000;

const zImportPayload = z.object({
  importId: z.number().int(),
  filename: z.string(),
  rows: z.array(z.custom<PreparedRow>()),
  links: z.custom<ImportLinks>(),
});
const zUndoPayload = z.object({ importId: z.number().int() });

/**
 * The import and its undo: resumable batches of chunks, each chunk one transaction that writes its rows
 * (or removes them) together with the batch's progress and state, so a restart goes on after the last
 * committed chunk and a row is never half written (decision 063).
 */
export function registerFlowImportJobs(jobs: Jobs, storage?: FileStorage): void {
  jobs.defineBatch({
    type: FLOW_IMPORT,
    payload: zImportPayload,
    resumable: true,
    async run(ctx) {
      const { rows, links, importId, filename } = ctx.payload;
      for (;;) {
        const done = Number(ctx.state.done ?? 0);
        if (done >= rows.length) break;
        await ctx.step(async (tx) => {
          const chunk = rows.slice(done, done + FLOW_IMPORT_CHUNK);
          await writeImportChunk(tx, chunk, links);
          const next = done + chunk.length;
          if (next >= rows.length)
            await writeLog(tx, {
              type: 'flow',
              id: null,
              action: 'import',
              description: `${rows.length} dossiers geïmporteerd uit ${filename}`,
              changes: { flow_import_id: importId },
            });
          return { progress: (next / rows.length) * 99, state: { done: next } };
        });
      }
    },
  });

  jobs.defineBatch({
    type: FLOW_IMPORT_UNDO,
    payload: zUndoPayload,
    resumable: true,
    async run(ctx) {
      const { importId } = ctx.payload;
      if (ctx.state.total === undefined) {
        await ctx.step(async (tx) => {
          const [count] = await rawRows<{ n: number }>(
            tx,
            'select count(*)::int as n from flow_import_row where import_id = $1',
            [importId],
          );
          return { progress: 1, state: { total: count!.n, afterRow: 0, done: 0 } };
        });
      }
      let removedKeys: string[] = [];
      for (let finished = false; !finished; ) {
        let stepKeys: string[] = [];
        await ctx.step(async (tx) => {
          const afterRow = Number(ctx.state.afterRow ?? 0);
          const result = await undoImportChunk(tx, importId, afterRow, UNDO_CHUNK);
          const done = Number(ctx.state.done ?? 0) + result.rows;
          finished = result.rows < UNDO_CHUNK;
          if (finished) {
            const [totals] = await rawRows<{
              flows_removed: number;
              relations_removed: number;
              flows_kept: number;
              relations_kept: number;
            }>(
              tx,
              `update flow_import set undone_at = now() where id = $1
               returning flows_removed, relations_removed, flows_kept, relations_kept`,
              [importId],
            );
            // The import's external file leaves every flow it was attached to; its bytes go after the commit.
            await rawRows(tx, 'delete from flow_shared_file where flow_import_id = $1', [importId]);
            const gone = await rawRows<{ storage_key: string }>(
              tx,
              `delete from stored_file f where f.owner_type = 'flowimport' and f.owner_id = $1
                 and not exists (select 1 from flow_shared_file s where s.stored_file_id = f.id)
               returning f.storage_key`,
              [importId],
            );
            stepKeys = gone.map((g) => g.storage_key);
            await writeLog(tx, {
              type: 'flow',
              id: null,
              action: 'delete',
              description: [
                FLOW_IMPORT_TEXTS.undone(totals!.flows_removed, totals!.relations_removed),
                totals!.flows_kept + totals!.relations_kept > 0
                  ? FLOW_IMPORT_TEXTS.kept(totals!.flows_kept, totals!.relations_kept)
                  : '',
              ]
                .filter(Boolean)
                .join(' '),
              changes: { flow_import_id: importId },
            });
          }
          const total = Math.max(1, Number(ctx.state.total ?? 1));
          return {
            progress: Math.min(99, 1 + (done / total) * 98),
            state: { ...ctx.state, afterRow: result.lastRow ?? afterRow, done },
          };
        });
        // Only once the step's transaction committed.
        removedKeys = stepKeys;
      }
      // A crash between the commit and here leaves the bytes without a record only (as relation deletes do).
      for (const key of removedKeys) await storage?.delete(key).catch(() => {});
    },
  });
}
