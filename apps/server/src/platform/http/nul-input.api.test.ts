import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, startTestServer, type TestServer } from '../../../test/test-server';
import { NUL_NOT_ALLOWED } from './json-body';

let t: TestServer;
let token: string;

beforeAll(async () => {
  t = await startTestServer({ work: false });
  token = await t.login(ADMIN.email, ADMIN.password);
});
afterAll(async () => t?.close());

/** Calls that would end the session or hold the connection open. */
const SKIP = new Set(['GET /api/authenticate/logout', 'GET /api/live/events']);
const NUL = '\u0000';
const MISSING_ID = '2147483647';

describe('a NUL character never reaches the database', () => {
  it('the branding lookup answers 422 with the field, not 500', async () => {
    const res = await t.api('GET', '/api/portal/branding/hostname/%00');
    expect(res.status).toBe(422);
    expect(res.body).toEqual({ message: expect.any(String), errors: { host: [NUL_NOT_ALLOWED] } });
  });

  it('every route refuses NUL in each path parameter, in the query and in the body, without a 5xx', async () => {
    const failures: string[] = [];
    let calls = 0;
    const routes = t.server.app.apiRoutes.filter((r) => !SKIP.has(`${r.method} ${r.url}`));
    expect(routes.length).toBeGreaterThan(100);
    for (const route of routes) {
      const params = [...route.url.matchAll(/:(\w+)/g)].map((m) => m[1]!);
      const withParams = (nulIn?: string) =>
        route.url.replace(/:(\w+)/g, (_, name: string) => (name === nulIn ? '%00' : MISSING_ID));
      const attempts: { path: string; body?: unknown }[] = params.map((p) => ({ path: withParams(p) }));
      attempts.push({ path: `${withParams()}?query=%00&name=a%00b&email=%00` });
      if (route.method !== 'GET') {
        attempts.push({
          path: withParams(),
          body: { name: NUL, description: `a${NUL}`, email: NUL, query: NUL, ids: [NUL], [`k${NUL}`]: 1 },
        });
      }
      for (const attempt of attempts) {
        calls += 1;
        const res = await t.api(route.method, attempt.path, { token, body: attempt.body });
        if (res.status >= 500) failures.push(`${route.method} ${attempt.path}: ${res.status}`);
      }
    }
    expect(calls).toBeGreaterThan(200);
    expect(failures).toEqual([]);
  });

  it('a body text with NUL is refused with 422 and the field named', async () => {
    const res = await t.api('POST', '/api/authenticate', {
      body: { email: `admin${NUL}@test.local`, password: 'x' },
    });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ email: [NUL_NOT_ALLOWED] });
  });
});
