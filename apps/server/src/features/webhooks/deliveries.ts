// Deliveries: a rule's webhook call is rendered and recorded in the rule's transaction, then sent by a
// job outside any request, retried with backoff, each attempt written to the delivery row (decision 025).
import {
  WEBHOOK_MESSAGES,
  type WebhookDelivery,
  type WebhookDeliveryPageQuery,
  type WebhookDeliveryStatus,
  zWebhookDeliveryPageQuery,
} from '@im/domain';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Config } from '../../platform/config';
import type { Database, Tx } from '../../platform/db/database';
import { flow } from '../../platform/db/tables/flows.schema';
import { webhookConnection, webhookDelivery } from '../../platform/db/tables/webhooks.schema';
import { currentUserIdSql } from '../../platform/db/tenancy-sql';
import { notFound } from '../../platform/errors';
import { toIso } from '../../platform/http/dates';
import type { Jobs } from '../../platform/jobs/jobs';
import type { Logger } from '../../platform/logger';
import { flowMergeData } from '../mailtemplates';
import { renderWebhookRequest, signedHeaders } from './build-request';
import { findConnectionRow } from './connections';
import { callWebhook } from './outgoing-call';
import { connectionParts, responseText } from './test-connection';

export const WEBHOOK_DELIVERY_JOB = 'webhook-delivery';
/** Retries after the first attempt (pg-boss backoff from 5 s: about 5, 10, 20, 40, 80 s). */
export const WEBHOOK_RETRY_LIMIT = 5;
export const FLOW_NOT_FOUND_FOR_WEBHOOK = 'Dossier niet gevonden.';

interface WebhookContext {
  db: Database;
  appUrl: string;
  allowLoopback: boolean;
  logger: Logger;
}

// Per Jobs instance (one per server; tests run several in one process).
const contexts = new WeakMap<Jobs, WebhookContext>();

const zPayload = z.object({ deliveryId: z.number().int(), companyId: z.number().int() });

/** Registers the delivery job (apps/server/src/platform/server.ts). */
export function registerWebhookJobs(
  jobs: Jobs,
  deps: { db: Database; config: Pick<Config, 'APP_URL' | 'WEBHOOK_ALLOW_LOOPBACK'>; logger: Logger },
): void {
  const context: WebhookContext = {
    db: deps.db,
    appUrl: deps.config.APP_URL,
    allowLoopback: deps.config.WEBHOOK_ALLOW_LOOPBACK,
    logger: deps.logger,
  };
  contexts.set(jobs, context);
  jobs.defineJob({
    name: WEBHOOK_DELIVERY_JOB,
    payload: zPayload,
    retryLimit: WEBHOOK_RETRY_LIMIT,
    // Deliveries come in bursts (one per rule that fires); ten at a time keep the queue short.
    batchSize: 10,
    handle: (payload) => deliverWebhook(context, payload),
  });
}

/**
 * Queues a call of a connection, in the caller's transaction: the request is rendered now from the
 * flow's merge data (the state at the event), recorded, and a job sends it after commit.
 * Another company's connection or flow: `notFound`.
 */
export async function queueWebhookDelivery(
  tx: Tx,
  jobs: Jobs,
  input: { connectionId: number; flowId: number | null; ruleId?: number | null; eventId?: string | null },
): Promise<{ deliveryId: number }> {
  const context = contexts.get(jobs);
  if (!context) throw new Error('Webhook jobs are not registered on this Jobs instance');
  const connection = await findConnectionRow(tx, input.connectionId);
  if (!connection) throw notFound(WEBHOOK_MESSAGES.notFound);
  let data = {};
  if (input.flowId !== null) {
    const [visible] = await tx.select({ id: flow.id }).from(flow).where(eq(flow.id, input.flowId));
    if (!visible) throw notFound(FLOW_NOT_FOUND_FOR_WEBHOOK);
    const [actor] = await tx
      .execute<{ id: number | null }>(sql`select ${currentUserIdSql} as id`)
      .then((r) => r.rows);
    data = await flowMergeData(tx, input.flowId, actor?.id ?? null, context.appUrl);
  }
  const rendered = renderWebhookRequest(connectionParts(connection), { kind: 'merge', data });
  const [row] = await tx
    .insert(webhookDelivery)
    .values({
      connectionId: connection.id,
      flowId: input.flowId,
      ruleId: input.ruleId ?? null,
      eventId: input.eventId ?? null,
      requestMethod: rendered.method,
      requestUrl: rendered.url,
      requestHeaders: rendered.headers,
      requestBody: rendered.body,
    })
    .returning({ id: webhookDelivery.id });
  await jobs.send(tx, WEBHOOK_DELIVERY_JOB, { deliveryId: row!.id, companyId: connection.companyId });
  return { deliveryId: row!.id };
}

