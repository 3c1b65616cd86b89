// Payment status back from the package (decision 065): every INTEGRATION_PAYMENT_SYNC_SECONDS (10 minutes) the booked,
// unpaid invoices of each company with a linked package are asked after; one the package holds as fully paid
// gets what it still owes registered here (method 'boekhouding'), once.
import { isAccountingService } from '@im/domain';
import { and, eq, isNull } from 'drizzle-orm';
import { accountingPush } from '../../platform/db/tables/integrations.schema';
import { registerPaidInFull } from '../invoices';
import { labelOf, withProvider } from './connections';
import type { IntegrationContext } from './integration-context';
import { writeIntegrationLog } from './integration-log';

/** Invoices asked after per company and round: a round stays short; the rest follow in the next. */
const PER_ROUND = 100;

export async function syncPayments(ctx: IntegrationContext): Promise<number> {
  const open = await ctx.db.platform((tx) =>
    tx
      .select({
        id: accountingPush.id,
        companyId: accountingPush.companyId,
        service: accountingPush.service,
        documentId: accountingPush.documentId,
        externalId: accountingPush.externalId,
        externalNumber: accountingPush.externalNumber,
      })
      .from(accountingPush)
      .where(and(eq(accountingPush.status, 'booked'), isNull(accountingPush.paidSyncedAt)))
      .orderBy(accountingPush.companyId, accountingPush.id),
  );
  const byCompany = new Map<string, typeof open>();
  for (const p of open) {
    const key = `${p.companyId}:${p.service}`;
    const list = byCompany.get(key) ?? [];
    if (list.length < PER_ROUND) list.push(p);
    byCompany.set(key, list);
  }
  let registered = 0;
  for (const list of byCompany.values()) {
    const { companyId, service } = list[0]!;
    const provider = isAccountingService(service) ? ctx.accounting[service] : undefined;
    if (!provider) continue;
    try {
      const paid = await withProvider(ctx, companyId, provider, async (http, conn) => {
        const client = provider.client(http, conn.state, String(conn.state.currentDivision ?? ''));
        const found: typeof list = [];
        for (const p of list) {
          if (!p.externalId || !p.externalNumber) continue;
          if (await client.isPaid({ id: p.externalId, number: p.externalNumber })) found.push(p);
        }
        return found;
      });
      for (const p of paid) {
        await ctx.db.tenant({ companyId }, async (tx) => {
          const done = await registerPaidInFull(tx, p.documentId, {
            method: 'boekhouding',
            providerPaymentId: `${service}:${p.externalId}`,
            note: `Betaald volgens ${labelOf(service)}`,
          });
          await tx
            .update(accountingPush)
            .set({ paidSyncedAt: new Date(), updatedAt: new Date() })
            .where(eq(accountingPush.id, p.id));
          if (done) {
            registered++;
            await writeIntegrationLog(tx, {
              service,
              documentId: p.documentId,
              message: `Betaling van boekstuk ${p.externalNumber} overgenomen uit ${labelOf(service)}`,
            });
          }
        });
      }
    } catch (err) {
      // The package is away or the link lapsed (withProvider marked it): the next round tries again.
      ctx.logger.warn(
        { companyId, service, err: err instanceof Error ? err.message : String(err) },
        'payment sync failed',
      );
    }
  }
  return registered;
}

/** Runs the sync every few minutes in a process that works on jobs; one process at a time (advisory lock). */
export class PaymentSync {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> | null = null;

  constructor(private readonly ctx: IntegrationContext) {}

  start(): void {
    this.timer = setInterval(() => this.wake(), this.ctx.config.INTEGRATION_PAYMENT_SYNC_SECONDS * 1000);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
  }

  async idle(): Promise<void> {
    await this.running;
  }

  wake(): Promise<unknown> {
    if (!this.running) {
      this.running = this.once()
        .catch((err) => this.ctx.logger.error({ err }, 'payment sync round failed'))
        .finally(() => {
          this.running = null;
        });
    }
    return this.running;
  }

  private async once(): Promise<void> {
    const client = await this.ctx.db.sessionPool.connect();
    try {
      const lock = await client.query<{ ok: boolean }>(
        `select pg_try_advisory_lock(hashtext('accounting-payment-sync')) as ok`,
      );
      if (!lock.rows[0]?.ok) return;
      try {
        await syncPayments(this.ctx);
      } finally {
        await client.query(`select pg_advisory_unlock(hashtext('accounting-payment-sync'))`);
      }
    } finally {
      client.release();
    }
  }
}
