import {
  type CommunicatorCounts,
  type CommunicatorFlow,
  type CommunicatorQuery,
  MESSAGE_PREVIEW_LENGTH,
  ROLE,
  TOP_BAR_COUNT_CAP,
  zCommunicatorQuery,
} from '@im/domain';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/database';
import { currentCompanyIdSql } from '../../platform/db/tenancy-sql';
import { toIso } from '../../platform/http/dates';
import { preview, type Viewer } from './message-rows';

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
