import { fullAddress, type RelationQuery } from '@im/domain';
import { and, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import { readPlan, runPlan, type Tx } from '../../platform/db/database';
import { sortKey, sortOrder } from '../../platform/db/paginate';
import { flow } from '../../platform/db/tables/flows.schema';
import { relation } from '../../platform/db/tables/relations.schema';
import { currentCompanyIdSql } from '../../platform/db/tenancy-sql';
import { loadRelations, relationPageRead, relationPageSql } from '../flows';

export { SEARCH_TOO_SHORT } from '@im/domain';

// Every key but deleted_at has a (company_id, key, id) index over live relations (relations.schema.ts).
const SORT_COLUMNS = {
  id: relation.id,
  fullname: relation.fullname,
  surname: relation.surname,
  email: relation.email,
  city: relation.mainCity,
  created_at: relation.createdAt,
  updated_at: relation.updatedAt,
  lead_source: relation.leadSource,
};
const TRASH_SORT_COLUMNS = { ...SORT_COLUMNS, deleted_at: relation.deletedAt };
/** The sort keys as relation_page_ids() names the columns. */
const PAGE_SORT_COLUMN: Record<keyof typeof TRASH_SORT_COLUMNS, string> = {
  id: 'id',
  fullname: 'fullname',
  surname: 'surname',
  email: 'email',
  city: 'main_city',
  created_at: 'created_at',
  updated_at: 'updated_at',
  lead_source: 'lead_source',
  deleted_at: 'deleted_at',
};

const MAX_WORDS = 8;

/**
 * LIKE patterns on `relation.search_text` (lower case, words after a space): every typed word must
 * occur (`contains`) or start a word (`prefix`). `\`, `%` and `_` the user types match literally.
 */
export function searchPatterns(text: string, mode: 'contains' | 'prefix'): string[] {
  return text
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, MAX_WORDS)
    .map((w) => w.replace(/[\\%_]/g, (c) => `\\${c}`))
    .map((w) => (mode === 'contains' ? `%${w}%` : `% ${w}%`));
}

/**
 * Ids of the company's relations matching the patterns, from the trigram index through
 * `relation_search_ids()` (see the migration crm_relations_extra: under row-level security LIKE
 * cannot use the index directly).
 */
export function matchingIds(patterns: string[], trashed: boolean): SQL {
  const list = sql.join(
    patterns.map((p) => sql`${p}`),
    sql`, `,
  );
  return sql`relation_search_ids(array[${list}]::text[], ${trashed})`;
}

/** The page's ids in order, the total and the page's relations: one statement of a fixed text. */
const RELATION_PAGE_SQL = relationPageSql(`select
  array(select id from relation_page_ids($1::text[], $2, $3, $4, $5::int, $6::int) order by n) as ids,
  relation_count($1::text[], $2)::int as n`);

/**
 * A page of live (or trashed) relations: searched on name, e-mail, street, postcode and city, sorted
 * on a whitelisted column and counted exactly. Page and count come from relation_page_ids() and
 * relation_count() (migration crm_relations_extra_search, docs/decisions/007): they apply the tenant
 * rule themselves, so the trigram and (company_id, column) indexes serve them without a policy check per
 * row. The partner filter, which narrows a lot, runs as an ordinary query under row-level security.
 */
export async function queryRelations(tx: Tx, q: RelationQuery, which: 'live' | 'trashed') {
  const plan = relationPagePlan(q, which);
  return plan ? runPlan(tx, plan) : queryPartnerRelations(tx, q, which);
}

/**
 * The page as one read (every filter but the partner's): `tenantReads` runs it with the set-up in one
 * round trip. Undefined for a partner filter, which needs `queryRelations`.
 */
export function relationPagePlan(q: RelationQuery, which: 'live' | 'trashed') {
  if (q.partnerId !== undefined) return undefined;
  const trashed = which === 'trashed';
  const text = q.query?.trim();
  const patterns = text ? searchPatterns(text, 'contains') : [];
  const { key, descending } = sortKey<keyof typeof TRASH_SORT_COLUMNS>(
    q.sort || (trashed ? '-deleted_at' : 'created_at'),
    (trashed ? TRASH_SORT_COLUMNS : SORT_COLUMNS) as Record<keyof typeof TRASH_SORT_COLUMNS, unknown>,
    'created_at',
  );
  return readPlan(
    [
      relationPageRead(RELATION_PAGE_SQL, [
        patterns,
        trashed,
        PAGE_SORT_COLUMN[key],
        descending,
        q.limit,
        q.offset,
      ]),
    ],
    ([page]) => ({
      data: page.relations,
      pagination: { total: page.total, offset: q.offset, limit: q.limit },
    }),
  );
}

