import type { ModuleTag } from '@im/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestRelation, logCount } from '../../../test/crm-factories';
import { startTestServer, TEST_PASSWORD, type TestServer } from '../../../test/test-server';

const MODULES: ModuleTag[] = [
  'BASIS',
  'CRM',
  'SETTINGS',
  'SALES',
  'QUOTATION',
  'CONFIRMATION',
  'INVOICE',
  'PARTNER',
  'PARTNERMANAGEMENT',
];

let t: TestServer;
let a: { companyId: number; token: string };
let b: { companyId: number; token: string };

async function company(name: string) {
  const companyId = await t.createTestCompany({ name, modules: MODULES });
  const manager = await t.createTestUser({ companyId, role: 1000 });
  return { companyId, token: await t.login(manager.email) };
}

async function newPartner(token: string, body: Record<string, unknown> = {}) {
  const res = await t.api('POST', '/api/partner', { token, body: { name: 'Woonstichting Test', ...body } });
  expect(res.status).toBe(201);
  return res.body as { id: number; name: string };
}

beforeAll(async () => {
  t = await startTestServer({ work: false });
  a = await company('Partners A');
  b = await company('Partners B');
});
afterAll(async () => t?.close());

describe('partner CRUD', () => {
  it('creates, reads, lists with search, updates and logs', async () => {
    const created = await t.api('POST', '/api/partner', {
      token: a.token,
      body: { name: '  Woonstichting De Veste ', start_date: '2026-01-01', end_date: '2026-12-31' },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: 'Woonstichting De Veste',
      start_date: '2026-01-01',
      end_date: '2026-12-31',
      flowprofile_id: null,
      users_count: 0,
      flows_count: 0,
      users: [],
      company_id: a.companyId,
    });
    const id = created.body.id;
    expect(await logCount(t, 'partner', id, 'create')).toBe(1);
    await newPartner(a.token, { name: 'Energieleverancier Zon' });

    const found = await t.api('GET', '/api/partner/querypaginated?query=veste', { token: a.token });
    expect(found.body.data.map((p: { name: string }) => p.name)).toEqual(['Woonstichting De Veste']);
    expect(found.body.pagination.total).toBe(1);
    const page = await t.api('GET', '/api/partner/querypaginated?limit=1&sort=name', { token: a.token });
    expect(page.body.data).toHaveLength(1);
    expect(page.body.pagination.total).toBeGreaterThanOrEqual(2);

    const updated = await t.api('PATCH', `/api/partner/${id}`, {
      token: a.token,
      body: { end_date: null, name: 'Woonstichting De Veste Noord' },
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({
      name: 'Woonstichting De Veste Noord',
      start_date: '2026-01-01',
      end_date: null,
    });
    expect((await t.api('GET', `/api/partner/${id}`, { token: a.token })).body.name).toBe(
      'Woonstichting De Veste Noord',
    );
    const names = await t.api('GET', '/api/partner/names', { token: a.token });
    expect(names.body.map((p: { name: string }) => p.name)).toContain('Energieleverancier Zon');
  });

  it('refuses bad input with a Dutch message per field, never a 5xx', async () => {
    const cases: [unknown, string][] = [
      [{ name: '' }, 'name'],
      [{}, 'name'],
      [{ name: 'X', start_date: '2026-02-30' }, 'start_date'],
      [{ name: 'X', start_date: '2026-05-01', end_date: '2026-04-01' }, 'end_date'],
      [{ name: 'X', flowprofile_id: 999999 }, 'flowprofile_id'],
      [{ name: 'X', colour: 'red' }, 'colour'],
    ];
    for (const [body, field] of cases) {
      const res = await t.api('POST', '/api/partner', { token: a.token, body });
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(Object.keys(res.body.errors ?? {}), JSON.stringify(res.body)).toContain(field);
    }
    const p = await newPartner(a.token);
    const late = await t.api('PATCH', `/api/partner/${p.id}`, {
      token: a.token,
      body: { start_date: '2026-05-01', end_date: '2026-04-01' },
    });
    expect(late.body.errors.end_date).toEqual(['De einddatum ligt voor de begindatum.']);
    await t.api('PATCH', `/api/partner/${p.id}`, { token: a.token, body: { end_date: '2026-04-01' } });
    const before = await t.api('PATCH', `/api/partner/${p.id}`, {
      token: a.token,
      body: { start_date: '2026-05-01' },
    });
    expect(before.status).toBe(422);
    const bad = await t.api('GET', '/api/partner/querypaginated?limit=0', { token: a.token });
    expect(bad.status).toBe(422);
  });

  it("answers 404 for another company's partner on every call", async () => {
    const theirs = await newPartner(b.token, { name: 'Van B' });
    const rel = await createTestRelation(t, a.token, { createnewflow: true });
    const calls: [string, string, unknown?][] = [
      ['GET', `/api/partner/${theirs.id}`],
      ['PATCH', `/api/partner/${theirs.id}`, { name: 'Gekaapt' }],
      ['DELETE', `/api/partner/${theirs.id}`],
      ['GET', `/api/partner/${theirs.id}/flows`],
      [
        'POST',
        `/api/partner/${theirs.id}/user`,
        { name: 'A', surname: 'B', email: 'x@y.nl', password: 'Geheim123' },
      ],
    ];
    for (const [method, path, body] of calls) {
      const res = await t.api(method, path, { token: a.token, body });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.body.message).toBe('Partner niet gevonden.');
    }
    const link = await t.api('POST', `/api/relation/${rel.id}/setpartner`, {
      token: a.token,
      body: { partner_id: theirs.id },
    });
    expect(link.status).toBe(422);
    expect((await t.api('GET', `/api/partner/${theirs.id}`, { token: b.token })).body.name).toBe('Van B');
  });

  it('needs the PARTNERMANAGEMENT module, and a manager to change partners', async () => {
    const plain = await t.createTestCompany({ modules: ['BASIS', 'CRM'] });
    const user = await t.createTestUser({ companyId: plain, role: 1000 });
    const token = await t.login(user.email);
    expect((await t.api('GET', '/api/partner/querypaginated', { token })).status).toBe(403);
    const executor = await t.createTestUser({ companyId: a.companyId, role: 100 });
    const execToken = await t.login(executor.email);
    expect((await t.api('GET', '/api/partner/querypaginated', { token: execToken })).status).toBe(200);
    expect((await t.api('POST', '/api/partner', { token: execToken, body: { name: 'X' } })).status).toBe(403);
  });
});

describe('partner users, setPartner and deletion', () => {
  it("links a relation's and an organization's flows, lists them, and deleting the partner removes its users", async () => {
    const p = await newPartner(a.token, { name: 'Woonstichting Koppel' });
    const rel = await createTestRelation(t, a.token, { createnewflow: true, flow_description: 'Spouwmuur' });
    const linked = await t.api('POST', `/api/relation/${rel.id}/setpartner`, {
      token: a.token,
      body: { partner_id: p.id },
    });
    expect(linked.body).toMatchObject({ flows: 1 });
    const org = await t.api('POST', '/api/organization', {
      token: a.token,
      body: { name: 'VvE Koppel', relation: { fullname: 'Jan Koppel' }, flow_description: 'Dakisolatie' },
    });
    const orgLinked = await t.api('POST', `/api/organization/${org.body.id}/setpartner`, {
      token: a.token,
      body: { partner_id: p.id },
    });
    expect(orgLinked.body.flows).toBe(1);
    const flows = await t.api('GET', `/api/partner/${p.id}/flows`, { token: a.token });
    expect(flows.body.data.map((f: { description: string }) => f.description).sort()).toEqual([
      'Dakisolatie',
      'Spouwmuur',
    ]);
    const byPartner = await t.api('GET', `/api/relation/querypaginated?partnerId=${p.id}`, {
      token: a.token,
    });
    expect(byPartner.body.data.map((r: { id: number }) => r.id)).toContain(rel.id);

    const user = await t.api('POST', `/api/partner/${p.id}/user`, {
      token: a.token,
      body: { name: 'Petra', surname: 'Koppel', email: 'petra@koppel.nl', password: 'Welkom123' },
    });
    expect(user.status).toBe(201);
    expect(user.body).toEqual([
      expect.objectContaining({ fullname: 'Petra Koppel', email: 'petra@koppel.nl' }),
    ]);
    const dup = await t.api('POST', `/api/partner/${p.id}/user`, {
      token: a.token,
      body: { name: 'Petra', surname: 'Twee', email: 'PETRA@koppel.nl', password: 'Welkom123' },
    });
    expect(dup.status).toBe(422);
    expect(dup.body.errors.email).toEqual(['Dit e-mailadres is al in gebruik.']);
    const weak = await t.api('POST', `/api/partner/${p.id}/user`, {
      token: a.token,
      body: { name: 'Petra', surname: 'Twee', email: 'p2@koppel.nl', password: 'kort' },
    });
    expect(weak.status).toBe(422);

    const partnerToken = await t.login('petra@koppel.nl', 'Welkom123');
    const session = await t.api('GET', '/api/user/getcurrentuser', { token: partnerToken });
    expect(session.body).toMatchObject({ user_type: 'partner', altDashboard: 'partner' });

    const deleted = await t.api('DELETE', `/api/partner/${p.id}`, { token: a.token });
    expect(deleted.body.message).toBe('Partner en zijn gebruikers verwijderd.');
    expect((await t.api('GET', '/api/user/getcurrentuser', { token: partnerToken })).status).toBe(401);
    const relation = await t.api('GET', `/api/relation/${rel.id}`, { token: a.token });
    expect(relation.body.flows[0].partner_id ?? null).toBeNull();
    expect((await t.api('GET', `/api/partner/${p.id}`, { token: a.token })).status).toBe(404);
    const login = await t.api('POST', '/api/authenticate', {
      body: { email: 'petra@koppel.nl', password: 'Welkom123' },
    });
    expect(login.status).toBe(401);
  });

  it('removes one partner user', async () => {
    const p = await newPartner(a.token);
    const users = await t.api('POST', `/api/partner/${p.id}/user`, {
      token: a.token,
      body: { name: 'Rik', surname: 'Weg', email: 'rik@weg.nl', password: TEST_PASSWORD },
    });
    const userId = users.body[0].id;
    const other = await newPartner(a.token);
    expect(
      (await t.api('DELETE', `/api/partner/${other.id}/user/${userId}`, { token: a.token })).status,
    ).toBe(404);
    const removed = await t.api('DELETE', `/api/partner/${p.id}/user/${userId}`, { token: a.token });
    expect(removed.body.message).toBe('Partnergebruiker verwijderd.');
    expect((await t.api('GET', `/api/partner/${p.id}`, { token: a.token })).body.users).toEqual([]);
  });
});
