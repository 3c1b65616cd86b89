import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, startTestServer, TEST_PASSWORD, type TestServer } from '../../../test/test-server';
import { LOGIN_FAILED } from '../../platform/auth/messages';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => t?.close());

describe('authentication and sessions', () => {
  it('logs in the platform admin and answers the session data', async () => {
    const res = await t.api('POST', '/api/authenticate', { body: ADMIN });
    expect(res.status).toBe(200);
    expect(res.body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(res.body.user).toMatchObject({
      currentuser_id: 1,
      currentcompany_id: 1,
      userrole: 5000,
      companyname: 'Installatiemanager',
      hasModuleAdmin: true,
      hasModuleCrm: true,
      impersonator_user_id: null,
    });
    const me = await t.api('GET', '/api/user/getcurrentuser', { token: res.body.token });
    expect(me.status).toBe(200);
    expect(me.body.username).toBe('Platform Beheerder');
  });

  it('refuses a wrong password with the server message and no token', async () => {
    const res = await t.api('POST', '/api/authenticate', {
      body: { email: ADMIN.email, password: 'Verkeerd123' },
    });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: LOGIN_FAILED });
  });

  it('answers 422 in the contract format for missing fields', async () => {
    const res = await t.api('POST', '/api/authenticate', { body: { email: ADMIN.email } });
    expect(res.status).toBe(422);
    expect(res.body.message).toBeTruthy();
    expect(res.body.errors.password).toBeDefined();
  });

  it('answers 400 for a body that is not JSON', async () => {
    const res = await t.api('POST', '/api/authenticate', { body: '{"email":', headers: {} });
    expect(res.status).toBe(400);
    expect(res.body.message).toBeTruthy();
  });

  it('ends the token at once on logout', async () => {
    const token = await t.login(ADMIN.email, ADMIN.password);
    expect((await t.api('GET', '/api/authenticate/logout', { token })).status).toBe(200);
    const after = await t.api('GET', '/api/user/getcurrentuser', { token });
    expect(after.status).toBe(401);
  });

  it('answers 401 without a token and for an unknown token', async () => {
    expect((await t.api('GET', '/api/user/getcurrentuser')).status).toBe(401);
    const res = await t.api('GET', '/api/user/getcurrentuser', { token: 'x'.repeat(43) });
    expect(res.status).toBe(401);
    expect(res.body.message).toBeTruthy();
  });

  it('stores only a hash of the token', async () => {
    const token = await t.login(ADMIN.email, ADMIN.password);
    const rows = await t.server.deps.db.platform((tx) =>
      tx.execute<{ token_hash: string }>(`select token_hash from session` as never),
    );
    expect(rows.rows.length).toBeGreaterThan(0);
    expect(rows.rows.map((r) => r.token_hash)).not.toContain(token);
  });
});

describe('login throttling (more than 10 failures a minute answers 429)', () => {
  let p: TestServer;
  beforeAll(async () => {
    p = await startTestServer({ config: { TRUST_PROXY: 'true' } });
  });
  afterAll(async () => p?.close());

  it('per account, from many addresses, even with the right password', async () => {
    const companyId = await p.createTestCompany();
    const { email } = await p.createTestUser({ companyId });
    for (let i = 0; i < 10; i++) {
      const res = await p.api('POST', '/api/authenticate', {
        body: { email, password: 'Fout12345' },
        headers: { 'x-forwarded-for': `10.0.0.${i}` },
      });
      expect(res.status).toBe(401);
    }
    const blocked = await p.api('POST', '/api/authenticate', {
      body: { email, password: TEST_PASSWORD },
      headers: { 'x-forwarded-for': '10.0.1.1' },
    });
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toMatch(/Te veel/);
    expect(blocked.headers.get('retry-after')).toBe('60');
  });

  it('per address, across accounts', async () => {
    const companyId = await p.createTestCompany();
    const { email } = await p.createTestUser({ companyId });
    for (let i = 0; i < 10; i++) {
      const res = await p.api('POST', '/api/authenticate', {
        body: { email: `nobody${i}@test.local`, password: 'Fout12345' },
        headers: { 'x-forwarded-for': '10.9.9.9' },
      });
      expect(res.status).toBe(401);
    }
    const blocked = await p.api('POST', '/api/authenticate', {
      body: { email, password: TEST_PASSWORD },
      headers: { 'x-forwarded-for': '10.9.9.9' },
    });
    expect(blocked.status).toBe(429);
    const elsewhere = await p.api('POST', '/api/authenticate', {
      body: { email, password: TEST_PASSWORD },
      headers: { 'x-forwarded-for': '10.9.9.10' },
    });
    expect(elsewhere.status).toBe(200);
  });

  it('limits password-reset requests per address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const res = await p.api('POST', '/api/password/email', {
        body: { email: `nobody${i}@test.local` },
        headers: { 'x-forwarded-for': '10.7.7.7' },
      });
      statuses.push(res.status);
      if (res.status === 429) expect(res.body.message).toMatch(/Te veel verzoeken/);
    }
    expect(statuses.slice(0, 10).every((s) => s === 200)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});
