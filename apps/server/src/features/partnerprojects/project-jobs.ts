import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { writeLog } from '../../platform/events/write-log';
import type { Jobs } from '../../platform/jobs/jobs';
import { applyToFlow, BULK_ACTION_LABELS, zBulkAction } from './bulk-actions';

export const PARTNER_PROJECT_BULK = 'partnerproject.bulk';

export const zBulkPayload = z.object({
  projectId: z.number().int(),
  flowIds: z.array(z.number().int()).max(50_000),
  bulk: zBulkAction,
});
export type BulkPayload = z.infer<typeof zBulkPayload>;

interface BulkState extends Record<string, unknown> {
  /** Flows handled, in the order of `flowIds`: a resumed batch starts after them. */
  done: number;
  failedCount: number;
  /** The first reasons a flow was left as it was (shown in the project's log). */
  failed: { flow_id: number; message: string }[];
}

const MAX_REASONS = 20;

/**
 * A bulk action of the cockpit (spec 001 section 7): one transaction per flow that changes the flow and
 * records it done with the progress, so a flow is either wholly changed and counted or untouched, and a
 * batch resumed after a crash skips every flow it finished. A flow that cannot take the action rolls back
 * alone; it is counted as skipped (with its reason) in a transaction of its own and the batch goes on.
 */
export function registerPartnerProjectJobs(jobs: Jobs): void {
  jobs.defineBatch({
    type: PARTNER_PROJECT_BULK,
    payload: zBulkPayload,
    resumable: true,
    async run(ctx) {
      const { flowIds, bulk, projectId } = ctx.payload;
      const total = flowIds.length;
      const stateOf = () => ({ done: 0, failedCount: 0, failed: [], ...ctx.state }) as BulkState;
      const progressOf = (done: number) => (total === 0 ? 99 : (done / total) * 99);
      for (;;) {
        const s = stateOf();
        if (s.done >= total) break;
        const flowId = flowIds[s.done]!;
        try {
          await ctx.step(async (tx) => {
            await applyToFlow(tx, flowId, bulk);
            return { progress: progressOf(s.done + 1), state: { ...s, done: s.done + 1 } };
          });
        } catch (err) {
          const message = err instanceof Error ? err.message : String(err);
          await ctx.step(async () => ({
            progress: progressOf(s.done + 1),
            state: {
              ...s,
              done: s.done + 1,
              failedCount: s.failedCount + 1,
              failed: s.failed.length < MAX_REASONS ? [...s.failed, { flow_id: flowId, message }] : s.failed,
            } satisfies BulkState,
          }));
        }
      }
      const s = stateOf();
      if (s.logged) return;
      await ctx.step(async (tx) => {
        const [p] = (
          await tx.execute<{ id: number }>(sql`select id from partner_project where id = ${projectId}`)
        ).rows;
        if (p)
          await writeLog(tx, {
            type: 'partnerproject',
            id: projectId,
            action: 'update',
            description:
              `${BULK_ACTION_LABELS[bulk.action]}: ${total - s.failedCount} van ${total} dossiers verwerkt` +
              (s.failedCount > 0
                ? `; ${s.failedCount} overgeslagen (${s.failed.map((f) => `dossier ${f.flow_id}: ${f.message}`).join('; ')})`
                : ''),
            changes: { batch: ctx.batchId, done: total - s.failedCount, failed: s.failed },
          });
        return { progress: 99, state: { ...s, logged: true } };
      });
    },
  });
}
