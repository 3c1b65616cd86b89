import { PROTECTED_MESSAGE } from '@im/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, startTestServer, type TestServer } from '../../../test/test-server';

let t: TestServer;
let admin: string;
/** A role-5000 user of a company without the ADMIN module. */
let companyUser: string;
let moduleIds: Record<string, number>;

beforeAll(async () => {
  t = await startTestServer({ work: false });
  admin = await t.login(ADMIN.email, ADMIN.password);
  const own = await t.createTestCompany({ name: 'Eigen Installatie BV' });
  companyUser = await t.login((await t.createTestUser({ companyId: own, role: 5000 })).email);
  const modules = await t.api('GET', '/api/module', { token: admin });
  moduleIds = Object.fromEntries(modules.body.map((m: { id: number; tag: string }) => [m.tag, m.id]));
});
afterAll(async () => t?.close());

async function logCount(type: string, id: number, action: string): Promise<number> {
  const r = await t.server.deps.db.platform((tx) =>
    tx.execute<{ n: number }>(
      sql`select count(*)::int as n from log_item where loggable_type = ${type} and loggable_id = ${id} and action = ${action}`,
    ),
  );
  return r.rows[0]!.n;
}

describe('company save, get and update', () => {
  it('creates a company with handed-out modules, logs it, and answers its detail', async () => {
    const res = await t.api('POST', '/api/company', {
      token: admin,
      body: { name: 'Nieuw Klimaat BV', lat: 52.37, lng: 4.89, modules: ['BASIS', 'CRM'] },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      name: 'Nieuw Klimaat BV',
      country: 'Nederland',
      lat: 52.37,
      lng: 4.89,
      company_settings_id: expect.any(Number),
      companysettings: { appname: 'Installatiemanager', brand_button_color: null, hostnames: [] },
      modules: [
        { id: moduleIds.BASIS, tag: 'BASIS', purchased: false },
        { id: moduleIds.CRM, tag: 'CRM', purchased: false },
      ],
      subscriptions: [],
      users_count: 0,
      deleted_at: null,
    });
    expect(await logCount('company', res.body.id, 'create')).toBe(1);
    const get = await t.api('GET', `/api/company/${res.body.id}`, { token: admin });
    expect(get.body).toEqual(res.body);
  });

  it('refuses invalid input with 422 and field errors, writing nothing', async () => {
    const before = await t.api('GET', '/api/company/querypaginated?limit=1', { token: admin });
    for (const body of [
      {},
      { name: '' },
      { name: 'x'.repeat(201) },
      { name: 'A', lat: 91 },
      { name: 'A', modules: ['NOPE'] },
    ]) {
      const res = await t.api('POST', '/api/company', { token: admin, body });
      expect({ body, status: res.status }).toEqual({ body, status: 422 });
      expect(res.body.errors).toBeDefined();
    }
    const after = await t.api('GET', '/api/company/querypaginated?limit=1', { token: admin });
    expect(after.body.pagination.total).toBe(before.body.pagination.total);
  });

  it('updates fields and settings; a host name belongs to one company', async () => {
    const a = (await t.api('POST', '/api/company', { token: admin, body: { name: 'Host A' } })).body.id;
    const b = (await t.api('POST', '/api/company', { token: admin, body: { name: 'Host B' } })).body.id;
    const res = await t.api('PATCH', `/api/company/${a}`, {
      token: admin,
      body: {
        name: 'Host A Plus',
        country: 'België',
        companysettings: {
          appname: 'Warmte App',
          brand_button_color: '#112233',
          hostnames: ['App.Warmte.NL', 'app.warmte.nl'],
        },
      },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      name: 'Host A Plus',
      country: 'België',
      companysettings: { appname: 'Warmte App', brand_button_color: '#112233', hostnames: ['app.warmte.nl'] },
    });
    expect(await logCount('company', a, 'update')).toBe(1);
    const branding = await t.api('GET', '/api/portal/branding/hostname/app.warmte.nl');
    expect(branding.body.appname).toBe('Warmte App');
    const taken = await t.api('PATCH', `/api/company/${b}`, {
      token: admin,
      body: { companysettings: { hostnames: ['app.warmte.nl'] } },
    });
    expect(taken.status).toBe(422);
    expect(taken.body.errors['companysettings.hostnames']).toBeDefined();
    for (const body of [
      { name: '' },
      { companysettings: { brand_button_color: 'red' } },
      { companysettings: { hostnames: ['not a host'] } },
    ]) {
      expect((await t.api('PATCH', `/api/company/${b}`, { token: admin, body })).status).toBe(422);
    }
  });

  it('answers 404 for unknown companies', async () => {
    expect((await t.api('GET', '/api/company/999999', { token: admin })).status).toBe(404);
    expect((await t.api('PATCH', '/api/company/999999', { token: admin, body: { name: 'X' } })).status).toBe(
      404,
    );
    for (const action of ['addmoduletocompany', 'removemodulefromcompany']) {
      const res = await t.api('PATCH', `/api/company/999999/${action}`, {
        token: admin,
        body: { moduleId: moduleIds.CRM },
      });
      expect(res.status).toBe(404);
    }
  });

  it('answers 403 to a company user without ADMIN and 401 without a token', async () => {
    const calls: [string, string, unknown?][] = [
      ['GET', '/api/company/querypaginated'],
      ['GET', '/api/company/querytrashed'],
      ['GET', '/api/company/1'],
      ['POST', '/api/company', { name: 'X' }],
      ['PATCH', '/api/company/1', { name: 'X' }],
      ['PATCH', '/api/company/1/addmoduletocompany', { moduleId: 1 }],
      ['PATCH', '/api/company/1/removemodulefromcompany', { moduleId: 1 }],
    ];
    for (const [method, path, body] of calls) {
      expect({ path, status: (await t.api(method, path, { token: companyUser, body })).status }).toEqual({
        path,
        status: 403,
      });
      expect({ path, status: (await t.api(method, path, { body })).status }).toEqual({ path, status: 401 });
    }
  });
});

