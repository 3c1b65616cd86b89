import { zDocumentPage } from '@im/domain';
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSalesCompany, createTestRelation } from '../../../test/crm-factories';
import { watchRoundTrips } from '../../../test/round-trips';
import { startTestServer, type TestServer } from '../../../test/test-server';

/**
 * Every page of the invoice overview (GET /api/invoice) is exactly the page of the plain order: for every
 * sort key, both directions, the status filters, at the first, middle and last offsets and past the end,
 * with the overview's page size and an odd one. The expected order is a plain SQL query (ORDER BY value,
 * id; no value first ascending, descending the exact reverse), never the server's own code. The ranges are
 * kept small (DOCUMENT_SORT_RANGE_SIZE 8), so ~400 invoices make dozens of them.
 */

let t: TestServer;
let a: { companyId: number; token: string };
let b: { companyId: number; token: string };
let relationIds: number[];
let flowIds: number[];

const RANGE_SIZE = 8;
const KEYS = [
  'number',
  'id',
  'title',
  'status',
  'date_send',
  'updated',
  'documentdate',
  'relation',
  'flow',
  'amount',
] as const;
type Key = (typeof KEYS)[number];
const STATUS_FILTERS = ['all', 'sent', 'paid', 'draft'] as const;
type StatusFilter = (typeof STATUS_FILTERS)[number];
/** The overview's page size and an odd one. */
const PAGE_SIZES = [25, 7];
/** Requests in flight at once. */
const CONCURRENCY = 6;

/** The value each key sorts by (ascending, no value first), on sales_document d, relation r, flow f, invoice i. */
const VALUE: Record<Key, SQL> = {
  number: sql`d.number`,
  id: sql`d.id`,
  title: sql`lower(d.title)`,
  status: sql`d.status`,
  date_send: sql`d.date_send`,
  updated: sql`d.updated_at`,
  documentdate: sql`d.documentdate`,
  relation: sql`lower(r.fullname)`,
  flow: sql`f.number`,
  amount: sql`i.billed_inc`,
};

const TITLES = [
  'Zonnepanelen',
  'zonnepanelen',
  'Warmtepomp',
  'warmtepomp hybride',
  'Airco',
  'airco onderhoud',
  'CV-ketel',
  'cv-ketel vervangen',
  'Laadpaal',
  'Creditfactuur',
  'BTW correctie',
];
const AMOUNTS = ['1250.00', '99.95', '1250.00', '-120.50', '4321.17', '0.00', '99.95', '15000.00', '-99.95'];

const platform = <T extends Record<string, unknown>>(query: SQL) =>
  t.server.deps.db.platform((tx) => tx.execute<T>(query));

const intArray = (ids: number[]) => sql.raw(`array[${ids.join(',')}]::int[]`);
const textArray = (xs: string[]) =>
  sql.raw(`array[${xs.map((x) => `'${x.replace(/'/g, "''")}'`).join(',')}]`);

/**
 * `count` rows numbered from `from`, straight into sales_document and invoice (as invoices-bench.ts does):
 * statuses mixed, numbers (shuffled against the ids) for the sent ones, some without relation or flow,
 * titles and amounts with duplicates, drafts without billed amount, some templates and deleted ones.
 * Rows with g % 7 = 0 go to the second company (without relation or flow: they are not its).
 */
