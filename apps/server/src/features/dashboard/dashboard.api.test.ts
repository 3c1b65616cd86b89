import { DEFAULT_STATBOXES, statisticPeriodRange } from '@im/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCrmCompany, createTestRelation } from '../../../test/crm-factories';
import { startTestServer, type TestServer } from '../../../test/test-server';

let t: TestServer;
let a: { companyId: number; token: string; userId: number };
let b: { companyId: number; token: string; userId: number };

beforeAll(async () => {
  t = await startTestServer({ work: false });
  a = await createCrmCompany(t, { name: 'Dashboard A' });
  b = await createCrmCompany(t, { name: 'Dashboard B' });
});
afterAll(async () => t?.close());

/** A sales document written straight into the table (the document calls are tested on their own). */
async function addDocument(
  companyId: number,
  flowId: number,
  kind: string,
  dates: { send?: Date; approved?: Date },
): Promise<void> {
  await t.server.deps.db.platform((tx) =>
    tx.execute(sql`insert into sales_document (company_id, kind, flow_id, status, hash, date_send, date_approved)
      values (${companyId}, ${kind}, ${flowId}, ${dates.approved ? 'approved' : 'sent'}, md5(random()::text),
        ${dates.send ?? null}, ${dates.approved ?? null})`),
  );
}

async function myFlow(token: string, userId: number, description: string): Promise<number> {
  const rel = await createTestRelation(t, token, { createnewflow: true });
  const res = await t.api('PATCH', `/api/flow/${rel.flow_id}`, {
    token,
    body: { user_id: userId, description },
  });
  expect(res.status).toBe(200);
  return rel.flow_id;
}

describe('getdashboard', () => {
  it('answers the dashboard type, its widgets and the default statistic boxes', async () => {
    const res = await t.api('GET', '/api/user/getdashboard', { token: a.token });
    expect(res.status).toBe(200);
    expect(res.body.usecase).toBe('standard');
    expect(res.body.widgets).toEqual([
      'statistics',
      'leads',
      'tasks',
      'actions',
      'messages',
      'incidents',
      'notifications',
      'notes',
    ]);
    expect(res.body.is_default_statboxes).toBe(true);
    expect(res.body.statboxes).toEqual(DEFAULT_STATBOXES);
    expect(res.body.company_settings_id).toEqual(expect.any(Number));

    const sales = await t.api('GET', '/api/user/getdashboard?usecase=sales', { token: a.token });
    expect(sales.body.widgets).not.toContain('tasks');
    expect(sales.body.widgets).toContain('leads');
    const project = await t.api('GET', '/api/user/getdashboard?usecase=project', { token: a.token });
    expect(project.body.widgets).toContain('incidents');
    expect(project.body.widgets).not.toContain('leads');
    expect((await t.api('GET', '/api/user/getdashboard?usecase=v9', { token: a.token })).status).toBe(422);
  });

  it('takes the usecase from the user’s dashboard type, and hides the editor from staff', async () => {
    const u = await t.createTestUser({ companyId: a.companyId, role: 100 });
    await t.server.deps.db.platform((tx) =>
      tx.execute(sql`update "user" set alt_dashboard = 'projectv1' where id = ${u.id}`),
    );
    const token = await t.login(u.email);
    const res = await t.api('GET', '/api/user/getdashboard', { token });
    expect(res.body.usecase).toBe('project');
    expect(res.body.company_settings_id).toBeNull();
  });
});

