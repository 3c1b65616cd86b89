import { FLOW_STATUSES, fullName, zFlowPage } from '@im/domain';
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { watchRoundTrips } from '../../../test/round-trips';
import { startTestServer, type TestServer } from '../../../test/test-server';
import { countLiveFlows, createTestFlow, createTestRelation } from './flow-test-factory';
import { TEXT_QUERY_CAP } from './query-flows';
import { readRanges, rebalanceAllSortRanges, SORT_RANGE_KEYS } from './sort-ranges';

let t: TestServer;
let companyId: number;
let token: string;
let userIds: number[];

const SOURCES = ['Telefonisch', 'Eigen website', 'Beurs', 'E-mail'];
const DESCRIPTIONS = ['Zonnepanelen', 'Warmtepomp', 'Airco', 'Laadpaal', 'CV-ketel'];
const TAGS = ['', 'Spoed', 'Subsidie,Spoed', 'VvE', ''];
const ROWS = 1500;
/** Small ranges, so 1,500 flows make dozens of them (FLOW_SORT_RANGE_SIZE). */
const RANGE_SIZE = 64;

const tenant = <T>(
  fn: (tx: Parameters<Parameters<TestServer['server']['deps']['db']['tenant']>[1]>[0]) => Promise<T>,
) => t.server.deps.db.tenant({ companyId }, fn);

beforeAll(async () => {
  t = await startTestServer({ work: false, config: { FLOW_SORT_RANGE_SIZE: String(RANGE_SIZE) } });
  companyId = await t.createTestCompany();
  const users = [];
  for (let i = 0; i < 4; i++) users.push(await t.createTestUser({ companyId }));
  userIds = users.map((u) => u.id);
  token = await t.login(users[0]!.email);
  const relations = [
    await createTestRelation(t, companyId, { name: 'Anna', surname: 'Visser', city: 'Zwolle' }),
    await createTestRelation(t, companyId, { name: 'Bram', surname: 'de Boer', city: 'Kampen' }),
    await createTestRelation(t, companyId, { name: 'Cees', surname: 'Mulder', city: 'Deventer' }),
  ];
  // Ids spread over many tally buckets (id >> 16), numbers in id order, every status, some without handler.
  await tenant((tx) =>
    tx.execute(sql`
      insert into flow (id, hash, number, description, flow_status, user_id, relation_id, lead_source, tags,
        search_text, relation_fullname, created_at, updated_at)
      select 100000 + g * 1709 + (g % 13), md5('q' || g), 1000 + g,
        (${sql.raw(`array[${DESCRIPTIONS.map((d) => `'${d}'`).join(',')}]`)})[1 + g % 5],
        (${sql.raw(`array[${FLOW_STATUSES.map((s) => `'${s}'`).join(',')}]`)})[1 + (g * 7) % 10],
        case when g % 6 = 0 then null else (${sql.raw(`array[${userIds.join(',')}]`)})[1 + (g / 3) % 4] end,
        r.id, (${sql.raw(`array[${SOURCES.map((s) => `'${s}'`).join(',')}]`)})[1 + (g * 3) % 4],
        coalesce(string_to_array(nullif((${sql.raw(`array[${TAGS.map((x) => `'${x}'`).join(',')}]`)})[1 + g % 5], ''), ','), '{}'),
        lower(g || ' ' || r.fullname || case when g % 40 = 0 then ' zeldzaam' else '' end),
        r.fullname, now() - (g % 97) * interval '1 day', now() - (g % 89) * interval '1 hour'
      from generate_series(1, ${ROWS}) g
      join relation r on r.id = (${sql.raw(`array[${relations.join(',')}]`)})[1 + g % 3]`),
  );
  await tenant((tx) => tx.execute(sql`update flow set deleted_at = now() where id % 11 = 0 and id > 100000`));
});
afterAll(async () => t?.close());

const api = (path: string) => t.api('GET', path, { token });

/** The same page computed the plain way: every live flow ordered in SQL. */
async function reference(where: SQL, order: SQL, offset: number, limit: number) {
  return tenant(async (tx) => {
    const total = await tx.execute<{ n: number }>(
      sql`select count(*)::int as n from flow f where f.deleted_at is null and ${where}`,
    );
    const ids = await tx.execute<{ id: number }>(
      sql`select f.id from flow f where f.deleted_at is null and ${where} order by ${order} offset ${offset} limit ${limit}`,
    );
    return { total: total.rows[0]!.n, ids: ids.rows.map((r) => r.id) };
  });
}

