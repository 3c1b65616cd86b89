// The first push of existing sent invoices on request (decision 065): a batch that queues a push per sent
// invoice not yet pushed, in chunks, with progress; resumable (each chunk records where it got to).
import { type AccountingService, INTEGRATION_TEXTS, isAccountingService } from '@im/domain';
import { and, asc, eq, gt, gte, isNotNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Tx } from '../../platform/db/database';
import { salesDocument } from '../../platform/db/tables/documents.schema';
import { accountingPush } from '../../platform/db/tables/integrations.schema';
import { conflict } from '../../platform/errors';
import type { Jobs } from '../../platform/jobs/jobs';
import { linkedAccounting } from './connections';
import type { IntegrationContext } from './integration-context';
import { queueInvoicePush } from './push-invoices';

export const PUSH_EXISTING_BATCH = 'accounting-push-existing';
const zPayload = z.object({ service: z.string(), from: z.string().nullable() });
const CHUNK = 200;

const notYetPushed = (service: string, from: string | null, afterId: number) =>
  and(
    eq(salesDocument.kind, 'invoice'),
    eq(salesDocument.isTemplate, false),
    isNotNull(salesDocument.dateSend),
    isNotNull(salesDocument.number),
    gt(salesDocument.id, afterId),
    from ? gte(salesDocument.dateSend, new Date(`${from}T00:00:00Z`)) : undefined,
    sql`not exists (select 1 from ${accountingPush} p where p.document_id = ${salesDocument.id} and p.service = ${service})`,
  );

export function registerPushExisting(jobs: Jobs, ctx: () => IntegrationContext): void {
  jobs.defineBatch({
    type: PUSH_EXISTING_BATCH,
    payload: zPayload,
    resumable: true,
    async run(b) {
      const { service, from } = b.payload;
      if (!isAccountingService(service)) return;
      let afterId = Number(b.state.afterId ?? 0);
      const total = Number(b.state.total ?? 0) || 1;
      let done = Number(b.state.done ?? 0);
      for (;;) {
        let more = false;
        await b.step(async (tx) => {
          const ids = await tx
            .select({ id: salesDocument.id })
            .from(salesDocument)
            .where(notYetPushed(service, from, afterId))
            .orderBy(asc(salesDocument.id))
            .limit(CHUNK);
          for (const { id } of ids) await queueInvoicePush(ctx(), tx, service as AccountingService, id);
          more = ids.length === CHUNK;
          afterId = ids.at(-1)?.id ?? afterId;
          done += ids.length;
          return { progress: (done / total) * 100, state: { afterId, total, done } };
        });
        if (!more) break;
      }
    },
  });
}

/** Starts the batch: answers its id, or 409 when nothing is to be pushed or no package is linked. */
export async function startPushExisting(
  ctx: IntegrationContext,
  tx: Tx,
  from: string | null,
): Promise<{ batchId: string }> {
  const linked = await linkedAccounting(tx);
  if (!linked || !isAccountingService(linked.service) || linked.status !== 'active')
    throw conflict(INTEGRATION_TEXTS.notLinked('Een boekhoudpakket'));
  const [counted] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(salesDocument)
    .where(notYetPushed(linked.service, from, 0));
  const total = counted?.n ?? 0;
  if (total === 0) throw conflict(INTEGRATION_TEXTS.nothingToPush);
  const batchId = await ctx.jobs.startBatch(
    tx,
    PUSH_EXISTING_BATCH,
    { service: linked.service, from },
    { total },
  );
  return { batchId };
}