/** One attempt. Throws after a failure that deserves another try, so pg-boss retries with backoff. */
export async function deliverWebhook(
  context: WebhookContext,
  payload: z.infer<typeof zPayload>,
): Promise<void> {
  const actor = { companyId: payload.companyId };
  const found = await context.db.tenant(actor, (tx) =>
    tx
      .select({ d: webhookDelivery, secret: webhookConnection.secret })
      .from(webhookDelivery)
      .innerJoin(webhookConnection, eq(webhookConnection.id, webhookDelivery.connectionId))
      .where(eq(webhookDelivery.id, payload.deliveryId))
      .then((r) => r[0]),
  );
  // Deleted with its connection, or already finished by an earlier run of the same job.
  if (!found || found.d.status === 'delivered' || found.d.status === 'failed') return;
  const { d } = found;
  const headers = signedHeaders(
    { method: d.requestMethod as never, url: d.requestUrl, headers: d.requestHeaders, body: d.requestBody },
    found.secret,
    String(d.id),
  );
  const result = await callWebhook(
    { method: d.requestMethod, url: d.requestUrl, headers, body: d.requestBody },
    { allowLoopback: context.allowLoopback },
  );
  const attempts = d.attempts + 1;
  // A refused address is no passing trouble; the last retry ends it too.
  const isFinal = result.ok || result.refused || attempts > WEBHOOK_RETRY_LIMIT;
  const status: WebhookDeliveryStatus = result.ok ? 'delivered' : isFinal ? 'failed' : 'retrying';
  await context.db.tenant(actor, (tx) =>
    tx
      .update(webhookDelivery)
      .set({
        status,
        attempts,
        requestHeaders: headers,
        responseStatus: result.status,
        responseExcerpt: result.ok ? result.excerpt : responseText(result).slice(0, 2000),
        error: result.error,
        finishedAt: isFinal ? new Date() : null,
      })
      .where(and(eq(webhookDelivery.id, d.id))),
  );
  if (!isFinal) throw new Error(`Webhook ${d.id} attempt ${attempts} failed: ${result.error}`);
  if (!result.ok) context.logger.warn({ deliveryId: d.id, error: result.error }, 'webhook delivery failed');
}

function serialize(row: typeof webhookDelivery.$inferSelect): WebhookDelivery {
  return {
    id: row.id,
    connection_id: row.connectionId,
    flow_id: row.flowId,
    rule_id: row.ruleId,
    event_id: row.eventId,
    status: row.status as WebhookDeliveryStatus,
    attempts: row.attempts,
    request_method: row.requestMethod,
    request_url: row.requestUrl,
    response_status: row.responseStatus,
    response_excerpt: row.responseExcerpt,
    error: row.error,
    created_at: toIso(row.createdAt),
    finished_at: row.finishedAt ? toIso(row.finishedAt) : null,
  };
}

/** A connection's delivery log, newest first; null when the connection is not the company's. */
export async function listDeliveries(tx: Tx, connectionId: number, query: WebhookDeliveryPageQuery) {
  const { offset, limit } = zWebhookDeliveryPageQuery.parse(query);
  if (!(await findConnectionRow(tx, connectionId))) return null;
  const where = eq(webhookDelivery.connectionId, connectionId);
  const [total] = await tx.select({ n: count() }).from(webhookDelivery).where(where);
  const rows = await tx
    .select()
    .from(webhookDelivery)
    .where(where)
    .orderBy(desc(webhookDelivery.createdAt), desc(webhookDelivery.id))
    .limit(limit)
    .offset(offset);
  return { data: rows.map(serialize), pagination: { total: total?.n ?? 0, offset, limit } };
}
