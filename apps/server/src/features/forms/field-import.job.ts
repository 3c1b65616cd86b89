import { type FieldImportResult, zImportRowError } from '@im/domain';
import { z } from 'zod';
import { writeLog } from '../../platform/events/write-log';
import type { Jobs } from '../../platform/jobs/jobs';
import type { FieldImportRow } from './field-import-rows';
import { writeFieldRows } from './write-field-rows';

export const IMPORT_VERTICAL_DATA_FIELDS = 'verticaldatafield.import';

const IMPORT_CHUNK = 500;

export const zFieldImportPayload = z.object({
  /** The company whose forms the file fills (the batch itself belongs to the administrator's company). */
  companyId: z.number().int(),
  rows: z.array(z.custom<FieldImportRow>()),
  /** Rows in error when the import started: left out, reported in the result. */
  skipped: z.array(zImportRowError),
});
export type FieldImportPayload = z.infer<typeof zFieldImportPayload>;

const count = (state: Record<string, unknown>, key: string) => Number(state[key] ?? 0);

/** What a batch did so far (its saved state) and the rows it left out. */
export function importResultOf(
  payload: FieldImportPayload,
  state: Record<string, unknown>,
  finished: boolean,
): FieldImportResult {
  return {
    finished,
    forms_created: count(state, 'formsCreated'),
    created: count(state, 'created'),
    updated: count(state, 'updated'),
    unchanged: count(state, 'unchanged'),
    skipped: payload.skipped,
  };
}

/**
 * The forms import: a resumable batch of chunks, each committed with its progress and counts
 * (decision 004), so a restart goes on after the last committed chunk. It runs in platform scope and
 * writes into the payload's company by name.
 */
export function registerFieldImportJob(jobs: Jobs): void {
  jobs.defineBatch({
    type: IMPORT_VERTICAL_DATA_FIELDS,
    payload: zFieldImportPayload,
    resumable: true,
    async run(ctx) {
      const { companyId, rows, skipped } = ctx.payload;
      for (;;) {
        const done = count(ctx.state, 'done');
        if (done >= rows.length) break;
        await ctx.step(async (tx) => {
          const chunk = rows.slice(done, done + IMPORT_CHUNK);
          const c = await writeFieldRows(tx, companyId, chunk);
          const next = done + chunk.length;
          const state = {
            done: next,
            formsCreated: count(ctx.state, 'formsCreated') + c.formsCreated,
            created: count(ctx.state, 'created') + c.created,
            updated: count(ctx.state, 'updated') + c.updated,
            unchanged: count(ctx.state, 'unchanged') + c.unchanged,
          };
          if (next >= rows.length)
            await writeLog(tx, {
              type: 'verticaldatafield',
              id: null,
              action: 'import',
              description: `Formulieren ingelezen: ${state.formsCreated} formulieren aangemaakt, ${state.created} velden toegevoegd, ${state.updated} bijgewerkt, ${skipped.length} regels overgeslagen`,
              changes: { skipped: skipped.map((s) => s.row) },
              companyId,
            });
          return { progress: (next / rows.length) * 99, state };
        }, 'platform');
      }
    },
  });
}
