import {
  assigneeLabel,
  type CommunicatorCounts,
  type CommunicatorFlow,
  type CommunicatorQuery,
  type CreateMessage,
  type CustomerMessage,
  conversationState,
  type FlowConversationAnswer,
  type FlowMessage,
  MESSAGE_PREVIEW_LENGTH,
  MESSAGE_STATUS_LABELS,
  MESSAGE_TEXTS,
  type MessageAssignee,
  type MessageStatus,
  mayStaffSeeMessage,
  NOTIFICATION_TEXTS,
  ROLE,
  responsibleUserId,
  TOP_BAR_COUNT_CAP,
  type UpdateMessage,
  zCommunicatorQuery,
} from '@im/domain';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { newToken } from '../../platform/auth/tokens';
import type { Database, Tx } from '../../platform/db/database';
import { flow } from '../../platform/db/tables/flows.schema';
import { message } from '../../platform/db/tables/messages.schema';
import { relation } from '../../platform/db/tables/relations.schema';
import { user } from '../../platform/db/tables/users.schema';
import { currentCompanyIdSql } from '../../platform/db/tenancy-sql';
import { forbidden, notFound, validationError } from '../../platform/errors';
import { writeLog } from '../../platform/events/write-log';
import { customerTx, flowByHash } from '../../platform/http/customer-link';
import { toIso } from '../../platform/http/dates';
import { FLOW_NOT_FOUND } from '../flows';
import { notify } from '../notifications';
import { type MessageMailer, mailCustomerAboutMessage } from './message-mail';

export interface Viewer {
  userId: number;
  role: number;
}

type FlowPeople = { userId: number | null; officeUserId: number | null; projectUserId: number | null };
export type FlowRow = FlowPeople & { id: number; number: number; relationId: number | null };

const authorSql = sql<string>`case when ${message.sendableType} = 'relation' then coalesce(${relation.fullname}, '')
  else coalesce(nullif(concat_ws(' ', nullif(${user.name}, ''), nullif(${user.nameprefix}, ''), nullif(${user.surname}, '')), ''), '') end`;

