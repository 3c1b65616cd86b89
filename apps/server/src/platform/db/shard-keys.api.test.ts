import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/test-server';

/**
 * Citus-ready keys (docs/decisions/072-citus-ready-keys.md): a table with a `company_id` column is a
 * company table and could be distributed by `company_id`; every other table is a reference table. The
 * migrated database's catalog is read and every key that would stop the distribution is listed.
 */

/**
 * What truly cannot include `company_id`, each with its reason. Keep it empty where possible.
 * - user_email_lower_unique: an e-mail address logs in without naming its company, so it is unique over
 *   the platform. Under Citus this index goes and a reference table of login addresses takes its place
 *   (decision 072, "What Citus still needs").
 */
const ALLOWED = ['unique user: CREATE UNIQUE INDEX user_email_lower_unique'];

/** One line per key that is not distributable by company_id. */
const VIOLATIONS = `
with ct as (
  select c.oid, c.relname, a.attnum as cnum
  from pg_class c
  join pg_namespace n on n.oid = c.relnamespace
  join pg_attribute a on a.attrelid = c.oid and a.attname = 'company_id' and not a.attisdropped
  where n.nspname = 'public' and c.relkind in ('r', 'p')
)
select 'primary key ' || ct.relname || ': ' ||
  coalesce((select pg_get_constraintdef(k.oid) from pg_constraint k where k.conrelid = ct.oid and k.contype = 'p'), 'none') as line
from ct
where not exists (
  select 1 from pg_constraint k where k.conrelid = ct.oid and k.contype = 'p' and ct.cnum = any(k.conkey))
union all
select 'unique ' || ct.relname || ': ' || split_part(pg_get_indexdef(i.indexrelid), ' ON ', 1)
from ct join pg_index i on i.indrelid = ct.oid
where i.indisunique and not i.indisprimary and not (ct.cnum = any(i.indkey::int2[]))
union all
select 'foreign key ' || ct.relname || ': ' || k.conname
from ct
join pg_constraint k on k.conrelid = ct.oid and k.contype = 'f'
join ct target on target.oid = k.confrelid
where coalesce(array_position(k.conkey, ct.cnum), 0) = 0
  or array_position(k.conkey, ct.cnum) is distinct from array_position(k.confkey, target.cnum)
union all
select 'reference table to company table ' || c.relname || ': ' || k.conname
from pg_constraint k
join pg_class c on c.oid = k.conrelid
join pg_namespace n on n.oid = c.relnamespace
join ct target on target.oid = k.confrelid
where k.contype = 'f' and n.nspname = 'public' and c.oid not in (select oid from ct)
union all
select 'nullable company_id ' || c.relname
from ct join pg_class c on c.oid = ct.oid
join pg_attribute a on a.attrelid = ct.oid and a.attnum = ct.cnum
where not a.attnotnull
union all
-- ON DELETE SET NULL on (company_id, x) would null company_id too: it must name x alone (PostgreSQL 15).
select 'set null without column list ' || c.relname || ': ' || k.conname
from pg_constraint k
join pg_class c on c.oid = k.conrelid
join ct on ct.oid = k.conrelid
where k.contype = 'f' and k.confdeltype = 'n' and ct.cnum = any(k.conkey)
  and (k.confdelsetcols is null or ct.cnum = any(k.confdelsetcols))
order by 1`;

let url: string;
let client: pg.Client;

beforeAll(async () => {
  url = await createTestDatabase();
  client = new pg.Client({ connectionString: url });
  await client.connect();
});
afterAll(async () => client?.end());

describe('Citus-ready keys', () => {
  it('every company table keys by company_id: primary key, unique keys and foreign keys', async () => {
    const { rows } = await client.query<{ line: string }>(VIOLATIONS);
    const found = rows.map((r) => r.line);
    expect(found.filter((line) => !ALLOWED.some((a) => line.startsWith(a)))).toEqual([]);
    // An allow-list entry that no longer matches is taken out.
    expect(ALLOWED.filter((a) => !found.some((line) => line.startsWith(a)))).toEqual([]);
    const companyTables = await client.query<{ n: number }>(
      `select count(distinct c.oid)::int as n from pg_class c join pg_namespace s on s.oid = c.relnamespace
       join pg_attribute a on a.attrelid = c.oid and a.attname = 'company_id'
       where s.nspname = 'public' and c.relkind = 'r'`,
    );
    expect(companyTables.rows[0]!.n).toBeGreaterThan(80);
  });

  it('a row cannot point at another company’s row, and a set-null delete keeps the company', async () => {
    const q = async (text: string, values: unknown[] = []) => (await client.query(text, values)).rows;
    const [a, b] = await q(`insert into company (name) values ('Sleutel A'), ('Sleutel B') returning id`);
    const [profileA] = await q(
      `insert into flow_profile (company_id, name) values ($1, 'Profiel A') returning id`,
      [a.id],
    );
    const [relationA] = await q(`insert into relation (company_id) values ($1) returning id`, [a.id]);
    const [relationB] = await q(`insert into relation (company_id) values ($1) returning id`, [b.id]);
    const [flowA] = await q(
      `insert into flow (company_id, number, relation_id, hash, flowprofile_id)
       values ($1, 1, $2, 'shard-a', $3) returning id`,
      [a.id, relationA.id, profileA.id],
    );
    // Company B's flow naming company A's profile (or relation) is refused by the key itself.
    await expect(
      q(
        `insert into flow (company_id, number, relation_id, hash, flowprofile_id)
         values ($1, 1, $2, 'shard-b', $3)`,
        [b.id, relationB.id, profileA.id],
      ),
    ).rejects.toMatchObject({ code: '23503', constraint: 'flow_flowprofile_id_fk' });
    await expect(
      q(`insert into flow (company_id, number, relation_id, hash) values ($1, 2, $2, 'shard-c')`, [
        b.id,
        relationA.id,
      ]),
    ).rejects.toMatchObject({ code: '23503', constraint: 'flow_relation_id_fk' });
    // ON DELETE SET NULL ("flowprofile_id"): the flow stays with its company.
    await q('delete from flow_profile where id = $1', [profileA.id]);
    const [after] = await q('select company_id, flowprofile_id from flow where id = $1', [flowA.id]);
    expect(after).toEqual({ company_id: a.id, flowprofile_id: null });
  });
});