async function userRank(): Promise<string[]> {
  const rows = await tenant((tx) =>
    tx.execute<{ id: number; name: string; nameprefix: string; surname: string }>(
      sql`select id, name, nameprefix, surname from "user" order by id`,
    ),
  );
  return [
    ...rows.rows
      .map((u) => ({ id: u.id, key: fullName(u).toLowerCase() }))
      .sort((a, b) => a.key.localeCompare(b.key, 'nl') || a.id - b.id)
      .map((u) => String(u.id)),
    '0',
  ];
}

const ORDERS: Record<string, (desc: boolean) => Promise<SQL>> = {
  id: async (d) => (d ? sql`f.id desc` : sql`f.id asc`),
  number: async (d) => (d ? sql`f.number desc, f.id desc` : sql`f.number asc, f.id asc`),
  description: async (d) => (d ? sql`f.description desc, f.id desc` : sql`f.description asc, f.id asc`),
  relation_fullname: async (d) =>
    d ? sql`f.relation_fullname desc, f.id desc` : sql`f.relation_fullname asc, f.id asc`,
  created_at: async (d) => (d ? sql`f.created_at desc, f.id desc` : sql`f.created_at asc, f.id asc`),
  updated_at: async (d) => (d ? sql`f.updated_at desc, f.id desc` : sql`f.updated_at asc, f.id asc`),
  flow_status: async (d) =>
    sql`array_position(${sql.param([...FLOW_STATUSES])}::text[], f.flow_status) ${sql.raw(d ? 'desc' : 'asc')}, f.id ${sql.raw(d ? 'desc' : 'asc')}`,
  lead_source: async (d) => {
    const sorted = [...SOURCES].sort((a, b) => a.localeCompare(b, 'nl'));
    return sql`array_position(${sql.param(sorted)}::text[], f.lead_source) ${sql.raw(d ? 'desc' : 'asc')}, f.id ${sql.raw(d ? 'desc' : 'asc')}`;
  },
  user_fullname: async (d) =>
    sql`array_position(${sql.param(await userRank())}::text[], coalesce(f.user_id, 0)::text) ${sql.raw(d ? 'desc' : 'asc')}, f.id ${sql.raw(d ? 'desc' : 'asc')}`,
};

interface Filter {
  params: Record<string, string | number>;
  where: SQL;
}

function filters(): Filter[] {
  const u = userIds[1]!;
  return [
    { params: {}, where: sql`true` },
    { params: { status: 'quotation' }, where: sql`f.flow_status = 'quotation'` },
    { params: { status: 'lead' }, where: sql`f.flow_status in ('new', 'unread')` },
    { params: { status: 'all' }, where: sql`true` },
    { params: { userId: u }, where: sql`f.user_id = ${u}` },
    { params: { leadSource: 'Beurs' }, where: sql`f.lead_source = 'Beurs'` },
    { params: { tag: 'Spoed' }, where: sql`f.tags @> '{Spoed}'` },
    {
      params: { status: 'completed', userId: u, leadSource: 'Telefonisch', tag: 'Spoed' },
      where: sql`f.flow_status = 'completed' and f.user_id = ${u} and f.lead_source = 'Telefonisch' and f.tags @> '{Spoed}'`,
    },
  ];
}

async function expectSamePage(params: Record<string, string | number>, where: SQL, order: SQL) {
  const limit = Number(params.limit ?? 25);
  const offset = Number(params.offset ?? 0);
  const ref = await reference(where, order, offset, limit);
  const qs = new URLSearchParams(Object.entries(params).map(([k, v]): [string, string] => [k, String(v)]));
  const res = await api(`/api/flow/querypaginated?${qs}`);
  expect(res.status, qs.toString()).toBe(200);
  // Written without the schema's check (platform/http/plain-json.ts): exactly the schema's shape.
  expect(zFlowPage.parse(res.body), qs.toString()).toEqual(res.body);
  expect(res.body.pagination, qs.toString()).toEqual({
    total: ref.total,
    offset,
    limit,
    total_capped: false,
  });
  expect(
    res.body.data.map((f: { id: number }) => f.id),
    qs.toString(),
  ).toEqual(ref.ids);
  return ref.total;
}

