import type { FlowStatus } from '@im/domain';
import {
  fullName,
  PIPELINE_COLUMNS,
  type Pipeline,
  type PipelineLead,
  type PipelineQuery,
  type PipelineSort,
} from '@im/domain';
import { type SQL, sql } from 'drizzle-orm';
import { cachedReads, type RawRead, type ReadPlan, readPlan, sqlRead } from '../../platform/db/database';
import { epochMs, isoFast, isoFastOrNull } from '../../platform/db/iso';
import { type FlowFilters, flowWhere, hasText, TEXT_QUERY_CAP, tallyWhere, toFilters } from '../flows';

/** ORDER BY per sort option; weighted turnover is 0 until quotations exist, so it ties on stage start. */
const ORDER: Record<PipelineSort, string> = {
  updated_desc: 'f.updated_at desc, f.id desc',
  updated_asc: 'f.updated_at asc, f.id asc',
  created_desc: 'f.created_at desc, f.id desc',
  created_asc: 'f.created_at asc, f.id asc',
  flowstage_asc: 'f.flowstage_start_at asc, f.id asc',
  flowstage_desc: 'f.flowstage_start_at desc, f.id desc',
  turnover_desc: 'f.flowstage_start_at asc, f.id asc',
  turnover_asc: 'f.flowstage_start_at asc, f.id asc',
  name_asc: 'f.relation_fullname asc, f.id asc',
  name_desc: 'f.relation_fullname desc, f.id desc',
};

type ColumnTotal = { total: number; capped: boolean };

/** Column totals: from the tally, or (text query) counted per column up to the cap. */
function columnTotalsRead(f: FlowFilters): RawRead<ColumnTotal[]> {
  if (!hasText(f)) {
    return sqlRead(
      sql`select t.flow_status, sum(t.n)::int as n from flow_tally t where ${tallyWhere(f)} group by 1`,
      (rows: { flow_status: string; n: number }[]) => {
        const byStatus = new Map(rows.map((r) => [r.flow_status, r.n]));
        return PIPELINE_COLUMNS.map((c) => ({
          total: c.statuses.reduce((s, st) => s + (byStatus.get(st) ?? 0), 0),
          capped: false,
        }));
      },
    );
  }
  const counts = sql.join(
    PIPELINE_COLUMNS.map(
      (c) =>
        sql`(select count(*)::int from (select 1 from flow_read f
          where ${flowWhere({ ...f, statuses: [...c.statuses] })} limit ${TEXT_QUERY_CAP + 1}) s)`,
    ),
    sql`, `,
  );
  return sqlRead(sql`select array[${counts}] as n`, (rows: { n: number[] }[]) =>
    rows[0]!.n.map((n) => ({ total: Math.min(n, TEXT_QUERY_CAP), capped: n > TEXT_QUERY_CAP })),
  );
}

interface RawLead extends Record<string, unknown> {
  id: number;
  col: number;
  flow_status: string;
  flow_phase_id: number | null;
  type: string;
  tags: string[];
  lead_source: string;
  user_id: number | null;
  date_lead: number | null;
  updated_at: number;
  flowstage_start_at: number;
  relation_fullname: string;
  description: string;
  amount_inc_vat: string | null;
  partner: string | null;
  partner_project: string | null;
  /** [value, unit] per KPI and unit, in KPI order; null without any. */
  kpi_values: [number, string][] | null;
}

/**
 * The KPI values of the page's cards (decision 067), in the same statement as their amounts: the lines of the
 * calculation each card's amount comes from (`amounts`) with their effective quantity as the calculation engine
 * counts it (a sub-line's amount is per unit of its parent, lines under a header are grouped, not multiplied; a
 * line counts when it and its parents are selected and it is no header), times the product's kpi_value, summed
 * per KPI setting (kpi_products, kpi_products2, kpi_products3) and the product's kpi_unit. Zero sums are left
 * out. The recursion walks down from each calculation's top lines by the calculationitem_id index, at most
 * KPI_DEPTH levels deep (the editor nests far less).
 */
