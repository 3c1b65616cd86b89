import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  addSentInvoice,
  createCrmCompany,
  createTestRelation,
  logCount,
  removeInvoices,
  waitForBatch,
} from '../../../test/crm-factories';
import { startTestServer, type TestServer } from '../../../test/test-server';

let t: TestServer;
let a: { companyId: number; token: string };
let b: { companyId: number; token: string };

beforeAll(async () => {
  t = await startTestServer({ batchChunkSize: 3 });
  a = await createCrmCompany(t, { name: 'Opruim A' });
  b = await createCrmCompany(t, { name: 'Opruim B' });
});
afterAll(async () => t?.close());
afterEach(() => removeInvoices(t, a.companyId));

const exec = (query: ReturnType<typeof sql>) => t.server.deps.db.platform((tx) => tx.execute(query));
const state = async (id: number) =>
  (
    await exec(sql`select deleted_at is not null as trashed,
      (select count(*)::int from flow where relation_id = ${id} and deleted_at is null) as live_flows
      from relation where id = ${id}`)
  ).rows[0] as { trashed: boolean; live_flows: number } | undefined;

describe('searchinactiverelations', () => {
  let old: number;
  let recent: number;
  let noFlows: number;
  let insulation: number;
  let invoiced: number;
  const search = async (criteria: unknown[], token = a.token) =>
    t.api('POST', '/api/relation/searchinactiverelations', { token, body: { criteria } });
  const idsOf = (body: { data: { id: number }[] }) => body.data.map((r) => r.id).sort((x, y) => x - y);

  beforeAll(async () => {
    old = (await createTestRelation(t, a.token, { fullname: 'Oud Klant', createnewflow: true })).id;
    recent = (await createTestRelation(t, a.token, { fullname: 'Nieuw Klant', createnewflow: true })).id;
    noFlows = (await createTestRelation(t, a.token, { fullname: 'Zonder Dossier' })).id;
    insulation = (
      await createTestRelation(t, a.token, {
        fullname: 'Isolatie Klant',
        createnewflow: true,
        flow_description: 'Spouwmuurisolatie',
      })
    ).id;
    invoiced = (await createTestRelation(t, a.token, { fullname: 'Factuur Klant', createnewflow: true })).id;
    await exec(sql`update flow set created_at = now() - interval '400 days', updated_at = now() - interval '300 days'
      where relation_id in (${old}, ${insulation})`);
    await exec(sql`update relation set updated_at = now() - interval '400 days'
      where id in (${old}, ${noFlows}, ${insulation}, ${invoiced})`);
    await createTestRelation(t, b.token, { fullname: 'Oud Klant' });
  });

  it('always leaves out relations with sent invoices; no criteria lists the rest, least active first', async () => {
    await addSentInvoice(t, a.companyId, { relationId: invoiced });
    const res = await search([]);
    expect(res.status).toBe(200);
    expect(idsOf(res.body)).toEqual([old, recent, noFlows, insulation].sort((x, y) => x - y));
    expect(res.body.total).toBe(4);
    expect(res.body.data.at(-1).id).toBe(recent);
    expect(res.body.data.find((r: { id: number }) => r.id === old)).toMatchObject({
      fullname: 'Oud Klant',
      flows_count: 1,
      address: '',
      last_activity_at: expect.any(String),
    });
    expect(res.body.data.find((r: { id: number }) => r.id === noFlows).flows_count).toBe(0);
    expect(idsOf((await search([{ tag: 'no_send_invoices' }])).body)).toEqual(idsOf(res.body));
  });

  it('flow_age and flow_updated_age keep relations without a flow that new; descriptions filter on flows', async () => {
    expect(idsOf((await search([{ tag: 'flow_age', amount: 365 }])).body)).toEqual(
      [old, noFlows, insulation].sort((x, y) => x - y),
    );
    expect(idsOf((await search([{ tag: 'flow_updated_age', amount: 200 }])).body)).toEqual(
      [old, noFlows, insulation].sort((x, y) => x - y),
    );
    expect(idsOf((await search([{ tag: 'flow_updated_age', amount: 350 }])).body)).toEqual([noFlows]);
    expect(idsOf((await search([{ tag: 'with_flow_description', text: 'spouw' }])).body)).toEqual([
      insulation,
    ]);
    expect(idsOf((await search([{ tag: 'without_flow_description', text: 'SPOUW' }])).body)).not.toContain(
      insulation,
    );
    expect(
      idsOf(
        (
          await search([
            { tag: 'flow_age', amount: 365 },
            { tag: 'without_flow_description', text: 'spouw' },
          ])
        ).body,
      ),
    ).toEqual([old, noFlows].sort((x, y) => x - y));
  });

  it('criteria of features that do not exist yet hold for every relation', async () => {
    const all = idsOf((await search([])).body);
    const tags = [
      'no_approved_confirmations',
      'no_send_confirmations',
      'no_approved_quotations',
      'no_send_quotations',
      'no_open_actions',
      'no_planned_tasks',
      'no_unanswered_messages',
    ];
    expect(
      idsOf((await search([...tags.map((tag) => ({ tag })), { tag: 'document_age', amount: 30 }])).body),
    ).toEqual(all);
  });

  it('refuses bad criteria with 422 and shows only the own company', async () => {
    for (const criteria of [
      [{ tag: 'flow_age' }],
      [{ tag: 'document_age', amount: -1 }],
      [{ tag: 'with_flow_description' }],
      [{ tag: 'without_flow_description', text: '  ' }],
      [{ tag: 'no_such_thing' }],
      'flow_age',
    ]) {
      const res = await search(criteria as unknown[]);
      expect({ criteria, status: res.status }).toEqual({ criteria, status: 422 });
    }
    const theirs = await search([], b.token);
    expect(theirs.body.total).toBe(1);
    expect(theirs.body.data[0].id).not.toBe(old);
  });
});

