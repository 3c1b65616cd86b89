import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, startTestServer, type TestServer } from '../../../test/test-server';

let t: TestServer;
let token: string;

beforeAll(async () => {
  t = await startTestServer({ config: { CHROMIUM_PATH: '/nonexistent/chromium' } });
  token = await t.login(ADMIN.email, ADMIN.password);
});
afterAll(async () => t?.close());

const expect4xx = (status: number) => {
  expect(status).toBeGreaterThanOrEqual(400);
  expect(status).toBeLessThan(500);
};

describe('health and API description', () => {
  it('GET /api/health answers ok', async () => {
    const res = await t.api('GET', '/api/health');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'ok' });
  });

  it('GET /api/openapi.json is an OpenAPI 3 document with the main paths', async () => {
    const res = await t.api('GET', '/api/openapi.json');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/json');
    const doc = res.body;
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.info.title).toBeTruthy();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/authenticate', '/api/user/getcurrentuser', '/api/batch/{id}']),
    );
    const schema = doc.paths['/api/authenticate'].post.requestBody.content['application/json'].schema;
    expect(Object.keys(schema.properties)).toEqual(expect.arrayContaining(['email', 'password']));
    expect(schema.required).toEqual(expect.arrayContaining(['email', 'password']));
    expect(doc.paths['/api/openapi.json']).toBeUndefined();
  });

  it('GET /api/docs serves the HTML documentation', async () => {
    const res = await fetch(`${t.baseUrl}/api/docs`, { redirect: 'follow' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    expect(await res.text()).toMatch(/swagger/i);
  });
});

describe('security headers and CORS', () => {
  it('sets the security headers on an API answer', async () => {
    const res = await t.api('GET', '/api/user/getcurrentuser', { token });
    expect(res.status).toBe(200);
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'self'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    const xfo = res.headers.get('x-frame-options');
    expect(xfo !== null || csp.includes('frame-ancestors')).toBe(true);
    const hsts = res.headers.get('strict-transport-security');
    if (hsts !== null) expect(hsts).toMatch(/max-age=\d+/);
    expect(res.headers.get('x-powered-by')).toBeNull();
  });

  it('sends the security headers on errors too', async () => {
    const res = await t.api('GET', '/api/user/getcurrentuser');
    expect(res.status).toBe(401);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toBeTruthy();
  });

  it('answers no CORS header to a foreign origin', async () => {
    const res = await t.api('GET', '/api/user/getcurrentuser', {
      token,
      headers: { origin: 'http://evil.test' },
    });
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
    expect(res.headers.get('access-control-allow-credentials')).toBeNull();
  });

  it('does not answer an OPTIONS preflight with CORS allow headers', async () => {
    const res = await fetch(`${t.baseUrl}/api/authenticate`, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://evil.test',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type, authorization',
      },
    });
    expect(res.status).toBeLessThan(500);
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
    expect(res.headers.get('access-control-allow-methods')).toBeNull();
    expect(res.headers.get('access-control-allow-headers')).toBeNull();
    expect(res.headers.get('access-control-allow-credentials')).toBeNull();
  });
});

describe('request ids', () => {
  it('every answer carries an x-request-id, a fresh one per request', async () => {
    const a = await t.api('GET', '/api/health');
    const b = await t.api('GET', '/api/nergens');
    const c = await t.api('POST', '/api/authenticate', { body: {} });
    const ids = [a, b, c].map((r) => r.headers.get('x-request-id'));
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9-]{8,64}$/);
    expect(new Set(ids).size).toBe(3);
  });

  it('echoes a valid incoming x-request-id', async () => {
    const res = await t.api('GET', '/api/health', { headers: { 'x-request-id': 'trace-1234-abcd' } });
    expect(res.headers.get('x-request-id')).toBe('trace-1234-abcd');
  });

  it('replaces an invalid incoming x-request-id', async () => {
    const res = await t.api('GET', '/api/health', { headers: { 'x-request-id': 'bad id<script>' } });
    const id = res.headers.get('x-request-id');
    expect(id).toMatch(/^[A-Za-z0-9-]{8,64}$/);
    expect(id).not.toBe('bad id<script>');
  });
});

describe('bad input never produces a 5xx', () => {
  it('answers 413 with a message for a JSON body over 1 MiB', async () => {
    const res = await t.api('POST', '/api/authenticate', {
      body: { email: ADMIN.email, password: 'x'.repeat(1024 * 1024 + 10) },
    });
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ message: expect.any(String) });
  });

  it('answers 404 with a message for an unknown /api path', async () => {
    for (const method of ['GET', 'POST']) {
      const res = await t.api(method, '/api/bestaatniet/123', { token });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: expect.any(String) });
    }
  });

  it('answers 4xx for a text/plain body to /api/authenticate', async () => {
    const res = await t.api('POST', '/api/authenticate', {
      headers: { 'content-type': 'text/plain' },
      body: undefined,
    });
    expect4xx(res.status);
    const plain = await fetch(`${t.baseUrl}/api/authenticate`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: `email=${ADMIN.email}&password=${ADMIN.password}`,
    });
    expect4xx(plain.status);
    const body = (await plain.json()) as { message?: string; token?: string };
    expect(body.message).toBeTruthy();
    expect(body.token).toBeUndefined();
  });

  it('takes an empty JSON body as no body: 200 where the body is optional, 422 where it is needed', async () => {
    const post = (path: string) =>
      fetch(`${t.baseUrl}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: '',
      });
    const lastSeen = await post('/api/flow/getlastseenflows');
    expect(lastSeen.status).toBe(200);
    expect(await lastSeen.json()).toEqual([]);
    const login = await post('/api/authenticate');
    expect(login.status).toBe(422);
    expect(((await login.json()) as { message?: string }).message).toBeTruthy();
    const broken = await t.api('POST', '/api/authenticate', { body: '{"email":' });
    expect4xx(broken.status);
  });

  it('answers 4xx for JSON that is not an object', async () => {
    for (const raw of ['[]', 'null', '"tekst"', '42']) {
      const res = await t.api('POST', '/api/authenticate', { body: raw });
      expect4xx(res.status);
    }
  });

  it('answers 4xx for non-numeric and out-of-range ids', async () => {
    for (const id of ['abc', '99999999999999', '-1', '1.5', '0x10', '1e3', '%00']) {
      const res = await t.api('GET', `/api/user/${id}`, { token });
      expect4xx(res.status);
      expect(res.body.message).toBeTruthy();
    }
    const batch = await t.api('GET', '/api/batch/99999999999999', { token });
    expect4xx(batch.status);
  });

  it('answers 404 for an id in range that does not exist (and 200 for one that does)', async () => {
    expect((await t.api('GET', '/api/user/1', { token })).status).toBe(200);
    const res = await t.api('GET', '/api/user/2147483647', { token });
    expect(res.status).toBe(404);
  });
});

describe('flags in the API description', () => {
  it('describe 1/0, "1"/"0" and true/false', async () => {
    const doc = (await t.api('GET', '/api/openapi.json')).body;
    const schema = doc.paths['/api/relation'].post.requestBody.content['application/json'].schema;
    const flag = JSON.stringify(schema.properties.createnewflow);
    for (const accepted of ['boolean', '"1"', '"0"']) expect(flag).toContain(accepted);
  });
});
