// Wires the integrations into a server (src/server.ts): the push jobs (invoices, agenda items), the first-push batch, the consumer that
// queues a sent invoice's booking, and the payment sync of a working process.
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
      // An agenda item made, changed or deleted: its user's own calendars follow (decision 070).
      const agenda = events.filter((e) => e.entity_type === 'agendaitem' && e.entity_id !== null);
      for (const e of agenda) {
        await deps.db.tenant({ companyId: e.company_id }, (tx) =>
          queueCalendarPush(ctx, tx, e.company_id, e.entity_id!),
        );
      }
    },
  };
  return { consumer, paymentSync: new PaymentSync(ctx) };
}