describe('flow overview pages', () => {
  it('every sort, both directions, any page, with and without filters: the same rows as a plain ORDER BY', async () => {
    for (const f of filters()) {
      for (const [key, orderOf] of Object.entries(ORDERS)) {
        for (const desc of [false, true]) {
          const sort = desc ? `-${key}` : key;
          const order = await orderOf(desc);
          const total = await expectSamePage({ ...f.params, sort, offset: 0, limit: 25 }, f.where, order);
          for (const offset of [Math.floor(total / 2) - 7, total - 25, total - 3, total]) {
            if (offset < 0) continue;
            await expectSamePage({ ...f.params, sort, offset, limit: 25 }, f.where, order);
          }
        }
      }
    }
  }, 300_000);

  it('column sorts through split ranges: any page equals a plain ORDER BY, the ranges stay in shape', async () => {
    await rebalanceAllSortRanges(t.server.deps.db, companyId, RANGE_SIZE);
    const live = await countLiveFlows(t, companyId);
    for (const key of SORT_RANGE_KEYS) {
      const ranges = await tenant((tx) => readRanges(tx, key, null));
      expect(ranges.length, key).toBeGreaterThanOrEqual(Math.floor(live / RANGE_SIZE));
      expect(Math.max(...ranges.map((r) => r.total)), key).toBeLessThanOrEqual(2 * RANGE_SIZE);
      expect(
        ranges.reduce((sum, r) => sum + r.total, 0),
        key,
      ).toBe(live);
    }
    // Every filter the ranges count: none, statuses, and one of handler, lead source or tag.
    for (const f of filters().slice(0, 7)) {
      for (const key of SORT_RANGE_KEYS) {
        for (const desc of [false, true]) {
          const order = await ORDERS[key]!(desc);
          const sort = desc ? `-${key}` : key;
          const total = await expectSamePage({ ...f.params, sort, offset: 0, limit: 25 }, f.where, order);
          for (let offset = 29; offset < total + 25; offset += 97)
            await expectSamePage({ ...f.params, sort, offset, limit: 25 }, f.where, order);
          await expectSamePage({ ...f.params, sort, offset: 40, limit: 300 }, f.where, order);
        }
      }
    }
  }, 300_000);

  it('a read of out-of-shape ranges has them rebalanced in the background', async () => {
    await tenant((tx) =>
      tx.execute(sql`update flow set description = 'AAA ' || id where id in (
        select id from flow where deleted_at is null order by id limit ${3 * RANGE_SIZE})`),
    );
    const oversized = async () =>
      Math.max(...(await tenant((tx) => readRanges(tx, 'description', null))).map((r) => r.total));
    expect(await oversized()).toBeGreaterThan(2 * RANGE_SIZE);
    await expectSamePage(
      { sort: 'description', offset: 100, limit: 25 },
      sql`true`,
      await ORDERS.description!(false),
    );
    await expect.poll(oversized, { timeout: 10_000 }).toBeLessThanOrEqual(2 * RANGE_SIZE);
    await expectSamePage(
      { sort: 'description', offset: 100, limit: 25 },
      sql`true`,
      await ORDERS.description!(false),
    );
  });

  it('the usual page (by id or number, one indexed filter at most, near the start) is one round trip', async () => {
    // The overview reads the replica when there is one (TEST_REPLICA=1, decision 053).
    const { db } = t.server.deps;
    const roundTrips = watchRoundTrips(db.replicaPool ?? db.pool);
    // The fewest of three runs: the pool also serves work in the background (an earlier test's sort-range
    // rebalance, the event consumers woken by its commits), whose round trips the watch would count too.
    const trips = async (path: string) => {
      expect((await api(path)).status).toBe(200); // the session is looked up (and kept) here
      let fewest = Number.POSITIVE_INFINITY;
      for (let run = 0; run < 3; run++) {
        roundTrips.reset();
        expect((await api(path)).status).toBe(200);
        fewest = Math.min(fewest, roundTrips.count);
      }
      return fewest;
    };
    try {
      expect(await trips('/api/flow/querypaginated?limit=25')).toBe(1);
      expect(await trips('/api/flow/querypaginated?status=quotation&sort=number&offset=50')).toBe(1);
      expect(await trips(`/api/flow/querypaginated?userId=${userIds[1]}&sort=id&offset=900&limit=100`)).toBe(
        1,
      );
      // Deeper pages, two indexed filters or a tag: the tally's walk in a snapshot transaction.
      expect(await trips('/api/flow/querypaginated?offset=1200')).toBeGreaterThan(1);
      expect(await trips(`/api/flow/querypaginated?status=quotation&userId=${userIds[1]}`)).toBeGreaterThan(
        1,
      );
      expect(await trips('/api/flow/querypaginated?tag=Spoed')).toBeGreaterThan(1);
    } finally {
      roundTrips.stop();
    }
  });

  it('pages with a large limit across many buckets', async () => {
    for (const offset of [0, 333, 901]) {
      await expectSamePage({ sort: '-id', offset, limit: 500 }, sql`true`, sql`f.id desc`);
      await expectSamePage(
        { sort: 'flow_status', offset, limit: 500 },
        sql`true`,
        await ORDERS.flow_status!(false),
      );
    }
  });

  it('defaults to status all and sort -id; refuses unknown sorts and statuses', async () => {
    const res = await api('/api/flow/querypaginated');
    expect(res.body.pagination).toMatchObject({ offset: 0, limit: 25 });
    const ref = await reference(sql`true`, sql`f.id desc`, 0, 25);
    expect(res.body.data.map((f: { id: number }) => f.id)).toEqual(ref.ids);
    expect((await api('/api/flow/querypaginated?sort=search_text')).status).toBe(422);
    expect((await api('/api/flow/querypaginated?status=gezellig')).status).toBe(422);
    expect((await api('/api/flow/querypaginated?limit=100000')).status).toBe(422);
    expect((await api('/api/flow/querypaginated?leadSource=&tag=&userId=')).status).toBe(200);
  });

  it('text query: every word must occur; sorted; rows carry the list fields', async () => {
    const where = sql`f.search_text like '%zeldzaam%' and f.search_text like '%visser%'`;
    await expectSamePage(
      { query: 'Zeldzaam VISSER', sort: 'description' },
      where,
      sql`f.description asc, f.id asc`,
    );
    const res = await api('/api/flow/querypaginated?query=zeldzaam&status=quotation');
    for (const row of res.body.data) {
      expect(row).toMatchObject({ flow_status: 'quotation', relation_fullname: expect.any(String) });
      expect(row.address).toMatch(/^Dorpsstraat 12, 8011 AB /);
    }
    const byNumber = await api('/api/flow/querypaginated?query=7');
    expect(byNumber.body.pagination.total).toBe(0);
  });
});

