import type { FlowStatus } from '@im/domain';
import { type FlowRow, fullName } from '@im/domain';
import { type SQL, sql } from 'drizzle-orm';
import { type RawRead, rawRows, sqlRead, type Tx } from '../../platform/db/database';
import { epochMsText, isoFast, isoFastOrNull } from '../../platform/db/iso';
import { type MainLocationColumns, mainLocationAddress } from '../locations';

// A flow as one row of a list (docs/api/crm.md `FlowRow`). Apart from flow-dto.ts, so that the relation
// detail (in relations, above flows) can list a relation's flows without the flow detail.

export interface RawFlowRow extends Record<string, unknown>, MainLocationColumns {
  id: number;
  hash: string;
  number: number;
  description: string;
  flow_status: string;
  flow_phase_id: number | null;
  phase_description: string | null;
  phase_color: string | null;
  user_id: number | null;
  user_name: string | null;
  user_nameprefix: string | null;
  user_surname: string | null;
  relation_id: number;
  relation_fullname: string | null;
  lead_source: string;
  tags: string[];
  type: string;
  partner_id: number | null;
  partner_project_id: number | null;
  flowprofile_id: number | null;
  office_user_id: number | null;
  project_user_id: number | null;
  location_id: number | null;
  cancel_reason: string | null;
  flowstage_start_at: number;
  date_lead: number | null;
  created_at: number;
  updated_at: number;
  deleted_at: number | null;
}

// What a row shows: phase, handler, relation name, the flow's address (its own location, else the
// relation's main one, kept by id on the relation: decision 077) and lead date. A fixed text (`rawRows`):
// the flow detail, the overview pages and the pipeline read it on every request (docs/decisions/014-request-cost.md). A flow has at most one lead
// (lead.flow_id is unique), so the lead is a plain join: as a lateral read it was a scan of the lead table
// per flow wherever that table is small.
const FLOW_ROW_SELECT = `
  select f.id, f.hash, f.number, f.description, f.flow_status, f.flow_phase_id,
    p.description as phase_description, p.color as phase_color,
    f.user_id, u.name as user_name, u.nameprefix as user_nameprefix, u.surname as user_surname,
    f.relation_id, r.fullname as relation_fullname, f.lead_source, f.tags, f.type, f.partner_id,
    f.partner_project_id, f.flowprofile_id, f.office_user_id, f.project_user_id, f.location_id,
    f.cancel_reason, ${epochMsText('f.flowstage_start_at')} as flowstage_start_at,
    ${epochMsText('ld.date_lead')} as date_lead, ${epochMsText('f.created_at')} as created_at,
    ${epochMsText('f.updated_at')} as updated_at, ${epochMsText('f.deleted_at')} as deleted_at,
    l.address as l_address, l.number as l_number, l.number_addition as l_number_addition,
    l.postcode as l_postcode, l.city as l_city, l.country as l_country
  from flow f
  join relation r on r.id = f.relation_id
  left join flow_phase p on p.id = f.flow_phase_id
  left join "user" u on u.id = f.user_id
  left join lead ld on ld.flow_id = f.id
  left join location l on l.id = coalesce(f.location_id, r.main_location_id)`;

/**
 * Flows by id ($1), live only or live and trashed. Merged-away flows are never returned. One id reads
 * with `= $1` (see RELATION_BY_ID_SQL in relation-row.ts: a generic plan of `any($1)` looks ten times
 * dearer than a custom plan for one id, so PostgreSQL would plan it anew on every run).
 */
const FLOW_ROWS_BY_ID = {
  live: `${FLOW_ROW_SELECT}
    where f.id = any($1::int[]) and f.merged_into_flow_id is null and f.deleted_at is null order by f.id`,
  any: `${FLOW_ROW_SELECT}
    where f.id = any($1::int[]) and f.merged_into_flow_id is null order by f.id`,
  oneLive: `${FLOW_ROW_SELECT}
    where f.id = $1 and f.merged_into_flow_id is null and f.deleted_at is null`,
  oneAny: `${FLOW_ROW_SELECT}
    where f.id = $1 and f.merged_into_flow_id is null`,
};

/** A relation's ($1) flows, newest first. Merged-away flows are never returned. */
const FLOW_ROWS_OF_RELATION = {
  live: `${FLOW_ROW_SELECT}
    where f.relation_id = $1 and f.merged_into_flow_id is null and f.deleted_at is null order by f.id desc`,
  trashed: `${FLOW_ROW_SELECT}
    where f.relation_id = $1 and f.merged_into_flow_id is null and f.deleted_at is not null order by f.id desc`,
  both: `${FLOW_ROW_SELECT}
    where f.relation_id = $1 and f.merged_into_flow_id is null order by f.id desc`,
};

