// Booking sent invoices in the company's package (decision 065). A push row is made once per (package,
// invoice) in the transaction that queues its job; the job books outside any transaction and records the
// outcome. Before booking it asks the package for an entry with the invoice number as reference, so a job
// retried after the package booked but before we recorded it (a crash, a lost answer) books nothing twice.
import {
  ACCOUNTING_PUSH_RETRIES,
  type AccountingPush,
  type AccountingService,
  INTEGRATION_TEXTS,
  isAccountingService,
} from '@im/domain';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Tx } from '../../platform/db/database';
import { salesDocument } from '../../platform/db/tables/documents.schema';
import { accountingPush } from '../../platform/db/tables/integrations.schema';
import { notFound } from '../../platform/errors';
import { toIso } from '../../platform/http/dates';
import { invoiceForBooking } from '../invoices';
import { readAccountingSettings } from './accounting-settings';
import { bookingEntry, missingSettings } from './booking-entry';
import { labelOf, linkedAccounting, providerProblem, withProvider } from './connections';
import type { IntegrationContext } from './integration-context';
import { writeIntegrationLog } from './integration-log';
import { ProviderError } from './provider-http';

export const ACCOUNTING_PUSH_JOB = 'accounting-push';
export const zPushPayload = z.object({ pushId: z.number().int(), companyId: z.number().int() });

type PushRow = typeof accountingPush.$inferSelect;

/**
 * Queues the booking of a sent invoice, in the caller's transaction: once per package and invoice (a repeated
 * event or request finds the row and queues nothing). `again`: a refused push is tried once more.
 */
export async function queueInvoicePush(
  ctx: IntegrationContext,
  tx: Tx,
  service: AccountingService,
  documentId: number,
  options: { again?: boolean } = {},
): Promise<number | null> {
  const [made] = await tx
    .insert(accountingPush)
    .values({ service, documentId })
    .onConflictDoNothing()
    .returning({ id: accountingPush.id, companyId: accountingPush.companyId });
  let target = made;
  if (!target && options.again) {
    [target] = await tx
      .update(accountingPush)
      .set({ status: 'queued', message: null, attempts: 0, updatedAt: new Date() })
      .where(
        and(
          eq(accountingPush.service, service),
          eq(accountingPush.documentId, documentId),
          sql`${accountingPush.status} in ('refused')`,
        ),
      )
      .returning({ id: accountingPush.id, companyId: accountingPush.companyId });
  }
  if (!target) return null;
  await ctx.jobs.send(tx, ACCOUNTING_PUSH_JOB, { pushId: target.id, companyId: target.companyId });
  return target.id;
}

/** Invoice sent: booked when the company's package is linked and set to book every sent invoice. */
export async function queueSentInvoice(ctx: IntegrationContext, tx: Tx, documentId: number): Promise<void> {
  const linked = await linkedAccounting(tx);
  if (linked?.status !== 'active' || !isAccountingService(linked.service)) return;
  const settings = await readAccountingSettings(tx);
  if (!settings.auto_push) return;
  await queueInvoicePush(ctx, tx, linked.service, documentId);
}

async function record(
  ctx: IntegrationContext,
  companyId: number,
  push: PushRow,
  outcome: Partial<typeof accountingPush.$inferInsert>,
  log: { message: string; level: 'info' | 'error' } | null,
): Promise<void> {
  await ctx.db.tenant({ companyId }, async (tx) => {
    await tx
      .update(accountingPush)
      .set({ ...outcome, updatedAt: new Date() })
      .where(eq(accountingPush.id, push.id));
    if (log) await writeIntegrationLog(tx, { service: push.service, documentId: push.documentId, ...log });
  });
}

