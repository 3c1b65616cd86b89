import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../platform/db/database';
import { message } from '../../platform/db/tables/messages.schema';
import { refreshConversation } from './message-rows';

/** On a flow merge the source's conversation joins the target's. */
export async function moveMessagesOnMerge(tx: Tx, sourceId: number, targetId: number): Promise<void> {
  const moved = await tx
    .update(message)
    .set({ flowId: targetId, messageableId: targetId })
    .where(and(eq(message.flowId, sourceId), eq(message.messageableType, 'flow')))
    .returning({ id: message.id });
  await tx.update(message).set({ flowId: targetId }).where(eq(message.flowId, sourceId));
  if (moved.length) {
    await refreshConversation(tx, sourceId);
    await refreshConversation(tx, targetId);
  }
}
