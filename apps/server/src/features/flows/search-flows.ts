import {
  SEARCH_MIN_CHARS,
  SEARCH_QUERY_TOO_SHORT,
  type SearchResult,
  type zDisplaynameHit,
  type zDisplaynameQuery,
} from '@im/domain';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Tx } from '../../platform/db/database';
import { containsPattern } from '../../platform/db/paginate';
import { validationError } from '../../platform/errors';
import { fullAddress } from '../locations';
import { loadFlowRows } from './flow-dto';
import { flowWhere, parseTextQuery } from './flow-filters';

/** The global search's 'too short' text, stated once in @im/domain (also GET /api/search's). */
export const SEARCH_TOO_SHORT = SEARCH_QUERY_TOO_SHORT;

/** The search words of the global search; 422 below the spec's 3 characters. */
export function searchWords(query: string): string[] {
  const text = query.trim();
  if (text.length < SEARCH_MIN_CHARS) throw validationError(SEARCH_TOO_SHORT, { query: [SEARCH_TOO_SHORT] });
  const { words } = parseTextQuery(text);
  // '12 ab' has no word of 3 characters: search the text as one piece.
  return words.length > 0 ? words.slice(0, 8) : [text.toLowerCase()];
}

interface Located extends Record<string, unknown> {
  address: string | null;
  number: string | null;
  number_addition: string | null;
  postcode: string | null;
  city: string | null;
  country: string | null;
}

function addressText(l: Located): string {
  if (l.address === null) return '';
  return fullAddress({
    address: l.address,
    number: l.number ?? '',
    numberAddition: l.number_addition ?? '',
    postcode: l.postcode ?? '',
    city: l.city ?? '',
    country: l.country ?? '',
  });
}

/** The newest live flows whose search text contains every word. */
export async function searchFlowsFor(tx: Tx, words: string[], limit: number): Promise<SearchResult['flows']> {
  const ids = await tx.execute<{ id: number }>(
    sql`select f.id from flow_read f where ${flowWhere({ statuses: null, words })} order by f.id desc limit ${limit}`,
  );
  const rows = await loadFlowRows(
    tx,
    ids.rows.map((r) => r.id),
  );
  return rows.map((r) => ({
    id: r.id,
    number: r.number,
    description: r.description,
    relation_fullname: r.relation_fullname,
    address: r.address,
    flow_status: r.flow_status,
  }));
}

/** Candidates per hit asked from the relation search, of which the newest are shown. */
const TYPEAHEAD_CANDIDATES = 5;

/**
 * Live relations whose name, e-mail or main address contains every word, newest of the first
 * candidates. The ids come from `relation_search_ids()` (migration 0004: the trigram index under
 * row-level security), which stops after a number of hits rather than sorting all of them.
 */
export async function searchRelationsFor(
  tx: Tx,
  words: string[],
  limit: number,
): Promise<SearchResult['relations']> {
  const patterns = sql.join(
    words.map((w) => sql`${containsPattern(w)}`),
    sql`, `,
  );
  const rows = await tx.execute<Located & { id: number; fullname: string }>(sql`
    select r.id, r.fullname, l.address, l.number, l.number_addition, l.postcode, l.city, l.country
    from (
      select r.id, r.fullname from relation r
      where r.id = any(array(
        select relation_search_ids(array[${patterns}]::text[], false, ${limit * TYPEAHEAD_CANDIDATES}::int)))
      order by r.id desc limit ${limit}
    ) r
    left join lateral (
      select address, number, number_addition, postcode, city, country from location
      where relation_id = r.id order by is_main desc, id limit 1
    ) l on true
    order by r.id desc`);
  return rows.rows.map((r) => ({ id: r.id, fullname: r.fullname ?? '', address: addressText(r) }));
}

/** Live organizations whose name contains every word, by name (through `organization_read`, migration 0005). */
export async function searchOrganizationsFor(
  tx: Tx,
  words: string[],
  limit: number,
): Promise<SearchResult['organizations']> {
  const conditions = sql.join(
    words.map((w) => sql`o.name ilike ${containsPattern(w)}`),
    sql` and `,
  );
  const rows = await tx.execute<Located & { id: number; name: string }>(sql`
    select o.id, o.name, l.address, l.number, l.number_addition, l.postcode, l.city, l.country
    from (select o.id, o.name from organization_read o where o.deleted_at is null and ${conditions}
          order by o.name, o.id limit ${limit}) o
    left join lateral (
      select address, number, number_addition, postcode, city, country from location
      where organization_id = o.id order by is_main desc, id limit 1
    ) l on true
    order by o.name, o.id`);
  return rows.rows.map((r) => ({ id: r.id, name: r.name, address: addressText(r) }));
}

/**
 * The merge-target picker: live flows as 'Jan de Vries - Dorpsstraat 12, Zwolle (#1042)', newest
 * first, filtered by the text query like the overview.
 */
export async function queryWithDisplaynameWithAddress(
  tx: Tx,
  q: z.infer<typeof zDisplaynameQuery>,
): Promise<z.infer<typeof zDisplaynameHit>[]> {
  const filters = { statuses: null, ...parseTextQuery(q.query) };
  const where = flowWhere(filters, [q.excludeId ? sql`f.id <> ${q.excludeId}` : undefined]);
  const rows = await tx.execute<{
    id: number;
    number: number;
    fullname: string | null;
    address: string | null;
    house: string | null;
    addition: string | null;
    city: string | null;
  }>(sql`
    select f.id, f.number, r.fullname, l.address, l.number as house, l.number_addition as addition, l.city
    from (select f.id, f.number, f.relation_id, f.location_id from flow_read f where ${where}
          order by f.id desc limit ${q.limit}) f
    join relation r on r.id = f.relation_id
    left join lateral (
      select address, number, number_addition, city from location
      where id = f.location_id or (f.location_id is null and relation_id = f.relation_id)
      order by id = f.location_id desc, is_main desc, id limit 1
    ) l on true
    order by f.id desc`);
  return rows.rows.map((r) => {
    const house = [r.house, r.addition].filter(Boolean).join('');
    const street = [r.address, house].filter(Boolean).join(' ');
    const place = [street, r.city].filter(Boolean).join(', ');
    return {
      id: r.id,
      number: r.number,
      displayname: `${[r.fullname ?? '', place].filter(Boolean).join(' - ')} (#${r.number})`,
    };
  });
}
