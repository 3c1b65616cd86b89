import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSubscriptionType, logActions as logOf, moduleIdsByTag } from '../../../test/admin-factories';
import { ADMIN, startTestServer, type TestServer } from '../../../test/test-server';

let t: TestServer;
let admin: string;
let companyUser: string;
let moduleIds: Record<string, number>;
const logActions = (type: string, id: number) => logOf(t, type, id);
const createType = (name: string, tags: string[]) => createSubscriptionType(t, admin, moduleIds, name, tags);

beforeAll(async () => {
  t = await startTestServer({ work: false });
  admin = await t.login(ADMIN.email, ADMIN.password);
  const own = await t.createTestCompany();
  companyUser = await t.login((await t.createTestUser({ companyId: own, role: 5000 })).email);
  moduleIds = await moduleIdsByTag(t, admin);
});
afterAll(async () => t?.close());

describe('subscriptions', () => {
  it('a subscription gives the company the type’s modules as purchased, visible to its users at once', async () => {
    const type = await createType('Offertes', ['QUOTATION', 'INVOICE', 'CRM']);
    const companyId = await t.createTestCompany({ name: 'Abonnee BV', modules: ['BASIS', 'SETTINGS'] });
    // CRM handed out for free first: the subscription makes it purchased.
    await t.api('PATCH', `/api/company/${companyId}/addmoduletocompany`, {
      token: admin,
      body: { moduleId: moduleIds.CRM },
    });
    const token = await t.login((await t.createTestUser({ companyId })).email);
    expect((await t.api('GET', '/api/user/getcurrentuser', { token })).body.hasModuleQuotation).toBe(false);

    const res = await t.api('POST', '/api/subscription', {
      token: admin,
      body: {
        company_id: companyId,
        subscription_type_id: type,
        start_date: '2026-02-01',
        end_date: '2027-01-31',
      },
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(Number),
      company_id: companyId,
      company_name: 'Abonnee BV',
      subscription_type_id: type,
      subscription_type_name: 'Offertes',
      start_date: '2026-02-01',
      end_date: '2027-01-31',
    });
    expect(await t.api('GET', '/api/user/getcurrentuser', { token }).then((r) => r.body)).toMatchObject({
      hasModuleQuotation: true,
      hasModuleInvoice: true,
      hasModuleCrm: true,
    });
    const modules = await t.api('GET', '/api/company/getmodules', { token });
    const byTag = Object.fromEntries(
      modules.body.map((m: { tag: string; purchased: boolean }) => [m.tag, m.purchased]),
    );
    expect(byTag).toMatchObject({ QUOTATION: true, INVOICE: true, CRM: true });
    const detail = await t.api('GET', `/api/company/${companyId}`, { token: admin });
    expect(detail.body.subscriptions).toEqual([res.body]);
    expect((await t.api('GET', '/api/company/getcurrentcompany', { token })).body.subscriptions).toEqual([
      res.body,
    ]);
    expect(await logActions('subscription', res.body.id)).toEqual(['create']);
  });

  it('lists all subscriptions or one company’s, and reads one', async () => {
    const type = await createType('Lijst', ['BASIS']);
    const a = await t.createTestCompany({ name: 'Lijst A' });
    const b = await t.createTestCompany({ name: 'Lijst B' });
    for (const company_id of [a, a, b]) {
      await t.api('POST', '/api/subscription', {
        token: admin,
        body: { company_id, subscription_type_id: type, start_date: '2026-03-01', end_date: null },
      });
    }
    const ofA = await t.api('GET', `/api/subscription?company_id=${a}`, { token: admin });
    expect(ofA.status).toBe(200);
    expect(ofA.body).toHaveLength(2);
    expect(
      ofA.body.every(
        (s: { company_id: number; end_date: null }) => s.company_id === a && s.end_date === null,
      ),
    ).toBe(true);
    const all = await t.api('GET', '/api/subscription', { token: admin });
    expect(all.body.filter((s: { company_id: number }) => [a, b].includes(s.company_id))).toHaveLength(3);
    const one = await t.api('GET', `/api/subscription/${ofA.body[0].id}`, { token: admin });
    expect(one.body).toEqual(ofA.body[0]);
    expect((await t.api('GET', '/api/subscription/999999', { token: admin })).status).toBe(404);
    expect((await t.api('GET', '/api/subscription?company_id=abc', { token: admin })).status).toBe(422);
  });

  it('refuses an end before the start, unknown companies and types, and bad dates with 422', async () => {
    const type = await createType('Datums', ['BASIS']);
    const companyId = await t.createTestCompany();
    const base = { company_id: companyId, subscription_type_id: type, start_date: '2026-05-01' };
    const cases: [Record<string, unknown>, string][] = [
      [{ ...base, end_date: '2026-04-30' }, 'end_date'],
      [{ ...base, company_id: 999999 }, 'company_id'],
      [{ ...base, subscription_type_id: 999999 }, 'subscription_type_id'],
      [{ ...base, start_date: '01-05-2026' }, 'start_date'],
      [{ ...base, start_date: '2026-02-30' }, 'start_date'],
      [{ ...base, start_date: undefined }, 'start_date'],
    ];
    for (const [body, field] of cases) {
      const res = await t.api('POST', '/api/subscription', { token: admin, body });
      expect({ body, status: res.status }).toEqual({ body, status: 422 });
      expect({ body, field: Object.keys(res.body.errors ?? {}) }).toEqual({ body, field: [field] });
    }
    const same = await t.api('POST', '/api/subscription', {
      token: admin,
      body: { ...base, end_date: '2026-05-01' },
    });
    expect(same.status).toBe(201);
    const list = await t.api('GET', `/api/subscription?company_id=${companyId}`, { token: admin });
    expect(list.body).toHaveLength(1);
  });

  it('updates dates and type (the new type’s modules are granted) and deletes, keeping the modules', async () => {
    const first = await createType('Eerst', ['BASIS']);
    const second = await createType('Daarna', ['AFTERCARE']);
    const companyId = await t.createTestCompany({ modules: ['BASIS'] });
    const created = await t.api('POST', '/api/subscription', {
      token: admin,
      body: { company_id: companyId, subscription_type_id: first, start_date: '2026-01-01' },
    });
    const id = created.body.id;
    const bad = await t.api('PATCH', `/api/subscription/${id}`, {
      token: admin,
      body: { end_date: '2025-12-31' },
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.end_date).toBeDefined();
    const res = await t.api('PATCH', `/api/subscription/${id}`, {
      token: admin,
      body: { end_date: '2026-12-31', subscription_type_id: second },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      start_date: '2026-01-01',
      end_date: '2026-12-31',
      subscription_type_id: second,
      subscription_type_name: 'Daarna',
    });
    const detail = await t.api('GET', `/api/company/${companyId}`, { token: admin });
    expect(detail.body.modules.map((m: { tag: string }) => m.tag)).toContain('AFTERCARE');
    expect((await t.api('PATCH', '/api/subscription/999999', { token: admin, body: {} })).status).toBe(404);

    const del = await t.api('DELETE', `/api/subscription/${id}`, { token: admin });
    expect(del.status).toBe(200);
    expect(del.body.message).toBeTruthy();
    expect((await t.api('GET', `/api/subscription/${id}`, { token: admin })).status).toBe(404);
    expect((await t.api('DELETE', `/api/subscription/${id}`, { token: admin })).status).toBe(404);
    const after = await t.api('GET', `/api/company/${companyId}`, { token: admin });
    expect(after.body.modules.map((m: { tag: string }) => m.tag)).toContain('AFTERCARE');
    expect(after.body.subscriptions).toEqual([]);
    expect(await logActions('subscription', id)).toEqual(['create', 'update', 'delete']);
  });
});

describe('access', () => {
  it('answers 403 to a company user without ADMIN and 401 without a token', async () => {
    const calls: [string, string, unknown?][] = [
      ['GET', '/api/subscriptiontype'],
      ['GET', '/api/subscriptiontype/1'],
      ['POST', '/api/subscriptiontype', { name: 'X' }],
      ['PATCH', '/api/subscriptiontype/1', { name: 'X' }],
      ['DELETE', '/api/subscriptiontype/1'],
      ['PATCH', '/api/subscriptiontype/1/addmoduletosubscriptiontype', { moduleId: 1 }],
      ['PATCH', '/api/subscriptiontype/1/removemodulefromsubscriptiontype', { moduleId: 1 }],
      ['GET', '/api/subscription'],
      ['GET', '/api/subscription/1'],
      ['POST', '/api/subscription', {}],
      ['PATCH', '/api/subscription/1', {}],
      ['DELETE', '/api/subscription/1'],
    ];
    for (const [method, path, body] of calls) {
      expect({
        method,
        path,
        status: (await t.api(method, path, { token: companyUser, body })).status,
      }).toEqual({
        method,
        path,
        status: 403,
      });
      expect({ method, path, status: (await t.api(method, path, { body })).status }).toEqual({
        method,
        path,
        status: 401,
      });
    }
  });
});