describe('bulkdelete', () => {
  it('trashes the chosen relations and their flows in chunks, skipping sent invoices and other companies', async () => {
    const rels = [];
    for (let i = 0; i < 10; i++)
      rels.push((await createTestRelation(t, a.token, { createnewflow: true })).id);
    const theirs = (await createTestRelation(t, b.token, { createnewflow: true })).id;
    const blocked = rels[4]!;
    await addSentInvoice(t, a.companyId, { relationId: blocked });
    const res = await t.api('POST', '/api/relation/bulkdelete', {
      token: a.token,
      body: { relationIds: [...rels, theirs] },
    });
    expect(res.status).toBe(200);
    const done = await waitForBatch(t, a.token, res.body.batchId);
    expect(done).toMatchObject({ progress: 100, cancelledAt: null });
    for (let i = 1; i < done.seen.length; i++) expect(done.seen[i]).toBeGreaterThanOrEqual(done.seen[i - 1]!);
    for (const id of rels) {
      expect({ id, ...(await state(id)) }).toEqual(
        id === blocked ? { id, trashed: false, live_flows: 1 } : { id, trashed: true, live_flows: 0 },
      );
      expect(await logCount(t, 'relation', id, 'delete')).toBe(id === blocked ? 0 : 1);
    }
    expect(await state(theirs)).toEqual({ trashed: false, live_flows: 1 });
    const [batch] = (await exec(sql`select payload, state from batch where id = ${res.body.batchId}`))
      .rows as { payload: { relationIds: number[] }; state: Record<string, number> }[];
    expect(batch!.payload.relationIds).toEqual(rels);
    expect(batch!.state).toEqual({ done: 10, trashed: 9, blocked: 1 });
  });

  it('refuses bad input with 422 and another company cannot read the batch', async () => {
    for (const body of [{}, { relationIds: 'alle' }, { relationIds: [0] }, { relationIds: [1.5] }]) {
      const res = await t.api('POST', '/api/relation/bulkdelete', { token: a.token, body });
      expect({ body, status: res.status }).toEqual({ body, status: 422 });
    }
    const res = await t.api('POST', '/api/relation/bulkdelete', {
      token: a.token,
      body: { relationIds: [] },
    });
    expect((await waitForBatch(t, a.token, res.body.batchId)).progress).toBe(100);
    expect((await t.api('GET', `/api/batch/${res.body.batchId}`, { token: b.token })).status).toBe(404);
  });
});