const KPI_DEPTH = 8;
const KPI_CTES = sql.raw(`
    kpi_set as (
      select s.company_id, k.kpi, (k.product_id #>> '{}')::int as product_id
      from company_settings s
      cross join lateral (
        select 1 as kpi, e from jsonb_array_elements(s.kpi_products) e
        union all select 2, e from jsonb_array_elements(s.kpi_products2) e
        union all select 3, e from jsonb_array_elements(s.kpi_products3) e) k(kpi, product_id)
      where s.company_id in (select company_id from amounts)),
    lines as (
      select a.flow_id, a.company_id, i.id, i.product_id, i.item_type, i.product_amount::numeric as qty,
        case when i.item_type = 'header' then 1::numeric else i.product_amount::numeric end as base,
        i.selected as live, 1 as depth
      from amounts a join calculation_item i on i.calculation_id = a.calculation_id and i.calculationitem_id is null
      union all
      select p.flow_id, p.company_id, i.id, i.product_id, i.item_type, i.product_amount * p.base,
        case when i.item_type = 'header' then p.base else i.product_amount * p.base end,
        p.live and i.selected, p.depth + 1
      from lines p join calculation_item i on i.calculationitem_id = p.id
      where p.depth < ${KPI_DEPTH}),
    kpi_sums as (
      select l.flow_id, k.kpi, pr.kpi_unit as unit, sum(l.qty * pr.kpi_value) as value
      from lines l
      join kpi_set k on k.company_id = l.company_id and k.product_id = l.product_id
      join product pr on pr.id = l.product_id and pr.company_id = l.company_id
      where l.live and l.item_type <> 'header' and pr.kpi_value is not null
      group by 1, 2, 3
      having sum(l.qty * pr.kpi_value) <> 0),
    kpi_values as (
      select flow_id, json_agg(json_build_array(value::float8, unit) order by kpi, unit) as kpi_values
      from kpi_sums group by flow_id)`);

/**
 * The first `limit` flows of each column in the chosen order. Each status of a column is read on its
 * own (an index range for the default order), the column's statuses merged after; one heap visit per card.
 * Each card's amount is read for the whole page in one pass (`amounts`, decision 033): the calculations of
 * the page's flows with the document each belongs to, the latest live quotation's first, else the latest
 * calculation that no cancelled or deleted document holds, nor a generic document (a delivery report or
 * work order is no price).
 */
function columnLeadsRead(f: FlowFilters, sort: PipelineSort, limit: number): RawRead<RawLead[]> {
  const order = sql.raw(ORDER[sort]);
  const perStatus: SQL[] = PIPELINE_COLUMNS.flatMap((c, col) =>
    c.statuses.map(
      (status) =>
        sql`(select ${col}::int as col, f.id, f.flow_status, f.flow_phase_id, f.type, f.tags, f.lead_source,
            f.user_id, f.created_at, f.updated_at, f.flowstage_start_at, f.relation_fullname, f.description,
            f.partner_id, f.partner_project_id
          from flow_read f where ${flowWhere({ ...f, statuses: [status] })} order by ${order} limit ${limit})`,
    ),
  );
  return sqlRead(
    sql`
    with recursive picked as (${sql.join(perStatus, sql` union all `)}),
    ranked as (select f.*, row_number() over (partition by f.col order by ${order}) as ord from picked f),
    page as materialized (select * from ranked f where f.ord <= ${limit}),
    amounts as materialized (
      select distinct on (c.flow_id) c.flow_id, c.id as calculation_id, c.company_id,
        c.amount_inc_vat::text as amount
      from calculation c
      left join sales_document d on d.flow_id = c.flow_id and d.calculation_id = c.id and not d.is_template
      where c.flow_id in (select id from page) and not c.is_template
        and (d.id is null or (d.deleted_at is null and d.status <> 'cancelled' and d.kind <> 'document'))
      order by c.flow_id, case when d.kind = 'quotation' then d.id end desc nulls last, c.id desc),
    ${KPI_CTES}
    select f.id, f.col, f.flow_status, f.flow_phase_id, f.type, f.tags, f.lead_source, f.user_id,
      ${epochMs(sql`ld.date_lead`)} as date_lead, ${epochMs(sql`f.updated_at`)} as updated_at,
      ${epochMs(sql`f.flowstage_start_at`)} as flowstage_start_at, f.relation_fullname, f.description,
      a.amount as amount_inc_vat, pa.name as partner, pp.label as partner_project, k.kpi_values
    from page f
    -- Per card by its unique index: a hash join would read every company's lead dates.
    left join lateral (select date_lead from lead where flow_id = f.id limit 1) ld on true
    left join amounts a on a.flow_id = f.id
    -- The card's partner and partner project by their primary keys (RLS keeps them the company's).
    left join partner pa on pa.id = f.partner_id
    left join partner_project pp on pp.id = f.partner_project_id
    left join kpi_values k on k.flow_id = f.id
    order by f.col, f.ord`,
    (rows: RawLead[]) => rows,
  );
}

