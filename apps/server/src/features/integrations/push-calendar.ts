// Our agenda items in the linked user's own calendar (decision 070). Every change of an agenda item (its domain
// event) queues a job for the item; the job compares what should be (the item, in each calendar its user
// linked) with what was pushed (calendar_event_link) and creates, updates or deletes events to match. Jobs of
// one item take turns (a session advisory lock); a create carries a key of ours, so one retried after a lost
// answer finds the event it made and never makes a second.
import { CALENDAR_SERVICES, type CalendarService, isCalendarService } from '@im/domain';
import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import { z } from 'zod';
import type { Tx } from '../../platform/db/database';
import { calendarEventLink, integrationConnection } from '../../platform/db/tables/integrations.schema';
import { agendaItem } from '../../platform/db/tables/planning.schema';
import { AppError } from '../../platform/errors';
import type { CalendarEventInput } from './calendar-provider';
import { labelOf, withProvider } from './connections';
import type { IntegrationContext } from './integration-context';
import { writeIntegrationLog } from './integration-log';
import { ProviderError } from './provider-http';

export const CALENDAR_PUSH_JOB = 'calendar-push';
export const zCalendarPushPayload = z.object({ companyId: z.number().int(), agendaItemId: z.number().int() });
export type CalendarPushPayload = z.infer<typeof zCalendarPushPayload>;

/** The key a create carries: the same on every push of this item to this user's calendar. */
export const pushKey = (companyId: number, agendaItemId: number, userId: number) =>
  `im-${companyId}-${agendaItemId}-${userId}`;

/** An agenda item changed: queued when its company has a linked calendar at all, or the item was pushed. */
export async function queueCalendarPush(
  ctx: IntegrationContext,
  tx: Tx,
  companyId: number,
  agendaItemId: number,
): Promise<void> {
  const [linked] = await tx
    .select({ id: integrationConnection.id })
    .from(integrationConnection)
    .where(
      and(
        isNotNull(integrationConnection.userId),
        inArray(integrationConnection.service, [...CALENDAR_SERVICES]),
      ),
    )
    .limit(1);
  const [pushed] = linked
    ? [linked]
    : await tx
        .select({ id: calendarEventLink.id })
        .from(calendarEventLink)
        .where(eq(calendarEventLink.agendaItemId, agendaItemId))
        .limit(1);
  if (pushed) await ctx.jobs.send(tx, CALENDAR_PUSH_JOB, { companyId, agendaItemId });
}

/** One attempt; throws only when a calendar could not be reached, so the queue tries again. */
export async function runCalendarPush(ctx: IntegrationContext, payload: CalendarPushPayload): Promise<void> {
  const client = await ctx.db.sessionPool.connect();
  try {
    await client.query('select pg_advisory_lock(hashtext($1), $2)', [
      `calendar-push:${payload.companyId}`,
      payload.agendaItemId,
    ]);
    try {
      await pushItem(ctx, payload);
    } finally {
      await client.query('select pg_advisory_unlock(hashtext($1), $2)', [
        `calendar-push:${payload.companyId}`,
        payload.agendaItemId,
      ]);
    }
  } finally {
    client.release();
  }
}

async function pushItem(ctx: IntegrationContext, { companyId, agendaItemId }: CalendarPushPayload) {
  const actor = { companyId };
  const { item, links, linked } = await ctx.db.tenant(actor, async (tx) => {
    const [item] = await tx.select().from(agendaItem).where(eq(agendaItem.id, agendaItemId));
    const links = await tx
      .select()
      .from(calendarEventLink)
      .where(eq(calendarEventLink.agendaItemId, agendaItemId));
    const linked = item?.userId
      ? await tx
          .select({ service: integrationConnection.service })
          .from(integrationConnection)
          .where(
            and(eq(integrationConnection.userId, item.userId), eq(integrationConnection.status, 'active')),
          )
      : [];
    return { item: item ?? null, links, linked: linked.map((l) => l.service).filter(isCalendarService) };
  });

  let unreachable: unknown = null;
  const attempt = async (service: CalendarService, userId: number, work: () => Promise<void>) => {
    try {
      await work();
    } catch (err) {
      if (err instanceof ProviderError && err.kind === 'unreachable') {
        unreachable = err;
        return;
      }
      // Not linked any more, lapsed, or refused: told in the user's log; a retry would not help.
      const message = err instanceof AppError || err instanceof Error ? err.message : String(err);
      await ctx.db.tenant(actor, (tx) =>
        writeIntegrationLog(tx, {
          service,
          userId,
          level: 'error',
          message: `${labelOf(service)}: afspraak niet bijgewerkt: ${message}`,
        }),
      );
    }
  };

  // Events that should no longer be there: the item deleted, moved to another user, or that calendar unlinked.
  for (const link of links) {
    const keep = item && item.userId === link.userId && linked.includes(link.service as CalendarService);
    if (keep || !isCalendarService(link.service)) continue;
    const service = link.service;
    await attempt(service, link.userId, async () => {
      await withProvider(
        ctx,
        companyId,
        ctx.calendars[service],
        (http) => ctx.calendars[service].deleteEvent(http, link.externalId),
        link.userId,
      ).catch((err) => {
        // The calendar unlinked meanwhile: nothing of ours to delete there.
        if (err instanceof AppError) return;
        throw err;
      });
      await ctx.db.tenant(actor, async (tx) => {
        await tx.delete(calendarEventLink).where(eq(calendarEventLink.id, link.id));
        await writeIntegrationLog(tx, {
          service,
          userId: link.userId,
          message: `Afspraak verwijderd uit ${labelOf(service)}`,
        });
      });
    });
  }

  if (item?.userId) {
    const userId = item.userId;
    const event: CalendarEventInput = {
      key: pushKey(companyId, item.id, userId),
      summary: item.title,
      description: item.description,
      location: item.location,
      start: item.startDate,
      end: item.endDate,
    };
    for (const service of linked) {
      const provider = ctx.calendars[service];
      if (!provider.auth(ctx.config)) continue;
      const link = links.find((l) => l.service === service && l.userId === userId);
      await attempt(service, userId, async () => {
        const externalId = await withProvider(
          ctx,
          companyId,
          provider,
          (http) =>
            link ? provider.updateEvent(http, link.externalId, event) : provider.createEvent(http, event),
          userId,
        );
        await ctx.db.tenant(actor, async (tx) => {
          await tx
            .insert(calendarEventLink)
            .values({ agendaItemId: item.id, userId, service, externalId })
            .onConflictDoUpdate({
              target: [
                calendarEventLink.companyId,
                calendarEventLink.agendaItemId,
                calendarEventLink.userId,
                calendarEventLink.service,
              ],
              set: { externalId, updatedAt: new Date() },
            });
          await writeIntegrationLog(tx, {
            service,
            userId,
            message: `${link ? 'Afspraak bijgewerkt in' : 'Afspraak gezet in'} ${labelOf(service)}: ${item.title}`,
          });
        });
      });
    }
  }
  if (unreachable) throw unreachable;
}
