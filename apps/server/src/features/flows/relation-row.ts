import type { FlowStatus, Relation } from '@im/domain';
import { type RawRead, rawReads, type Tx } from '../../platform/db/database';
import { epochMsText, isoFast, isoFastOrNull } from '../../platform/db/iso';
import { type MainLocationColumns, mainLocationAddress } from '../locations';

// A relation as a list and a detail show it (docs/api/crm.md `Relation`): its row with the organization's
// name, main location and main flow. Kept with flows, below relations (decision 047), since the flow
// detail reads its relation in the same round trip; the relations feature builds its lists and detail on it.
interface RelationRow extends Record<string, unknown>, MainLocationColumns {
  id: number;
  name: string;
  nameprefix: string;
  surname: string;
  fullname: string | null;
  email: string;
  phone: string;
  mobile: string;
  country: string;
  lead_source: string;
  buyer_reference: string;
  order_reference: string;
  flowprofile_id: number | null;
  organization_id: number | null;
  org_name: string | null;
  lat: number | null;
  lng: number | null;
  created_at: number;
  updated_at: number;
  deleted_at: number | null;
  main_flow_id: number | null;
  main_flow_status: string | null;
}

const RELATION_COLUMNS = `r.id, r.name, r.nameprefix, r.surname, r.fullname, r.email, r.phone, r.mobile,
    r.country, r.lead_source, r.buyer_reference, r.order_reference, r.flowprofile_id, r.organization_id, o.name as org_name, r.lat, r.lng,
    ${epochMsText('r.created_at')} as created_at, ${epochMsText('r.updated_at')} as updated_at,
    ${epochMsText('r.deleted_at')} as deleted_at,
    ml.address as l_address, ml.number as l_number, ml.number_addition as l_number_addition,
    ml.postcode as l_postcode, ml.city as l_city, ml.country as l_country,
    mf.id as main_flow_id, mf.flow_status as main_flow_status`;

/** One relation (a detail): its main location and main flow read for it alone. */
const RELATIONS_SQL = `
  select ${RELATION_COLUMNS}
  from relation r
  left join organization o on o.id = r.organization_id
  left join location ml on ml.id = r.main_location_id
  left join lateral (
    select f.id, f.flow_status from flow f
    where f.relation_id = r.id and f.deleted_at is null and f.merged_into_flow_id is null
    order by f.id = r.flow_id desc nulls last, f.id desc limit 1
  ) mf on true
`;

/**
 * Several relations (a page): the main location by its id on the relation (decision 077), the main flows
 * of all of them in one pass over the table (`distinct on`), not one lateral read per relation, which on
 * small tables is a scan of the table per relation. `ids` is an int[] expression.
 */
function relationsOfIdsSql(ids: string): string {
  return `
  select ${RELATION_COLUMNS}
  from relation r
  left join organization o on o.id = r.organization_id
  left join location ml on ml.id = r.main_location_id
  left join (
    select distinct on (f.relation_id) f.relation_id, f.id, f.flow_status
    from flow f join relation fr on fr.id = f.relation_id
    where f.relation_id = any(${ids}) and f.deleted_at is null and f.merged_into_flow_id is null
    order by f.relation_id, f.id = fr.flow_id desc nulls last, f.id desc
  ) mf on mf.relation_id = r.id
  where r.id = any(${ids})`;
}
/**
 * One id reads with `= $1`, several with `= any($1)`: PostgreSQL prices a generic plan of `any($1)` for
 * ten elements, so for a single id it keeps planning the statement anew on every run (about a
 * millisecond of its CPU for this one); with `= $1` its plan cache settles on one plan.
 */
const RELATIONS_BY_ID_SQL = relationsOfIdsSql('$1::int[]');
const RELATION_BY_ID_SQL = `${RELATIONS_SQL} where r.id = $1`;
/** The relation of a flow (live or trashed), for the flow detail's one round trip. */
const RELATION_OF_FLOW_SQL = `${RELATIONS_SQL} where r.id = (select relation_id from flow where id = $1)`;

/**
 * Relations by id, in the order given, skipping ids that are not the company's. One statement (a
 * list and every detail read it): the organization's name, the main location (is_main first, then
 * the oldest) and the main flow (the chosen `flow_id` while it is live, else the newest live flow).
 */
export async function loadRelations(tx: Tx, ids: readonly number[]): Promise<Relation[]> {
  if (ids.length === 0) return [];
  const [relations] = await rawReads(tx, [relationsRead(ids)]);
  return relations;
}

/** The read of `loadRelations`, for a detail that reads its sections in one round trip. */
export function relationsRead(ids: readonly number[]): RawRead<Relation[]> {
  return {
    ...(ids.length === 1
      ? { text: RELATION_BY_ID_SQL, values: [ids[0]] }
      : { text: RELATIONS_BY_ID_SQL, values: [ids] }),
    map: (rows: RelationRow[]) => inOrder(ids, rows),
  };
}

/** The relation of a flow (live or trashed); none when the flow is not the company's. */
export function relationOfFlowRead(flowId: number): RawRead<Relation | undefined> {
  return {
    text: RELATION_OF_FLOW_SQL,
    values: [flowId],
    map: (rows: RelationRow[]) => (rows[0] ? toRelation(rows[0]) : undefined),
  };
}

/**
 * The text of a page of relations in one statement: `pageSql` answers one row, the page's ids in order
 * (`ids`) and the total (`n`); the relations follow it, one row each (one row of nulls for an empty page).
 */
export function relationPageSql(pageSql: string): string {
  return `with page as materialized (${pageSql})
    select page.n as page_total, page.ids as page_ids, rel.* from page
    left join lateral (${relationsOfIdsSql('page.ids')}) rel on true`;
}

/** A page read with a text of `relationPageSql`. */
export function relationPageRead(
  text: string,
  values: unknown[],
): RawRead<{ ids: number[]; total: number; relations: Relation[] }> {
  return {
    text,
    values,
    map: (rows: (RelationRow & { page_total: number; page_ids: number[] })[]) => {
      const ids = rows[0]?.page_ids ?? [];
      return { ids, total: rows[0]?.page_total ?? 0, relations: inOrder(ids, rows) };
    },
  };
}

/** The relations of `ids` in that order, skipping ids without a row (not the company's). */
function inOrder(ids: readonly number[], rows: RelationRow[]): Relation[] {
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => {
    const r = byId.get(id);
    return r ? [toRelation(r)] : [];
  });
}

function toRelation(r: RelationRow): Relation {
  return {
    id: r.id,
    name: r.name,
    nameprefix: r.nameprefix,
    surname: r.surname,
    fullname: r.fullname ?? '',
    email: r.email,
    phone: r.phone,
    mobile: r.mobile,
    country: r.country,
    lead_source: r.lead_source,
    buyer_reference: r.buyer_reference,
    order_reference: r.order_reference,
    flowprofile_id: r.flowprofile_id,
    organization_id: r.organization_id,
    organization:
      r.organization_id && r.org_name !== null ? { id: r.organization_id, name: r.org_name } : null,
    flow_id: r.main_flow_id,
    flow_status: r.main_flow_status as FlowStatus | null,
    lat: r.lat,
    lng: r.lng,
    address: mainLocationAddress(r),
    created_at: isoFast(r.created_at),
    updated_at: isoFast(r.updated_at),
    deleted_at: isoFastOrNull(r.deleted_at),
  };
}
