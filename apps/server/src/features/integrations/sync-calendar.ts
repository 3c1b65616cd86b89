// Changes made in the user's own calendar come back (decision 074). A pg-boss schedule queues, every minute, one
// sync job per active calendar connection (a 'stately' queue keyed by the connection: one waiting and one
// running at most, so a connection's rounds take turns). A round asks the calendar what changed since its sync
// token (Google events.list with syncToken, Graph calendarView/delta with its deltaLink; without a token, or
// after 410 Gone, a full sync from last week on), takes the changes of the events we pushed into their agenda
// items and tasks, and keeps the new token in the connection's state. The calendar's own events are not
// copied: /calendar reads them live.
import {
  CALENDAR_SERVICES,
  type CalendarService,
  EXTERNAL_EVENTS_DAYS_BACK,
  INTEGRATION_TEXTS,
  isCalendarService,
} from '@im/domain';
import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import { z } from 'zod';
import { calendarEventLink, integrationConnection } from '../../platform/db/tables/integrations.schema';
import { type CalendarChange, type CalendarDelta, SyncTokenExpired } from './calendar-provider';
import { labelOf, withProvider } from './connections';
import type { IntegrationContext } from './integration-context';
import { writeIntegrationLog } from './integration-log';
import { takeCalendarChange } from './take-calendar-change';

export const CALENDAR_SYNC_ALL_JOB = 'calendar-sync-all';
export const CALENDAR_SYNC_JOB = 'calendar-sync';
export const zCalendarSyncAllPayload = z.object({});
export const zCalendarSyncPayload = z.object({ companyId: z.number().int(), connectionId: z.number().int() });
export type CalendarSyncPayload = z.infer<typeof zCalendarSyncPayload>;

/** A sync window older than this is renewed by a full sync (Graph's delta keeps the window it started with). */
const RENEW_WINDOW_DAYS = 30;
const DAY_MS = 86_400_000;

/** What a calendar connection keeps between rounds (integration_connection.state). */
interface SyncState {
  syncToken?: string;
  syncedFrom?: string;
}

/** The scheduled round: one sync job per active calendar connection of every company. */
export async function queueCalendarSyncs(ctx: IntegrationContext): Promise<number> {
  const rows = await ctx.db.platform((tx) =>
    tx
      .select({ id: integrationConnection.id, companyId: integrationConnection.companyId })
      .from(integrationConnection)
      .where(
        and(
          isNotNull(integrationConnection.userId),
          eq(integrationConnection.status, 'active'),
          inArray(integrationConnection.service, [...CALENDAR_SERVICES]),
        ),
      ),
  );
  for (const r of rows)
    await ctx.jobs.queue(
      CALENDAR_SYNC_JOB,
      { companyId: r.companyId, connectionId: r.id },
      { singletonKey: `${r.companyId}:${r.id}` },
    );
  return rows.length;
}

/**
 * One round for one connection; answers how many changes were taken here. The provider away or the link lapsed
 * is logged (withProvider flags a lapsed link) and waits for the next round.
 */
export async function runCalendarSync(
  ctx: IntegrationContext,
  payload: CalendarSyncPayload,
): Promise<number> {
  const client = await ctx.db.sessionPool.connect();
  const lock = [`calendar-sync:${payload.companyId}`, payload.connectionId];
  try {
    // Rounds of one connection take turns (also one asked for by hand while the schedule runs one).
    await client.query('select pg_advisory_lock(hashtext($1), $2)', lock);
    try {
      return await syncConnection(ctx, payload);
    } finally {
      await client.query('select pg_advisory_unlock(hashtext($1), $2)', lock);
    }
  } finally {
    client.release();
  }
}

async function syncConnection(ctx: IntegrationContext, { companyId, connectionId }: CalendarSyncPayload) {
  const actor = { companyId };
  const [conn] = await ctx.db.tenant(actor, (tx) =>
    tx.select().from(integrationConnection).where(eq(integrationConnection.id, connectionId)),
  );
  if (conn?.status !== 'active' || conn.userId === null || !isCalendarService(conn.service)) return 0;
  const service: CalendarService = conn.service;
  const userId = conn.userId;
  const provider = ctx.calendars[service];
  if (!provider.auth(ctx.config)) return 0;

  const state = (conn.state ?? {}) as SyncState;
  const now = Date.now();
  const windowFresh = state.syncedFrom && now - Date.parse(state.syncedFrom) < RENEW_WINDOW_DAYS * DAY_MS;
  const token = windowFresh ? (state.syncToken ?? null) : null;
  let from = token ? new Date(state.syncedFrom!) : new Date(now - EXTERNAL_EVENTS_DAYS_BACK * DAY_MS);

  let delta: CalendarDelta;
  try {
    delta = await withProvider(
      ctx,
      companyId,
      provider,
      async (http) => {
        try {
          return await provider.syncEvents(http, token, from);
        } catch (err) {
          if (!(err instanceof SyncTokenExpired)) throw err;
          // The calendar forgot our token: read everything again from last week on.
          from = new Date(now - EXTERNAL_EVENTS_DAYS_BACK * DAY_MS);
          await ctx.db.tenant(actor, (tx) =>
            writeIntegrationLog(tx, {
              service,
              userId,
              message: INTEGRATION_TEXTS.syncRestarted(labelOf(service)),
            }),
          );
          return provider.syncEvents(http, null, from);
        }
      },
      userId,
    );
  } catch (err) {
    ctx.logger.warn(
      { service, companyId, connectionId, err: err instanceof Error ? err.message : String(err) },
      'calendar sync failed',
    );
    return 0;
  }

  const taken = await takeChanges(ctx, companyId, service, userId, delta.changes);
  await ctx.db.tenant(actor, (tx) =>
    tx
      .update(integrationConnection)
      .set({ state: { ...conn.state, syncToken: delta.token, syncedFrom: from.toISOString() } })
      .where(eq(integrationConnection.id, connectionId)),
  );
  return taken;
}

/** The changes of events we pushed (the rest is the calendar's own), each in its own transaction. */
async function takeChanges(
  ctx: IntegrationContext,
  companyId: number,
  service: CalendarService,
  userId: number,
  changes: CalendarChange[],
): Promise<number> {
  // The last change of an event counts (a delta may name one twice).
  const byId = new Map(changes.map((c) => [c.id, c]));
  const ids = [...byId.keys()];
  let taken = 0;
  for (let i = 0; i < ids.length; i += 500) {
    const chunk = ids.slice(i, i + 500);
    const links = await ctx.db.tenant({ companyId }, (tx) =>
      tx
        .select({ id: calendarEventLink.id, externalId: calendarEventLink.externalId })
        .from(calendarEventLink)
        .where(
          and(
            eq(calendarEventLink.userId, userId),
            eq(calendarEventLink.service, service),
            inArray(calendarEventLink.externalId, chunk),
          ),
        ),
    );
    for (const link of links) {
      const change = byId.get(link.externalId)!;
      if (
        await ctx.db.tenant({ companyId }, (tx) =>
          takeCalendarChange(tx, companyId, service, link.id, change),
        )
      )
        taken++;
    }
  }
  return taken;
}