describe('emptytrash', () => {
  it('deletes every trashed relation of the company for good, in chunks', async () => {
    const trashed = [];
    for (let i = 0; i < 7; i++) {
      const id = (await createTestRelation(t, a.token, { createnewflow: true })).id;
      await t.api('DELETE', `/api/relation/${id}`, { token: a.token });
      trashed.push(id);
    }
    const live = (await createTestRelation(t, a.token, { createnewflow: true })).id;
    const theirs = (await createTestRelation(t, b.token)).id;
    await t.api('DELETE', `/api/relation/${theirs}`, { token: b.token });
    const res = await t.api('POST', '/api/relation/emptytrash', { token: a.token });
    expect(res.status).toBe(200);
    expect(await waitForBatch(t, a.token, res.body.batchId)).toMatchObject({
      progress: 100,
      cancelledAt: null,
    });
    const [left] = (
      await exec(
        sql`select count(*)::int as n from relation where company_id = ${a.companyId} and deleted_at is not null`,
      )
    ).rows as { n: number }[];
    expect(left!.n).toBe(0);
    for (const id of trashed) {
      expect(await state(id)).toBeUndefined();
      expect(await logCount(t, 'relation', id, 'forcedelete')).toBe(1);
    }
    const [flows] = (
      await exec(
        sql`select count(*)::int as n from flow where relation_id = any(${`{${trashed.join(',')}}`}::int[])`,
      )
    ).rows as { n: number }[];
    expect(flows!.n).toBe(0);
    expect(await state(live)).toEqual({ trashed: false, live_flows: 1 });
    expect(await state(theirs)).toEqual({ trashed: true, live_flows: 0 });
    expect((await t.api('GET', '/api/relation/querytrashed', { token: a.token })).body.pagination.total).toBe(
      0,
    );
  });
});

describe('a bulk delete interrupted after some chunks', () => {
  it('continues from its saved state when it is picked up again', async () => {
    const paused = await startTestServer({ work: false, batchChunkSize: 2 });
    try {
      const c = await createCrmCompany(paused, { name: 'Hervat BV' });
      const rels: number[] = [];
      for (let i = 0; i < 6; i++) rels.push((await createTestRelation(paused, c.token)).id);
      const started = await paused.api('POST', '/api/relation/bulkdelete', {
        token: c.token,
        body: { relationIds: rels },
      });
      const batchId = started.body.batchId as string;
      // As a worker that died after committing the first two relations' chunk would leave it.
      await paused.server.deps.db.platform((tx) =>
        tx.execute(sql`update batch set started_at = now(), attempts = 1, progress = 33,
          state = '{"done": 2, "trashed": 2, "blocked": 0}' where id = ${batchId}`),
      );
      await paused.server.deps.jobs.recoverBatches();
      await paused.server.deps.jobs.runBatch(batchId);
      const res = await paused.api('GET', `/api/batch/${batchId}`, { token: c.token });
      expect(res.body).toMatchObject({ progress: 100, cancelledAt: null });
      const rows = (
        await paused.server.deps.db.platform((tx) =>
          tx.execute(
            sql`select id, deleted_at is not null as trashed from relation where id = any(${`{${rels.join(',')}}`}::int[]) order by id`,
          ),
        )
      ).rows;
      // The first two were "done" by the dead worker (and, here, never really trashed): it did not redo them.
      expect(rows.map((r) => r.trashed)).toEqual([false, false, true, true, true, true]);
    } finally {
      await paused.close();
    }
  });
});