async function insertInvoices(from: number, count: number, numberFrom: number) {
  await t.server.deps.db.platform(async (tx) => {
    await tx.execute(sql`
      create temp table page_invoice (g int, company_id int, status text, numbered boolean, number int,
        relation_id int, flow_id int, title text, documentdate date, date_send timestamptz,
        updated_at timestamptz, is_template boolean, deleted_at timestamptz, billed_inc numeric) on commit drop`);
    await tx.execute(sql`
      insert into page_invoice
      with base as (
        select g, case when g % 7 = 0 then ${b.companyId}::int else ${a.companyId}::int end as company_id,
          case when (g * 37) % 100 < 14 then 'draft' when (g * 37) % 100 < 20 then 'cancelled'
            when (g * 37) % 100 < 50 then 'sent' when (g * 37) % 100 < 78 then 'paid'
            when (g * 37) % 100 < 88 then 'unpayable' else 'expired' end as status
        from generate_series(${from}::int, ${from + count - 1}::int) g
      ), typed as (
        select *, status not in ('draft', 'cancelled') as numbered from base
      )
      select g, company_id, status, numbered,
        case when numbered then ${numberFrom}::int + (row_number() over (partition by company_id, numbered order by md5(g::text)))::int end,
        case when company_id = ${b.companyId}::int or g % 9 = 0 then null
          else (${intArray(relationIds)})[1 + (g * 5) % ${relationIds.length}::int] end,
        case when company_id = ${b.companyId}::int or g % 5 = 0 then null
          else (${intArray(flowIds)})[1 + (g * 3) % ${flowIds.length}::int] end,
        (${textArray(TITLES)})[1 + (g * 11) % ${TITLES.length}::int],
        case when g % 10 = 0 then null else date '2026-06-30' - (g * 7) % 60 end,
        case when numbered then timestamptz '2026-01-01 09:00+01' + ((g * 13) % 90) * interval '1 day'
          + (g % 3) * interval '1 hour' end,
        timestamptz '2026-01-01 09:00+01' + (g % 50) * interval '1 hour',
        g % 53 = 0, case when g % 31 = 0 then now() end,
        case when numbered then (${textArray(AMOUNTS)})[1 + (g * 7) % ${AMOUNTS.length}::int]::numeric end
      from typed`);
    await tx.execute(sql`
      insert into sales_document (company_id, kind, hash, status, number, title, flow_id, relation_id,
        is_template, documentdate, date_send, enddate, deleted_at, created_at, updated_at)
      select company_id, 'invoice', md5('page-invoice-' || g), status, number, title, flow_id, relation_id,
        is_template, documentdate, date_send, documentdate + 14, deleted_at, updated_at, updated_at
      from page_invoice order by g`);
    await tx.execute(sql`
      insert into invoice (id, company_id, sent_day, billed_inc, billed_exc, date_paid)
      select d.id, p.company_id, case when p.numbered then (p.date_send at time zone 'Europe/Amsterdam')::date end,
        p.billed_inc, p.billed_inc, case when p.status = 'paid' then p.date_send + interval '5 days' end
      from page_invoice p join sales_document d on d.hash = md5('page-invoice-' || p.g)
      order by d.id`);
  });
}

/** A company's live invoices (no templates, not deleted) in ascending order of a key, by plain SQL. */
async function expectedOrder(
  companyId: number,
  key: Key,
  status: StatusFilter,
  search?: string,
): Promise<number[]> {
  const like = search === undefined ? null : `%${search}%`;
  const num = search !== undefined && /^\d+$/.test(search) ? Number(search) : null;
  const rows = await platform<{ id: number }>(sql`
    select d.id from sales_document d
    left join relation r on r.id = d.relation_id
    left join flow f on f.id = d.flow_id
    left join invoice i on i.id = d.id
    where d.company_id = ${companyId} and d.kind = 'invoice' and not d.is_template and d.deleted_at is null
      ${status === 'all' ? sql`` : sql`and d.status = ${status}`}
      ${like === null ? sql`` : sql`and (d.title ilike ${like} or r.fullname ilike ${like}${num === null ? sql`` : sql` or d.number = ${num} or f.number = ${num}`})`}
    order by ${VALUE[key]} asc nulls first, d.id asc`);
  return rows.rows.map((r) => r.id);
}

/**
 * The first page, middle ones, the last (full or partial) and past the end; each phase looks at other
 * middle and end offsets, so the phases together see more pages than one would.
 */
