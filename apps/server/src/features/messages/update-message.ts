import {
  assigneeLabel,
  MESSAGE_STATUS_LABELS,
  type MessageAssignee,
  NOTIFICATION_TEXTS,
  responsibleUserId,
  type UpdateMessage,
} from '@im/domain';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../platform/db/database';
import { message } from '../../platform/db/tables/messages.schema';
import { forbidden } from '../../platform/errors';
import { writeLog } from '../../platform/events/write-log';
import { notify } from '../notifications';
import { liveFlow, refreshConversation, type Viewer, visibleTo } from './message-rows';

/** Status by hand, reassigning (the newly responsible user is notified), or one's own text. */
export async function updateMessage(
  tx: Tx,
  id: number,
  input: UpdateMessage,
  viewer: Viewer,
): Promise<boolean> {
  const [current] = await tx.select().from(message).where(eq(message.id, id)).for('update');
  if (!current) return false;
  const f = await liveFlow(tx, current.flowId).catch(() => null);
  if (!f || !visibleTo(viewer, f)(current)) return false;
  const changes: Partial<typeof message.$inferInsert> = {};
  if (input.status !== undefined) changes.status = input.status;
  if (input.assigned_to !== undefined) changes.assignedTo = input.assigned_to as MessageAssignee | null;
  if (input.content !== undefined) {
    if (current.userId !== viewer.userId)
      throw forbidden('Alleen de schrijver kan de tekst van een bericht wijzigen.');
    changes.content = input.content.trim();
  }
  await tx
    .update(message)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(message.id, id));
  await refreshConversation(tx, f.id);
  await writeLog(tx, {
    type: 'message',
    id,
    action: input.status !== undefined && Object.keys(changes).length === 1 ? 'status' : 'update',
    description:
      input.status !== undefined ? `Bericht ${MESSAGE_STATUS_LABELS[input.status]}` : 'Bericht gewijzigd',
    changes,
    flowId: f.id,
  });
  if (changes.assignedTo !== undefined && changes.assignedTo !== current.assignedTo) {
    const assignee = (changes.assignedTo ?? null) as MessageAssignee | null;
    const to = responsibleUserId(f, assignee);
    if (to !== null && to !== viewer.userId)
      await notify(tx, [
        {
          userId: to,
          notifiableType: 'message',
          notifiableId: id,
          flowId: f.id,
          content: NOTIFICATION_TEXTS.assigned(assigneeLabel(assignee), f.number),
        },
      ]);
  }
  return true;
}