async function queryPartnerRelations(tx: Tx, q: RelationQuery, which: 'live' | 'trashed') {
  const trashed = which === 'trashed';
  const text = q.query?.trim();
  const patterns = text ? searchPatterns(text, 'contains') : [];
  const columns = trashed ? TRASH_SORT_COLUMNS : SORT_COLUMNS;
  const order = sortOrder(
    q.sort || (trashed ? '-deleted_at' : 'created_at'),
    columns,
    'created_at',
    relation.id,
  );
  const pagination = { offset: q.offset, limit: q.limit };
  const where = and(
    sql`${relation.companyId} = ${currentCompanyIdSql}`,
    trashed ? isNotNull(relation.deletedAt) : isNull(relation.deletedAt),
    patterns.length > 0 ? sql`${relation.id} in (select ${matchingIds(patterns, trashed)})` : undefined,
    sql`exists (select 1 from ${flow} where ${flow.relationId} = ${relation.id}
        and ${flow.partnerId} = ${q.partnerId} and ${flow.deletedAt} is null)`,
  );
  const page = await tx
    .select({ id: relation.id })
    .from(relation)
    .where(where)
    .orderBy(...order)
    .limit(q.limit)
    .offset(q.offset);
  const [count] = await tx.select({ n: sql<number>`count(*)::int` }).from(relation).where(where);
  return {
    data: await loadRelations(
      tx,
      page.map((r) => r.id),
    ),
    pagination: { total: count!.n, ...pagination },
  };
}

const TYPEAHEAD_CANDIDATES = 50;
const TYPEAHEAD_LIMIT = 10;

interface TypeaheadRow {
  id: number;
  fullname: string | null;
  email: string;
  address: string | null;
  number: string;
  numberAddition: string;
  postcode: string;
  city: string;
  country: string;
}

// One fixed-text statement (a hot call, decision 014): the candidates from the trigram index through
// relation_search_ids(), then each one's main location (is_main first, then the oldest), joined by the
// relation's main_location_id (decision 077). The candidate count and the limit are part of the text,
// not parameters: with a parameter for the limit PostgreSQL prices its generic plan for a tenth of the
// table and so plans the statement anew on every run.
const TYPEAHEAD_SQL = `select r.id, r.fullname, r.email, ml.address, ml.number, ml.number_addition as "numberAddition",
    ml.postcode, ml.city, ml.country
  from relation r
  left join location ml on ml.id = r.main_location_id
  where r.company_id = nullif(current_setting('app.company_id', true), '')::integer and r.deleted_at is null
    and r.id in (select relation_search_ids($1::text[], false, ${TYPEAHEAD_CANDIDATES}))
  order by lower(r.fullname) like $2 desc, r.fullname asc, r.id asc
  limit ${TYPEAHEAD_LIMIT}`;

/** The typeahead in a transaction of its own (`searchRelationsPlan`). */
export async function searchRelations(tx: Tx, query: string) {
  return runPlan(tx, searchRelationsPlan(query));
}

/**
 * The typeahead as a read plan (`tenantReads` runs it with the set-up in one round trip): live relations
 * where every typed word starts a word of the name, e-mail or main address; full-name prefix matches
 * first, then by name. At most TYPEAHEAD_LIMIT (10).
 */
export function searchRelationsPlan(query: string) {
  const patterns = searchPatterns(query, 'prefix');
  const first = query
    .trim()
    .toLowerCase()
    .replace(/[\\%_]/g, (c) => `\\${c}`);
  return readPlan(
    [
      {
        text: TYPEAHEAD_SQL,
        values: [patterns, `${first}%`],
        map: (rows: TypeaheadRow[]) =>
          rows.map((r) => ({
            id: r.id,
            fullname: r.fullname ?? '',
            address: r.address === null ? '' : fullAddress({ ...r, address: r.address }),
            email: r.email,
          })),
      },
    ],
    ([hits]) => hits,
  );
}
