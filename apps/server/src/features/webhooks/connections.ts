import {
  type CreateWebhookConnection,
  checkMergeTags,
  type UpdateWebhookConnection,
  WEBHOOK_TAG_LISTS,
  type WebhookConnection,
  type WebhookConnectionSummary,
  type WebhookMethod,
  type WebhookStatus,
  type WebhookTag,
} from '@im/domain';
import { asc, eq } from 'drizzle-orm';
import type { Tx } from '../../platform/db/database';
import { webhookConnection } from '../../platform/db/tables/webhooks.schema';
import { validationError } from '../../platform/errors';
import { writeLog } from '../../platform/events/write-log';
import { toIso } from '../../platform/http/dates';
import { newWebhookSecret } from './build-request';
import { literalHostRefusal, type SsrfOptions } from './ssrf-guard';

type Row = typeof webhookConnection.$inferSelect;

function summary(row: Row): WebhookConnectionSummary {
  return {
    id: row.id,
    name: row.name,
    url: row.url,
    method: row.method as WebhookMethod,
    status: row.status as WebhookStatus,
    last_tested_at: row.lastTestedAt ? toIso(row.lastTestedAt) : null,
    created_at: toIso(row.createdAt),
    updated_at: toIso(row.updatedAt),
  };
}

function serialize(row: Row): WebhookConnection {
  return {
    ...summary(row),
    header_tags: row.headerTags,
    body_tags: row.bodyTags,
    query_tags: row.queryTags,
    secret: row.secret,
  };
}

/** The company's connections, by name. */
export async function listConnections(tx: Tx): Promise<WebhookConnectionSummary[]> {
  const rows = await tx
    .select()
    .from(webhookConnection)
    .orderBy(asc(webhookConnection.name), asc(webhookConnection.id));
  return rows.map(summary);
}

export async function findConnectionRow(tx: Tx, id: number): Promise<Row | null> {
  const [row] = await tx.select().from(webhookConnection).where(eq(webhookConnection.id, id));
  return row ?? null;
}

export async function loadConnection(tx: Tx, id: number): Promise<WebhookConnection | null> {
  const row = await findConnectionRow(tx, id);
  return row ? serialize(row) : null;
}

/** Merge tags in a value must be known to the catalogue: 422 on `<list>.<i>.fieldvalue` otherwise. */
function assertMergeTags(input: Partial<Record<(typeof WEBHOOK_TAG_LISTS)[number], WebhookTag[]>>): void {
  const errors: Record<string, string[]> = {};
  for (const list of WEBHOOK_TAG_LISTS) {
    input[list]?.forEach((tag, i) => {
      const problem = checkMergeTags(tag.fieldvalue);
      if (problem) errors[`${list}.${i}.fieldvalue`] = [problem];
    });
  }
  const first = Object.values(errors)[0];
  if (first) throw validationError(first[0]!, errors);
}

/** A new connection with a secret of its own (unverified), logged as created or copied. */
async function insertConnection(
  tx: Tx,
  values: Omit<typeof webhookConnection.$inferInsert, 'secret'>,
  log: { action: 'create' | 'duplicate'; description: string },
): Promise<number> {
  const [row] = await tx
    .insert(webhookConnection)
    .values({ ...values, secret: newWebhookSecret() })
    .returning({ id: webhookConnection.id });
  await writeLog(tx, { type: 'webhookconnection', id: row!.id, ...log });
  return row!.id;
}

/** A URL that could never be called (an internal address written out) is refused at save. */
function assertCallableUrl(url: string | undefined, options: SsrfOptions): void {
  if (url === undefined) return;
  const reason = literalHostRefusal(url, options);
  if (reason) throw validationError(reason, { url: [reason] });
}

export async function createConnection(
  tx: Tx,
  input: CreateWebhookConnection,
  options: SsrfOptions = {},
): Promise<number> {
  assertMergeTags(input);
  assertCallableUrl(input.url, options);
  return insertConnection(
    tx,
    {
      name: input.name,
      url: input.url,
      method: input.method,
      headerTags: input.header_tags,
      bodyTags: input.body_tags,
      queryTags: input.query_tags,
    },
    { action: 'create', description: `Webhookkoppeling toegevoegd: ${input.name}` },
  );
}

