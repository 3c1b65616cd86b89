import {
  type AvailableDocuments,
  FLOW_STATUSES,
  type FlowStatus,
  fullAddress,
  type PaginationQuery,
  type PartnerProjectFilterOptions,
  type ProjectFlow,
  type ProjectFlowFilters,
  type ProjectFlowPage,
  PARTNER_PROJECT_TEXTS as T,
} from '@im/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/database';
import { epochMs, isoFast } from '../../platform/db/iso';
import { containsPattern } from '../../platform/db/paginate';
import { validationError } from '../../platform/errors';
import { PROJECT_FLOW_SQL } from './project-flow-sql';

interface FlowRow extends Record<string, unknown> {
  id: number;
  number: number;
  description: string;
  flow_status: FlowStatus;
  flow_phase_id: number | null;
  flow_phase_description: string | null;
  type: string;
  tags: string[];
  relation_id: number;
  relation_fullname: string;
  updated_at: number;
  address: string | null;
  house: string | null;
  number_addition: string | null;
  postcode: string | null;
  city: string | null;
  country: string | null;
}

/** The conditions of the cockpit's list: the project's flows (PROJECT_FLOW_SQL) narrowed by the filters. */
function whereOf(projectId: number, q: ProjectFlowFilters): SQL {
  const conditions: SQL[] = [sql`p.id = ${projectId}`, PROJECT_FLOW_SQL];
  const text = q.query?.trim();
  if (text) conditions.push(sql`f.search_text ilike ${containsPattern(text)}`);
  if (q.status) conditions.push(sql`f.flow_status = ${q.status}`);
  if (q.flow_phase_id) conditions.push(sql`f.flow_phase_id = ${q.flow_phase_id}`);
  if (q.type) conditions.push(sql`f.type = ${q.type}`);
  if (q.tag) conditions.push(sql`f.tags @> array[${q.tag}]::text[]`);
  if (q.flow_id) conditions.push(sql`f.id = ${q.flow_id}`);
  return sql.join(conditions, sql` and `);
}

const FROM = sql`from partner_project p join flow f on f.company_id = p.company_id and f.partner_project_id = p.id`;

/** A page of the project's flows by number (the cockpit; partner users read the same list). */
export async function queryProjectFlows(
  tx: Tx,
  projectId: number,
  q: PaginationQuery & ProjectFlowFilters,
): Promise<ProjectFlowPage> {
  const where = whereOf(projectId, q);
  const page = await tx.execute<FlowRow>(sql`
    select f.id, f.number, f.description, f.flow_status, f.flow_phase_id, ph.description as flow_phase_description,
      f.type, f.tags, f.relation_id, f.relation_fullname, ${epochMs(sql`f.updated_at`)} as updated_at,
      l.address, l.number as house, l.number_addition, l.postcode, l.city, l.country
    ${FROM}
    left join flow_phase ph on ph.id = f.flow_phase_id
    left join lateral (select * from location l
      where l.id = f.location_id or (f.location_id is null and l.relation_id = f.relation_id)
      order by l.is_main desc, l.id limit 1) l on true
    where ${where} order by f.number, f.id limit ${q.limit} offset ${q.offset}`);
  const count = await tx.execute<{ n: number }>(sql`select count(*)::int as n ${FROM} where ${where}`);
  return {
    data: page.rows.map(
      (r): ProjectFlow => ({
        id: r.id,
        number: r.number,
        description: r.description,
        flow_status: r.flow_status,
        flow_phase_id: r.flow_phase_id,
        flow_phase_description: r.flow_phase_description,
        type: r.type,
        tags: r.tags,
        relation_id: r.relation_id,
        relation_fullname: r.relation_fullname,
        address:
          r.address === null
            ? ''
            : fullAddress({
                address: r.address,
                number: r.house ?? '',
                numberAddition: r.number_addition ?? '',
                postcode: r.postcode ?? '',
                city: r.city ?? '',
                country: r.country ?? '',
              }),
        updated_at: isoFast(r.updated_at),
      }),
    ),
    pagination: { total: count.rows[0]!.n, offset: q.offset, limit: q.limit },
  };
}

/**
 * The flows a bulk action takes: the ticked ids that are the project's (others are ignored: the answer says
 * how many were taken), or every flow matching the filters. None: the spec's no-selection error.
 */
