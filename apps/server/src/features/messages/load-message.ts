import type { FlowMessage } from '@im/domain';
import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../platform/db/database';
import { message } from '../../platform/db/tables/messages.schema';
import { liveFlow, selectMessages, serialize, type Viewer, visibleTo } from './message-rows';

/** A message this viewer may see; `afterOwnChange`: the answer to a change they just made (a reassignment may hand it to someone else). */
export async function loadMessage(
  tx: Tx,
  id: number,
  viewer: Viewer,
  afterOwnChange = false,
): Promise<FlowMessage | null> {
  const [row] = await selectMessages(tx, and(eq(message.id, id)));
  if (!row) return null;
  const f = await liveFlow(tx, row.m.flowId).catch(() => null);
  if (!f || (!afterOwnChange && !visibleTo(viewer, f)(row.m))) return null;
  return serialize(row.m, row.author);
}