// PostgreSQL keeps jsonb keys in its own order: compare the tags' values, not their JSON text.
const tagText = (tags: WebhookTag[]) =>
  JSON.stringify(tags.map((t) => [t.fieldkey, t.fieldvalue, t.example, t.nullvalue]));
const same = (a: WebhookTag[], b: WebhookTag[]) => tagText(a) === tagText(b);

/** Any real change of settings or tags sets the status back to unverified (spec 002). */
export async function updateConnection(
  tx: Tx,
  id: number,
  input: UpdateWebhookConnection,
  options: SsrfOptions = {},
): Promise<boolean> {
  assertMergeTags(input);
  assertCallableUrl(input.url, options);
  const [current] = await tx
    .select()
    .from(webhookConnection)
    .where(eq(webhookConnection.id, id))
    .for('update');
  if (!current) return false;
  const changes: Partial<typeof webhookConnection.$inferInsert> = {};
  if (input.name !== undefined && input.name !== current.name) changes.name = input.name;
  if (input.url !== undefined && input.url !== current.url) changes.url = input.url;
  if (input.method !== undefined && input.method !== current.method) changes.method = input.method;
  if (input.header_tags !== undefined && !same(input.header_tags, current.headerTags))
    changes.headerTags = input.header_tags;
  if (input.body_tags !== undefined && !same(input.body_tags, current.bodyTags))
    changes.bodyTags = input.body_tags;
  if (input.query_tags !== undefined && !same(input.query_tags, current.queryTags))
    changes.queryTags = input.query_tags;
  if (Object.keys(changes).length === 0) return true;
  await tx
    .update(webhookConnection)
    .set({ ...changes, status: 'unverified', updatedAt: new Date() })
    .where(eq(webhookConnection.id, id));
  await writeLog(tx, {
    type: 'webhookconnection',
    id,
    action: 'update',
    description: `Webhookkoppeling gewijzigd: ${changes.name ?? current.name}`,
    changes: { ...changes, status: 'unverified' },
  });
  return true;
}

/** Deletes a connection with its delivery log. */
export async function deleteConnection(tx: Tx, id: number): Promise<boolean> {
  const [row] = await tx
    .delete(webhookConnection)
    .where(eq(webhookConnection.id, id))
    .returning({ name: webhookConnection.name });
  if (!row) return false;
  await writeLog(tx, {
    type: 'webhookconnection',
    id,
    action: 'delete',
    description: `Webhookkoppeling verwijderd: ${row.name}`,
  });
  return true;
}

/** A copy named '... (kopie)', unverified, with a secret of its own. */
export async function duplicateConnection(tx: Tx, id: number): Promise<number | null> {
  const source = await findConnectionRow(tx, id);
  if (!source) return null;
  return insertConnection(
    tx,
    {
      name: `${source.name} (kopie)`.slice(0, 200),
      url: source.url,
      method: source.method,
      headerTags: source.headerTags,
      bodyTags: source.bodyTags,
      queryTags: source.queryTags,
    },
    { action: 'duplicate', description: `Webhookkoppeling gekopieerd van ${source.name}` },
  );
}

/** A new secret: receivers must take the new one, so the connection needs a new test. */
export async function resetSecret(tx: Tx, id: number): Promise<boolean> {
  const [row] = await tx
    .update(webhookConnection)
    .set({ secret: newWebhookSecret(), status: 'unverified', updatedAt: new Date() })
    .where(eq(webhookConnection.id, id))
    .returning({ name: webhookConnection.name });
  if (!row) return false;
  await writeLog(tx, {
    type: 'webhookconnection',
    id,
    action: 'resethash',
    description: `Nieuwe sleutel voor webhookkoppeling: ${row.name}`,
    changes: { status: 'unverified' },
  });
  return true;
}

/** The outcome of a test: success makes the connection active. */
export async function recordTest(tx: Tx, id: number, success: boolean): Promise<void> {
  const now = new Date();
  const [row] = await tx
    .update(webhookConnection)
    .set(success ? { status: 'active', lastTestedAt: now } : { lastTestedAt: now })
    .where(eq(webhookConnection.id, id))
    .returning({ name: webhookConnection.name });
  if (!row) return;
  await writeLog(tx, {
    type: 'webhookconnection',
    id,
    action: 'status',
    description: success
      ? `Webhookkoppeling getest en geverifieerd: ${row.name}`
      : `Test van webhookkoppeling mislukt: ${row.name}`,
    changes: success ? { status: 'active' } : {},
  });
}
