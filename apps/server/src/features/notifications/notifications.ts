import type {
  NotifiableType,
  Notification,
  NotificationDay,
  NotificationDayQuery,
  NotificationDropdown,
} from '@im/domain';
import { TOP_BAR_COUNT_CAP, zNotificationDayQuery } from '@im/domain';
import { and, desc, eq, gte, lt, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/database';
import { flow } from '../../platform/db/tables/flows.schema';
import { notification } from '../../platform/db/tables/notifications.schema';
import { writeLog } from '../../platform/events/write-log';
import { toIso } from '../../platform/http/dates';

type Row = { n: typeof notification.$inferSelect; flowNumber: number | null };

function serialize({ n, flowNumber }: Row): Notification {
  return {
    id: n.id,
    status: n.status as Notification['status'],
    notification_class: n.notificationClass as Notification['notification_class'],
    notifiable_type: n.notifiableType as NotifiableType,
    notifiable_id: n.notifiableId,
    flow_id: n.flowId,
    flow_number: flowNumber,
    content: n.content,
    created_at: toIso(n.createdAt),
  };
}

function select(tx: Tx) {
  return tx
    .select({ n: notification, flowNumber: flow.number })
    .from(notification)
    .leftJoin(flow, eq(flow.id, notification.flowId));
}

/** The top bar: the user's newest unread notifications and how many are unread (capped at 100). */
export async function notificationDropdown(
  tx: Tx,
  userId: number,
  limit: number,
): Promise<NotificationDropdown> {
  const mine = and(eq(notification.userId, userId), eq(notification.status, 'unread'));
  const items = await select(tx)
    .where(mine)
    .orderBy(desc(notification.createdAt), desc(notification.id))
    .limit(limit);
  const counted = await tx.execute<{ n: number }>(
    sql`select count(*)::int as n from (select 1 from notification where user_id = ${userId} and status = 'unread' limit ${TOP_BAR_COUNT_CAP}) x`,
  );
  return { unread_count: counted.rows[0]?.n ?? 0, items: items.map(serialize) };
}

/** Midnight of a calendar day in Europe/Amsterdam, and of the next day. */
function dayBounds(date: string) {
  return {
    start: sql`(${date}::date)::timestamp at time zone 'Europe/Amsterdam'`,
    end: sql`(${date}::date + 1)::timestamp at time zone 'Europe/Amsterdam'`,
  };
}

/**
 * The notification overview: the user's notifications of one day (Europe/Amsterdam) and, below
 * them, the ones before that day, `historic` at a time (grows by 5, or all with 99999).
 */
export async function notificationsOnDate(
  tx: Tx,
  userId: number,
  date: string,
  query: NotificationDayQuery,
): Promise<NotificationDay> {
  const q = zNotificationDayQuery.parse(query);
  const { start, end } = dayBounds(date);
  const status = q.filter === 'unread' ? eq(notification.status, 'unread') : undefined;
  const mine = eq(notification.userId, userId);
  const items = await select(tx)
    .where(and(mine, status, gte(notification.createdAt, start), lt(notification.createdAt, end)))
    .orderBy(desc(notification.createdAt), desc(notification.id))
    .limit(1000);
  // One row more than asked tells whether the list can grow; no count of a user's whole history.
  const historic = await select(tx)
    .where(and(mine, status, lt(notification.createdAt, start)))
    .orderBy(desc(notification.createdAt), desc(notification.id))
    .limit(q.historic + 1);
  return {
    date,
    items: items.map(serialize),
    historic: { data: historic.slice(0, q.historic).map(serialize), has_more: historic.length > q.historic },
  };
}

export async function loadNotification(tx: Tx, id: number, userId: number): Promise<Notification | null> {
  const [row] = await select(tx).where(and(eq(notification.id, id), eq(notification.userId, userId)));
  return row ? serialize(row) : null;
}

/** Read or unread; only the user's own notifications (another user's id is 404). */
export async function setNotificationStatus(
  tx: Tx,
  id: number,
  userId: number,
  status: 'read' | 'unread',
): Promise<boolean> {
  const [row] = await tx
    .update(notification)
    .set({ status, updatedAt: new Date() })
    .where(and(eq(notification.id, id), eq(notification.userId, userId)))
    .returning({ id: notification.id, flowId: notification.flowId });
  if (!row) return false;
  await writeLog(tx, {
    type: 'notification',
    id,
    action: 'status',
    description: status === 'read' ? 'Notificatie gelezen' : 'Notificatie ongelezen',
    flowId: row.flowId,
    eventOnly: true,
  });
  return true;
}

export async function markAllNotificationsRead(tx: Tx, userId: number): Promise<number> {
  const rows = await tx
    .update(notification)
    .set({ status: 'read', updatedAt: new Date() })
    .where(and(eq(notification.userId, userId), eq(notification.status, 'unread')))
    .returning({ id: notification.id });
  if (rows.length)
    await writeLog(tx, {
      type: 'notification',
      id: null,
      action: 'status',
      description: `${rows.length} notificaties gelezen`,
      eventOnly: true,
    });
  return rows.length;
}

/** On a flow merge the source's notifications point at the target. */
export async function moveNotificationsOnMerge(tx: Tx, sourceId: number, targetId: number): Promise<void> {
  await tx.update(notification).set({ flowId: targetId }).where(eq(notification.flowId, sourceId));
  await tx
    .update(notification)
    .set({ notifiableId: targetId })
    .where(and(eq(notification.notifiableType, 'flow'), eq(notification.notifiableId, sourceId)));
}
