import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCrmCompany } from '../../../test/crm-factories';
import { startSecondServer, startTestServer, type TestServer } from '../../../test/test-server';

// Both processes keep a caller for a minute: only forgetting on a change can make them see it in time.
const LONG_CACHE = { SESSION_CACHE_SECONDS: '60' };
let a: TestServer;
let b: Awaited<ReturnType<typeof startSecondServer>>;
let baseB: string;

beforeAll(async () => {
  // A works on jobs (trashing a company is one), B only answers requests.
  a = await startTestServer({ config: LONG_CACHE });
  b = await startSecondServer(a, LONG_CACHE);
  baseB = b.baseUrl;
});
afterAll(async () => {
  await b?.close();
  await a?.close();
});

/** B's answer to the user overview, which system administrators (5000) may read and others may not (403). */
async function usersOnB(token: string): Promise<number> {
  const res = await fetch(`${baseB}/api/user/querypaginated`, {
    headers: { authorization: `Bearer ${token}` },
  });
  await res.body?.cancel();
  return res.status;
}

/** Asks B until it answers `status` (at most 5 s, far below the cache's minute). */
async function untilOnB(token: string, status: number) {
  for (let i = 0; i < 250; i++) {
    if ((await usersOnB(token)) === status) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`server B kept its remembered session (still not ${status})`);
}

describe('remembered sessions', () => {
  it('a logout ends the session at once in the process that ran it', async () => {
    const manager = await createCrmCompany(a, { name: 'Uitlog BV' });
    expect((await a.api('GET', '/api/user/getcurrentuser', { token: manager.token })).status).toBe(200);
    expect((await a.api('GET', '/api/authenticate/logout', { token: manager.token })).status).toBe(200);
    expect((await a.api('GET', '/api/user/getcurrentuser', { token: manager.token })).status).toBe(401);
  });

  it('another process forgets a session when it ends, and a user whose role changed', async () => {
    const manager = await createCrmCompany(a, { name: 'Twee processen BV', role: 5000 });
    const colleague = await a.createTestUser({ companyId: manager.companyId, role: 5000 });
    const token = await a.login(colleague.email);
    expect(await usersOnB(token)).toBe(200);

    const changed = await a.api('PATCH', `/api/user/${colleague.id}`, {
      token: manager.token,
      body: { role: 1000 },
    });
    expect(changed.status).toBe(200);
    await untilOnB(token, 403);

    expect((await a.api('GET', '/api/authenticate/logout', { token })).status).toBe(200);
    await untilOnB(token, 401);
  });

  it('another process forgets the sessions of a company the platform admin trashed', async () => {
    const manager = await createCrmCompany(a, { name: 'Prullenbak BV', role: 5000 });
    expect(await usersOnB(manager.token)).toBe(200);
    const admin = await a.login('admin@test.local', 'Beheer123');
    const trashed = await a.api('DELETE', `/api/company/${manager.companyId}`, { token: admin });
    expect(trashed.status).toBeLessThan(300);
    await untilOnB(manager.token, 401);
  });
});