function serialize(m: typeof message.$inferSelect, authorName: string): FlowMessage {
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

function preview(text: string): string {
  return text.length > MESSAGE_PREVIEW_LENGTH ? `${text.slice(0, MESSAGE_PREVIEW_LENGTH)}…` : text;
}

/** A live flow of the company (404 for a trashed, merged-away or another company's flow). */
async function liveFlow(tx: Tx, id: number): Promise<FlowRow> {
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
    on conflict (flow_id) do update set message_count = excluded.message_count,
      unread_count = excluded.unread_count, unanswered_count = excluded.unanswered_count,
      last_message_id = excluded.last_message_id, last_message_at = excluded.last_message_at`);
  await tx.execute(
    sql`delete from flow_conversation where flow_id = ${flowId} and not exists (select 1 from message where flow_id = ${flowId})`,
  );
}

async function selectMessages(tx: Tx, where: ReturnType<typeof and>) {
  return tx
    .select({ m: message, author: authorSql })
    .from(message)
    .leftJoin(user, eq(user.id, message.userId))
    .leftJoin(relation, eq(relation.id, message.relationId))
    .where(where)
    .orderBy(asc(message.createdAt), asc(message.id));
}

function visibleTo(viewer: Viewer, f: FlowPeople) {
  return (m: typeof message.$inferSelect) =>
    mayStaffSeeMessage(viewer, f, { assignedTo: m.assignedTo as MessageAssignee | null, userId: m.userId });
}

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

/** Marks customer messages read (answered); `only` limits it to the ones this viewer answers for. */
async function answerCustomerMessages(tx: Tx, f: FlowRow, viewer: Viewer | null): Promise<number[]> {
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

// ---------------------------------------------------------------- communicator

const STATE_NUMBER = { unread: 2, unanswered: 1, read: 0 } as const;
const STATE_NAME = ['read', 'unanswered', 'unread'] as const;

/** Non-managers see the conversations of flows they handle (or flows nobody handles): decision 019. */
function flowVisibility(viewer: Viewer) {
  if (viewer.role >= ROLE.MANAGER) return sql`true`;
  return sql`(f.user_id = ${viewer.userId} or f.office_user_id = ${viewer.userId} or f.project_user_id = ${viewer.userId}
    or (f.user_id is null and f.office_user_id is null and f.project_user_id is null))`;
}

/**
 * The communicator: flows with messages, newest message first, filtered by state; `number` rows
 * (50, growing by 50) plus whether there are more. Pages on flow_conversation's index.
 */
export async function communicator(
  tx: Tx,
  query: CommunicatorQuery,
  viewer: Viewer,
): Promise<{ data: CommunicatorFlow[]; has_more: boolean }> {
  const q = zCommunicatorQuery.parse(query);
  const state = q.status === 'all' ? sql`true` : sql`fc.state = ${STATE_NUMBER[q.status]}`;
  const result = await tx.execute<{
    flow_id: number;
    number: number;
    description: string;
    relation_id: number | null;
    relation_name: string | null;
    state: number;
    unread_count: number;
    unanswered_count: number;
    message_count: number;
    last_message_at: Date | string;
    last_id: number;
    last_content: string;
    last_sendable_type: 'user' | 'relation';
    last_author: string;
  }>(sql`
    select fc.flow_id, f.number, f.description, f.relation_id, r.fullname as relation_name, fc.state,
      fc.unread_count, fc.unanswered_count, fc.message_count, fc.last_message_at,
      m.id as last_id, left(m.content, ${MESSAGE_PREVIEW_LENGTH + 1}) as last_content, m.sendable_type as last_sendable_type,
      case when m.sendable_type = 'relation' then coalesce(r.fullname, '')
        else coalesce(nullif(concat_ws(' ', nullif(u.name, ''), nullif(u.nameprefix, ''), nullif(u.surname, '')), ''), '') end as last_author
    from flow_conversation fc
    join flow f on f.id = fc.flow_id and f.deleted_at is null and f.merged_into_flow_id is null
    join message m on m.id = fc.last_message_id
    left join relation r on r.id = f.relation_id
    left join "user" u on u.id = m.user_id
    where fc.company_id = ${currentCompanyIdSql} and ${state} and ${flowVisibility(viewer)}
      and ${q.scope === 'allforme' ? sql`(f.user_id = ${viewer.userId} or f.office_user_id = ${viewer.userId} or f.project_user_id = ${viewer.userId})` : sql`true`}
    order by fc.last_message_at desc, fc.flow_id desc
    limit ${q.number + 1}`);
  const rows = result.rows;
  return {
    has_more: rows.length > q.number,
    data: rows.slice(0, q.number).map((r) => ({
      flow_id: r.flow_id,
      flow_number: r.number,
      flow_description: r.description,
      relation_id: r.relation_id,
      relation_name: r.relation_name ?? '',
      state: STATE_NAME[r.state] ?? 'read',
      unread_count: r.unread_count,
      unanswered_count: r.unanswered_count,
      message_count: r.message_count,
      last_message_at: toIso(new Date(r.last_message_at)),
      last_message: {
        id: r.last_id,
        content: preview(r.last_content),
        sendable_type: r.last_sendable_type,
        author_name: r.last_author,
      },
    })),
  };
}

/** Flows waiting for the viewer: unread and unanswered conversations, each count capped at 100. */
export async function communicatorCounts(tx: Tx, viewer: Viewer): Promise<CommunicatorCounts> {
  const count = async (state: number) => {
    const r = await tx.execute<{ n: number }>(sql`select count(*)::int as n from (
      select 1 from flow_conversation fc join flow f on f.id = fc.flow_id and f.deleted_at is null
      where fc.company_id = ${currentCompanyIdSql} and fc.state = ${state} and ${flowVisibility(viewer)}
      limit ${TOP_BAR_COUNT_CAP}) x`);
    return r.rows[0]?.n ?? 0;
  };
  return { unread: await count(2), unanswered: await count(1) };
}

// ---------------------------------------------------------------- customer side (flow hash)

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

/**
 * The customer opened the flow (their conversation or their dossier): the company's unread messages
 * become read (spec 002 section 4), logged once. Answers how many were unread.
 */
/** How many of the company's messages on the flow the customer has not read yet. */
export async function unreadStaffMessages(tx: Tx, flowId: number): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(message)
    .where(and(eq(message.flowId, flowId), eq(message.sendableType, 'user'), eq(message.status, 'unread')));
  return row?.n ?? 0;
}

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

/** The conversation as the customer sees it; staff messages flip from unread to read (spec 002 section 4). */
export async function customerMessages(
  db: Database,
  hash: string,
  preview = false,
): Promise<CustomerMessage[]> {
  const f = await flowByHash(db, hash);
  return customerTx(db, f, async (tx) => {
    if (!preview) await readStaffMessagesByCustomer(tx, f.id);
    const rows = await tx
      .select({ m: message, userName: user.name })
      .from(message)
      .leftJoin(user, eq(user.id, message.userId))
      .where(eq(message.flowId, f.id))
      .orderBy(asc(message.createdAt), asc(message.id));
    return rows.map(({ m, userName }) => ({
      id: m.id,
      content: m.content,
      from: m.sendableType === 'relation' ? ('customer' as const) : ('company' as const),
      // Staff appear to the customer by first name only.
      author_name: m.sendableType === 'relation' ? f.relationName : (userName ?? ''),
      created_at: toIso(m.createdAt),
    }));
  });
}

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
