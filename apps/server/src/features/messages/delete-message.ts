import { ROLE } from '@im/domain';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../platform/db/database';
import { message } from '../../platform/db/tables/messages.schema';
import { forbidden } from '../../platform/errors';
import { writeLog } from '../../platform/events/write-log';
import { liveFlow, refreshConversation, type Viewer, visibleTo } from './message-rows';

/** Deletes a message: its author, or a manager. */
export async function deleteMessage(tx: Tx, id: number, viewer: Viewer): Promise<boolean> {
  const [current] = await tx.select().from(message).where(eq(message.id, id)).for('update');
  if (!current) return false;
  const f = await liveFlow(tx, current.flowId).catch(() => null);
  if (!f || !visibleTo(viewer, f)(current)) return false;
  if (current.userId !== viewer.userId && viewer.role < ROLE.MANAGER)
    throw forbidden('Alleen de schrijver of een manager kan een bericht verwijderen.');
  await tx.delete(message).where(eq(message.id, id));
  await refreshConversation(tx, f.id);
  await writeLog(tx, {
    type: 'message',
    id,
    action: 'delete',
    description: 'Bericht verwijderd',
    flowId: f.id,
  });
  return true;
}
