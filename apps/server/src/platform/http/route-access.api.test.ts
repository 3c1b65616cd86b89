import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, startTestServer, type TestServer } from '../../../test/test-server';
import { isPublic } from './access';

/** The short list of routes anyone may call without logging in; a new public route must be added here on purpose. */
const PUBLIC_ROUTES = [
  'GET /api/picture/:id/getbycustomer',
  'POST /api/picture/:id/removebycustomer',
  'POST /api/picture/storebycustomer',
  'GET /api/health',
  'GET /api/portal/config',
  'GET /api/openapi.json',
  'POST /api/authenticate',
  'POST /api/password/email',
  'POST /api/password/reset',
  'POST /api/register',
  'GET /api/portal/branding/hostname/:host',
  'GET /api/portal/branding/logo/:id',
  'GET /api/portal/branding/background/:id',
  'GET /api/flow/:hash/getbycustomer',
  'GET /api/calculation/:hash/getbycustomer',
  'GET /api/calendar/feed/:file',
  'GET /api/integrations/:service/callback',
  'GET /api/mediafile/public/:token',
  'GET /api/message/:hash/getbycustomer',
  'GET /api/invoice/:hash/downloadbycustomer',
  'GET /api/invoice/:hash/getbycustomer',
  'POST /api/invoice/:hash/paymentwebhook',
  'POST /api/message/:hash/savebycustomer',
  'GET /api/flow/:hash/getflowlogobycustomer',
  'GET /api/flow/:hash/getflowcustomerbackground',
  'POST /api/flowfile/storebycustomer',
  'GET /api/flowfile/:id/showbycustomer',
  'POST /api/flowfile/:id/showbycustomer',
  'GET /api/flowdataitem/:id/getbycustomer',
  'POST /api/flowdataitem/:id/updatebycustomer',
  'POST /api/flowdataitem/:id/sendbycustomer',
  'POST /api/incident/savebycustomer',
  'POST /api/incident/:hash/resolvebycustomer',
  'GET /api/quotation/:hash/getbycustomer',
  'GET /api/quotation/:hash/downloadbycustomer',
  'GET /api/quotation/:hash/downloadsignedbycustomer',
  'POST /api/quotation/:hash/approvebycustomer',
  'POST /api/quotation/:hash/rejectbycustomer',
  'GET /api/confirmation/:hash/getbycustomer',
  'GET /api/confirmation/:hash/downloadbycustomer',
  'GET /api/confirmation/:hash/downloadsignedbycustomer',
  'POST /api/confirmation/:hash/approvebycustomer',
  'POST /api/confirmation/:hash/rejectbycustomer',
  'GET /api/document/:hash/getbycustomer',
  'GET /api/document/:hash/downloadbycustomer',
  'GET /api/document/:hash/downloadsignedbycustomer',
  'POST /api/document/:hash/approvebycustomer',
  'POST /api/document/:hash/rejectbycustomer',
  'GET /api/attachment/:id/getbycustomer',
  'POST /api/website/:key/lead',
  'OPTIONS /api/website/:key/lead',
];

let t: TestServer;
let noModulesToken: string;
let lowRoleToken: string;

function concrete(url: string): string {
  return url.replace(/:id\b/g, '1').replace(/:(\w+)/g, 'x');
}

beforeAll(async () => {
  t = await startTestServer({ work: false });
  const bare = await t.createTestCompany({ modules: [] });
  noModulesToken = await t.login((await t.createTestUser({ companyId: bare, role: 5000 })).email);
  const full = await t.createTestCompany({
    modules: [
      'BASIS',
      'CRM',
      'SALES',
      'SETTINGS',
      'ADMIN',
      'INTAKE',
      'QUOTATION',
      'CONFIRMATION',
      'PROJECT',
      'INVOICE',
    ],
  });
  lowRoleToken = await t.login((await t.createTestUser({ companyId: full, role: 100 })).email);
});
afterAll(async () => t?.close());

describe('route access declarations', () => {
  it('every /api route declares a module and minimum role, or is on the public list', () => {
    const routes = t.server.app.apiRoutes;
    expect(routes.length).toBeGreaterThan(15);
    const publicOnes = routes.filter((r) => isPublic(r.access)).map((r) => `${r.method} ${r.url}`);
    expect(publicOnes.sort()).toEqual([...PUBLIC_ROUTES].sort());
  });

  it('every guarded route answers 401 without a token', async () => {
    for (const route of t.server.app.apiRoutes.filter((r) => !isPublic(r.access))) {
      const res = await t.api(route.method, concrete(route.url), {
        body: route.method === 'GET' ? undefined : {},
      });
      expect(res.status, `${route.method} ${route.url}`).toBe(401);
      expect(res.body.message, `${route.method} ${route.url}`).toBeTruthy();
    }
  });

  it('every route of a module answers 403 to a company without that module', async () => {
    const moduleRoutes = t.server.app.apiRoutes.filter(
      (r) => !isPublic(r.access) && 'module' in r.access && r.access.module,
    );
    expect(moduleRoutes.length).toBeGreaterThan(3);
    for (const route of moduleRoutes) {
      const res = await t.api(route.method, concrete(route.url), {
        token: noModulesToken,
        body: route.method === 'GET' ? undefined : {},
      });
      expect(res.status, `${route.method} ${route.url}`).toBe(403);
    }
  });

  it('routes with a minimum role above 100 answer 403 to a role-100 user', async () => {
    const high = t.server.app.apiRoutes.filter(
      (r) => !isPublic(r.access) && 'minRole' in r.access && r.access.minRole > 100,
    );
    expect(high.length).toBeGreaterThan(0);
    for (const route of high) {
      const res = await t.api(route.method, concrete(route.url), {
        token: lowRoleToken,
        body: route.method === 'GET' ? undefined : {},
      });
      expect(res.status, `${route.method} ${route.url}`).toBe(403);
    }
  });
});

describe('bad input never answers 5xx', () => {
  const GARBAGE_BODIES: unknown[] = [
    {},
    { email: 12, password: ['x'], html: { a: 1 }, id: 'drop table', name: 'x'.repeat(5000) },
    [1, 2, 3],
    'nonsense',
  ];

  it('every route answers 4xx (or success) in the contract format to malformed ids and bodies', async () => {
    const adminToken = await t.login(ADMIN.email, ADMIN.password);
    // Logging out would end the token and leave the rest of the routes answering 401 only; the live
    // channel answers with a stream that stays open (tested in features/live).
    const routes = t.server.app.apiRoutes.filter(
      (r) => r.url !== '/api/authenticate/logout' && r.url !== '/api/live/events',
    );
    for (const route of routes) {
      for (const id of ['x', '99999999', '-1', '99999999999999999999']) {
        const url = route.url.replace(/:id\b/g, id).replace(/:(\w+)/g, 'x');
        for (const body of route.method === 'GET' ? [undefined] : GARBAGE_BODIES) {
          const res = await t.api(route.method, url, { token: adminToken, body });
          const label = `${route.method} ${url} ${JSON.stringify(body)?.slice(0, 40)}`;
          expect(res.status, label).toBeLessThan(500);
          if (res.status >= 400) expect(typeof res.body.message, label).toBe('string');
          expect(res.status, label).not.toBe(401);
        }
      }
    }
    // Every route times 4 ids times 5 bodies, one after the other (~14,000 requests, ~50 s on a quiet
    // machine): it grows with each route, so it has a limit of its own.
  }, 180_000);
});
