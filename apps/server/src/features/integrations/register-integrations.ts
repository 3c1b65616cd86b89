// Wires the integrations into a server (src/server.ts): the push jobs (invoices, agenda items and planned tasks),
// the calendars' sync back (a schedule every minute, a job per connection), the first-push batch, the consumer
// that queues a sent invoice's booking, and the payment sync of a working process.
import { ACCOUNTING_PUSH_RETRIES, CALENDAR_PUSH_RETRIES } from '@im/domain';
import type { Deps } from '../../platform/deps';
import type { EventConsumer } from '../../platform/events';
import { registerGlblJob } from './glbl-report';
import { integrationContext } from './integration-context';
import { CALENDAR_PUSH_JOB, queueCalendarPush, runCalendarPush, zCalendarPushPayload } from './push-calendar';
import { registerPushExisting } from './push-existing';
import {
  ACCOUNTING_PUSH_JOB,
  queueSentInvoice,
  requeueStalledPushes,
  runInvoicePush,
  zPushPayload,
} from './push-invoices';
import {
  CALENDAR_SYNC_ALL_JOB,
  CALENDAR_SYNC_JOB,
  queueCalendarSyncs,
  runCalendarSync,
  zCalendarSyncAllPayload,
  zCalendarSyncPayload,
} from './sync-calendar';
import { PaymentSync } from './sync-payments';

export function registerIntegrationJobs(deps: Deps): { consumer: EventConsumer; paymentSync: PaymentSync } {
  const ctx = integrationContext(deps);
  deps.jobs.defineJob({
    name: ACCOUNTING_PUSH_JOB,
    payload: zPushPayload,
    retryLimit: ACCOUNTING_PUSH_RETRIES,
    // A job whose process died is offered again after two minutes; the package is asked before booking.
    expireInSeconds: 120,
    handle: (payload) => runInvoicePush(ctx, payload),
  });
  deps.jobs.defineJob({
    name: CALENDAR_PUSH_JOB,
    payload: zCalendarPushPayload,
    retryLimit: CALENDAR_PUSH_RETRIES,
    expireInSeconds: 120,
    handle: (payload) => runCalendarPush(ctx, payload),
  });
  // Every minute: one sync job per linked calendar (decision 074).
  deps.jobs.defineJob({
    name: CALENDAR_SYNC_ALL_JOB,
    payload: zCalendarSyncAllPayload,
    retryLimit: 0,
    expireInSeconds: 60,
    cron: deps.config.CALENDAR_SYNC_CRON,
    handle: async () => {
      await queueCalendarSyncs(ctx);
    },
  });
  deps.jobs.defineJob({
    name: CALENDAR_SYNC_JOB,
    payload: zCalendarSyncPayload,
    // The next minute's round is the retry.
    retryLimit: 0,
    expireInSeconds: 120,
    policy: 'stately',
    handle: async (payload) => {
      await runCalendarSync(ctx, payload);
    },
  });
  registerPushExisting(deps.jobs, () => ctx);
  registerGlblJob(deps.jobs, () => ctx);
  deps.jobs.onRecovery(async () => {
    await requeueStalledPushes(ctx);
  });
  const consumer: EventConsumer = {
    name: 'accounting',
    batchSize: 200,
    async handle(events) {
      const sent = events.filter((e) => e.kind === 'invoice.send' && e.entity_id !== null);
      for (const e of sent) {
        await deps.db.tenant({ companyId: e.company_id }, (tx) => queueSentInvoice(ctx, tx, e.entity_id!));
      }
      // An agenda item or a task made, changed or deleted: its user's own calendars follow (decisions 070,
      // 074). One job per item of the batch.
      const seen = new Set<string>();
      for (const e of events) {
        if ((e.entity_type !== 'agendaitem' && e.entity_type !== 'task') || e.entity_id === null) continue;
        const kind = e.entity_type;
        const key = `${e.company_id}:${kind}:${e.entity_id}`;
        if (seen.has(key)) continue;
        seen.add(key);
        await deps.db.tenant({ companyId: e.company_id }, (tx) =>
          queueCalendarPush(ctx, tx, e.company_id, kind, e.entity_id!),
        );
      }
    },
  };
  return { consumer, paymentSync: new PaymentSync(ctx) };
}