describe('statistic boxes', () => {
  it('are saved on the company settings, refused when malformed, and counted per period', async () => {
    const dash = await t.api('GET', '/api/user/getdashboard', { token: a.token });
    const settingsId = dash.body.company_settings_id as number;
    const boxes = [
      { type: 'quotations_sent', period1: 'thisMonth', period2: 'lastYear', theme: 'info' },
      { type: 'quotations_approved_own', period1: 'thisMonth', theme: 'success', userType: 'sales' },
      { type: 'revenue_exc', period1: 'thisYear', theme: 'green' },
    ];
    const bad = await t.api('PATCH', `/api/companysettings/${settingsId}`, {
      token: a.token,
      body: { dashboard_settings: [{ type: 'nonsense', period1: 'thisMonth' }] },
    });
    expect(bad.status).toBe(422);
    const tooMany = await t.api('PATCH', `/api/companysettings/${settingsId}`, {
      token: a.token,
      body: { dashboard_settings: Array.from({ length: 13 }, () => boxes[0]) },
    });
    expect(tooMany.status).toBe(422);
    expect(JSON.stringify(tooMany.body)).toContain('Maximaal 12 statistiekblokken.');
    const foreign = await t.api('PATCH', `/api/companysettings/${settingsId}`, {
      token: b.token,
      body: { dashboard_settings: boxes },
    });
    expect(foreign.status).toBe(404);

    const saved = await t.api('PATCH', `/api/companysettings/${settingsId}`, {
      token: a.token,
      body: { dashboard_settings: boxes },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.dashboard_settings).toHaveLength(3);
    expect(saved.body.dashboard_settings[0]).toMatchObject({
      widget_type: 'statbox',
      period3: null,
      userType: null,
    });

    const flowId = await myFlow(a.token, a.userId, 'Zonnepanelen');
    const now = new Date();
    const lastYear = statisticPeriodRange('lastYear', now);
    await addDocument(a.companyId, flowId, 'quotation', { send: now });
    await addDocument(a.companyId, flowId, 'quotation', {
      send: new Date(lastYear.from.getTime() + 86_400_000),
    });
    await addDocument(a.companyId, flowId, 'quotation', { send: now, approved: now });
    await addDocument(a.companyId, flowId, 'confirmation', { send: now });
    // Another company's quotations never count.
    const otherFlow = await myFlow(b.token, b.userId, 'Elders');
    await addDocument(b.companyId, otherFlow, 'quotation', { send: now });

    const stats = await t.api('GET', '/api/user/getdashboardstatistics', { token: a.token });
    expect(stats.status).toBe(200);
    // The sales-only box is not shown to a standard user.
    expect(stats.body.statboxes.map((s: { type: string }) => s.type)).toEqual([
      'quotations_sent',
      'revenue_exc',
    ]);
    expect(stats.body.statboxes[0]).toMatchObject({
      label: 'Verstuurde offertes',
      theme: 'info',
      is_money: false,
      values: [
        { period: 'thisMonth', label: 'Deze maand', value: '2' },
        { period: 'lastYear', label: 'Vorig jaar', value: '1' },
      ],
    });
    expect(stats.body.statboxes[1]).toMatchObject({ is_money: true, values: [{ value: '0.00' }] });

    const salesUser = await t.createTestUser({ companyId: a.companyId, role: 1000, userType: 'sales' });
    const salesToken = await t.login(salesUser.email);
    const own = await t.api('GET', '/api/user/getdashboardstatistics', { token: salesToken });
    const approvedOwn = own.body.statboxes.find(
      (s: { type: string }) => s.type === 'quotations_approved_own',
    );
    // Approved, but on a flow another user handles.
    expect(approvedOwn.values[0].value).toBe('0');

    const reset = await t.api('PATCH', `/api/companysettings/${settingsId}`, {
      token: a.token,
      body: { dashboard_settings: null },
    });
    expect(reset.body.dashboard_settings).toBeNull();
    expect((await t.api('GET', '/api/user/getdashboard', { token: a.token })).body.is_default_statboxes).toBe(
      true,
    );
  });
});

describe('getdashboardleads', () => {
  it('lists the user’s open dossiers by filter with counts, and nothing of another company', async () => {
    const c = await createCrmCompany(t, { name: 'Dashboard C' });
    const fresh = await myFlow(c.token, c.userId, 'Nieuwe aanvraag');
    const waiting = await myFlow(c.token, c.userId, 'Offerte verstuurd');
    await t.server.deps.db.platform((tx) =>
      tx.execute(sql`update flow set flow_status = 'quotation' where id = ${waiting}`),
    );
    await addDocument(c.companyId, waiting, 'quotation', { send: new Date() });

    const unsent = await t.api('GET', '/api/user/getdashboardleads', { token: c.token });
    expect(unsent.status).toBe(200);
    expect(unsent.body.counts).toEqual({ unsent: 1, sent: 1, new: 1, all: 2 });
    expect(unsent.body.flows.map((f: { id: number }) => f.id)).toEqual([fresh]);
    const sent = await t.api('GET', '/api/user/getdashboardleads?filter=sent', { token: c.token });
    expect(sent.body.flows).toEqual([
      expect.objectContaining({
        id: waiting,
        flow_status: 'quotation',
        quotation_sent_at: expect.any(String),
      }),
    ]);
    const all = await t.api('GET', '/api/user/getdashboardleads?filter=all&limit=1', { token: c.token });
    expect(all.body.flows).toHaveLength(1);

    const other = await t.api('GET', '/api/user/getdashboardleads?filter=all', { token: b.token });
    expect(other.body.flows.map((f: { id: number }) => f.id)).not.toContain(fresh);
    expect((await t.api('GET', '/api/user/getdashboardleads?filter=x', { token: c.token })).status).toBe(422);
    expect((await t.api('GET', '/api/user/getdashboardleads?limit=0', { token: c.token })).status).toBe(422);
    expect((await t.api('GET', '/api/user/getdashboardleads')).status).toBe(401);
  });
});

describe('getdashboardtasks', () => {
  it('counts the user’s tasks per planning status and lists one status', async () => {
    const rel = await createTestRelation(t, a.token, { createnewflow: true });
    const make = async (body: Record<string, unknown>) => {
      const res = await t.api('POST', '/api/task', {
        token: a.token,
        body: { description: 'Taak', flow_id: rel.flow_id, user_id: a.userId, ...body },
      });
      expect(res.status).toBe(201);
      return res.body.id as number;
    };
    const unplanned = await make({ description: 'Nog plannen' });
    const day = 86_400_000;
    await make({
      start_date: new Date(Date.now() + day).toISOString(),
      end_date: new Date(Date.now() + day + 3_600_000).toISOString(),
    });
    await make({
      start_date: new Date(Date.now() - 2 * day).toISOString(),
      end_date: new Date(Date.now() - 2 * day + 3_600_000).toISOString(),
    });
    await make({ status: 'onhold' });

    const res = await t.api('GET', '/api/user/getdashboardtasks', { token: a.token });
    expect(res.status).toBe(200);
    expect(res.body.counts).toEqual({ unplanned: 1, upcoming: 1, unfinished: 2 });
    expect(res.body.tasks.map((x: { id: number }) => x.id)).toEqual([unplanned]);
    const unfinished = await t.api('GET', '/api/user/getdashboardtasks?filter=unfinished', {
      token: a.token,
    });
    expect(unfinished.body.tasks).toHaveLength(2);
    const other = await t.api('GET', '/api/user/getdashboardtasks', { token: b.token });
    expect(other.body.counts).toEqual({ unplanned: 0, upcoming: 0, unfinished: 0 });
    expect(
      (await t.api('GET', '/api/user/getdashboardtasks?filter=completed', { token: a.token })).status,
    ).toBe(422);
  });
});

describe('the messages widget', () => {
  it('narrows the communicator to the user’s own flows with scope=allforme', async () => {
    const mine = await myFlow(a.token, a.userId, 'Mijn dossier');
    const colleague = await t.createTestUser({ companyId: a.companyId, role: 1000 });
    const theirs = await myFlow(a.token, colleague.id, 'Dossier collega');
    for (const flow_id of [mine, theirs]) {
      const m = await t.api('POST', '/api/message', { token: a.token, body: { flow_id, content: 'Hallo' } });
      expect(m.status).toBe(201);
    }
    const all = await t.api('GET', '/api/user/getcommunicatormessages', { token: a.token });
    const ids = all.body.data.map((f: { flow_id: number }) => f.flow_id);
    expect(ids).toEqual(expect.arrayContaining([mine, theirs]));
    const forMe = await t.api('GET', '/api/user/getcommunicatormessages?scope=allforme&number=5', {
      token: a.token,
    });
    expect(forMe.body.data.map((f: { flow_id: number }) => f.flow_id)).toEqual([mine]);
    expect((await t.api('GET', '/api/user/getcommunicatormessages?scope=x', { token: a.token })).status).toBe(
      422,
    );
  });
});