describe('own company reads (any user)', () => {
  it('getcurrentcompany and getmodules answer the caller’s own company only', async () => {
    const companyId = await t.createTestCompany({ name: 'Mijn Bedrijf BV', modules: ['BASIS', 'CRM'] });
    const token = await t.login((await t.createTestUser({ companyId, role: 100 })).email);
    const current = await t.api('GET', '/api/company/getcurrentcompany', { token });
    expect(current.status).toBe(200);
    expect(current.body).toMatchObject({
      id: companyId,
      name: 'Mijn Bedrijf BV',
      modules: [expect.objectContaining({ tag: 'BASIS' }), expect.objectContaining({ tag: 'CRM' })],
      users_count: 1,
    });
    expect(current.body).not.toHaveProperty('users');
    const modules = await t.api('GET', '/api/company/getmodules', { token });
    expect(modules.body.map((m: { tag: string }) => m.tag)).toEqual(['BASIS', 'CRM']);
    expect((await t.api('GET', '/api/company/getcurrentcompany')).status).toBe(401);
    // A plain user cannot open another company (nor their own) through the admin call.
    expect((await t.api('GET', `/api/company/${companyId}`, { token })).status).toBe(403);
  });
});

describe('company modules', () => {
  it('adding and removing a module changes the users’ session data and access at once', async () => {
    const companyId = await t.createTestCompany({ name: 'Module Wissel BV', modules: ['BASIS', 'SETTINGS'] });
    const token = await t.login((await t.createTestUser({ companyId, role: 5000 })).email);
    const me = async () => (await t.api('GET', '/api/user/getcurrentuser', { token })).body;
    expect(await me()).toMatchObject({ hasModuleCrm: false, hasModuleSettings: true });

    const added = await t.api('PATCH', `/api/company/${companyId}/addmoduletocompany`, {
      token: admin,
      body: { moduleId: moduleIds.CRM },
    });
    expect(added.status).toBe(200);
    expect(added.body.modules).toContainEqual({ id: moduleIds.CRM, tag: 'CRM', purchased: false });
    expect(await me()).toMatchObject({ hasModuleCrm: true });
    // Adding it again changes nothing and is no error.
    const again = await t.api('PATCH', `/api/company/${companyId}/addmoduletocompany`, {
      token: admin,
      body: { moduleId: moduleIds.CRM },
    });
    expect(again.status).toBe(200);
    expect(again.body.modules.filter((m: { tag: string }) => m.tag === 'CRM')).toHaveLength(1);
    expect(await logCount('company', companyId, 'update')).toBe(1);

    // SETTINGS opens the PDF preview; without it the route answers 403.
    const preview = () => t.api('POST', '/api/pdf/preview', { token, body: { html: '<p>x</p>' } });
    expect((await preview()).status).not.toBe(403);
    const removed = await t.api('PATCH', `/api/company/${companyId}/removemodulefromcompany`, {
      token: admin,
      body: { moduleId: moduleIds.SETTINGS },
    });
    expect(removed.status).toBe(200);
    expect(removed.body.modules.map((m: { tag: string }) => m.tag)).toEqual(['BASIS', 'CRM']);
    expect(await me()).toMatchObject({ hasModuleSettings: false, hasModuleCrm: true });
    expect((await preview()).status).toBe(403);
    expect((await t.api('GET', '/api/user/querypaginated', { token })).status).toBe(403);
    // Removing a module the company does not have is no error either.
    const none = await t.api('PATCH', `/api/company/${companyId}/removemodulefromcompany`, {
      token: admin,
      body: { moduleId: moduleIds.SETTINGS },
    });
    expect(none.status).toBe(200);
  });

  it('refuses to take ADMIN from company 1 (409) but allows other modules of it', async () => {
    const res = await t.api('PATCH', '/api/company/1/removemodulefromcompany', {
      token: admin,
      body: { moduleId: moduleIds.ADMIN },
    });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(PROTECTED_MESSAGE);
    expect((await t.api('GET', '/api/user/getcurrentuser', { token: admin })).body.hasModuleAdmin).toBe(true);
  });

  it('answers 422 for an unknown or missing module id', async () => {
    for (const body of [{ moduleId: 999 }, {}, { moduleId: 'CRM' }]) {
      const res = await t.api('PATCH', '/api/company/1/addmoduletocompany', { token: admin, body });
      expect({ body, status: res.status }).toEqual({ body, status: 422 });
    }
  });
});
