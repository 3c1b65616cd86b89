import { MESSAGE_STATUS_LABELS } from '@im/domain';
import type { Tx } from '../../platform/db/database';
import { writeLog } from '../../platform/events/write-log';
import { answerCustomerMessages, liveFlow, refreshConversation, type Viewer } from './message-rows';

/** Marks the flow answered: the customer's unread and unanswered messages (that the viewer answers for) become read. */
export async function markFlowAnswered(tx: Tx, flowId: number, viewer: Viewer): Promise<number> {
  const f = await liveFlow(tx, flowId);
  const ids = await answerCustomerMessages(tx, f, viewer);
  if (ids.length) {
    await refreshConversation(tx, flowId);
    await writeLog(tx, {
      type: 'message',
      id: null,
      action: 'status',
      description: `${ids.length} bericht(en) ${MESSAGE_STATUS_LABELS.read}`,
      changes: { status: 'read', ids },
      flowId,
    });
  }
  return ids.length;
}
