import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCrmCompany } from '../../../test/crm-factories';
import { startTestServer, type TestServer } from '../../../test/test-server';
import { rawRows } from '../../platform/db/database';

let t: TestServer;
let a: { companyId: number; token: string };
let b: { companyId: number; token: string };

beforeAll(async () => {
  t = await startTestServer({ work: false });
  a = await createCrmCompany(t, { name: 'Telling A' });
  b = await createCrmCompany(t, { name: 'Telling B' });
});
afterAll(async () => t?.close());

interface Numbers {
  live: number;
  trashed: number;
  rows: number;
}

/** The company's numbers as the overview reads them (the tally) and as a count of its relations. */
async function numbers(companyId: number): Promise<{ tally: Numbers; counted: Omit<Numbers, 'rows'> }> {
  return t.server.deps.db.tenant({ companyId }, async (tx) => {
    const [tally] = await rawRows<Numbers>(
      tx,
      `select relation_count('{}'::text[], false)::int as live, relation_count('{}'::text[], true)::int as trashed,
        (select count(*)::int from relation_tally where company_id = $1) as rows`,
      [companyId],
    );
    const [counted] = await rawRows<Omit<Numbers, 'rows'>>(
      tx,
      `select count(*) filter (where deleted_at is null)::int as live,
        count(*) filter (where deleted_at is not null)::int as trashed from relation where company_id = $1`,
      [companyId],
    );
    return { tally: tally!, counted: counted! };
  });
}

async function expectAgrees(companyId: number, live: number, trashed: number) {
  const { tally, counted } = await numbers(companyId);
  expect(counted).toEqual({ live, trashed });
  expect({ live: tally.live, trashed: tally.trashed }).toEqual({ live, trashed });
  return tally.rows;
}

const insert = (companyId: number, n: number, prefix: string) =>
  t.server.deps.db.tenant({ companyId }, (tx) =>
    rawRows<{ id: number }>(
      tx,
      `insert into relation (surname) select $1 || g from generate_series(1, $2::int) g returning id`,
      [prefix, n],
    ),
  );

describe('relation tally', () => {
  it('keeps each company’s live and trashed totals through inserts, trash, restore and deletes, folding its rows', async () => {
    await expectAgrees(a.companyId, 0, 0);
    // One statement of many rows, then many statements of one row each (which makes the rows fold).
    const many = await insert(a.companyId, 40, 'Veel ');
    for (let i = 0; i < 150; i++) await insert(a.companyId, 1, `Een ${i}`);
    await insert(b.companyId, 3, 'Ander ');
    const rows = await expectAgrees(a.companyId, 190, 0);
    expect(rows).toBeLessThanOrEqual(70);
    await expectAgrees(b.companyId, 3, 0);

    // Trash (one statement of several rows), restore one, delete trashed and live rows for good.
    const ids = many.map((r) => r.id);
    await t.server.deps.db.tenant({ companyId: a.companyId }, async (tx) => {
      await rawRows(tx, 'update relation set deleted_at = now() where id = any($1::int[])', [
        ids.slice(0, 10),
      ]);
      await rawRows(tx, 'update relation set deleted_at = null where id = $1', [ids[0]]);
      // A change that trashes nothing counts nothing.
      await rawRows(tx, 'update relation set phone = $2 where id = any($1::int[])', [ids.slice(0, 20), '06']);
    });
    await expectAgrees(a.companyId, 181, 9);
    await t.server.deps.db.tenant({ companyId: a.companyId }, (tx) =>
      rawRows(tx, 'delete from relation where id = any($1::int[])', [
        ids.slice(1, 4).concat(ids.slice(30, 32)),
      ]),
    );
    await expectAgrees(a.companyId, 179, 6);

    // A rolled back change leaves no trace in the numbers.
    await expect(
      t.server.deps.db.tenant({ companyId: a.companyId }, async (tx) => {
        await rawRows(tx, `insert into relation (surname) values ($1)`, ['Terug']);
        await rawRows(tx, 'update relation set deleted_at = now() where id = $1', [ids[20]]);
        throw new Error('terugdraaien');
      }),
    ).rejects.toThrow('terugdraaien');
    await expectAgrees(a.companyId, 179, 6);

    // The overview and the trash answer the tally's totals.
    const page = await t.api('GET', '/api/relation/querypaginated?limit=5', { token: a.token });
    expect(page.body.pagination.total).toBe(179);
    const trash = await t.api('GET', '/api/relation/querytrashed?limit=5', { token: a.token });
    expect(trash.body.pagination.total).toBe(6);
    const other = await t.api('GET', '/api/relation/querypaginated?limit=5', { token: b.token });
    expect(other.body.pagination.total).toBe(3);
  });

  it('agrees with the relations when many transactions insert, trash and roll back at once', async () => {
    const before = await numbers(a.companyId);
    const work = Array.from({ length: 24 }, (_, i) =>
      t.server.deps.db
        .tenant({ companyId: a.companyId }, async (tx) => {
          const [row] = await rawRows<{ id: number }>(
            tx,
            `insert into relation (surname) values ($1) returning id`,
            [`Tegelijk ${i}`],
          );
          if (i % 3 === 0)
            await rawRows(tx, 'update relation set deleted_at = now() where id = $1', [row!.id]);
          if (i % 4 === 0) throw new Error('terug');
        })
        .catch(() => undefined),
    );
    await Promise.all(work);
    // 24 transactions, 6 rolled back (i % 4 === 0); of the 18 kept, 6 trashed (3, 6, 9, 15, 18, 21).
    await expectAgrees(a.companyId, before.counted.live + 12, before.counted.trashed + 6);
  });

  it('removes a company’s tally rows with the company', async () => {
    const gone = await createCrmCompany(t, { name: 'Telling weg' });
    await insert(gone.companyId, 5, 'Weg ');
    await t.server.deps.db.platform((tx) =>
      rawRows(tx, 'delete from company where id = $1', [gone.companyId]),
    );
    const [left] = await t.server.deps.db.platform((tx) =>
      rawRows<{ n: number }>(tx, 'select count(*)::int as n from relation_tally where company_id = $1', [
        gone.companyId,
      ]),
    );
    expect(left!.n).toBe(0);
  });
});