/** Flows by id with what a row shows; trashed ones too when `withTrashed`. Merged-away flows never. */
export async function rawFlowRows(
  tx: Tx,
  ids: readonly number[],
  withTrashed: boolean,
): Promise<RawFlowRow[]> {
  if (ids.length === 0) return [];
  if (ids.length === 1)
    return rawRows<RawFlowRow>(tx, FLOW_ROWS_BY_ID[withTrashed ? 'oneAny' : 'oneLive'], [ids[0]]);
  return rawRows<RawFlowRow>(tx, FLOW_ROWS_BY_ID[withTrashed ? 'any' : 'live'], [ids]);
}

export function toFlowRow(r: RawFlowRow): FlowRow {
  return {
    id: r.id,
    hash: r.hash,
    number: r.number,
    description: r.description,
    flow_status: r.flow_status as FlowStatus,
    flow_phase_id: r.flow_phase_id,
    flow_phase:
      r.flow_phase_id && r.phase_description !== null
        ? { id: r.flow_phase_id, description: r.phase_description, color: r.phase_color ?? 'gray' }
        : null,
    user_id: r.user_id,
    user_fullname:
      r.user_id && r.user_name !== null
        ? fullName({ name: r.user_name, nameprefix: r.user_nameprefix ?? '', surname: r.user_surname ?? '' })
        : '',
    relation_id: r.relation_id,
    relation_fullname: r.relation_fullname ?? '',
    address: mainLocationAddress(r),
    lead_source: r.lead_source,
    tags: r.tags,
    type: r.type,
    partner_id: r.partner_id,
    partner_project_id: r.partner_project_id,
    flowprofile_id: r.flowprofile_id,
    lead_date: isoFastOrNull(r.date_lead),
    created_at: isoFast(r.created_at),
    updated_at: isoFast(r.updated_at),
    deleted_at: isoFastOrNull(r.deleted_at),
    unread: r.flow_status === 'unread',
  };
}

/** Live flows by id, in the order given, skipping ids that are gone or not the company's. */
export async function loadFlowRows(tx: Tx, ids: readonly number[]): Promise<FlowRow[]> {
  return inOrder(ids, await rawFlowRows(tx, ids, false));
}

/** The rows of `ids` in that order as list rows, skipping ids without a row. */
function inOrder(ids: readonly number[], rows: readonly RawFlowRow[]): FlowRow[] {
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [toFlowRow(row)] : [];
  });
}

/** One flow's row, live or trashed; null when it is gone, merged away or not the company's. */
export async function loadFlowRowAnyState(tx: Tx, id: number): Promise<FlowRow | null> {
  const [row] = await rawFlowRows(tx, [id], true);
  return row ? toFlowRow(row) : null;
}

/** Live or trashed flows of a relation, or both (one statement for a detail), newest first; merged-away flows never. */
/** A relation's flows, for a detail that reads its sections in one round trip. */
export function flowRowsOfRelationRead(
  relationId: number,
  which: 'live' | 'trashed' | 'both',
): RawRead<FlowRow[]> {
  return {
    text: FLOW_ROWS_OF_RELATION[which],
    values: [relationId],
    map: (rows: RawFlowRow[]) => rows.map(toFlowRow),
  };
}

/** The raw row of one flow, live or trashed (none when merged away or not the company's). */
export function rawFlowRowRead(id: number): RawRead<RawFlowRow | undefined> {
  return { text: FLOW_ROWS_BY_ID.oneAny, values: [id], map: (rows: RawFlowRow[]) => rows[0] };
}

/**
 * A page of flows in one statement: `pageSql` answers one row, the page's ids in order (`ids`) and the
 * total (`n`); the page's live flows follow in that order, one row each (one row of nulls for an empty
 * page). The ids are not sent back per row: 25 arrays of 25 ids to parse cost the server more than the
 * rows' own columns (bench:api, docs/benchmarks/hot-reads.md).
 */
export function flowPageRead(pageSql: SQL): RawRead<{ total: number; rows: FlowRow[] }> {
  return sqlRead(
    sql`with page as materialized (${pageSql})
      select page.n as page_total, fr.* from page
      left join lateral (${sql.raw(FLOW_ROW_SELECT)}
        where f.id = any(page.ids) and f.merged_into_flow_id is null and f.deleted_at is null) fr on true
      order by array_position(page.ids, fr.id)`,
    (rows: (RawFlowRow & { page_total: number })[]) => ({
      total: rows[0]?.page_total ?? 0,
      rows: rows.flatMap((r) => (r.id === null ? [] : [toFlowRow(r)])),
    }),
  );
}
