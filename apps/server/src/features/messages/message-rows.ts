// What the message use cases share: the viewer, the flow's people, the message rows and who may see them.
import {
  type FlowMessage,
  MESSAGE_PREVIEW_LENGTH,
  type MessageAssignee,
  type MessageStatus,
  mayStaffSeeMessage,
} from '@im/domain';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/database';
import { flow } from '../../platform/db/tables/flows.schema';
import { message } from '../../platform/db/tables/messages.schema';
import { relation } from '../../platform/db/tables/relations.schema';
import { user } from '../../platform/db/tables/users.schema';
import { notFound } from '../../platform/errors';
import { toIso } from '../../platform/http/dates';
import { FLOW_NOT_FOUND } from '../flows';

export interface Viewer {
  userId: number;
  role: number;
}

type FlowPeople = { userId: number | null; officeUserId: number | null; projectUserId: number | null };
export type FlowRow = FlowPeople & { id: number; number: number; relationId: number | null };

const authorSql = sql<string>`case when ${message.sendableType} = 'relation' then coalesce(${relation.fullname}, '')
  else coalesce(nullif(concat_ws(' ', nullif(${user.name}, ''), nullif(${user.nameprefix}, ''), nullif(${user.surname}, '')), ''), '') end`;

export function serialize(m: typeof message.$inferSelect, authorName: string): FlowMessage {
  return {
    id: m.id,
    flow_id: m.flowId,
    relation_id: m.relationId,
    messageable_type: m.messageableType,
    messageable_id: m.messageableId,
    sendable_type: m.sendableType as 'user' | 'relation',
    sendable_id: m.sendableId,
    receiveable_type: m.receiveableType as 'user' | 'relation',
    receiveable_id: m.receiveableId,
    user_id: m.userId,
    author_name: authorName,
    content: m.content,
    status: m.status as MessageStatus,
    assigned_to: m.assignedTo as MessageAssignee | null,
    created_at: toIso(m.createdAt),
    updated_at: toIso(m.updatedAt),
  };
}

export function preview(text: string): string {
  return text.length > MESSAGE_PREVIEW_LENGTH ? `${text.slice(0, MESSAGE_PREVIEW_LENGTH)}…` : text;
}

/** A live flow of the company (404 for a trashed, merged-away or another company's flow). */
export async function liveFlow(tx: Tx, id: number): Promise<FlowRow> {
  const [row] = await tx
    .select({
      id: flow.id,
      number: flow.number,
      relationId: flow.relationId,
      userId: flow.userId,
      officeUserId: flow.officeUserId,
      projectUserId: flow.projectUserId,
    })
    .from(flow)
    .where(and(eq(flow.id, id), isNull(flow.deletedAt), isNull(flow.mergedIntoFlowId)));
  if (!row) throw notFound(FLOW_NOT_FOUND);
  return row;
}

/**
 * Recomputes a flow's conversation row (counts, newest message) from its messages, in the
 * transaction of the change; a flow without messages has no row. Every message write calls it.
 */
export async function refreshConversation(tx: Tx, flowId: number): Promise<void> {
  await tx.execute(sql`
    insert into flow_conversation (flow_id, company_id, message_count, unread_count, unanswered_count,
      last_message_id, last_message_at)
    select ${flowId}, min(company_id), count(*)::int,
      (count(*) filter (where sendable_type = 'relation' and status = 'unread'))::int,
      (count(*) filter (where sendable_type = 'relation' and status = 'unanswered'))::int,
      (array_agg(id order by created_at desc, id desc))[1], max(created_at)
    from message where flow_id = ${flowId}
    having count(*) > 0
    on conflict (company_id, flow_id) do update set message_count = excluded.message_count,
      unread_count = excluded.unread_count, unanswered_count = excluded.unanswered_count,
      last_message_id = excluded.last_message_id, last_message_at = excluded.last_message_at`);
  await tx.execute(
    sql`delete from flow_conversation where flow_id = ${flowId} and not exists (select 1 from message where flow_id = ${flowId})`,
  );
}

export async function selectMessages(tx: Tx, where: ReturnType<typeof and>) {
  return tx
    .select({ m: message, author: authorSql })
    .from(message)
    .leftJoin(user, eq(user.id, message.userId))
    .leftJoin(relation, eq(relation.id, message.relationId))
    .where(where)
    .orderBy(asc(message.createdAt), asc(message.id));
}

export function visibleTo(viewer: Viewer, f: FlowPeople) {
  return (m: typeof message.$inferSelect) =>
    mayStaffSeeMessage(viewer, f, { assignedTo: m.assignedTo as MessageAssignee | null, userId: m.userId });
}

/** Marks customer messages read (answered); `only` limits it to the ones this viewer answers for. */
export async function answerCustomerMessages(tx: Tx, f: FlowRow, viewer: Viewer | null): Promise<number[]> {
  const open = await tx
    .select()
    .from(message)
    .where(
      and(
        eq(message.flowId, f.id),
        eq(message.sendableType, 'relation'),
        inArray(message.status, ['unread', 'unanswered']),
      ),
    );
  const ids = open.filter((m) => viewer === null || visibleTo(viewer, f)(m)).map((m) => m.id);
  if (ids.length)
    await tx.update(message).set({ status: 'read', updatedAt: new Date() }).where(inArray(message.id, ids));
  return ids;
}
