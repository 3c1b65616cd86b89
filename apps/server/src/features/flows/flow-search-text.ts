import { sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/database';

/**
 * Rebuilds `flow.search_text` (number, description, relation name, e-mail, address) and
 * `flow.relation_fullname` (the sort key of the relation column) for the flows of a relation, or for
 * given flows. Called by every use-case that changes one of those values.
 */
export async function refreshFlowSearchText(tx: Tx, where: { relationId: number } | { flowIds: number[] }) {
  const filter =
    'relationId' in where
      ? sql`f.relation_id = ${where.relationId}`
      : sql`f.id = any(${sql.raw(`ARRAY[${where.flowIds.map(Number).join(',') || 'NULL'}]::int[]`)})`;
  await tx.execute(sql`
    update flow f set relation_fullname = coalesce(r.fullname, ''), search_text = lower(concat_ws(' ',
        f.number::text, f.description, r.fullname, r.email,
        l.address, l.number, l.number_addition, l.postcode, replace(l.postcode, ' ', ''), l.city))
    from relation r
    left join lateral (
      select address, number, number_addition, postcode, city from location
      where relation_id = r.id order by is_main desc, id limit 1
    ) l on true
    where r.id = f.relation_id and ${filter}`);
}