/** One attempt of a push job. Throws only when the package could not be reached, so the queue tries again. */
export async function runInvoicePush(
  ctx: IntegrationContext,
  payload: z.infer<typeof zPushPayload>,
): Promise<void> {
  const { companyId } = payload;
  const prepared = await ctx.db.tenant({ companyId }, async (tx) => {
    const [push] = await tx
      .select()
      .from(accountingPush)
      .where(eq(accountingPush.id, payload.pushId))
      .for('update');
    if (!push || push.status === 'booked' || push.status === 'refused') return null;
    const [attempted] = await tx
      .update(accountingPush)
      .set({ attempts: push.attempts + 1, updatedAt: new Date() })
      .where(eq(accountingPush.id, push.id))
      .returning();
    const invoice = await invoiceForBooking(tx, push.documentId).catch(() => null);
    const settings = await readAccountingSettings(tx);
    return { push: attempted!, invoice, settings };
  });
  if (!prepared) return;
  const { push, invoice, settings } = prepared;
  const label = labelOf(push.service);
  const provider = isAccountingService(push.service) ? ctx.accounting[push.service] : undefined;
  const refuse = (message: string) =>
    record(
      ctx,
      companyId,
      push,
      { status: 'refused', message },
      { level: 'error', message: `Factuur ${invoice?.number ?? push.documentId}: ${message}` },
    );
  if (!provider) return refuse(INTEGRATION_TEXTS.notConfigured(label));
  if (!invoice) return refuse('De factuur is niet verstuurd of heeft geen klant.');
  const missing = missingSettings(invoice, settings, provider.needs);
  if (missing) return refuse(missing);
  const entry = bookingEntry(invoice, settings);
  try {
    const booked = await withProvider(ctx, companyId, provider, async (http, conn) => {
      const division = settings.division || String(conn.state.currentDivision ?? '');
      const client = provider.client(http, conn.state, division);
      return (await client.findEntry(entry.reference, entry.journal)) ?? (await client.book(entry));
    });
    await record(
      ctx,
      companyId,
      push,
      {
        status: 'booked',
        externalId: booked.id,
        externalNumber: booked.number,
        message: null,
        bookedAt: new Date(),
      },
      { level: 'info', message: `Factuur ${invoice.number} geboekt in ${label} (boekstuk ${booked.number})` },
    );
  } catch (err) {
    if (
      err instanceof ProviderError &&
      err.kind === 'unreachable' &&
      push.attempts <= ACCOUNTING_PUSH_RETRIES
    ) {
      await record(
        ctx,
        companyId,
        push,
        { status: 'retrying', message: INTEGRATION_TEXTS.unreachable(label) },
        null,
      );
      throw err;
    }
    let message: string;
    try {
      message = providerProblem(push.service, err).message;
    } catch {
      message = INTEGRATION_TEXTS.unreachable(label);
    }
    await refuse(message);
  }
}

const toDto = (r: PushRow, number: number | null): AccountingPush => ({
  id: r.id,
  service: r.service as AccountingPush['service'],
  document_id: r.documentId,
  number: number === null ? null : String(number),
  status: r.status as AccountingPush['status'],
  external_number: r.externalNumber,
  message: r.message,
  attempts: r.attempts,
  booked_at: r.bookedAt ? toIso(r.bookedAt) : null,
  paid_synced_at: r.paidSyncedAt ? toIso(r.paidSyncedAt) : null,
  updated_at: toIso(r.updatedAt),
});

export async function queryPushes(
  tx: Tx,
  q: { offset: number; limit: number; status?: AccountingPush['status'] },
): Promise<{ data: AccountingPush[]; pagination: { total: number; offset: number; limit: number } }> {
  const where = q.status ? eq(accountingPush.status, q.status) : undefined;
  const [found, [total]] = await Promise.all([
    tx
      .select({ p: accountingPush, number: salesDocument.number })
      .from(accountingPush)
      .innerJoin(salesDocument, eq(salesDocument.id, accountingPush.documentId))
      .where(where)
      .orderBy(desc(accountingPush.id))
      .limit(q.limit)
      .offset(q.offset),
    tx.select({ n: count() }).from(accountingPush).where(where),
  ]);
  return {
    data: found.map((r) => toDto(r.p, r.number)),
    pagination: { total: total?.n ?? 0, offset: q.offset, limit: q.limit },
  };
}

/** 'Opnieuw boeken' of a refused push. */
export async function retryPush(ctx: IntegrationContext, tx: Tx, id: number): Promise<void> {
  const [push] = await tx.select().from(accountingPush).where(eq(accountingPush.id, id));
  if (!push) throw notFound(INTEGRATION_TEXTS.notFound);
  if (!isAccountingService(push.service)) throw notFound(INTEGRATION_TEXTS.notFound);
  await queueInvoicePush(ctx, tx, push.service, push.documentId, { again: true });
}

/**
 * A push whose job died with its process (killed while the package was booking) stays 'queued' or 'retrying'
 * with its job active until the queue expires it. Once a minute, pushes untouched for a minute are queued again;
 * the package is asked before booking and a job holds the push's lock while it works, so a duplicate books
 * nothing twice.
 */
export async function requeueStalledPushes(ctx: IntegrationContext): Promise<number> {
  const stalled = await ctx.db.platform((tx) =>
    tx
      .select({ id: accountingPush.id, companyId: accountingPush.companyId })
      .from(accountingPush)
      .where(
        and(
          sql`${accountingPush.status} in ('queued', 'retrying')`,
          sql`${accountingPush.updatedAt} < now() - interval '1 minute'`,
        ),
      )
      .limit(500),
  );
  for (const p of stalled) {
    await ctx.db.tenant({ companyId: p.companyId }, async (tx) => {
      await tx.update(accountingPush).set({ updatedAt: new Date() }).where(eq(accountingPush.id, p.id));
      await ctx.jobs.send(tx, ACCOUNTING_PUSH_JOB, { pushId: p.id, companyId: p.companyId });
    });
  }
  return stalled.length;
}
