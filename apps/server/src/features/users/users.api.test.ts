import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, startTestServer, TEST_PASSWORD, type TestServer } from '../../../test/test-server';
import { OLD_PASSWORD_WRONG } from '../../platform/auth/messages';

let t: TestServer;
let adminToken: string;
let companyId: number;

beforeAll(async () => {
  t = await startTestServer({ work: false });
  adminToken = await t.login(ADMIN.email, ADMIN.password);
  companyId = await t.createTestCompany({ name: 'Zon & Co', modules: ['BASIS', 'CRM', 'SETTINGS'] });
});
afterAll(async () => t?.close());

describe('login as another user (platform admin)', () => {
  it('gives a session with the target’s identity and role, remembering the admin, and logs changes under both', async () => {
    const target = await t.createTestUser({ companyId, role: 200 });
    const res = await t.api('POST', `/api/user/${target.id}/adminlogin`, { token: adminToken });
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({
      currentuser_id: target.id,
      currentcompany_id: companyId,
      userrole: 200,
      impersonator_user_id: 1,
      hasModuleAdmin: false,
      hasModuleCrm: true,
    });
    const token = res.body.token as string;
    // A change while impersonating is attributed to both identities.
    const patch = await t.api('PATCH', `/api/user/${target.id}`, { token, body: { simplemode: 1 } });
    expect(patch.status).toBe(200);
    const log = await t.server.deps.db.platform((tx) =>
      tx.execute<{ user_id: number; admin_user_id: number; company_id: number }>(
        sql`select user_id, admin_user_id, company_id from log_item where loggable_type = 'user' and loggable_id = ${target.id} and action = 'update'`,
      ),
    );
    expect(log.rows).toEqual([{ user_id: target.id, admin_user_id: 1, company_id: companyId }]);
    // It cannot reach more than the target has: admin routes are closed.
    const adminOnly = await t.api('POST', `/api/user/${target.id}/adminlogin`, { token });
    expect(adminOnly.status).toBe(403);
    const role = await t.api('PATCH', `/api/user/${target.id}`, { token, body: { role: 5000 } });
    expect(role.status).toBe(403);
  });

  it('refuses user id 1, non-admins, and unknown users', async () => {
    const other = await t.createTestUser({ companyId, role: 5000 });
    const protectedRes = await t.api('POST', '/api/user/1/adminlogin', { token: adminToken });
    expect(protectedRes.status).toBe(409);
    expect(protectedRes.body.message).toBe('Perhaps not such a good idea.');
    const otherToken = await t.login(other.email);
    expect((await t.api('POST', `/api/user/${other.id}/adminlogin`, { token: otherToken })).status).toBe(403);
    expect((await t.api('POST', '/api/user/999999/adminlogin', { token: adminToken })).status).toBe(404);
    expect((await t.api('POST', '/api/user/abc/adminlogin', { token: adminToken })).status).toBe(422);
  });
});

