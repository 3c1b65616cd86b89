import { PROTECTED_MESSAGE } from '@im/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggedInManager, newUserBody } from '../../../test/admin-factories';
import { ADMIN, startTestServer, type TestServer } from '../../../test/test-server';
import { EMAIL_TAKEN } from '../../platform/auth/messages';

let t: TestServer;
let admin: string;
let companyA: number;
let companyB: number;
let managerA: { id: number; email: string; token: string };
let managerB: { id: number; email: string; token: string };

const newUser = newUserBody;
const manager = (companyId: number) => loggedInManager(t, companyId);

beforeAll(async () => {
  t = await startTestServer({ work: false });
  admin = await t.login(ADMIN.email, ADMIN.password);
  companyA = await t.createTestCompany({ name: 'Alfa Installaties' });
  companyB = await t.createTestCompany({ name: 'Beta Techniek' });
  managerA = await manager(companyA);
  managerB = await manager(companyB);
});
afterAll(async () => t?.close());

describe('POST /api/user', () => {
  it('a platform admin creates a user in any company; it can log in and the creation is logged', async () => {
    const body = newUser({ company_id: companyB, nameprefix: 'van', role: 1000, user_type: 'sales' });
    const res = await t.api('POST', '/api/user', { token: admin, body });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      id: expect.any(Number),
      company_id: companyB,
      company_name: 'Beta Techniek',
      fullname: 'Jan van Jansen',
      email: body.email,
      role: 1000,
      role_label: 'Manager',
      user_type: 'sales',
      user_type_label: 'Adviseur',
      order: 0,
      module_blacklist: [],
      hide_from_planning: false,
      receives_newsletter: false,
      simplemode: 0,
      altDashboard: '',
    });
    expect(res.body).not.toHaveProperty('password');
    expect(res.body).not.toHaveProperty('password_hash');
    expect(Date.parse(res.body.created_at)).not.toBeNaN();
    expect(await t.login(body.email, 'Welkom123')).toBeTruthy();
    const log = await t.server.deps.db.platform((tx) =>
      tx.execute<{ company_id: number; user_id: number }>(
        sql`select company_id, user_id from log_item where loggable_type = 'user' and loggable_id = ${res.body.id} and action = 'create'`,
      ),
    );
    expect(log.rows).toEqual([{ company_id: companyB, user_id: 1 }]);
  });

  it('a platform admin must name a live company', async () => {
    const missing = await t.api('POST', '/api/user', { token: admin, body: newUser() });
    expect(missing.status).toBe(422);
    expect(missing.body.errors.company_id).toBeDefined();
    const unknown = await t.api('POST', '/api/user', { token: admin, body: newUser({ company_id: 999999 }) });
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors.company_id).toBeDefined();
    const trashed = await t.createTestCompany({ name: 'Weg BV' });
    await t.server.deps.db.platform((tx) =>
      tx.execute(sql`update company set deleted_at = now() where id = ${trashed}`),
    );
    const res = await t.api('POST', '/api/user', { token: admin, body: newUser({ company_id: trashed }) });
    expect(res.status).toBe(422);
  });

  it('a company administrator creates users in their own company only', async () => {
    const own = await t.api('POST', '/api/user', { token: managerA.token, body: newUser() });
    expect(own.status).toBe(201);
    expect(own.body.company_id).toBe(companyA);
    const sameId = await t.api('POST', '/api/user', {
      token: managerA.token,
      body: newUser({ company_id: companyA }),
    });
    expect(sameId.status).toBe(201);
    const other = await t.api('POST', '/api/user', {
      token: managerA.token,
      body: newUser({ company_id: companyB }),
    });
    expect(other.status).toBe(404);
    const listB = await t.api('GET', '/api/user/querypaginated?limit=500', { token: managerB.token });
    expect(listB.body.data.every((u: { company_id: number }) => u.company_id === companyB)).toBe(true);
  });

  it('refuses a taken e-mail address (any company, any case) under errors.email', async () => {
    const res = await t.api('POST', '/api/user', {
      token: managerA.token,
      body: newUser({ email: managerB.email.toUpperCase() }),
    });
    expect(res.status).toBe(422);
    expect(res.body.errors.email).toEqual([EMAIL_TAKEN]);
  });

  it('validates every field with 422', async () => {
    for (const over of [
      { name: '' },
      { surname: undefined },
      { email: 'geen-adres' },
      { password: 'zwak' },
      { role: 999 },
      { role: 6000 },
      { user_type: 'boss' },
      { company_id: 'abc' },
    ]) {
      const res = await t.api('POST', '/api/user', {
        token: admin,
        body: newUser({ company_id: companyA, ...over }),
      });
      expect({ over, status: res.status }).toEqual({ over, status: 422 });
      expect(res.body.errors).toBeDefined();
    }
  });

  it('answers 403 to users who manage no users, and 401 without a token', async () => {
    const plain = await t.createTestUser({ companyId: companyA, role: 1000 });
    const plainToken = await t.login(plain.email);
    expect((await t.api('POST', '/api/user', { token: plainToken, body: newUser() })).status).toBe(403);
    expect((await t.api('GET', '/api/user/querypaginated', { token: plainToken })).status).toBe(403);
    // Role 5000 without the SETTINGS module manages no users either.
    const noSettings = await t.createTestCompany({ modules: ['BASIS', 'CRM'] });
    const sysadmin = await t.login((await t.createTestUser({ companyId: noSettings, role: 5000 })).email);
    expect((await t.api('POST', '/api/user', { token: sysadmin, body: newUser() })).status).toBe(403);
    expect((await t.api('GET', '/api/user/querypaginated', { token: sysadmin })).status).toBe(403);
    expect((await t.api('POST', '/api/user', { body: newUser() })).status).toBe(401);
    expect((await t.api('GET', '/api/user/querypaginated')).status).toBe(401);
  });
});

