import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/test-server';
import { createTestFlow, createTestRelation } from './flow-test-factory';

/** A valid 1x1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

let t: TestServer;
let companyA: number;
let tokenA: string;
let ownFlow: { id: number; hash: string };
let foreign: { id: number; hash: string; relationId: number };
let foreignFileId: number;

const BODIES: Record<string, unknown> = {
  'PATCH /api/flow/:id': { description: 'overgenomen' },
  'POST /api/flow/:id/changestatus': { flow_status: 'intake' },
  'POST /api/flow/:id/rejectflow': {},
  'PATCH /api/lead/:id': { date_lead: '2026-01-01' },
  'POST /api/flow/:id/processcontactmoment': { contacttemplate_id: 1 },
};

beforeAll(async () => {
  t = await startTestServer({ work: false });
  companyA = await t.createTestCompany({ name: 'Eigen BV' });
  const companyB = await t.createTestCompany({ name: 'Ander BV' });
  tokenA = await t.login((await t.createTestUser({ companyId: companyA })).email);
  const tokenB = await t.login((await t.createTestUser({ companyId: companyB })).email);
  ownFlow = await createTestFlow(t, companyA, { description: 'Eigen dossier' });
  const relationB = await createTestRelation(t, companyB, {
    name: 'Geheime',
    surname: 'Klant',
    city: 'Geheimstad',
  });
  foreign = await createTestFlow(t, companyB, {
    relationId: relationB,
    description: 'Geheim dossier zonnepanelen',
    tags: ['Geheimtag'],
  });
  const form = new FormData();
  form.append('flow_id', String(foreign.id));
  form.append('file', new Blob([PNG], { type: 'image/png' }), 'geheim.png');
  const upload = await t.api('POST', '/api/flowfile', { token: tokenB, body: form });
  expect(upload.status).toBe(201);
  foreignFileId = upload.body.id;
});
afterAll(async () => t?.close());

describe("another company's flow", () => {
  it('answers 404 on every flow and lead call by id, exactly like an unknown id', async () => {
    const routes = t.server.app.apiRoutes.filter((r) => /^\/api\/(flow|lead)\/:id(\/|$)/.test(r.url));
    expect(routes.length).toBeGreaterThanOrEqual(15);
    for (const route of routes) {
      const key = `${route.method} ${route.url}`;
      const body =
        route.method === 'GET'
          ? undefined
          : key.endsWith('/mergeflow')
            ? { targetflow_id: ownFlow.id }
            : (BODIES[key] ?? {});
      // The partner user's own read refuses a staff user for who they are (403), for any id alike.
      const expected = key.endsWith('/getforpartner') ? 403 : 404;
      for (const id of [foreign.id, 99_999_999]) {
        const res = await t.api(route.method, route.url.replace(':id', String(id)), { token: tokenA, body });
        expect(res.status, `${key} ${id}`).toBe(expected);
        expect(res.body.message, key).toBeTruthy();
      }
    }
  });

  it('cannot be a merge target, an upload owner or a file download', async () => {
    const merge = await t.api('POST', `/api/flow/${ownFlow.id}/mergeflow`, {
      token: tokenA,
      body: { targetflow_id: foreign.id },
    });
    expect(merge.status).toBe(422);
    expect((await t.api('GET', `/api/flow/${ownFlow.id}`, { token: tokenA })).status).toBe(200);

    const form = new FormData();
    form.append('flow_id', String(foreign.id));
    form.append('file', new Blob([PNG], { type: 'image/png' }), 'inbraak.png');
    expect((await t.api('POST', '/api/flowfile', { token: tokenA, body: form })).status).toBe(422);
    const assist = new FormData();
    assist.append('relation_id', String(foreign.relationId));
    assist.append('file', new Blob([PNG], { type: 'image/png' }), 'inbraak.png');
    expect((await t.api('POST', '/api/assistfile', { token: tokenA, body: assist })).status).toBe(422);

    expect((await t.api('GET', `/api/flowfile/${foreignFileId}`, { token: tokenA })).status).toBe(404);
    expect((await t.api('DELETE', `/api/flowfile/${foreignFileId}`, { token: tokenA })).status).toBe(404);
  });

  it('never shows up in lists, search, the pipeline, last seen or used tags', async () => {
    const secret = /Geheim/;
    const reads = [
      '/api/flow/querypaginated?limit=500',
      '/api/flow/querypaginated?query=geheim',
      '/api/flow/querypaginated?tag=Geheimtag',
      '/api/flow/querypaginated?sort=user_fullname',
      // Column sorts page through the sort ranges (per company, per handler, lead source and tag).
      '/api/flow/querypaginated?sort=description&limit=500',
      '/api/flow/querypaginated?sort=-updated_at&tag=Geheimtag',
      '/api/flow/querywithdisplaynamewithaddress?query=geheim',
      '/api/flow/searchforsearchterm?query=geheim',
      '/api/flow/getusedflowtags',
      '/api/user/getleadpipeline?limit=100000',
      '/api/user/getleadpipeline?query=geheim',
    ];
    for (const path of reads) {
      const res = await t.api('GET', path, { token: tokenA });
      expect(res.status, path).toBe(200);
      expect(JSON.stringify(res.body), path).not.toMatch(secret);
    }
    const pipeline = await t.api('GET', '/api/user/getleadpipeline', { token: tokenA });
    const total = pipeline.body.columns.reduce((s: number, c: { total: number }) => s + c.total, 0);
    expect(total).toBe(1);
    for (const sort of ['-id', 'description', 'relation_fullname', '-created_at', 'updated_at']) {
      const list = await t.api('GET', `/api/flow/querypaginated?sort=${sort}`, { token: tokenA });
      expect(list.body.pagination.total, sort).toBe(1);
    }
    const lastSeen = await t.api('POST', '/api/flow/getlastseenflows', {
      token: tokenA,
      body: { ids: [foreign.id, ownFlow.id] },
    });
    expect(lastSeen.body.map((f: { id: number }) => f.id)).toEqual([ownFlow.id]);
  });
});
