// One authorization round in flight (decision 065): expired rounds are dropped before a new one starts, and the
// provider's redirect takes its round once, by its state, within OAUTH_STATE_MINUTES. Shared by the company's
// accounting link and a user's own calendar (decision 070).
import { OAUTH_STATE_MINUTES } from '@im/domain';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../platform/db/database';
import { integrationOauthState } from '../../platform/db/tables/integrations.schema';

const expiry = sql`now() - make_interval(mins => ${OAUTH_STATE_MINUTES})`;

/** Drops the rounds nobody finished in time. */
export async function pruneOauthRounds(tx: Tx): Promise<void> {
  await tx.delete(integrationOauthState).where(lt(integrationOauthState.createdAt, expiry));
}

/**
 * Takes the round of `state` for `service` (a user's own round when `forUser` is given): removed as it is read,
 * so a state works once; null when unknown, of another service, or expired.
 */
export function takeOauthRound(db: Database, state: string, service: string, forUser?: boolean) {
  return db.platform(async (tx) => {
    const [taken] = await tx
      .delete(integrationOauthState)
      .where(
        and(
          eq(integrationOauthState.state, state),
          eq(integrationOauthState.service, service),
          forUser === undefined ? undefined : eq(integrationOauthState.forUser, forUser),
          sql`${integrationOauthState.createdAt} > ${expiry}`,
        ),
      )
      .returning();
    return taken ?? null;
  });
}