describe('tenancy of get, update and delete', () => {
  it('a company administrator cannot see, change or delete users of another company (404)', async () => {
    const victim = await t.createTestUser({ companyId: companyB, role: 100 });
    expect((await t.api('GET', `/api/user/${victim.id}`, { token: managerA.token })).status).toBe(404);
    const patch = await t.api('PATCH', `/api/user/${victim.id}`, {
      token: managerA.token,
      body: { role: 5000 },
    });
    expect(patch.status).toBe(404);
    expect((await t.api('DELETE', `/api/user/${victim.id}`, { token: managerA.token })).status).toBe(404);
    // Still there, unchanged.
    const seen = await t.api('GET', `/api/user/${victim.id}`, { token: managerB.token });
    expect(seen.status).toBe(200);
    expect(seen.body.role).toBe(100);
  });

  it('a company administrator deletes their own users; the deletion is logged and the user cannot log in', async () => {
    const u = await t.createTestUser({ companyId: companyA });
    const res = await t.api('DELETE', `/api/user/${u.id}`, { token: managerA.token });
    expect(res.status).toBe(200);
    expect(res.body.message).toBeTruthy();
    expect((await t.api('GET', `/api/user/${u.id}`, { token: managerA.token })).status).toBe(404);
    expect(
      (await t.api('POST', '/api/authenticate', { body: { email: u.email, password: 'Geheim123' } })).status,
    ).toBe(401);
    const log = await t.server.deps.db.platform((tx) =>
      tx.execute<{ n: number }>(
        sql`select count(*)::int as n from log_item where loggable_type = 'user' and loggable_id = ${u.id} and action = 'delete'`,
      ),
    );
    expect(log.rows[0]!.n).toBe(1);
    expect((await t.api('DELETE', '/api/user/999999', { token: managerA.token })).status).toBe(404);
  });

  it('a platform admin deletes users of any company; nobody deletes user 1 or themselves', async () => {
    const u = await t.createTestUser({ companyId: companyB });
    expect((await t.api('DELETE', `/api/user/${u.id}`, { token: admin })).status).toBe(200);
    for (const token of [admin, managerA.token]) {
      const res = await t.api('DELETE', '/api/user/1', { token });
      expect(res.status).toBe(409);
      expect(res.body.message).toBe(PROTECTED_MESSAGE);
    }
    expect((await t.api('DELETE', `/api/user/${managerA.id}`, { token: managerA.token })).status).toBe(409);
  });

  it('user 1 keeps role 5000 (409), and update answers the full row', async () => {
    const secondAdmin = await t.login((await t.createTestUser({ companyId: 1, role: 5000 })).email);
    const res = await t.api('PATCH', '/api/user/1', { token: secondAdmin, body: { role: 1000 } });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(PROTECTED_MESSAGE);
    // No call moves a user to another company: company_id is not a field of update, so it is refused by
    // name (decision 041) and the user stays where they are.
    const moved = await t.api('PATCH', '/api/user/1', { token: secondAdmin, body: { company_id: companyA } });
    expect(moved.status).toBe(422);
    expect(moved.body.errors).toHaveProperty('company_id');
    const still = await t.api('GET', '/api/user/1', { token: secondAdmin });
    expect(still.body).toMatchObject({ company_id: 1, role: 5000 });
    const u = await t.createTestUser({ companyId: companyA });
    const updated = await t.api('PATCH', `/api/user/${u.id}`, {
      token: managerA.token,
      body: { role: 1000, user_type: 'support', hide_from_planning: true, receives_newsletter: true },
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({
      role: 1000,
      role_label: 'Manager',
      user_type_label: 'Ondersteunend',
      hide_from_planning: true,
      receives_newsletter: true,
      company_name: 'Alfa Installaties',
    });
  });

  it('only a platform admin sets experimental feature flags, from the one list; the session carries them', async () => {
    const u = await t.createTestUser({ companyId: companyA });
    const byManager = await t.api('PATCH', `/api/user/${u.id}`, {
      token: managerA.token,
      body: { experimental_feature_flags: ['portal'] },
    });
    expect(byManager.status).toBe(403);
    expect(byManager.body.message).toBe('Alleen een platformbeheerder zet experimentele functies aan.');
    const unknown = await t.api('PATCH', `/api/user/${u.id}`, {
      token: admin,
      body: { experimental_feature_flags: ['onbekend'] },
    });
    expect(unknown.status).toBe(422);
    const set = await t.api('PATCH', `/api/user/${u.id}`, {
      token: admin,
      body: { experimental_feature_flags: ['portal'] },
    });
    expect(set.status).toBe(200);
    expect(set.body.experimental_feature_flags).toEqual(['portal']);
    const session = await t.api('GET', '/api/user/getcurrentuser', { token: await t.login(u.email) });
    expect(session.body.experimental_feature_flags).toEqual(['portal']);
    const cleared = await t.api('PATCH', `/api/user/${u.id}`, {
      token: admin,
      body: { experimental_feature_flags: [] },
    });
    expect(cleared.body.experimental_feature_flags).toEqual([]);
  });

  it('orderOnly changes the order and nothing else', async () => {
    const u = await t.createTestUser({ companyId: companyA });
    const res = await t.api('PATCH', `/api/user/${u.id}`, {
      token: managerA.token,
      body: { update_reason: 'orderOnly', order: 7, name: 'Genegeerd' },
    });
    expect(res.status).toBe(200);
    expect(res.body.order).toBe(7);
    expect(res.body.name).toBe('Test');
    const missing = await t.api('PATCH', `/api/user/${u.id}`, {
      token: managerA.token,
      body: { update_reason: 'orderOnly' },
    });
    expect(missing.status).toBe(422);
  });
});
