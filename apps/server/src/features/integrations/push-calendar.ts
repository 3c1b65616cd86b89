// Our agenda items and planned tasks in the linked user's own calendar (decisions 070, 074). Every change of an
// agenda item or a task (its domain event) queues a job for it; the job compares what should be (the item, in
// each calendar its user linked) with what was pushed (calendar_event_link) and creates, updates or deletes
// events to match. A task's job also does its following tasks (they move with it, without events of their
// own). Jobs of one item take turns (a session advisory lock); a create carries a key of ours, so one retried
// after a lost answer finds the event it made and never makes a second. An event whose content is what was
// pushed last (its hash) is left alone: a change taken back from the calendar is not pushed again.
import { createHash } from 'node:crypto';
import {
  CALENDAR_ITEM_KINDS,
  CALENDAR_SERVICES,
  CALENDAR_TASK_DEFAULT_MINUTES,
  CALENDAR_TASK_DONE_SUFFIX,
  type CalendarItemKind,
  type CalendarService,
  isCalendarService,
} from '@im/domain';
import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import { z } from 'zod';
import type { Tx } from '../../platform/db/database';
import { calendarEventLink, integrationConnection } from '../../platform/db/tables/integrations.schema';
import { agendaItem, task } from '../../platform/db/tables/planning.schema';
import { AppError } from '../../platform/errors';
import type { CalendarEventInput } from './calendar-provider';
import { labelOf, withProvider } from './connections';
import type { IntegrationContext } from './integration-context';
import { writeIntegrationLog } from './integration-log';
import { ProviderError } from './provider-http';

export const CALENDAR_PUSH_JOB = 'calendar-push';
const zKind = z.enum(CALENDAR_ITEM_KINDS);
export const zCalendarPushPayload = z.union([
  z.object({ companyId: z.number().int(), kind: zKind, itemId: z.number().int() }),
  // Jobs queued before tasks were pushed (decision 070) name only the agenda item.
  z
    .object({ companyId: z.number().int(), agendaItemId: z.number().int() })
    .transform((p) => ({ companyId: p.companyId, kind: 'agendaitem' as const, itemId: p.agendaItemId })),
]);
export type CalendarPushPayload = z.infer<typeof zCalendarPushPayload>;

/** The key a create carries: the same on every push of this item to this user's calendar. */
export const pushKey = (companyId: number, kind: CalendarItemKind, itemId: number, userId: number) =>
  kind === 'agendaitem' ? `im-${companyId}-${itemId}-${userId}` : `im-${companyId}-t${itemId}-${userId}`;

/** What a link remembers of a push: compared before the next push, and by the sync back. */
export const eventHash = (e: CalendarEventInput): string =>
  createHash('sha256')
    .update(
      JSON.stringify([e.summary, e.description, e.location, e.start.toISOString(), e.end.toISOString()]),
    )
    .digest('hex');

/** An item as it should be in its user's calendar, or null when it should not be there. */
export interface DesiredEvent {
  userId: number;
  leaderId: number | null;
  title: string;
  event: CalendarEventInput;
}

type AgendaRow = typeof agendaItem.$inferSelect;
type TaskRow = typeof task.$inferSelect;

export function agendaEvent(companyId: number, item: AgendaRow): DesiredEvent | null {
  if (!item.userId) return null;
  return {
    userId: item.userId,
    leaderId: null,
    title: item.title,
    event: {
      key: pushKey(companyId, 'agendaitem', item.id, item.userId),
      summary: item.title,
      description: item.description,
      location: item.location,
      start: item.startDate,
      end: item.endDate,
    },
  };
}

/**
 * A planned task: one with a user and a start (templates never). Without an end it lasts its duration (or an
 * hour). A completed task stays, its title marked (decision 074).
 */
export function taskEvent(companyId: number, row: TaskRow): DesiredEvent | null {
  if (!row.userId || !row.startDate || row.isTemplate) return null;
  const start = row.startDate;
  let end =
    row.endDate ?? new Date(start.getTime() + (row.duration ?? CALENDAR_TASK_DEFAULT_MINUTES) * 60_000);
  if (end.getTime() <= start.getTime())
    end = new Date(start.getTime() + CALENDAR_TASK_DEFAULT_MINUTES * 60_000);
  const title = (row.description.split('\n')[0] ?? '').slice(0, 200) || 'Taak';
  return {
    userId: row.userId,
    leaderId: row.leadingTaskId,
    title,
    event: {
      key: pushKey(companyId, 'task', row.id, row.userId),
      summary: row.status === 'afgerond' ? `${title}${CALENDAR_TASK_DONE_SUFFIX}` : title,
      description: row.description,
      location: row.location,
      start,
      end,
    },
  };
}

/** The item's event as it should be now (read in the caller's company transaction). */
export async function desiredEvent(
  tx: Tx,
  companyId: number,
  kind: CalendarItemKind,
  itemId: number,
): Promise<DesiredEvent | null> {
  if (kind === 'agendaitem') {
    const [item] = await tx.select().from(agendaItem).where(eq(agendaItem.id, itemId));
    return item ? agendaEvent(companyId, item) : null;
  }
  const [row] = await tx.select().from(task).where(eq(task.id, itemId));
  return row ? taskEvent(companyId, row) : null;
}

