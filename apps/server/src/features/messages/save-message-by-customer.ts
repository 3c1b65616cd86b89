import { NOTIFICATION_TEXTS, responsibleUserId } from '@im/domain';
import { newToken } from '../../platform/auth/tokens';
import type { Database, Tx } from '../../platform/db/database';
import { message } from '../../platform/db/tables/messages.schema';
import { writeLog } from '../../platform/events/write-log';
import { customerTx, flowByHash } from '../../platform/http/customer-link';
import { notify } from '../notifications';
import { type FlowRow, refreshConversation } from './message-rows';

/**
 * The customer writes to the company through the dossier link. The message is unread for staff,
 * flags the dossier, and notifies the user who answers it (the handler).
 */
export async function saveMessageByCustomer(db: Database, hash: string, content: string): Promise<number> {
  const f = await flowByHash(db, hash);
  return customerTx(db, f, (tx) => insertCustomerMessage(tx, f, content));
}

/** A customer's message on a flow of the transaction's company (the customer link, the demo data). */
export async function insertCustomerMessage(
  tx: Tx,
  f: FlowRow & { relationName: string },
  content: string,
): Promise<number> {
  const to = responsibleUserId(f, null);
  const [row] = await tx
    .insert(message)
    .values({
      flowId: f.id,
      relationId: f.relationId,
      messageableType: 'flow',
      messageableId: f.id,
      sendableType: 'relation',
      sendableId: f.relationId ?? 0,
      receiveableType: 'user',
      receiveableId: to,
      userId: null,
      content: content.trim(),
      status: 'unread',
      assignedTo: null,
      hash: newToken(),
    })
    .returning({ id: message.id });
  await refreshConversation(tx, f.id);
  await writeLog(tx, {
    type: 'message',
    id: row!.id,
    action: 'create',
    description: `Bericht van de klant in dossier ${f.number}`,
    flowId: f.id,
    changes: { by: 'customer' },
  });
  await notify(tx, [
    {
      userId: to,
      notifiableType: 'message',
      notifiableId: row!.id,
      flowId: f.id,
      content: NOTIFICATION_TEXTS.newCustomerMessage(f.relationName || 'de klant', f.number),
    },
  ]);
  return row!.id;
}
