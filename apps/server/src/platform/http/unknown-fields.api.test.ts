import { MODULE_TAGS } from '@im/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, startTestServer, type TestServer } from '../../../test/test-server';

/**
 * Decision 041: input the API does not take is refused, not dropped. Every operation of the OpenAPI
 * description gets a field `__onbekend` next to input its schema takes (in the body, and in the query
 * string) and answers 422 naming it, never 2xx; an operation without a body or query schema takes no
 * fields at all. Calls run as a manager of a company with every module (the platform admin's token
 * where the manager's answers 403), with real-looking hashes for the customer calls.
 */

interface Schema {
  type?: string | string[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  properties?: Record<string, Schema>;
  additionalProperties?: unknown;
  items?: Schema;
  minItems?: number;
  default?: unknown;
}
interface Operation {
  parameters?: { in: string; name: string; required?: boolean; schema: Schema }[];
  requestBody?: { content: Record<string, { schema: Schema }> };
}

let t: TestServer;
let manager: string;
let admin: string;
let doc: { paths: Record<string, Record<string, Operation>> };

/**
 * Calls that end the session or hold the connection open; and a website's lead form, which takes the
 * website's own field names by design (decision 026: the company maps them per website).
 */
const SKIP = [/logout/, /^GET \/api\/live\/events$/, /^POST \/api\/website\/\{key\}\/lead$/];

beforeAll(async () => {
  t = await startTestServer({ work: false });
  const companyId = await t.createTestCompany({ modules: [...MODULE_TAGS] });
  const user = await t.createTestUser({ companyId, role: 100 });
  manager = await t.login(user.email);
  admin = await t.login(ADMIN.email, ADMIN.password);
  doc = (await t.api('GET', '/api/openapi.json')).body;
}, 120_000);
afterAll(async () => t?.close());

const main = (s: Schema): Schema => {
  const v = (s.anyOf ?? s.oneOf ?? [s]).find((x) => x.type !== 'null') ?? s;
  return v.allOf ? main(v.allOf[0]!) : v;
};
const typeOf = (s: Schema) => (Array.isArray(s.type) ? s.type.find((x) => x !== 'null') : s.type);

/** A value the schema takes, as far as a generator can tell (the check runs on input the schema took). */
function sample(schema: Schema, name = '', depth = 0): unknown {
  const s = main(schema);
  if (s.default !== undefined) return s.default;
  if (s.const !== undefined) return s.const;
  if (s.enum) return s.enum[0];
  switch (typeOf(s)) {
    case 'string':
      if (s.format === 'date' || /date$/.test(name)) return '2026-12-01';
      if (s.format === 'date-time') return '2026-12-01T10:00:00.000Z';
      if (s.format === 'email' || /mail/.test(name)) return 'sweep@example.nl';
      if (s.format === 'uri' || /url/.test(name)) return 'https://example.nl/';
      return 'Sweep';
    case 'integer':
    case 'number':
      return 1;
    case 'boolean':
      return true;
    case 'array':
      return depth > 3 || !s.items ? [] : Array.from({ length: s.minItems ?? 0 }, () => sample(s.items!));
    case 'object': {
      const out: Record<string, unknown> = {};
      if (depth > 4) return out;
      for (const [k, v] of Object.entries(s.properties ?? {})) out[k] = sample(v, k, depth + 1);
      return out;
    }
    default:
      return 'Sweep';
  }
}

let calls = 0;
async function send(method: string, url: string, body?: unknown) {
  const once = async (token: string) => {
    calls += 1;
    const res = await t.server.app.inject({
      method: method as 'GET',
      url,
      remoteAddress: `10.41.${(calls >> 8) & 255}.${calls & 255}`,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      payload: body === undefined ? undefined : JSON.stringify(body),
    });
    let json: { message?: string; errors?: Record<string, string[]> } = {};
    try {
      json = res.json();
    } catch {}
    return { status: res.statusCode, body: json };
  };
  const first = await once(manager);
  return first.status === 403 ? once(admin) : first;
}

const fill = (path: string) =>
  path.replace(/\{(\w+)\}/g, (_, p: string) =>
    p === 'hash' || p === 'key' ? 'sweepsweepsweepsweep01' : p === 'date' ? '2026-12-01' : '1',
  );
const operations = () =>
  Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .map(([m, op]) => ({ method: m.toUpperCase(), path, op }))
      .filter(({ method }) => ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].includes(method))
      .filter(({ method }) => !SKIP.some((re) => re.test(`${method} ${path}`))),
  );
const queryOf = (op: Operation, extra: Record<string, string> = {}) => {
  const params = new URLSearchParams();
  for (const p of op.parameters ?? [])
    if (p.in === 'query' && p.required) {
      const v = sample(p.schema, p.name);
      params.set(p.name, typeof v === 'string' ? v : JSON.stringify(v));
    }
  for (const [k, v] of Object.entries(extra)) params.set(k, v);
  const text = params.toString();
  return text ? `?${text}` : '';
};