// The company's phases and users (RLS keeps it to the company): one statement of a fixed text.
const NAMES_SQL = `select 'p' as kind, id, description as name, '' as nameprefix, '' as surname from flow_phase
  union all select 'u', id, name, nameprefix, surname from "user"`;

interface Names {
  phases: Map<number, string>;
  users: Map<number, string>;
}

/** Phase descriptions and user names of the company: few rows, read once instead of joined per card. */
const namesRead: RawRead<Names> = {
  text: NAMES_SQL,
  values: [],
  map: (rows: { kind: 'p' | 'u'; id: number; name: string; nameprefix: string; surname: string }[]) => {
    const phases = new Map<number, string>();
    const users = new Map<number, string>();
    for (const r of rows) {
      if (r.kind === 'p') phases.set(r.id, r.name);
      else users.set(r.id, fullName(r));
    }
    return { phases, users };
  },
};

function toLead(r: RawLead, names: Names): PipelineLead {
  return {
    id: r.id,
    flow_id: r.id,
    flow_status: r.flow_status as FlowStatus,
    flow_phase_id: r.flow_phase_id,
    flow_phase_description: r.flow_phase_id === null ? null : (names.phases.get(r.flow_phase_id) ?? null),
    flow_type: r.type,
    flow_tags: r.tags,
    flow_lead_source: r.lead_source,
    partner: r.partner,
    partner_project: r.partner_project,
    user_fullname: r.user_id === null ? '' : (names.users.get(r.user_id) ?? ''),
    date_lead: isoFastOrNull(r.date_lead),
    updated_at: isoFast(r.updated_at),
    flowstage_start_at: isoFast(r.flowstage_start_at),
    relation_fullname: r.relation_fullname,
    flow_description: r.description,
    turnover_weighted: 0,
    amount_inc_vat: r.amount_inc_vat,
    kpi_values: r.kpi_values === null ? [] : r.kpi_values.map(([value, unit]) => ({ value, unit })),
    current_start_date: null,
    current_end_date: null,
  };
}

/**
 * The lead pipeline board (a column per status with its total and its first `limit` flows) as three reads
 * (totals, cards, names) that `tenantReads` runs in one round trip.
 */
export function leadPipelinePlan(q: PipelineQuery): ReadPlan<Pipeline> {
  const filters = toFilters(q, null);
  return readPlan(
    [totalsOf(filters), leadsOf({ filters, sort: q.sort, limit: q.limit }), namesRead],
    ([totals, leads, names]) => board(totals, leads, names),
  );
}

// The board's statements for the filters, sort and limit used last (its cards are ten subqueries, one per
// status, that drizzle built and rendered on every request: docs/decisions/014).
const PIPELINE_SHAPES = 200;
const totalsOf = cachedReads(PIPELINE_SHAPES, columnTotalsRead);
const leadsOf = cachedReads(
  PIPELINE_SHAPES,
  (k: { filters: FlowFilters; sort: PipelineSort; limit: number }) =>
    columnLeadsRead(k.filters, k.sort, k.limit),
);

function board(totals: ColumnTotal[], leads: RawLead[], names: Names): Pipeline {
  const byColumn = PIPELINE_COLUMNS.map(() => [] as PipelineLead[]);
  for (const r of leads) byColumn[r.col]!.push(toLead(r, names));
  return {
    columns: PIPELINE_COLUMNS.map((c, i) => ({
      flow_status: c.flow_status as Pipeline['columns'][number]['flow_status'],
      total: totals[i]!.total,
      total_capped: totals[i]!.capped,
      leads: byColumn[i]!,
    })),
  };
}