function offsetsFor(total: number, limit: number, phase: number): number[] {
  const at = (share: number) => Math.floor(total * share);
  const p = phase % 3;
  const raw =
    limit === 25
      ? [0, at(0.2 + 0.1 * p) + p, at(0.55 + 0.1 * p) - p, total - [25, 20, 26][p]!, total + [0, 13, 1][p]!]
      : [at(0.33 + 0.1 * p) + 1, at(0.5 + 0.15 * p), total - [7, 3, 8][p]!, total + [1, 0, 7][p]!];
  return [...new Set(raw.filter((o) => o >= 0))];
}

interface Check {
  label: string;
  url: string;
  ids: number[];
  total: number;
  /** A search lists at most its first SEARCH_CAP hits and says when it matched more. */
  capped?: boolean;
}

/** The overview lists at most this many hits of a search (TEXT_QUERY_CAP, as the flow list). */
const SEARCH_CAP = 250;

/** Runs the checks CONCURRENCY at a time; answers every mismatch (none when all pages are exact). */
async function runChecks(checks: Check[]): Promise<string[]> {
  const failures: string[] = [];
  for (let i = 0; i < checks.length; i += CONCURRENCY) {
    await Promise.all(
      checks.slice(i, i + CONCURRENCY).map(async (c) => {
        const res = await t.api('GET', c.url, { token: a.token });
        if (res.status !== 200) {
          failures.push(`${c.label}: ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`);
          return;
        }
        const got = (res.body.data as { id: number }[]).map((r) => r.id);
        const total = res.body.pagination.total as number;
        if (c.capped !== undefined && (res.body.pagination.total_capped === true) !== c.capped)
          failures.push(
            `${c.label}: total_capped ${res.body.pagination.total_capped} (expected ${c.capped})`,
          );
        if (total !== c.total || got.join(',') !== c.ids.join(','))
          failures.push(
            `${c.label}: total ${total} (expected ${c.total}), ids [${got.join(',')}] expected [${c.ids.join(',')}]`,
          );
      }),
    );
  }
  return failures;
}

function pageChecks(
  label: string,
  params: string,
  ascending: number[],
  desc: boolean,
  sizes: number[],
  offsets: (total: number, limit: number) => number[],
  cap?: number,
): Check[] {
  const all = desc ? [...ascending].reverse() : ascending;
  const order = cap === undefined ? all : all.slice(0, cap);
  const checks: Check[] = [];
  for (const limit of sizes)
    for (const offset of offsets(order.length, limit))
      checks.push({
        label: `${label} limit=${limit} offset=${offset}`,
        url: `/api/invoice?${params}&limit=${limit}&offset=${offset}`,
        ids: order.slice(offset, offset + limit),
        total: order.length,
        ...(cap === undefined ? {} : { capped: all.length > cap }),
      });
  return checks;
}

/** Every sort key, both directions, every status filter: the pages against the plain order. */
async function checkEveryPage(
  phase: string,
  round: number,
): Promise<{ checks: number; totals: Record<string, number> }> {
  const checks: Check[] = [];
  const totals: Record<string, number> = {};
  for (const status of STATUS_FILTERS)
    for (const key of KEYS) {
      const ascending = await expectedOrder(a.companyId, key, status);
      totals[status] = ascending.length;
      for (const desc of [false, true]) {
        const sort = `${desc ? '-' : ''}${key}`;
        checks.push(
          ...pageChecks(
            `${phase} sort=${sort} status=${status}`,
            `sort=${sort}&status=${status}`,
            ascending,
            desc,
            PAGE_SIZES,
            (total, limit) => offsetsFor(total, limit, round),
          ),
        );
      }
    }
  const failures = await runChecks(checks);
  expect(failures.slice(0, 20), `${failures.length} of ${checks.length} pages differ`).toEqual([]);
  return { checks: checks.length, totals };
}