describe('text query cap', () => {
  it(`counts up to ${TEXT_QUERY_CAP} matches, says so, and pages only those`, async () => {
    const all = await api('/api/flow/querypaginated?query=zeldzaam');
    expect(all.body.pagination.total).toBeLessThan(TEXT_QUERY_CAP);
    await tenant((tx) =>
      tx.execute(sql`update flow set search_text = search_text || ' gewoon' where id > 100000`),
    );
    const live = await countLiveFlows(t, companyId, sql`search_text like '%gewoon%'`);
    expect(live).toBeGreaterThan(TEXT_QUERY_CAP);
    const first = await api('/api/flow/querypaginated?query=gewoon');
    expect(first.body.pagination).toEqual({
      total: TEXT_QUERY_CAP,
      offset: 0,
      limit: 25,
      total_capped: true,
    });
    const ref = await reference(sql`f.search_text like '%gewoon%'`, sql`f.id desc`, TEXT_QUERY_CAP - 25, 25);
    const last = await api(`/api/flow/querypaginated?query=gewoon&offset=${TEXT_QUERY_CAP - 25}`);
    expect(last.body.data.map((f: { id: number }) => f.id)).toEqual(ref.ids);
    const beyond = await api(`/api/flow/querypaginated?query=gewoon&offset=${TEXT_QUERY_CAP}`);
    expect(beyond.body.data).toEqual([]);

    // With fresh statistics the word is known to be common: the first matches are read along the
    // sort order's index. Same pages, same cap.
    await t.server.deps.db.pool.query('analyze flow');
    const cases = [
      { status: 'all', where: sql`true` },
      { status: 'lead', where: sql`f.flow_status in ('new', 'unread')` },
    ];
    for (const { status, where } of cases) {
      for (const [sort, order] of [
        ['-id', sql`f.id desc`],
        ['-updated_at', sql`f.updated_at desc, f.id desc`],
        ['description', sql`f.description asc, f.id asc`],
      ] as const) {
        for (const offset of [0, 260, TEXT_QUERY_CAP - 25]) {
          const res = await api(
            `/api/flow/querypaginated?query=gewoon&status=${status}&sort=${sort}&offset=${offset}`,
          );
          const ref = await reference(sql`f.search_text like '%gewoon%' and ${where}`, order, offset, 25);
          const label = `${status} ${sort} ${offset}`;
          expect(res.body.pagination.total, label).toBe(Math.min(ref.total, TEXT_QUERY_CAP));
          expect(res.body.pagination.total_capped, label).toBe(ref.total > TEXT_QUERY_CAP);
          expect(
            res.body.data.map((f: { id: number }) => f.id),
            label,
          ).toEqual(offset < Math.min(ref.total, TEXT_QUERY_CAP) ? ref.ids : []);
        }
      }
    }
  });
});

