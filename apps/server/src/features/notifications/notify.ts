import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/database';
import { notification } from '../../platform/db/tables/notifications.schema';
import { user } from '../../platform/db/tables/users.schema';
import { writeLog } from '../../platform/events/write-log';

export type NotifiableType = 'flow' | 'message' | 'quotation' | 'invoice' | 'incident';

export interface NewNotification {
  /** The staff user it is for; null with `customer: true` is a notification for the flow's customer. */
  userId: number | null;
  customer?: boolean;
  notifiableType: NotifiableType;
  notifiableId: number;
  flowId: number | null;
  content: string;
}

/**
 * Creates notifications in the caller's transaction and announces them on the live channel (no log
 * item). A staff user that is not an active user of the company is skipped, so a stale handler id
 * never fails the change that notifies.
 */
export async function notify(tx: Tx, items: NewNotification[]): Promise<number[]> {
  const ids: number[] = [];
  const seen = new Set<string>();
  for (const item of items) {
    const key = `${item.customer ? 'c' : item.userId}:${item.notifiableType}:${item.notifiableId}`;
    if (seen.has(key)) continue;
    seen.add(key);
    if (!item.customer) {
      if (item.userId === null) continue;
      const [active] = await tx
        .select({ id: user.id })
        .from(user)
        .where(and(eq(user.id, item.userId), isNull(user.deletedAt)));
      if (!active) continue;
    }
    const [row] = await tx
      .insert(notification)
      .values({
        userId: item.customer ? null : item.userId,
        notificationClass: item.customer ? 'customer' : 'user',
        notifiableType: item.notifiableType,
        notifiableId: item.notifiableId,
        flowId: item.flowId,
        content: item.content.slice(0, 2000),
        status: 'unread',
        createdAt: sql`now()`,
      })
      .returning({ id: notification.id });
    await writeLog(tx, {
      type: 'notification',
      id: row!.id,
      action: 'create',
      description: 'Notificatie',
      flowId: item.flowId,
      eventOnly: true,
    });
    ids.push(row!.id);
  }
  return ids;
}
