import { conversationState, type FlowConversationAnswer, MESSAGE_STATUS_LABELS } from '@im/domain';
import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../platform/db/database';
import { message } from '../../platform/db/tables/messages.schema';
import { writeLog } from '../../platform/events/write-log';
import {
  liveFlow,
  refreshConversation,
  selectMessages,
  serialize,
  type Viewer,
  visibleTo,
} from './message-rows';

/**
 * The flow's conversation as this staff user may see it. Opening it is "staff open the dossier"
 * (spec 001 section 4): the customer's unread messages the viewer answers for become unanswered.
 */
export async function openConversation(
  tx: Tx,
  flowId: number,
  viewer: Viewer,
): Promise<FlowConversationAnswer> {
  const f = await liveFlow(tx, flowId);
  const rows = await selectMessages(tx, and(eq(message.flowId, flowId)));
  const canSee = visibleTo(viewer, f);
  const visible = rows.filter((r) => canSee(r.m));
  const unreadIds = visible
    .filter((r) => r.m.sendableType === 'relation' && r.m.status === 'unread')
    .map((r) => r.m.id);
  if (unreadIds.length) {
    const now = new Date();
    await tx
      .update(message)
      .set({ status: 'unanswered', updatedAt: now })
      .where(inArray(message.id, unreadIds));
    for (const r of visible)
      if (unreadIds.includes(r.m.id)) Object.assign(r.m, { status: 'unanswered', updatedAt: now });
    await refreshConversation(tx, flowId);
    await writeLog(tx, {
      type: 'message',
      id: null,
      action: 'status',
      description: `${unreadIds.length} bericht(en) ${MESSAGE_STATUS_LABELS.unanswered}`,
      changes: { status: 'unanswered', ids: unreadIds },
      flowId,
    });
  }
  const counts = visible.reduce(
    (c, r) => {
      if (r.m.sendableType === 'relation' && r.m.status === 'unread') c.unread += 1;
      if (r.m.sendableType === 'relation' && r.m.status === 'unanswered') c.unanswered += 1;
      return c;
    },
    { unread: 0, unanswered: 0 },
  );
  return {
    flow_id: flowId,
    state: conversationState(counts),
    messages: visible.map((r) => serialize(r.m, r.author)),
  };
}