/** A search (title or relation name) with sorts: the plain order restricted to the hits. */
async function checkSearches(phase: string): Promise<number> {
  const checks: Check[] = [];
  // 'e' matches more than SEARCH_CAP invoices: only the first ones in the chosen order are listed.
  for (const search of ['PANEL', 'visser', 'ee', 'Ketel', 'e'])
    for (const status of ['all', 'sent'] as const)
      for (const sort of [
        'title',
        '-relation',
        'amount',
        '-number',
        'date_send',
        '-flow',
        'updated',
        '-id',
        'status',
        '-documentdate',
      ]) {
        const key = sort.replace(/^-/, '') as Key;
        const ascending = await expectedOrder(a.companyId, key, status, search);
        checks.push(
          ...pageChecks(
            `${phase} query=${search} sort=${sort} status=${status}`,
            `query=${encodeURIComponent(search)}&sort=${sort}&status=${status}`,
            ascending,
            sort.startsWith('-'),
            [7],
            (total, limit) => [...new Set([0, Math.floor(total / 2), Math.max(0, total - limit), total])],
            SEARCH_CAP,
          ),
        );
      }
  expect(
    checks.some((c) => c.capped === true),
    'a search matches more than the cap',
  ).toBe(true);
  const failures = await runChecks(checks);
  expect(failures.slice(0, 20), `${failures.length} of ${checks.length} search pages differ`).toEqual([]);
  return checks.length + (await checkSearchWalk());
}

/**
 * The walk along a sort's index (migration 0038) against the gathered hits and the plain order, for every
 * sort, both ways, text and numeric queries (a flow's number, an invoice's number): document_list_page
 * called directly with walk_over 0 (always walk) and NULL (never).
 */
async function checkSearchWalk(): Promise<number> {
  const numbers = await platform<{ flow: number; invoice: number }>(sql`
    select (select f.number from flow f join sales_document d on d.flow_id = f.id
        where f.company_id = ${a.companyId} and d.kind = 'invoice' group by f.number order by count(*) desc limit 1) as flow,
      (select number from sales_document where company_id = ${a.companyId} and kind = 'invoice'
        and number is not null and not is_template and deleted_at is null order by id limit 1) as invoice`);
  const { flow, invoice } = numbers.rows[0]!;
  let checked = 0;
  const failures: string[] = [];
  for (const search of ['visser', String(flow), String(invoice), 'e'])
    for (const status of ['all', 'paid'] as const)
      for (const key of KEYS) {
        const expected = await expectedOrder(a.companyId, key, status, search);
        for (const desc of [false, true]) {
          const order = desc ? [...expected].reverse() : expected;
          const num = /^\d+$/.test(search) ? Number(search) : null;
          for (const walkOver of [0, null]) {
            const rows = await t.server.deps.db.platform(async (tx) => {
              await tx.execute(sql`select set_config('app.company_id', ${String(a.companyId)}, true)`);
              return tx.execute<{ id: number }>(sql`select id from document_list_page('invoice',
                ${status === 'all' ? null : status}::text, ${`%${search}%`}::text, ${num}::int, ${key}, ${desc},
                ${9}::int, ${3}::bigint, ${walkOver}::int)`);
            });
            const got = rows.rows.map((r) => r.id).join(',');
            const want = order.slice(3, 12).join(',');
            checked++;
            if (got !== want)
              failures.push(
                `walk ${walkOver} query=${search} sort=${desc ? '-' : ''}${key} status=${status}: [${got}] expected [${want}]`,
              );
          }
        }
      }
  expect(failures.slice(0, 10), `${failures.length} of ${checked} walked pages differ`).toEqual([]);
  return checked;
}

