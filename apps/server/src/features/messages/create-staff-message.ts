import { type CreateMessage, MESSAGE_TEXTS, type MessageAssignee, NOTIFICATION_TEXTS } from '@im/domain';
import { newToken } from '../../platform/auth/tokens';
import type { Tx } from '../../platform/db/database';
import { message } from '../../platform/db/tables/messages.schema';
import { validationError } from '../../platform/errors';
import { writeLog } from '../../platform/events/write-log';
import { notify } from '../notifications';
import { type MessageMailer, mailCustomerAboutMessage } from './message-mail';
import { answerCustomerMessages, liveFlow, refreshConversation, type Viewer } from './message-rows';

/**
 * A staff message to the flow's customer (sent only with content). Writing it answers the
 * customer's messages the author answers for; the customer gets a notification on their dossier
 * and, with `mail`, a mail with the dossier link (at most one per conversation per 15 minutes).
 */
export async function createStaffMessage(
  tx: Tx,
  input: CreateMessage,
  viewer: Viewer,
  mail?: MessageMailer,
): Promise<number> {
  const f = await liveFlow(tx, input.flow_id);
  const content = input.content.trim();
  if (!content) throw validationError(MESSAGE_TEXTS.empty, { content: [MESSAGE_TEXTS.empty] });
  const answered = await answerCustomerMessages(tx, f, viewer);
  const [row] = await tx
    .insert(message)
    .values({
      flowId: f.id,
      relationId: f.relationId,
      messageableType: 'flow',
      messageableId: f.id,
      sendableType: 'user',
      sendableId: viewer.userId,
      receiveableType: 'relation',
      receiveableId: f.relationId,
      userId: viewer.userId,
      content,
      status: 'unread',
      assignedTo: (input.assigned_to as MessageAssignee | null | undefined) ?? null,
      hash: newToken(),
    })
    .returning({ id: message.id });
  await refreshConversation(tx, f.id);
  await writeLog(tx, {
    type: 'message',
    id: row!.id,
    action: 'create',
    description: `Bericht verstuurd naar de klant van dossier ${f.number}`,
    changes: answered.length ? { answered } : undefined,
    flowId: f.id,
  });
  await notify(tx, [
    {
      userId: null,
      customer: true,
      notifiableType: 'message',
      notifiableId: row!.id,
      flowId: f.id,
      content: NOTIFICATION_TEXTS.newStaffMessage,
    },
  ]);
  if (mail) await mailCustomerAboutMessage(tx, mail, { flowId: f.id, content, userId: viewer.userId });
  return row!.id;
}
