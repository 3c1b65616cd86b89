import { and, gt, inArray, lt, sql } from 'drizzle-orm';
import type { Tx } from '../db/database';
import { loginFailure } from '../db/tables/auth.schema';

export const MAX_FAILED_LOGINS_PER_MINUTE = 10;
export const THROTTLED_MESSAGE = 'Te veel mislukte inlogpogingen. Probeer het over een minuut opnieuw.';

export function loginThrottleKeys(ip: string, email: string): string[] {
  return [`ip:${ip}`, `account:${email.trim().toLowerCase()}`];
}

/** True when any key already had the maximum number of failures in the last minute. */
export async function isLoginThrottled(tx: Tx, keys: string[]): Promise<boolean> {
  const rows = await tx
    .select({ key: loginFailure.key, n: sql<number>`count(*)::int` })
    .from(loginFailure)
    .where(and(inArray(loginFailure.key, keys), gt(loginFailure.createdAt, sql`now() - interval '1 minute'`)))
    .groupBy(loginFailure.key);
  return rows.some((r) => r.n >= MAX_FAILED_LOGINS_PER_MINUTE);
}

export async function recordLoginFailure(tx: Tx, keys: string[]): Promise<void> {
  await tx.insert(loginFailure).values(keys.map((key) => ({ key })));
  await tx
    .delete(loginFailure)
    .where(
      and(inArray(loginFailure.key, keys), lt(loginFailure.createdAt, sql`now() - interval '5 minutes'`)),
    );
}