beforeAll(async () => {
  // An unknown key is harmless where the sort ranges have not landed.
  // A search with more than 250 hits walks the sort's index (the least DOCUMENT_SEARCH_WALK_OVER allows).
  t = await startTestServer({
    work: false,
    config: { DOCUMENT_SORT_RANGE_SIZE: String(RANGE_SIZE), DOCUMENT_SEARCH_WALK_OVER: '250' },
  });
  a = await createSalesCompany(t, { name: 'Overzicht A' });
  b = await createSalesCompany(t, { name: 'Overzicht B' });
  // Names distinct even in lower case, in mixed case (so lower() decides: 'bram' after 'Anna', before 'Visser').
  const people: { name: string; surname: string; flow: boolean }[] = [
    { name: 'Anna', surname: 'Visser', flow: true },
    { name: 'bram', surname: 'de Boer', flow: true },
    { name: 'Cees', surname: 'mulder', flow: false },
    { name: 'daan', surname: 'Aalbers', flow: true },
    { name: 'EVA', surname: 'van Dijk', flow: true },
    { name: 'Zoë', surname: 'Bakker', flow: false },
    { name: 'anne', surname: 'Visscher', flow: true },
  ];
  relationIds = [];
  flowIds = [];
  for (const p of people) {
    const rel = await createTestRelation(t, a.token, {
      name: p.name,
      surname: p.surname,
      createnewflow: p.flow,
    });
    relationIds.push(rel.id);
    if (p.flow) flowIds.push(rel.flows[0].id);
  }
  // A second flow on some relations, so flow numbers do not follow the relations.
  for (const id of [relationIds[3]!, relationIds[0]!]) {
    const res = await t.api('POST', '/api/flow', {
      token: a.token,
      body: { relation_id: id, description: 'Tweede' },
    });
    if (res.status === 201) flowIds.push(res.body.id);
  }
  await insertInvoices(1, 470, 1000);
}, 90_000);
afterAll(async () => t?.close());