/** An item changed: queued when its company has a linked calendar at all, or the item was pushed. */
export async function queueCalendarPush(
  ctx: IntegrationContext,
  tx: Tx,
  companyId: number,
  kind: CalendarItemKind,
  itemId: number,
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
        .where(and(eq(calendarEventLink.kind, kind), eq(calendarEventLink.itemId, itemId)))
        .limit(1);
  if (pushed) await ctx.jobs.send(tx, CALENDAR_PUSH_JOB, { companyId, kind, itemId });
}

/** One attempt; throws only when a calendar could not be reached, so the queue tries again. */
export async function runCalendarPush(ctx: IntegrationContext, payload: CalendarPushPayload): Promise<void> {
  const { companyId, kind, itemId } = payload;
  const items = [itemId];
  if (kind === 'task') {
    // Following tasks move and close with their leader, without events of their own; deleting the leader
    // deletes them (their links remember the leader).
    const followers = await ctx.db.tenant({ companyId }, async (tx) => {
      const now = await tx.select({ id: task.id }).from(task).where(eq(task.leadingTaskId, itemId));
      const before = await tx
        .select({ id: calendarEventLink.itemId })
        .from(calendarEventLink)
        .where(and(eq(calendarEventLink.kind, 'task'), eq(calendarEventLink.leaderId, itemId)));
      return [...now, ...before].map((r) => r.id);
    });
    for (const id of followers) if (!items.includes(id)) items.push(id);
  }
  let unreachable: unknown = null;
  for (const id of items) {
    try {
      await withItemLock(ctx, companyId, kind, id, () => pushItem(ctx, companyId, kind, id));
    } catch (err) {
      unreachable = err;
    }
  }
  if (unreachable) throw unreachable;
}

async function withItemLock(
  ctx: IntegrationContext,
  companyId: number,
  kind: CalendarItemKind,
  itemId: number,
  work: () => Promise<void>,
): Promise<void> {
  const client = await ctx.db.sessionPool.connect();
  const lock = [`calendar-push:${companyId}:${kind}`, itemId];
  try {
    await client.query('select pg_advisory_lock(hashtext($1), $2)', lock);
    try {
      await work();
    } finally {
      await client.query('select pg_advisory_unlock(hashtext($1), $2)', lock);
    }
  } finally {
    client.release();
  }
}

async function pushItem(ctx: IntegrationContext, companyId: number, kind: CalendarItemKind, itemId: number) {
  const actor = { companyId };
  const { desired, links, linked } = await ctx.db.tenant(actor, async (tx) => {
    const desired = await desiredEvent(tx, companyId, kind, itemId);
    const links = await tx
      .select()
      .from(calendarEventLink)
      .where(and(eq(calendarEventLink.kind, kind), eq(calendarEventLink.itemId, itemId)));
    const linked = desired
      ? await tx
          .select({ service: integrationConnection.service })
          .from(integrationConnection)
          .where(
            and(eq(integrationConnection.userId, desired.userId), eq(integrationConnection.status, 'active')),
          )
      : [];
    return { desired, links, linked: linked.map((l) => l.service).filter(isCalendarService) };
  });
  const noun = kind === 'task' ? 'Taak' : 'Afspraak';

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
          message: `${labelOf(service)}: ${noun.toLowerCase()} niet bijgewerkt: ${message}`,
        }),
      );
    }
  };

  // Events that should no longer be there: the item deleted, unplanned, moved to another user, or that
  // calendar unlinked.
  for (const link of links) {
    const keep =
      desired && desired.userId === link.userId && linked.includes(link.service as CalendarService);
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
          message: `${noun} verwijderd uit ${labelOf(service)}`,
        });
      });
    });
  }

  if (desired) {
    const { userId, event, leaderId, title } = desired;
    const hash = eventHash(event);
    for (const service of linked) {
      const provider = ctx.calendars[service];
      if (!provider.auth(ctx.config)) continue;
      const link = links.find((l) => l.service === service && l.userId === userId);
      // Pushed like this already (or taken back from the calendar like this): nothing to do.
      if (link && link.pushedHash === hash) continue;
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
          const pushed = {
            externalId,
            leaderId,
            pushedHash: hash,
            pushedStart: event.start,
            pushedEnd: event.end,
            updatedAt: new Date(),
          };
          await tx
            .insert(calendarEventLink)
            .values({ kind, itemId, userId, service, ...pushed })
            .onConflictDoUpdate({
              target: [
                calendarEventLink.companyId,
                calendarEventLink.kind,
                calendarEventLink.itemId,
                calendarEventLink.userId,
                calendarEventLink.service,
              ],
              set: pushed,
            });
          await writeIntegrationLog(tx, {
            service,
            userId,
            message: `${noun} ${link ? 'bijgewerkt in' : 'gezet in'} ${labelOf(service)}: ${title}`,
          });
        });
      });
    }
  }
  if (unreachable) throw unreachable;
}