describe('a field the operation does not take', () => {
  it('in the body answers 422 naming it, on every operation', { timeout: 600_000 }, async () => {
    const wrong: string[] = [];
    let checked = 0;
    for (const { method, path, op } of operations()) {
      if (method === 'GET' || method === 'DELETE') continue;
      const schema = op.requestBody?.content['application/json']?.schema;
      // Uploads take multipart only (their handler names the fields); a JSON body answers 400 or 415.
      if (!schema && op.requestBody) continue;
      const taken = schema ? sample(schema) : {};
      if (!taken || typeof taken !== 'object' || Array.isArray(taken)) continue;
      const res = await send(method, fill(path) + queryOf(op), { ...taken, __onbekend: 1 });
      checked += 1;
      if (res.status !== 422 || !res.body.errors?.__onbekend)
        wrong.push(`${method} ${path} -> ${res.status} ${JSON.stringify(res.body).slice(0, 160)}`);
    }
    expect(wrong).toEqual([]);
    expect(checked).toBeGreaterThan(200);
  });

  it('in the query string answers 422 naming it, on every operation', { timeout: 600_000 }, async () => {
    const wrong: string[] = [];
    let checked = 0;
    for (const { method, path, op } of operations()) {
      const schema = op.requestBody?.content['application/json']?.schema;
      const body = schema ? sample(schema) : undefined;
      const res = await send(method, fill(path) + queryOf(op, { __onbekend: '1' }), body);
      checked += 1;
      if (res.status !== 422 || !res.body.errors?.__onbekend)
        wrong.push(`${method} ${path} -> ${res.status} ${JSON.stringify(res.body).slice(0, 160)}`);
    }
    expect(wrong).toEqual([]);
    expect(checked).toBeGreaterThan(300);
  });

  it('in a multipart upload answers 422 naming it, stores nothing, on every upload', {
    timeout: 300_000,
  }, async () => {
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64',
    );
    const boundary = 'onbekendveld';
    const part = (headers: string, content: Buffer | string) =>
      Buffer.concat([
        Buffer.from(`--${boundary}\r\n${headers}\r\n\r\n`),
        Buffer.from(content),
        Buffer.from('\r\n'),
      ]);
    const storedFiles = async () =>
      (
        await t.server.deps.db.platform((tx) =>
          tx.execute<{ n: number }>('select count(*)::int as n from stored_file' as never),
        )
      ).rows[0]!.n;
    const before = await storedFiles();
    const named: string[] = [];
    const wrong: string[] = [];
    for (const { method, path, op } of operations()) {
      const multipart = op.requestBody?.content['multipart/form-data']?.schema as Schema | undefined;
      if (!multipart) continue;
      const fileField =
        Object.entries(multipart.properties ?? {}).find(
          ([, v]) => v.format === 'binary' || typeOf(v) === 'array',
        )?.[0] ?? 'file';
      const payload = Buffer.concat([
        part('Content-Disposition: form-data; name="__onbekend"', '1'),
        part(
          `Content-Disposition: form-data; name="${fileField}"; filename="punt.png"\r\nContent-Type: image/png`,
          png,
        ),
        Buffer.from(`--${boundary}--\r\n`),
      ]);
      const once = (token: string) =>
        t.server.app.inject({
          method: method as 'POST',
          url: fill(path) + queryOf(op),
          remoteAddress: `10.42.0.${named.length + wrong.length + 1}`,
          headers: {
            authorization: `Bearer ${token}`,
            'content-type': `multipart/form-data; boundary=${boundary}`,
          },
          payload,
        });
      let res = await once(manager);
      if (res.statusCode === 403) res = await once(admin);
      const body = res.json() as { errors?: Record<string, string[]> };
      if (res.statusCode === 422 && body.errors?.__onbekend?.[0] === 'Onbekend veld: __onbekend.')
        named.push(`${method} ${path}`);
      // A call may stop earlier (a record of another company: 404), never carry the upload out.
      else if (res.statusCode < 400) wrong.push(`${method} ${path} -> ${res.statusCode}`);
    }
    expect(wrong).toEqual([]);
    expect(named.length).toBeGreaterThanOrEqual(10);
    expect(await storedFiles()).toBe(before);
  });

  it('nested in an object is named with its path, next to what else the schema refuses', async () => {
    const res = await send('PATCH', '/api/company/1', {
      companysettings: { __onbekend: 1 },
      name: '',
    });
    expect(res.status).toBe(422);
    expect(res.body.message).toBe('Onbekend veld: companysettings.__onbekend.');
    expect(res.body.errors?.['companysettings.__onbekend']).toEqual([
      'Onbekend veld: companysettings.__onbekend.',
    ]);
    expect(Object.keys(res.body.errors ?? {})).toContain('name');
  });

  it('the error names the field in Dutch in the contract format', async () => {
    const res = await send('POST', '/api/product', { item_name: 'Paneel', kleur: 'rood' });
    expect(res.status).toBe(422);
    expect(res.body).toEqual({
      message: 'Onbekend veld: kleur.',
      errors: { kleur: ['Onbekend veld: kleur.'] },
    });
    const query = await send('GET', '/api/incident/querypaginated?offset=0&pagina=2');
    expect(query.status).toBe(422);
    expect(query.body).toEqual({
      message: 'Onbekende parameter: pagina.',
      errors: { pagina: ['Onbekende parameter: pagina.'] },
    });
  });
});
