import { sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';

/** The sources of search entries (migration 0049's search_refresh_<source>) and the kinds each writes. */
export const SEARCH_SOURCES = {
  flow: ['flow'],
  relation: ['relation'],
  organization: ['organization'],
  note: ['note'],
  message: ['message'],
  incident: ['incident'],
  flowdataitem: ['flowdataitem'],
  sales_document: ['quotation', 'confirmation', 'document', 'invoice'],
  task: ['task'],
  agendaitem: ['agendaitem'],
} as const;

const CHUNK = 2000;

/**
 * Writes every search entry of the given companies (all when none are given) again, in short transactions
 * of CHUNK rows, while the app keeps running: the entries of existing rows are written or corrected, then
 * entries whose row is gone are removed. The triggers keep the index current; this is for an existing
 * database and for repair (`npm run search:rebuild`).
 */
export async function rebuildSearchIndex(
  db: Database,
  options: {
    companyIds?: number[];
    onProgress?: (companyId: number, source: string, rows: number) => void;
  } = {},
): Promise<{ companies: number; rows: number }> {
  const companyIds =
    options.companyIds ??
    (await db.platform(async (tx) => {
      const result = await tx.execute<{ id: number }>(sql`select id from company order by id`);
      return result.rows.map((r) => r.id);
    }));
  let rows = 0;
  for (const companyId of companyIds) {
    for (const [source, kinds] of Object.entries(SEARCH_SOURCES)) {
      let after = 0;
      let written = 0;
      for (;;) {
        const last = await db.platform(async (tx) => {
          const result = await tx.execute<{ last: number | null }>(
            sql`select search_rebuild_chunk(${companyId}::int, ${source}::text, ${after}::int, ${CHUNK}::int) as last`,
          );
          return result.rows[0]?.last ?? null;
        });
        if (last === null) break;
        after = last;
        written += CHUNK;
      }
      // Entries whose row is gone: refreshing their ids removes them.
      after = 0;
      for (;;) {
        const ids = await db.platform(async (tx) => {
          const result = await tx.execute<{ ids: number[] }>(sql`
            select coalesce(array_agg(entity_id), '{}') as ids from (
              select entity_id from search_entry
              where company_id = ${companyId} and kind = any(${sql.raw(`ARRAY[${kinds.map((k) => `'${k}'`).join(',')}]`)})
                and entity_id > ${after}
              order by entity_id limit ${CHUNK}) s`);
          const found = result.rows[0]?.ids ?? [];
          if (found.length > 0)
            await tx.execute(
              sql`select ${sql.raw(`search_refresh_${source}`)}(${`{${found.join(',')}}`}::int[])`,
            );
          return found;
        });
        if (ids.length === 0) break;
        after = ids[ids.length - 1] ?? after;
      }
      rows += written;
      options.onProgress?.(companyId, source, written);
    }
    // The words a typed start of a word is searched as (decision 075), of entries written before the trigger.
    await db.platform((tx) =>
      tx.execute(sql`
        insert into search_word (company_id, word)
        select distinct e.company_id, w.word collate "C"
        from search_entry e cross join lateral unnest(tsvector_to_array(e.tsv)) as w(word)
        where e.company_id = ${companyId} and w.word ~ '^[[:alpha:]]'
        on conflict do nothing`),
    );
  }
  return { companies: companyIds.length, rows };
}
