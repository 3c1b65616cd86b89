// Quickr and Glbl on a flow data item end to end against a local fake of both (test/fake-solar.ts; decision
// 071): linking (the spec's login_failure text), scan, one design per item (unless asked again), the design
// fetched again, the login address, a Glbl report ordered once through the job queue and its PDF stored once
// with the flow's files, bad and foreign items, and unlinking.
import { INTEGRATION_TEXTS, SOLAR_TEXTS } from '@im/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCrmCompany, createTestRelation } from '../../../test/crm-factories';
import { FAKE_PDF, type FakeSolar, startFakeSolar } from '../../../test/fake-solar';
import { startTestServer, type TestServer } from '../../../test/test-server';

let t: TestServer;
let fake: FakeSolar;
let a: { companyId: number; token: string; userId: number };
let b: { companyId: number; token: string; userId: number };
let flowId: number;
let itemId: number;
let plainItemId: number;

const api = (method: string, path: string, body?: unknown, token = a.token) =>
  t.api(method, path, { token, body });

async function ok(method: string, path: string, body?: unknown, token = a.token) {
  const res = await api(method, path, body, token);
  if (res.status !== 200 && res.status !== 201)
    throw new Error(`${path}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

async function formWith(types: string[], token = a.token) {
  const v = await ok('POST', '/api/vertical', { name: `Zonnepanelen ${types.join(' ')}` }, token);
  for (const [i, type] of types.entries())
    await ok(
      'POST',
      '/api/verticaldatafield',
      { vertical_id: v.id, field_label: `Veld ${i}`, field_type: type },
      token,
    );
  return v.id as number;
}

beforeAll(async () => {
  fake = await startFakeSolar();
  t = await startTestServer({ config: fake.env });
  a = await createCrmCompany(t, { name: 'Zon A' });
  b = await createCrmCompany(t, { name: 'Zon B' });
  const rel = await createTestRelation(t, a.token, { createnewflow: true });
  flowId = rel.flows[0].id;
  await ok('POST', '/api/location', {
    relation_id: rel.id,
    address: 'Dorpsstraat',
    number: '12',
    postcode: '8441AB',
    city: 'Heerenveen',
  });
  const solar = await formWith(['quickr', 'glbl', 'number']);
  // A calculated field that reads the design's expected output (decision 071).
  await ok('POST', '/api/verticaldatafield', {
    vertical_id: solar,
    field_label: 'Opbrengst in euro',
    field_name: 'opbrengst_euro',
    field_type: 'calculated',
    calculationrules: [{ formula: 'quickrExpectedOutput * 0.25', showrules: [] }],
  });
  itemId = (await ok('POST', '/api/flowdataitem', { vertical_id: solar, flow_id: flowId })).id;
  const plain = await formWith(['text']);
  plainItemId = (await ok('POST', '/api/flowdataitem', { vertical_id: plain, flow_id: flowId })).id;
}, 90_000);

afterAll(async () => {
  await t?.close();
  await fake?.close();
});

describe('linking', () => {
  it('answers a call before linking with a Dutch 409', async () => {
    const res = await api('POST', '/api/integrations/quickr/scan', { flowDataItemId: itemId });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(INTEGRATION_TEXTS.notLinked('Quickr'));
  });

  it('refuses wrong Quickr credentials with the spec text and keeps nothing', async () => {
    const res = await api('POST', '/api/integrations/quickr/link', { username: 'x@y.nl', password: 'fout' });
    expect(res.status).toBe(422);
    expect(res.body.message).toBe(
      'Installatiemanager kan geen verbinding maken met Quickr met deze inloggegevens.',
    );
    expect(await ok('GET', `/api/integrations/listforcompany/${a.companyId}`)).toEqual([]);
  });

  it('links Quickr and Glbl, never answering or storing the password or key in the clear', async () => {
    expect(await ok('POST', '/api/integrations/quickr/link', fake.quickrUser)).toEqual({
      message: 'Quickr is gekoppeld.',
    });
    const refused = await api('POST', '/api/integrations/glbl/link', { api_key: 'verkeerde-sleutel' });
    expect(refused.status).toBe(422);
    expect(refused.body.message).toBe(SOLAR_TEXTS.glblKeyRefused);
    expect(await ok('POST', '/api/integrations/glbl/link', { api_key: fake.glblKey })).toEqual({
      message: 'Glbl is gekoppeld.',
    });
    const list = await ok('GET', `/api/integrations/listforcompany/${a.companyId}`);
    expect(list.map((i: { service: string; status: string }) => [i.service, i.status])).toEqual([
      ['glbl', 'active'],
      ['quickr', 'active'],
    ]);
    const rows = await t.server.deps.db.platform((tx) =>
      tx.execute(`select access_token_enc, refresh_token_enc from integration_connection` as never),
    );
    const stored = JSON.stringify(rows.rows) + JSON.stringify(list);
    expect(stored).not.toContain(fake.quickrUser.password);
    expect(stored).not.toContain(fake.glblKey);
    // Another company sees none of it.
    expect(await ok('GET', `/api/integrations/listforcompany/${b.companyId}`, undefined, b.token)).toEqual(
      [],
    );
  });
});

describe('Quickr on a flow data item', () => {
  it('scans the roof at the flow address and writes the scan fields into the item', async () => {
    const res = await ok('POST', '/api/integrations/quickr/scan', { flowDataItemId: itemId });
    expect(res).toMatchObject({ flowDataItemId: itemId, quickrMaxNrOfPv: 24, quickrNrOfPv: null });
    expect(res.quickrRefId).toMatch(/^scan-/);
    expect(JSON.parse(res.quickrPdok)).toMatchObject({ construction_year: 1978 });
    const scan = fake.requests.filter((r) => r.path === '/quickr/v1/scans').at(-1)!;
    expect(JSON.parse(scan.body).address).toMatchObject({ postcode: '8441 AB', number: '12' });
    const item = await ok('GET', `/api/flowdataitem/${itemId}`);
    expect(item.values.quickrRefId).toBe(res.quickrRefId);
  });

  it('makes one design per item: asked twice (or retried) it is the same design, unless asked again', async () => {
    const first = await ok('POST', '/api/integrations/quickr/createdesign', { flowDataItemId: itemId });
    expect(first).toMatchObject({
      quickrNrOfPv: 16,
      quickrPower: 6800,
      quickrPowerPerPV: 425,
      quickrEfficiency: 92.5,
      quickrExpectedOutput: 6120,
      quickrPvSystem: 'Enphase IQ8',
      quickrMaxNrOfPv: 24,
    });
    expect(first.quickrDesignId).toMatch(/^design-/);
    expect(first.quickrDirectUrl).toContain(first.quickrDesignId);
    expect(first.quickrPlanUrl).toContain('.pdf');
    const [x, y] = await Promise.all([
      ok('POST', '/api/integrations/quickr/createdesign', { flowDataItemId: itemId }),
      ok('POST', '/api/integrations/quickr/createdesign', { flowDataItemId: itemId }),
    ]);
    expect([x.quickrDesignId, y.quickrDesignId]).toEqual([first.quickrDesignId, first.quickrDesignId]);
    expect(fake.designs.size).toBe(1);
    const again = await ok('POST', '/api/integrations/quickr/createdesign', {
      flowDataItemId: itemId,
      again: 1,
    });
    expect(again.quickrDesignId).not.toBe(first.quickrDesignId);
    expect(fake.designs.size).toBe(2);
    const item = await ok('GET', `/api/flowdataitem/${itemId}`);
    expect(item.values).toMatchObject({
      quickrDesignId: again.quickrDesignId,
      quickrNrOfPv: 16,
      opbrengst_euro: 1530,
    });
  });

  it('fetches the design again with the changes made in Quickr, after a lapsed session', async () => {
    const id = (await ok('GET', `/api/flowdataitem/${itemId}`)).values.quickrDesignId;
    fake.designs.get(id)!.nr_of_panels = 18;
    fake.expireSessions();
    const res = await ok('POST', '/api/integrations/quickr/getdesign', { flowDataItemId: itemId });
    expect(res.quickrNrOfPv).toBe(18);
    expect((await ok('GET', `/api/flowdataitem/${itemId}`)).values.quickrNrOfPv).toBe(18);
  });

  it('answers the address that opens Quickr', async () => {
    const res = await ok('POST', '/api/integrations/quickr/login', { flowDataItemId: itemId });
    expect(res.url).toMatch(/^https:\/\/quickr\.example\/sso\//);
  });

  it('refuses bad, unknown, foreign and field-less items without a 500', async () => {
    const bad = await api('POST', '/api/integrations/quickr/scan', { flowDataItemId: 'abc' });
    expect(bad.status).toBe(422);
    expect((await api('POST', '/api/integrations/quickr/scan', {})).status).toBe(422);
    const missing = await api('POST', '/api/integrations/quickr/scan', { flowDataItemId: 99_999_999 });
    expect(missing.status).toBe(404);
    const plain = await api('POST', '/api/integrations/quickr/scan', { flowDataItemId: plainItemId });
    expect(plain.status).toBe(422);
    expect(plain.body.message).toBe(SOLAR_TEXTS.noQuickrField);
    // Company B, with its own Quickr link, cannot reach A's item.
    await ok('POST', '/api/integrations/quickr/link', fake.quickrUser, b.token);
    for (const path of ['scan', 'createdesign', 'getdesign', 'login']) {
      const res = await api('POST', `/api/integrations/quickr/${path}`, { flowDataItemId: itemId }, b.token);
      expect(res.status).toBe(404);
    }
    for (const path of ['generatereport', 'status']) {
      const res = await api('POST', `/api/integrations/glbl/${path}`, { flowDataItemId: itemId }, b.token);
      expect(res.status).toBe(404);
    }
  });
});

describe('Glbl report', () => {
  const waitFor = async <T>(read: () => Promise<T>, done: (v: T) => boolean) => {
    for (const until = Date.now() + 30_000; ; await new Promise((r) => setTimeout(r, 200))) {
      const v = await read();
      if (done(v) || Date.now() > until) return v;
    }
  };

  it('orders one report through the queue (also when the answer was lost and the job retried), and stores its PDF once', async () => {
    fake.failNextReports(1);
    const started = await ok('POST', '/api/integrations/glbl/generatereport', { flowDataItemId: itemId });
    expect(started).toMatchObject({ glblStatus: 'queued', glblId: null, glblPDF: null });
    // Asked again while queued: the same request, no second job.
    expect(
      await ok('POST', '/api/integrations/glbl/generatereport', { flowDataItemId: itemId }),
    ).toMatchObject({
      glblStatus: 'queued',
    });
    const processing = await waitFor(
      () => ok('POST', '/api/integrations/glbl/status', { flowDataItemId: itemId }),
      (v) => v.glblStatus === 'processing',
    );
    expect(processing.glblId).toMatch(/^report-/);
    expect(fake.reports.size).toBe(1);
    const order = fake.requests.find((r) => r.path === '/glbl/v1/reports' && r.method === 'POST')!;
    expect(JSON.parse(order.body).design).toMatchObject({ quickrNrOfPv: 18 });

    fake.finishReports();
    const [s1, s2] = await Promise.all([
      ok('POST', '/api/integrations/glbl/status', { flowDataItemId: itemId }),
      ok('POST', '/api/integrations/glbl/status', { flowDataItemId: itemId }),
    ]);
    expect(s1).toMatchObject({ glblStatus: 'ready', glblId: processing.glblId });
    expect(s2.glblPDF).toBe(s1.glblPDF);
    expect(s1.glblPDF).toMatch(/^\/api\/flowfile\/\d+$/);
    const flow = await ok('GET', `/api/flow/${flowId}`);
    const pdfs = flow.files.filter((f: { filename: string }) => f.filename.startsWith('Glbl-rapport'));
    expect(pdfs).toHaveLength(1);
    const download = await t.server.app.inject({
      method: 'GET',
      url: s1.glblPDF,
      headers: { authorization: `Bearer ${a.token}` },
    });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(FAKE_PDF)).toBe(true);
    // A ready report is not ordered again.
    expect(
      await ok('POST', '/api/integrations/glbl/generatereport', { flowDataItemId: itemId }),
    ).toMatchObject({
      glblStatus: 'ready',
      glblPDF: s1.glblPDF,
    });
    expect(fake.reports.size).toBe(1);
    // Asked again on purpose (the design changed): a new report, its own PDF later.
    const again = await ok('POST', '/api/integrations/glbl/generatereport', {
      flowDataItemId: itemId,
      again: true,
    });
    expect(again).toMatchObject({ glblStatus: 'queued', glblPDF: null });
    await waitFor(
      () => ok('POST', '/api/integrations/glbl/status', { flowDataItemId: itemId }),
      (v) => v.glblStatus === 'processing',
    );
    expect(fake.reports.size).toBe(2);
  });

  it('answers status before any report with a Dutch 422', async () => {
    const v = await formWith(['glbl']);
    const other = (await ok('POST', '/api/flowdataitem', { vertical_id: v, flow_id: flowId })).id;
    const res = await api('POST', '/api/integrations/glbl/status', { flowDataItemId: other });
    expect(res.status).toBe(422);
    expect(res.body.message).toBe(SOLAR_TEXTS.noReport);
  });
});

describe('unlinking', () => {
  it('unlinks Quickr with DELETE; the calls then say it is not linked', async () => {
    const list = await ok('GET', `/api/integrations/listforcompany/${a.companyId}`);
    const quickr = list.find((i: { service: string }) => i.service === 'quickr');
    expect((await api('DELETE', `/api/integrations/quickr/${quickr.id}`, undefined, b.token)).status).toBe(
      404,
    );
    expect(await ok('DELETE', `/api/integrations/quickr/${quickr.id}`)).toEqual({
      message: 'Quickr is ontkoppeld.',
    });
    const res = await api('POST', '/api/integrations/quickr/getdesign', { flowDataItemId: itemId });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(INTEGRATION_TEXTS.notLinked('Quickr'));
    // The design's figures stay on the form.
    expect((await ok('GET', `/api/flowdataitem/${itemId}`)).values.quickrNrOfPv).toBe(18);
  });
});