export async function resolveSelection(
  tx: Tx,
  projectId: number,
  selection: { selectedFlowIds?: number[]; allMatching?: ProjectFlowFilters },
): Promise<number[]> {
  const conditions = [whereOf(projectId, selection.allMatching ?? {})];
  if (!selection.allMatching) {
    const ids = [...new Set(selection.selectedFlowIds ?? [])];
    if (ids.length === 0) throw validationError(T.noFlowsSelected, { selectedFlowIds: [T.noFlowsSelected] });
    conditions.push(sql`f.id = any(${`{${ids.join(',')}}`}::int[])`);
  }
  const rows = await tx.execute<{ id: number }>(
    sql`select f.id ${FROM} where ${sql.join(conditions, sql` and `)} order by f.number, f.id limit 50001`,
  );
  if (rows.rows.length > 50_000) throw validationError(T.tooManyFlows, { selectedFlowIds: [T.tooManyFlows] });
  if (rows.rows.length === 0)
    throw validationError(T.noFlowsSelected, { selectedFlowIds: [T.noFlowsSelected] });
  return rows.rows.map((r) => r.id);
}

/** getFilterOptions: the statuses, phases, types and tags the project's flows have. */
export async function projectFilterOptions(tx: Tx, projectId: number): Promise<PartnerProjectFilterOptions> {
  const where = whereOf(projectId, {});
  const statuses = await tx.execute<{ s: string }>(
    sql`select distinct f.flow_status as s ${FROM} where ${where}`,
  );
  const phases = await tx.execute<{ id: number; description: string; flowstage: string }>(sql`
      select ph.id, ph.description, ph.flowstage from flow_phase ph
      where ph.id in (select f.flow_phase_id ${FROM} where ${where}) order by ph.flowstage, ph."order", ph.id`);
  const types = await tx.execute<{ t: string }>(
    sql`select distinct f.type as t ${FROM} where ${where} and f.type <> '' order by 1`,
  );
  const tags = await tx.execute<{ t: string }>(
    sql`select distinct unnest(f.tags) as t ${FROM} where ${where} order by 1`,
  );
  const used = new Set(statuses.rows.map((r) => r.s));
  return {
    statusses: FLOW_STATUSES.filter((s) => used.has(s)),
    flowPhases: phases.rows,
    types: types.rows.map((r) => r.t),
    tags: tags.rows.map((r) => r.t),
  };
}

/** getUsedFlowTypes: the flow types of the project's flows with how many flows have each. */
export async function usedFlowTypes(tx: Tx, projectId: number) {
  const rows = await tx.execute<{ type: string; count: number }>(sql`
    select f.type, count(*)::int as count ${FROM} where ${whereOf(projectId, {})} group by f.type order by f.type`);
  return rows.rows;
}

/** getUsedVerticalsInFlows: the forms (verticals) filled in on the project's flows, with counts. */
export async function usedVerticals(tx: Tx, projectId: number) {
  const rows = await tx.execute<{ id: number; name: string; count: number }>(sql`
    select v.id, v.name, count(distinct i.flow_id)::int as count
    from flow_data_item i join vertical v on v.id = i.vertical_id
    where i.flow_id in (select f.id ${FROM} where ${whereOf(projectId, {})})
    group by v.id, v.name order by v.name, v.id`);
  return rows.rows;
}

/** getAvailableDocuments: the documents and filled-in forms of one flow a bulk copy can take. */
export async function availableDocuments(tx: Tx, flowId: number): Promise<AvailableDocuments> {
  const docs = await tx.execute<AvailableDocuments['documents'][number]>(sql`
      select d.id, d.kind as type, d.title, d.number, d.status, d.flow_id from sales_document d
      where d.flow_id = ${flowId} and d.deleted_at is null and not d.is_template
        and d.kind in ('quotation', 'confirmation', 'invoice', 'document')
      order by d.kind, d.id`);
  const items = await tx.execute<AvailableDocuments['flowdataitems'][number]>(sql`
      select i.id, i.vertical_id, v.name as vertical_name, i.status, i.flow_id
      from flow_data_item i join vertical v on v.id = i.vertical_id
      where i.flow_id = ${flowId} order by v.name, i.id`);
  return { documents: docs.rows, flowdataitems: items.rows };
}

/** getDocumentsFromFlows: the documents on the project's flows (newest 500), what a combine would take. */
export async function documentsFromFlows(tx: Tx, projectId: number) {
  const rows = await tx.execute<AvailableDocuments['documents'][number]>(sql`
    select d.id, d.kind as type, d.title, d.number, d.status, d.flow_id from sales_document d
    where d.flow_id in (select f.id ${FROM} where ${whereOf(projectId, {})})
      and d.deleted_at is null and not d.is_template and d.kind in ('quotation', 'confirmation', 'invoice', 'document')
    order by d.id desc limit 500`);
  return rows.rows;
}