describe('the invoice overview', () => {
  it('gives every page of every sort and status filter exactly, after changes and a rebalance too', async () => {
    const first = await checkEveryPage('loaded', 0);
    expect(first.totals.all).toBeGreaterThan(300);
    expect(first.totals.draft).toBeGreaterThan(20);
    // Templates, deleted rows and the other company's invoices never show.
    const hidden = await platform<{ id: number }>(sql`
      select id from sales_document where kind = 'invoice'
        and (company_id = ${b.companyId} or is_template or deleted_at is not null)`);
    expect(hidden.rows.length).toBeGreaterThan(50);
    const shown = new Set<number>();
    for (let offset = 0; offset < first.totals.all!; offset += 100) {
      const page = await t.api('GET', `/api/invoice?status=all&limit=100&offset=${offset}`, {
        token: a.token,
      });
      for (const r of page.body.data as { id: number }[]) shown.add(r.id);
    }
    expect(shown.size).toBe(first.totals.all);
    expect(hidden.rows.filter((r) => shown.has(r.id))).toEqual([]);
    await checkSearches('loaded');

    // Changes as users make them: titles of drafts, payments, a deleted draft, a renamed relation, new invoices.
    const ids = async (where: SQL, n: number) =>
      (
        await platform<{ id: number }>(sql`select id from sales_document
          where company_id = ${a.companyId} and kind = 'invoice' and not is_template and deleted_at is null
            and ${where} order by md5(id::text) limit ${n}`)
      ).rows.map((r) => r.id);
    const drafts = await ids(sql`status = 'draft'`, 6);
    const newTitles = ['aaa Eerste', 'ZZZ laatste', 'Warmtepomp', 'zonnepanelen'];
    for (const [i, title] of newTitles.entries()) {
      const res = await t.api('PATCH', `/api/invoice/${drafts[i]}`, { token: a.token, body: { title } });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
    for (const id of drafts.slice(4)) {
      const res = await t.api('DELETE', `/api/invoice/${id}`, { token: a.token });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
    const sent = await ids(sql`status = 'sent'`, 5);
    for (const [i, id] of sent.entries()) {
      const status = i < 4 ? 'paid' : 'unpayable';
      const res = await t.api('PATCH', `/api/invoice/${id}`, { token: a.token, body: { status } });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
    const renamed = await t.api('PATCH', `/api/relation/${relationIds[0]}`, {
      token: a.token,
      body: { name: 'Anna', surname: 'aardappel' },
    });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    const renamedTo = await platform<{ fullname: string }>(
      sql`select fullname from relation where id = ${relationIds[0]}`,
    );
    expect(renamedTo.rows[0]!.fullname.toLowerCase()).toContain('aardappel');
    // An amount corrected and a title changed in SQL (a correction script would), and new invoices.
    const [corrected] = await ids(sql`status = 'paid'`, 1);
    await platform(sql`update invoice set billed_inc = 1250.00 where id = ${corrected}`);
    const [retitled] = await ids(sql`status = 'sent'`, 1);
    await platform(
      sql`update sales_document set title = 'btw Correctie', updated_at = now() where id = ${retitled}`,
    );
    await insertInvoices(1001, 40, 5000);
    await checkEveryPage('changed', 1);
    await checkSearches('changed');

    const module = (await import('../documents/document-sort-ranges')) as Record<string, unknown>;
    const rebalance = module.rebalanceDocumentSortRanges as
      | ((db: TestServer['server']['deps']['db'], companyId: number, size: number) => Promise<void>)
      | undefined;
    if (typeof rebalance === 'function') {
      await rebalance(t.server.deps.db, a.companyId, RANGE_SIZE);
      // ~440 invoices in ranges of about 8: dozens of ranges per key.
      const ranges = await platform<{ n: number }>(sql`
        select count(distinct (lo_text, lo_num, lo_time, lo_id))::int as n from document_sort_range
        where company_id = ${a.companyId} and kind = 'invoice' and sort_key = 'title'`);
      expect(ranges.rows[0]!.n).toBeGreaterThan(24);
      await checkEveryPage('rebalanced', 2);
    }
  }, 180_000);

  it("reads the screen's first page in one round trip, with the rows the general path gives", async () => {
    const roundTrips = watchRoundTrips(t.server.deps.db.pool);
    // The fewest of three runs: the pool also serves work in the background (the sort ranges' rebalance).
    const trips = async (path: string, token = a.token) => {
      expect((await t.api('GET', path, { token })).status).toBe(200); // the session is looked up (and kept) here
      let fewest = Number.POSITIVE_INFINITY;
      for (let run = 0; run < 3; run++) {
        roundTrips.reset();
        expect((await t.api('GET', path, { token })).status).toBe(200);
        fewest = Math.min(fewest, roundTrips.count);
      }
      return fewest;
    };
    try {
      expect(await trips('/api/invoice?offset=0&limit=25&sort=-documentdate')).toBe(1);
      expect(await trips('/api/invoice?status=sent&limit=25&sort=documentdate&offset=50')).toBe(1);
      // A search, or a sort through the sort ranges: the general path in a snapshot transaction.
      expect(await trips('/api/invoice?query=warmtepomp&sort=-documentdate')).toBeGreaterThan(1);
      expect(await trips('/api/invoice?sort=-number')).toBeGreaterThan(1);
    } finally {
      roundTrips.stop();
    }
    // Each row as the general path (the list of one flow) answers it: same fields, same values.
    const first = await t.api('GET', '/api/invoice?offset=0&limit=25&sort=-documentdate', { token: a.token });
    const rows = first.body.data as { id: number; flow_id: number | null }[];
    expect(rows.length).toBe(25);
    // Written without the schema's check (plain-json.ts): exactly the schema's shape, nothing more.
    expect(zDocumentPage.parse(first.body)).toEqual(first.body);
    let compared = 0;
    for (const flowId of new Set(rows.map((r) => r.flow_id).filter((id) => id !== null))) {
      const ofFlow = await t.api('GET', `/api/invoice?flow_id=${flowId}&limit=100`, { token: a.token });
      expect(zDocumentPage.parse(ofFlow.body)).toEqual(ofFlow.body);
      const byId = new Map((ofFlow.body.data as { id: number }[]).map((r) => [r.id, r]));
      for (const row of rows.filter((r) => r.flow_id === flowId)) {
        expect(row).toEqual(byId.get(row.id));
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(10);
    // Past the end: no rows, and the total all the same (the general path answers it).
    const past = await t.api('GET', '/api/invoice?offset=975&limit=25&sort=-documentdate', {
      token: a.token,
    });
    expect(past.body.data).toEqual([]);
    expect(zDocumentPage.parse(past.body)).toEqual(past.body);
    expect(past.body.pagination.total).toBe(first.body.pagination.total);
  });
});
