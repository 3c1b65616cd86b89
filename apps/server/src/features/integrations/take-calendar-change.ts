// A change made in the user's own calendar to an event we pushed, taken back here (decision 074). A new time moves
// the agenda item or the task (a following task's moves its leading task, and so every follower); a deletion
// deletes the agenda item, unplans the task (back to be planned), or takes a following task's user off the
// work. Only times and deletions come back: the title and the rest stay ours and are pushed again when they
// change here. The link remembers the event as taken, so the push the change causes here sends nothing back,
// and the echo of our own push (its times are the pushed ones) is no change at all.
import type { CalendarService } from '@im/domain';
import { INTEGRATION_TEXTS } from '@im/domain';
import { eq, or } from 'drizzle-orm';
import type { Tx } from '../../platform/db/database';
import { calendarEventLink } from '../../platform/db/tables/integrations.schema';
import { agendaItem, task } from '../../platform/db/tables/planning.schema';
import { writeLog } from '../../platform/events/write-log';
import type { CalendarChange } from './calendar-provider';
import { labelOf } from './connections';
import { writeIntegrationLog } from './integration-log';
import { agendaEvent, type DesiredEvent, eventHash, taskEvent } from './push-calendar';

type LinkRow = typeof calendarEventLink.$inferSelect;

const same = (a: Date | null, b: Date) => a !== null && a.getTime() === b.getTime();

/** Remembers the event as it is in the calendar now: the push this change causes finds nothing to send. */
async function remember(tx: Tx, link: LinkRow, desired: DesiredEvent | null) {
  if (!desired) return;
  await tx
    .update(calendarEventLink)
    .set({
      pushedHash: eventHash(desired.event),
      pushedStart: desired.event.start,
      pushedEnd: desired.event.end,
      updatedAt: new Date(),
    })
    .where(eq(calendarEventLink.id, link.id));
}

/** Takes one change of a linked event into its item; answers whether anything here changed. */
export async function takeCalendarChange(
  tx: Tx,
  companyId: number,
  service: CalendarService,
  linkId: number,
  change: CalendarChange,
): Promise<boolean> {
  const [link] = await tx
    .select()
    .from(calendarEventLink)
    .where(eq(calendarEventLink.id, linkId))
    .for('update');
  if (!link) return false;
  const label = labelOf(service);
  // What was taken goes in the item's log and, in the same words, in the integration's log.
  const record = async (entry: Omit<Parameters<typeof writeLog>[1], 'description'>, description: string) => {
    await writeLog(tx, { ...entry, description });
    await writeIntegrationLog(tx, { service, userId: link.userId, message: description });
  };

  if (change.deleted) {
    // The event is gone there: nothing of ours to delete any more.
    await tx.delete(calendarEventLink).where(eq(calendarEventLink.id, link.id));
    if (link.kind === 'agendaitem') {
      const [gone] = await tx
        .delete(agendaItem)
        .where(eq(agendaItem.id, link.itemId))
        .returning({ flowId: agendaItem.flowId, title: agendaItem.title });
      if (!gone) return false;
      await record(
        { type: 'agendaitem', id: link.itemId, action: 'delete', flowId: gone.flowId },
        INTEGRATION_TEXTS.takenDeletion(label, gone.title),
      );
      return true;
    }
    const [row] = await tx.select().from(task).where(eq(task.id, link.itemId)).for('update');
    // A completed task is history: its event deleted there changes nothing here.
    if (!row || row.status === 'afgerond') return false;
    const taken = INTEGRATION_TEXTS.takenDeletion(label, row.description);
    if (row.leadingTaskId !== null) {
      // A following task: its user is off the work; the leader and the others stay planned.
      await tx.delete(task).where(eq(task.id, row.id));
      await record({ type: 'task', id: row.id, action: 'delete', flowId: row.flowId }, taken);
    } else {
      // The task stays work to do, unplanned; its followers with it.
      const unplanned = { startDate: null, endDate: null, updatedAt: new Date() };
      await tx
        .update(task)
        .set(unplanned)
        .where(or(eq(task.id, row.id), eq(task.leadingTaskId, row.id)));
      await record(
        {
          type: 'task',
          id: row.id,
          action: 'update',
          changes: { startDate: null, endDate: null },
          flowId: row.flowId,
        },
        taken,
      );
    }
    return true;
  }

  const start = new Date(change.start);
  const end = new Date(change.end);
  if (Number.isNaN(start.getTime()) || Number.isNaN(end.getTime()) || end.getTime() <= start.getTime())
    return false;
  // Our own push coming back, or a change of something other than the time: nothing to take.
  if (same(link.pushedStart, start) && same(link.pushedEnd, end)) return false;

  if (link.kind === 'agendaitem') {
    const [item] = await tx.select().from(agendaItem).where(eq(agendaItem.id, link.itemId)).for('update');
    if (!item) return false;
    const moved = { ...item, startDate: start, endDate: end };
    if (!same(item.startDate, start) || !same(item.endDate, end)) {
      await tx
        .update(agendaItem)
        .set({ startDate: start, endDate: end, updatedAt: new Date() })
        .where(eq(agendaItem.id, item.id));
      await record(
        {
          type: 'agendaitem',
          id: item.id,
          action: 'update',
          changes: { startDate: start, endDate: end },
          flowId: item.flowId,
        },
        INTEGRATION_TEXTS.takenTime(label, item.title),
      );
    }
    await remember(tx, link, agendaEvent(companyId, moved));
    return true;
  }

  const [row] = await tx.select().from(task).where(eq(task.id, link.itemId)).for('update');
  if (!row) return false;
  // A following task keeps its leader's times: the leader moves, and every follower with it.
  const leaderId = row.leadingTaskId ?? row.id;
  const [leader] =
    leaderId === row.id ? [row] : await tx.select().from(task).where(eq(task.id, leaderId)).for('update');
  if (!leader) return false;
  if (!same(leader.startDate, start) || !same(leader.endDate, end)) {
    await tx
      .update(task)
      .set({ startDate: start, endDate: end, updatedAt: new Date() })
      .where(or(eq(task.id, leaderId), eq(task.leadingTaskId, leaderId)));
    await record(
      {
        type: 'task',
        id: leaderId,
        action: 'update',
        changes: { startDate: start, endDate: end },
        flowId: leader.flowId,
      },
      INTEGRATION_TEXTS.takenTime(label, leader.description),
    );
  }
  await remember(tx, link, taskEvent(companyId, { ...row, startDate: start, endDate: end }));
  return true;
}