describe('the tally stays exact through every change', () => {
  async function expectTotals() {
    for (const f of filters()) {
      const qs = new URLSearchParams(
        Object.entries(f.params).map(([k, v]): [string, string] => [k, String(v)]),
      );
      const res = await api(`/api/flow/querypaginated?${qs}`);
      const ref = await reference(f.where, sql`f.id`, 0, 1);
      expect(res.body.pagination.total, qs.toString()).toBe(ref.total);
    }
    // The sort ranges count every live flow of each status, in each key: in all and per handler,
    // lead source and tag.
    const live = await tenant((tx) =>
      tx.execute<{ dim: string; dim_value: string; flow_status: string; n: number }>(sql`
        select x.dim, x.dim_value, f.flow_status, count(*)::int as n from flow f
        cross join lateral (select '' as dim, '' as dim_value
          union all select 'user', coalesce(f.user_id, 0)::text union all select 'source', f.lead_source
          union select 'tag', unnest(f.tags)) x
        where f.deleted_at is null group by 1, 2, 3 order by 1, 2, 3`),
    );
    for (const key of SORT_RANGE_KEYS) {
      const counted = await tenant((tx) =>
        tx.execute<{ dim: string; dim_value: string; flow_status: string; n: number }>(
          sql`select dim, dim_value, flow_status, sum(n)::int as n from flow_sort_range where sort_key = ${key}
            group by 1, 2, 3 having sum(n) <> 0 order by 1, 2, 3`,
        ),
      );
      expect(counted.rows, key).toEqual(live.rows);
      const order = await ORDERS[key]!(true);
      await expectSamePage({ sort: `-${key}`, offset: 700, limit: 25 }, sql`true`, order);
      await expectSamePage(
        { sort: key, status: 'completed', offset: 60, limit: 25 },
        sql`f.flow_status = 'completed'`,
        await ORDERS[key]!(false),
      );
      await expectSamePage(
        { sort: key, userId: userIds[1]!, offset: 40, limit: 25 },
        sql`f.user_id = ${userIds[1]!}`,
        await ORDERS[key]!(false),
      );
    }
    const pipeline = await api('/api/user/getleadpipeline');
    const total = pipeline.body.columns.reduce((sum: number, c: { total: number }) => sum + c.total, 0);
    expect(total).toBe(await countLiveFlows(t, companyId));
  }

  it('after creates, status moves, edits, trash, restore, merge, duplicate and force delete', async () => {
    const call = (method: string, path: string, body?: unknown) => t.api(method, path, { token, body });
    const a = await createTestFlow(t, companyId, {
      userId: userIds[1],
      tags: ['Spoed'],
      leadSource: 'Beurs',
    });
    const b = await createTestFlow(t, companyId, { userId: userIds[2], status: 'quotation' });
    await expectTotals();
    await call('POST', `/api/flow/${a.id}/changestatus`, { flow_status: 'completed' });
    await call('PATCH', `/api/flow/${b.id}`, {
      user_id: userIds[1],
      lead_source: 'Telefonisch',
      tags: ['Spoed', 'VvE'],
    });
    await expectTotals();
    await call('DELETE', `/api/flow/${a.id}`);
    await expectTotals();
    await call('POST', `/api/flow/${a.id}/restore`);
    await call('POST', `/api/flow/${b.id}/mergeflow`, { targetflow_id: a.id });
    await expectTotals();
    const dup = await call('POST', `/api/flow/${a.id}/duplicateflow`);
    await call('DELETE', `/api/flow/${dup.body.id}`);
    await call('POST', `/api/flow/${dup.body.id}/forcedelete`);
    await expectTotals();
    // Bulk changes by other features (trashing a relation trashes its flows) go through the same triggers.
    await tenant((tx) =>
      tx.execute(sql`update flow set deleted_at = now() where relation_id = ${a.relationId}`),
    );
    await expectTotals();
    const tags = await api('/api/flow/getusedflowtags');
    expect(tags.body).toEqual(['Spoed', 'Subsidie', 'VvE']);
  });
});
