import {
  type EverythingSearchQuery,
  findsIncidentsOfOthers,
  SEARCH_SIMILAR_MIN,
  type SearchAnswer,
  type SearchHit,
  type SearchKind,
  searchKindsFor,
  searchTerms,
} from '@im/domain';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/database';

/** Marks around a matched word in ts_headline's snippet; removed from the text first. */
const MARK_START = '\u27E6';
const MARK_END = '\u27E7';

export interface Searcher {
  userId: number;
  role: number;
  modules: ReadonlySet<string>;
}

interface HitRow extends Record<string, unknown> {
  kind: SearchKind;
  id: number;
  title: string;
  headline: string;
  flow_id: number | null;
  flow_number: number | null;
  relation_id: number | null;
  relation_name: string | null;
  organization_id: number | null;
  organization_name: string | null;
  number: number | null;
  intake_id: number | null;
  project_id: number | null;
  vertical_id: number | null;
  sender: 'relation' | 'user' | null;
  updated_at: string;
  rn: number;
}

/** The tsquery text: every word must occur; words match as a prefix unless exact (numbers, postcodes, e-mail). */
function tsqueryText(query: string): { tsquery: string; names: string } {
  const terms = searchTerms(query);
  const tsquery = terms
    .map((t) => {
      const text = t.text.replace(/[^\p{L}\p{N}@._+-]/gu, '');
      return text ? `'${text}'${t.exact ? '' : ':*'}` : '';
    })
    .filter(Boolean)
    .join(' & ');
  const words = terms.filter((t) => !/^\d/.test(t.text) && !t.text.includes('@')).map((t) => t.text);
  // Typo tolerance is for names: a short word ('dak') is not a name to misspell, and costs a scan of titles.
  const names = words.join('').length >= SEARCH_SIMILAR_MIN ? words.join(' ') : '';
  return { tsquery, names };
}

/** Splits ts_headline's marked text into parts, the matched words flagged. */
export function snippetParts(headline: string): SearchHit['snippet'] {
  const parts: SearchHit['snippet'] = [];
  for (const [i, piece] of headline.split(MARK_START).entries()) {
    if (i === 0) {
      if (piece) parts.push({ text: piece, hit: false });
      continue;
    }
    const end = piece.indexOf(MARK_END);
    const hit = end === -1 ? piece : piece.slice(0, end);
    const rest = end === -1 ? '' : piece.slice(end + MARK_END.length);
    if (hit) parts.push({ text: hit, hit: true });
    if (rest) parts.push({ text: rest, hit: false });
  }
  return parts;
}

/**
 * One search over the company's case files (decision 055). Without `kind`: the best hits of every kind the
 * user may open, `limit` of each; with `kind`: a page of that kind (`offset`, `limit`).
 * One statement: each kind's page of matches (search_matches(), migration 0062, decision 075), with their
 * display fields; names (titles) that look like the typed words match too ('Janssen' for 'jansen', pg_trgm
 * at 0.5) when the words find nothing.
 */
export async function searchEverything(
  tx: Tx,
  query: EverythingSearchQuery,
  who: Searcher,
): Promise<SearchAnswer> {
  const allowed = searchKindsFor(who);
  const kinds = query.kind ? allowed.filter((k) => k === query.kind) : allowed;
  const { tsquery, names } = tsqueryText(query.query);
  if (kinds.length === 0 || (!tsquery && !names)) return { groups: [] };
  const perKind = query.limit;
  const offset = query.kind ? query.offset : 0;
  const allIncidents = findsIncidentsOfOthers(who.role);

  // Each kind's page comes ranked from search_matches() (migrations 0049 and 0062); the display fields of
  // those few rows are read here by key, each in its own lateral lookup. Row-level security does not let
  // `rel.id = coalesce(…)` use the index (it read all 200,000 relations per hit): the ids are computed
  // first (`offset 0` keeps them apart), then looked up.
  const result = await tx.execute<HitRow>(sql`
    with q as (select to_tsquery('dutch', ${tsquery}) as ts)
    select r.kind, r.entity_id as id, r.title, r.rn,
      case when r.body = '' then '' else ts_headline('dutch', translate(r.body, ${MARK_START + MARK_END}, ''), q.ts,
        ${`StartSel=${MARK_START}, StopSel=${MARK_END}, MaxWords=24, MinWords=8, MaxFragments=2, FragmentDelimiter=" … "`})
      end as headline,
      r.flow_id, f.number as flow_number,
      rel_ref.id as relation_id, rel.fullname as relation_name,
      org_ref.id as organization_id, org.name as organization_name,
      d.number, fd.intake_id, fd.project_id, fd.vertical_id,
      case when m.sendable_type in ('relation', 'user') then m.sendable_type end as sender,
      r.updated_at::text as updated_at
    from q cross join search_matches(q.ts, ${names}::text,
      ${sql.raw(`ARRAY[${kinds.map((k) => `'${k}'`).join(',')}]::text[]`)}, ${allIncidents}::boolean,
      ${who.userId}::int, ${offset}::int, ${perKind}::int) r
    left join lateral (select f.number, f.relation_id from flow f where f.id = r.flow_id offset 0) f on true
    cross join lateral (select coalesce(r.relation_id, f.relation_id) as id offset 0) rel_ref
    left join lateral (select rel.fullname, rel.organization_id from relation rel where rel.id = rel_ref.id offset 0) rel on true
    cross join lateral (select coalesce(r.organization_id, rel.organization_id) as id offset 0) org_ref
    left join lateral (select org.name from organization org where org.id = org_ref.id offset 0) org on true
    left join lateral (select d.number from sales_document d
      where r.kind in ('quotation', 'confirmation', 'document', 'invoice') and d.id = r.entity_id offset 0) d on true
    left join lateral (select fd.intake_id, fd.project_id, fd.vertical_id from flow_data_item fd
      where r.kind = 'flowdataitem' and fd.id = r.entity_id offset 0) fd on true
    left join lateral (select m.sendable_type from message m where r.kind = 'message' and m.id = r.entity_id offset 0) m on true
    order by r.kind, r.rn`);

  const groups = new Map<SearchKind, { hits: SearchHit[]; more: boolean }>();
  for (const row of result.rows) {
    const group = groups.get(row.kind) ?? { hits: [], more: false };
    groups.set(row.kind, group);
    if (row.rn > offset + perKind) {
      group.more = true;
      continue;
    }
    const { headline, rn: _rn, ...hit } = row;
    group.hits.push({ ...hit, snippet: snippetParts(headline ?? '') });
  }
  return {
    groups: kinds
      .filter((k) => groups.has(k))
      .map((kind) => ({ kind, ...(groups.get(kind) ?? { hits: [], more: false }) })),
  };
}