describe('own profile and password', () => {
  it('changes own details and simple mode, but not own role', async () => {
    const u = await t.createTestUser({ companyId, role: 100 });
    const token = await t.login(u.email);
    const res = await t.api('PATCH', `/api/user/${u.id}`, { token, body: { name: 'Anna', simplemode: 1 } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: u.id, name: 'Anna', simplemode: 1 });
    expect((await t.api('GET', `/api/user/${u.id}`, { token })).body.simplemode).toBe(1);
    expect((await t.api('PATCH', `/api/user/${u.id}`, { token, body: { role: 1000 } })).status).toBe(403);
    expect((await t.api('PATCH', `/api/user/${u.id}`, { token, body: { simplemode: 2 } })).status).toBe(422);
  });

  it('does not show users of another company, nor other users to a plain user', async () => {
    const u = await t.createTestUser({ companyId, role: 100 });
    const colleague = await t.createTestUser({ companyId, role: 100 });
    const token = await t.login(u.email);
    expect((await t.api('GET', `/api/user/${colleague.id}`, { token })).status).toBe(404);
    const otherCompany = await t.createTestCompany();
    const manager = await t.createTestUser({ companyId: otherCompany, role: 5000 });
    const managerToken = await t.login(manager.email);
    expect((await t.api('GET', `/api/user/${u.id}`, { token: managerToken })).status).toBe(404);
    expect(
      (await t.api('PATCH', `/api/user/${u.id}`, { token: managerToken, body: { name: 'x' } })).status,
    ).toBe(404);
  });

  it('needs the old password to change it; a wrong one answers the message the screen shows', async () => {
    const u = await t.createTestUser({ companyId });
    const token = await t.login(u.email);
    const wrong = await t.api('POST', `/api/user/${u.id}/updatepassword`, {
      token,
      body: { oldpassword: 'Onjuist123', password: 'Nieuw12345', password_confirmation: 'Nieuw12345' },
    });
    expect(wrong.status).toBe(422);
    expect(wrong.body.message).toBe(OLD_PASSWORD_WRONG);
    const weak = await t.api('POST', `/api/user/${u.id}/updatepassword`, {
      token,
      body: { oldpassword: TEST_PASSWORD, password: 'zwak', password_confirmation: 'zwak' },
    });
    expect(weak.status).toBe(422);
    expect(weak.body.errors.password[0]).toMatch(/minimaal 8 tekens/);
    const ok = await t.api('POST', `/api/user/${u.id}/updatepassword`, {
      token,
      body: { oldpassword: TEST_PASSWORD, password: 'Nieuw12345', password_confirmation: 'Nieuw12345' },
    });
    expect(ok.status).toBe(200);
    expect(
      (await t.api('POST', '/api/authenticate', { body: { email: u.email, password: 'Nieuw12345' } })).status,
    ).toBe(200);
  });

  it('a password change ends every other session of that user at once, and keeps the current one', async () => {
    const u = await t.createTestUser({ companyId });
    const here = await t.login(u.email);
    const phone = await t.login(u.email);
    const other = await t.createTestUser({ companyId });
    const otherToken = await t.login(other.email);
    const changed = await t.api('POST', `/api/user/${u.id}/updatepassword`, {
      token: here,
      body: { oldpassword: TEST_PASSWORD, password: 'Nieuw12345', password_confirmation: 'Nieuw12345' },
    });
    expect(changed.status).toBe(200);
    expect((await t.api('GET', '/api/user/getcurrentuser', { token: phone })).status).toBe(401);
    expect((await t.api('GET', '/api/user/getcurrentuser', { token: here })).status).toBe(200);
    expect((await t.api('GET', '/api/user/getcurrentuser', { token: otherToken })).status).toBe(200);
  });

  it('protects user id 1 from deletion', async () => {
    const res = await t.api('DELETE', '/api/user/1', { token: adminToken });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('Perhaps not such a good idea.');
  });

  it('a blacklisted module is closed for that user only', async () => {
    const u = await t.createTestUser({ companyId, role: 5000 });
    const manager = await t.createTestUser({ companyId, role: 5000 });
    const managerToken = await t.login(manager.email);
    const res = await t.api('PATCH', `/api/user/${u.id}`, {
      token: managerToken,
      body: { module_blacklist: ['SETTINGS'] },
    });
    expect(res.status).toBe(200);
    const token = await t.login(u.email);
    const me = await t.api('GET', '/api/user/getcurrentuser', { token });
    expect(me.body).toMatchObject({
      hasModuleSettings: false,
      hasModuleCrm: true,
      module_blacklist: ['SETTINGS'],
    });
    expect((await t.api('POST', '/api/pdf/preview', { token, body: { html: '<p>x</p>' } })).status).toBe(403);
  });
});

describe('registration', () => {
  it('creates a company with the standard modules and logs its administrator in', async () => {
    const res = await t.api('POST', '/api/register', {
      body: {
        companyname: 'Warmte Direct',
        name: 'Joost',
        surname: 'Hendriks',
        email: 'joost@warmtedirect.test',
        password: 'Warmte123',
        password_confirmation: 'Warmte123',
      },
    });
    expect(res.status).toBe(201);
    expect(res.body.user).toMatchObject({
      companyname: 'Warmte Direct',
      userrole: 5000,
      hasModuleCrm: true,
      hasModuleAdmin: false,
    });
    const again = await t.api('POST', '/api/register', {
      body: {
        companyname: 'Nog een',
        name: 'J',
        surname: 'H',
        email: 'JOOST@warmtedirect.test',
        password: 'Warmte123',
        password_confirmation: 'Warmte123',
      },
    });
    expect(again.status).toBe(422);
    expect(again.body.errors.email).toBeDefined();
  });

  it('enforces the password rule and confirmation on the server', async () => {
    const base = { companyname: 'X', name: 'A', surname: 'B', email: 'a@b.test' };
    const weak = await t.api('POST', '/api/register', {
      body: { ...base, password: 'abcdefgh', password_confirmation: 'abcdefgh' },
    });
    expect(weak.status).toBe(422);
    expect(weak.body.errors.password).toBeDefined();
    const differ = await t.api('POST', '/api/register', {
      body: { ...base, password: 'Abcdefg1', password_confirmation: 'Abcdefg2' },
    });
    expect(differ.status).toBe(422);
    expect(differ.body.errors.password_confirmation).toBeDefined();
  });
});
