// A create that may arrive twice (decision 069): the device's outbox sends a photo or a note with its own
// key (`Idempotency-Key`); the key is written in the same transaction as what it creates, so a second
// send (the answer was lost, the server was killed between commit and answer) finds the first's record
// and answers it again, and two sends at once wait for each other on the key's primary key.
import { IDEMPOTENCY_KEY_HEADER, isIdempotencyKey, OFFLINE_MESSAGES, type OnceScope } from '@im/domain';
import { eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Database, Tx } from '../db/database';
import { requestOnce } from '../db/tables/request-once.schema';
import { AppError } from '../errors';

/** The request's key, or null without one; a key that is not a UUID answers 422. */
export function idempotencyKeyOf(request: FastifyRequest): string | null {
  const value = request.headers[IDEMPOTENCY_KEY_HEADER];
  if (value === undefined) return null;
  if (typeof value !== 'string' || !isIdempotencyKey(value)) {
    throw new AppError('validation', OFFLINE_MESSAGES.keyInvalid, {
      errors: { [IDEMPOTENCY_KEY_HEADER]: [OFFLINE_MESSAGES.keyInvalid] },
    });
  }
  return value.toLowerCase();
}

/** What a key made before, or null when nothing was made with it yet (a look before costly work). */
export async function madeBefore(tx: Tx, key: string | null, scope: OnceScope): Promise<number | null> {
  if (!key) return null;
  const [row] = await tx
    .select({ scope: requestOnce.scope, resourceId: requestOnce.resourceId })
    .from(requestOnce)
    .where(eq(requestOnce.key, key));
  if (!row) return null;
  if (row.scope !== scope) throw new AppError('validation', OFFLINE_MESSAGES.keyReused);
  return row.resourceId;
}

/**
 * Runs `create` once per key, in the caller's transaction: answers the id it made, or the id the key
 * made earlier (`isAgain`). Without a key it simply creates.
 */
export async function createOnce(
  tx: Tx,
  key: string | null,
  scope: OnceScope,
  create: () => Promise<number>,
): Promise<{ id: number; isAgain: boolean }> {
  if (!key) return { id: await create(), isAgain: false };
  const claimed = await tx
    .insert(requestOnce)
    .values({ key, scope })
    .onConflictDoNothing()
    .returning({ key: requestOnce.key });
  if (claimed.length === 0) {
    const id = await madeBefore(tx, key, scope);
    if (id !== null) return { id, isAgain: true };
    // Claimed by a transaction that made nothing: cannot be (the claim and the record commit together).
    throw new AppError('conflict', OFFLINE_MESSAGES.keyReused);
  }
  const id = await create();
  await tx.update(requestOnce).set({ resourceId: id }).where(eq(requestOnce.key, key));
  return { id, isAgain: false };
}

/** A device's outbox is sent within days (kept changes are dropped after 7, decision 032); keys live 30. */
export const REQUEST_KEY_KEEP_DAYS = 30;

/** Drops keys older than REQUEST_KEY_KEEP_DAYS (the hourly housekeeping of the processes that work jobs). */
export async function pruneRequestKeys(db: Database): Promise<number> {
  const result = await db.platform((tx) =>
    tx.execute(
      sql`delete from request_once where created_at < now() - make_interval(days => ${REQUEST_KEY_KEEP_DAYS})`,
    ),
  );
  return result.rowCount ?? 0;
}
