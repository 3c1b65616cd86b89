import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/database';
import { message } from '../../platform/db/tables/messages.schema';
import { writeLog } from '../../platform/events/write-log';

/** How many of the company's messages on the flow the customer has not read yet. */
export async function unreadStaffMessages(tx: Tx, flowId: number): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(message)
    .where(and(eq(message.flowId, flowId), eq(message.sendableType, 'user'), eq(message.status, 'unread')));
  return row?.n ?? 0;
}

/**
 * The customer opened the flow (their conversation or their dossier): the company's unread messages
 * become read (spec 002 section 4), logged once. Answers how many were unread.
 */
export async function readStaffMessagesByCustomer(tx: Tx, flowId: number): Promise<number> {
  const flipped = await tx
    .update(message)
    .set({ status: 'read', updatedAt: new Date() })
    .where(and(eq(message.flowId, flowId), eq(message.sendableType, 'user'), eq(message.status, 'unread')))
    .returning({ id: message.id });
  if (flipped.length)
    await writeLog(tx, {
      type: 'message',
      id: null,
      action: 'status',
      description: `De klant heeft ${flipped.length} bericht(en) gelezen`,
      changes: { status: 'read', ids: flipped.map((m) => m.id) },
      flowId,
    });
  return flipped.length;
}
