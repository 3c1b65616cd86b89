import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, startTestServer, type TestServer } from '../../../test/test-server';
import { DEMO_CUSTOMER_LINKS } from '../../features/demo/load-customer-demo';
import { DEMO_PASSWORD, loadDemoData } from '../../features/demo/load-demo';
import { createLogger } from '../log';

/**
 * Every operation of the OpenAPI description, called by a manager of a demo company on that company's own
 * records, with a body and query generated from the operation's schema and then changed one field at a
 * time: wrong types, the schema's limits and one past them, extreme numbers, impossible dates, long and
 * multi-byte texts. Whatever the input, the answer is never a 5xx, and never the database's refusal
 * either (the error handler's answer without a field): the schema refuses bad input and names the field;
 * a value the schema allows fits the database. The same holds for every upload call with broken, empty,
 * too-big and oddly named files. And another company's manager gets none of these records by their ids
 * (decision 002), and a partner's and an executor's calls never answer 5xx either. The describes run in
 * order on one demo database: tenancy, roles and uploads first, the mutating sweep last.
 */

interface Schema {
  type?: string | string[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  items?: Schema;
  properties?: Record<string, Schema>;
  required?: string[];
  default?: unknown;
}
interface Operation {
  parameters?: { in: string; name: string; required?: boolean; schema: Schema }[];
  requestBody?: { content: Record<string, { schema: Schema }> };
}

let t: TestServer;
let token: string;
let companyId: number;
let adminToken: string;
/** One id of the demo company per URL segment (and per `<segment>_id` field). */
let ids = new Map<string, string>();
/** The OpenAPI description the sweeps walk. */
let doc: { paths: Record<string, Record<string, Operation>> };
/** A customer's link per URL segment, and `form`: the id of the form the customer link's flow has. */
let links = new Map<string, string>();
/** URL segments whose records belong to a company (their ids are the demo company's own). */
const companyScoped = new Set<string>();
/** The demo flow's customer link (the `hash` a customer page sends). */
const customerHash: string = DEMO_CUSTOMER_LINKS.formFlow;

const DEMO_MANAGER = 'sanne@zonnestroom-noord.nl';
/** Calls that end the session, change its password, hold the connection open or remove the company. */
const SKIP = [
  /authenticate/,
  /logout/,
  /password/,
  /^GET \/api\/live\/events$/,
  /^DELETE \/api\/company\/\{id\}$/,
  /^DELETE \/api\/user\/\{id\}$/,
  /impersonat/,
  /adminlogin/,
  /forcedelete/,
];

beforeAll(async () => {
  // Uploads past 200 kB are too big here, so the sweep can send one without megabytes of garbage.
  t = await startTestServer({ work: false, config: { UPLOAD_MAX_BYTES: '200000' } });
  await loadDemoData(t.server.deps.db, createLogger('warn'), t.server.deps.storage);
  token = await t.login(DEMO_MANAGER, DEMO_PASSWORD);
  adminToken = await t.login(ADMIN.email, ADMIN.password);
  const me = await t.server.deps.db.platform((tx) =>
    tx.execute<{ company_id: number }>(sql`select company_id from "user" where email = ${DEMO_MANAGER}`),
  );
  companyId = me.rows[0]!.company_id;
  expect(companyId).toBeGreaterThan(0);
  doc = (await t.api('GET', '/api/openapi.json')).body;
  ids = await idsBySegment([...new Set(Object.keys(doc.paths).map((p) => p.split('/')[2]!))]);
  links = await customerLinks();
}, 120_000);
afterAll(async () => t?.close());

/**
 * A customer's link per kind, as the database has them now: the first sent document of each kind (a
 * document also when signed), the demo's two flows (one with a form the customer fills in: the customer
 * pages' `hash` field and query, and that form's id; a message's customer calls take that flow's link
 * too), the first incident's and the first calculation's that is not a template. Read again before
 * the mutating sweep: the sweeps before it (an executor's calls among them) may have reset a
 * document's link or answered it.
 */
async function customerLinks(): Promise<Map<string, string>> {
  const rows = await t.server.deps.db.platform((tx) =>
    tx.execute<{ segment: string; hash: string }>(sql`
      (select 'incident' as segment, hash from incident where company_id = ${companyId} order by id limit 1)
      union all (select 'calculation', hash from calculation
        where company_id = ${companyId} and not is_template order by id limit 1)
      union all (select 'form', i.id::text from flow_data_item i join flow f on f.id = i.flow_id
        where f.hash = ${DEMO_CUSTOMER_LINKS.formFlow} and i.item_type = 'form' and i.status = 'open'
        order by i.id limit 1)
      union all (select distinct on (kind) kind, hash from sales_document
        where company_id = ${companyId} and not is_template and deleted_at is null and hash is not null
          and (status = 'sent' or (kind = 'document' and status = 'approved'))
        order by kind, id)`),
  );
  return new Map<string, string>([
    ['quotation', DEMO_CUSTOMER_LINKS.quotation],
    ['confirmation', DEMO_CUSTOMER_LINKS.confirmation],
    ['document', DEMO_CUSTOMER_LINKS.document],
    ['invoice', DEMO_CUSTOMER_LINKS.invoice],
    ...rows.rows.map((r) => [r.segment, r.hash] as const),
    ['flow', DEMO_CUSTOMER_LINKS.quotationFlow],
  ]);
}

const norm = (s: string) => s.replace(/[_-]/g, '').toLowerCase();
/** A customer's call: public, through a link (a hash) rather than a login. */
const isCustomerCall = (path: string) => path.includes('bycustomer') || path.includes('{hash}');

/** One id per URL segment: a record of the demo company in the table of that name. */
async function idsBySegment(segments: string[]): Promise<Map<string, string>> {
  const tables = await t.server.deps.db.platform((tx) =>
    tx.execute<{ table_name: string; has_company: boolean }>(sql`
      select c.table_name, bool_or(c.column_name = 'company_id') as has_company
      from information_schema.columns c where c.table_schema = 'public'
      group by c.table_name having bool_or(c.column_name = 'id')`),
  );
  const byName = new Map(tables.rows.map((r) => [norm(r.table_name), r]));
  const special: Record<string, [string, string]> = {
    quotation: ['sales_document', `kind = 'quotation'`],
    confirmation: ['sales_document', `kind = 'confirmation'`],
    document: ['sales_document', `kind = 'document'`],
    invoice: ['sales_document', `kind = 'invoice'`],
    attachment: ['stored_file', 'true'],
    attachedfile: ['stored_file', 'true'],
    flowfile: ['stored_file', 'true'],
    assistfile: ['stored_file', 'true'],
    widgetpicture: ['stored_file', 'true'],
    companysettings: ['company', 'true'],
    company: ['company', 'true'],
    user: ['user', `email <> '${DEMO_MANAGER}'`],
    eventtrigger: ['event_trigger', 'true'],
  };
  const out = new Map<string, string>();
  for (const segment of segments) {
    const [table, where] = special[segment] ?? [byName.get(segment)?.table_name, 'true'];
    if (!table) continue;
    const scoped =
      table === 'company'
        ? `id = ${companyId}`
        : byName.get(norm(table))?.has_company
          ? `company_id = ${companyId}`
          : 'true';
    const r = await t.server.deps.db.platform((tx) =>
      tx.execute<{ id: string }>(
        sql.raw(`select id::text from "${table}" where ${scoped} and ${where} order by id limit 1`),
      ),
    );
    if (r.rows[0]) out.set(segment, r.rows[0].id);
    if (r.rows[0] && scoped !== 'true') companyScoped.add(segment);
  }
  return out;
}

function variants(schema: Schema): Schema[] {
  return schema.anyOf ?? schema.oneOf ?? [schema];
}
function typeOf(schema: Schema): string | undefined {
  const v = variants(schema).find((s) => s.type !== 'null') ?? schema;
  if (v.allOf) return typeOf(v.allOf[0]!);
  if (Array.isArray(v.type)) return v.type.find((x) => x !== 'null');
  if (v.type) return v.type;
  if (v.enum) return typeof v.enum[0];
  if (v.const !== undefined) return typeof v.const;
  return undefined;
}
function main(schema: Schema): Schema {
  const v = variants(schema).find((s) => s.type !== 'null') ?? schema;
  return v.allOf ? main(v.allOf[0]!) : v;
}

/** Texts a field of that name or pattern takes (the first that fits). */
const TEXTS: [RegExp, string][] = [
  [/e_?mail/i, 'sweep@example.nl'],
  [/url|website/i, 'https://example.nl/'],
  [/colou?r/i, '#336699'],
  [/password/i, 'Sweep1234A'],
  [/field_?name|fieldkey|tag$/i, 'sweep_veld'],
  [/date|_at$|^from$|^to$|start|end/i, '2026-12-01'],
  [/time/i, '10:00'],
  [/postcode|zip/i, '1234 AB'],
  [/iban/i, 'NL91ABNA0417164300'],
  [/phone|mobile/i, '0612345678'],
];
const PATTERN_TEXTS = [
  'Sweep',
  'sweep',
  'sweep_veld',
  'sweep@example.nl',
  'https://example.nl/',
  '#336699',
  '2026-12-01',
  '2026-12-01T10:00:00.000Z',
  '10:00',
  '1234 AB',
  '1234AB',
  'NL91ABNA0417164300',
  '0612345678',
  '12345678',
  'SWEEP',
];
function textFor(name: string, s: Schema): string {
  const fit = (text: string) =>
    (!s.pattern || new RegExp(s.pattern, 'u').test(text)) &&
    text.length <= (s.maxLength ?? Number.POSITIVE_INFINITY) &&
    text.length >= (s.minLength ?? 0);
  const byName = TEXTS.find(([re]) => re.test(name))?.[1];
  if (byName && fit(byName)) return byName;
  return PATTERN_TEXTS.find(fit) ?? 'Sweep'.slice(0, s.maxLength ?? 5).padEnd(s.minLength ?? 0, 'x');
}

/**
 * The demo company's record a field named `<table>_id` refers to: office_user_id, targetflow_id,
 * standard_flowprofile_id take the longest known table name the name ends with.
 */
function idFor(name: string): string | undefined {
  const idOf = /^(\w+?)_?(id|Id)$/.exec(name)?.[1];
  if (!idOf) return undefined;
  const owner = [...ids.keys()].filter((k) => norm(idOf).endsWith(k)).sort((a, b) => b.length - a.length)[0];
  return owner && ids.get(owner);
}

/** A value the schema accepts (as far as a generator without pattern matching can tell). */
function sample(schema: Schema, depth = 0, name = ''): unknown {
  const s = main(schema);
  if (name === 'hash' && typeOf(s) === 'string') return customerHash;
  const id = idFor(name);
  if (id !== undefined && (typeOf(s) === 'integer' || typeOf(s) === 'number')) return Number(id);
  if (s.default !== undefined) return s.default;
  if (s.const !== undefined) return s.const;
  if (s.enum) return s.enum[0];
  switch (typeOf(s)) {
    case 'string':
      if (s.format === 'date') return '2026-12-01';
      if (s.format === 'date-time') return '2026-12-01T10:00:00.000Z';
      if (s.format === 'email') return 'sweep@example.nl';
      if (s.format === 'uri') return 'https://example.nl/';
      return textFor(name, s);
    case 'integer':
    case 'number': {
      const low = s.minimum ?? (s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + 1 : 1);
      return Math.min(Math.max(low, 1), s.maximum ?? Number.MAX_SAFE_INTEGER);
    }
    case 'boolean':
      return true;
    case 'array':
      return depth > 3 || !s.items
        ? []
        : Array.from({ length: s.minItems ?? 1 }, () => sample(s.items!, depth + 1));
    case 'object': {
      if (depth > 4) return {};
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(s.properties ?? {})) out[k] = sample(v, depth + 1, k);
      return out;
    }
    default:
      return 'Sweep';
  }
}

const LONG = 'x'.repeat(20_000);
/** Values to put in place of a field of this schema: wrong types, the limits and past them, extremes. */
function mutations(schema: Schema): unknown[] {
  const s = main(schema);
  const type = typeOf(s);
  const out: unknown[] = [null, {}, [], true];
  if (type === 'string') {
    out.push(123456, '', '   ', LONG, '😀'.repeat(150), "'; select 1; --", '%_\\');
    if (s.maxLength !== undefined) out.push('é'.repeat(s.maxLength), 'x'.repeat(s.maxLength + 1));
    out.push('9999-12-31', '0001-01-01', '2026-02-30', '2026-13-01T25:61:00Z', '+275760-09-13T00:00:00Z');
  } else if (type === 'integer' || type === 'number') {
    out.push('abc', '1e400', 1e308, -1e308, -1, 0, 1.5, 2147483648, -2147483649, 2 ** 53 + 2);
    if (s.maximum !== undefined) out.push(s.maximum, s.maximum + 1);
    if (s.minimum !== undefined) out.push(s.minimum, s.minimum - 1);
    if (s.exclusiveMinimum !== undefined) out.push(s.exclusiveMinimum + 1e-9);
  } else if (type === 'boolean') {
    out.push('maybe', 2, 1, 0, '1', '0');
  } else if (type === 'array') {
    out.push(
      'x',
      [null],
      [{}],
      Array.from({ length: 2_000 }, () => (s.items ? sample(s.items) : 1)),
    );
    if (s.items) for (const m of mutations(s.items).slice(4, 12)) out.push([m]);
  } else if (type === 'object') {
    out.push('x', 1);
  }
  return out;
}

/** The error handler's answers to a PostgreSQL refusal (error-handler.ts): no field named. */
const DB_REFUSALS = [
  'Dit record bestaat al.',
  'Dit record is nog in gebruik of verwijst naar een onbekend record.',
  'De invoer is ongeldig.',
  'Een waarde is te lang.',
  'Een getal is buiten het toegestane bereik.',
  'Een datum is ongeldig.',
];
const queryText = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v));

/** A path parameter's value: the demo company's record, the customer link of that kind, a date. */
function paramValue(path: string, name: string): string {
  const segment = path.split('/')[2]!;
  if (name === 'id' && segment === 'flowdataitem' && path.includes('bycustomer'))
    return links.get('form') ?? '1';
  if (name === 'id') return ids.get(segment) ?? '1';
  if (name === 'hash') return links.get(segment) ?? customerHash;
  if (name === 'date') return '2026-12-01';
  if (name === 'host') return 'localhost';
  return '1';
}
/** The path with its parameters filled, `name` (if given) with `value`. */
const fillPath = (path: string, name?: string, value?: string) =>
  path.replace(/\{(\w+)\}/g, (_, p: string) => (p === name ? value! : paramValue(path, p)));
/** The operation's required query parameters, generated. */
const requiredQuery = (op: Operation): Record<string, string> =>
  Object.fromEntries(
    (op.parameters ?? [])
      .filter((p) => p.in === 'query' && p.required)
      .map((p) => [p.name, queryText(sample(p.schema, 0, p.name))]),
  );
const withQuery = (url: string, query: Record<string, string>) => {
  const search = new URLSearchParams(query).toString();
  return search ? `${url}?${search}` : url;
};

/** One call in process: a JSON body (or none), or a multipart one. */
async function send(
  method: string,
  url: string,
  bearer: string,
  body?: unknown,
  options: { remoteAddress?: string; multipart?: { payload: Buffer; contentType: string } } = {},
) {
  const res = await t.server.app.inject({
    method: method as 'GET',
    url,
    remoteAddress: options.remoteAddress,
    headers: {
      authorization: `Bearer ${bearer}`,
      ...(options.multipart
        ? { 'content-type': options.multipart.contentType }
        : body === undefined
          ? {}
          : { 'content-type': 'application/json' }),
    },
    payload: options.multipart?.payload ?? (body === undefined ? undefined : JSON.stringify(body)),
  });
  let json: unknown;
  try {
    json = res.json();
  } catch {
    json = res.body.slice(0, 100);
  }
  return { status: res.statusCode, body: json, text: res.body };
}

describe('numbers past what the database takes', () => {
  it('are refused by the schema with the field named', async () => {
    const offset = await t.api('GET', '/api/relation/querypaginated?offset=2147483648', { token });
    expect(offset.status).toBe(422);
    expect(Object.keys(offset.body.errors)).toEqual(['offset']);
    const exclude = await t.api('GET', '/api/flow/querywithdisplaynamewithaddress?excludeId=2147483648', {
      token,
    });
    expect(exclude.status).toBe(422);
    expect(Object.keys(exclude.body.errors)).toEqual(['excludeId']);
    const [confirmation] = (
      await t.server.deps.db.platform((tx) =>
        tx.execute<{ id: number }>(
          sql`select id from sales_document where company_id = ${companyId} and kind = 'confirmation'
              and not is_template and deleted_at is null order by id limit 1`,
        ),
      )
    ).rows;
    const partial = await t.api(
      'POST',
      `/api/confirmation/${confirmation!.id}/createinvoicefromconfirmation`,
      {
        token,
        body: { partialinvoicetype: 'fromamount', partial_value: 1e308 },
      },
    );
    expect(partial.status).toBe(422);
    expect(partial.body.errors.partial_value).toEqual([
      'Vul een getal in tussen -1.000.000.000 en 1.000.000.000.',
    ]);
  });
});

describe("another company's manager", () => {
  it("gets none of the demo company's records, by id in the path or in the query", async () => {
    const other = await t.login('eva@warmtepomptotaal.nl', DEMO_PASSWORD);
    const leaks: string[] = [];
    let checked = 0;
    for (const [path, item] of Object.entries(doc.paths)) {
      const segment = path.split('/')[2]!;
      for (const [m, op] of Object.entries(item)) {
        const method = m.toUpperCase();
        if (SKIP.some((re) => re.test(`${method} ${path}`)) || path.includes('bycustomer')) continue;
        const byPath = path.includes('{id}') && companyScoped.has(segment);
        const query = (op.parameters ?? []).filter((p) => p.in === 'query');
        const idQuery = query.filter((p) => /_?(id|Id)$/.test(p.name) && p.required);
        if (!byPath && idQuery.length === 0) continue;
        const url = withQuery(fillPath(path), requiredQuery(op));
        const bodySchema = op.requestBody?.content['application/json']?.schema;
        checked += 1;
        const res = await send(method, url, other, bodySchema ? sample(bodySchema) : undefined);
        // 401 would mean the sweep lost its session and checked nothing.
        if (res.status >= 500 || res.status === 401) leaks.push(`${method} ${url}: ${res.status}`);
        if (res.status >= 300) continue;
        // A list filtered by another company's record answers empty; anything else is a leak.
        const body = res.body as { data?: unknown; items?: unknown } | unknown[];
        const empty =
          (Array.isArray(body) && body.length === 0) ||
          (!Array.isArray(body) && Array.isArray(body?.data) && body.data.length === 0) ||
          (!Array.isArray(body) && Array.isArray(body?.items) && body.items.length === 0);
        if (byPath || !empty) leaks.push(`${method} ${url}: ${res.status} ${res.text.slice(0, 120)}`);
      }
    }
    expect(leaks).toEqual([]);
    expect(checked).toBeGreaterThan(200);
  });
});

describe('the roles with the narrowest view', () => {
  it('a partner and an executor call every operation without a 5xx', { timeout: 600_000 }, async () => {
    const failures: string[] = [];
    let carried = 0;
    // A partner company's user (external) and an executor: their reads and writes go through the
    // narrower filters (shared flows only, their own planning).
    for (const email of ['kees@dakwerken-mulder.nl', 'tom@zonnestroom-noord.nl']) {
      const userToken = await t.login(email, DEMO_PASSWORD);
      for (const [path, item] of Object.entries(doc.paths)) {
        for (const [m, op] of Object.entries(item)) {
          const method = m.toUpperCase();
          if (method === 'DELETE' || SKIP.some((re) => re.test(`${method} ${path}`))) continue;
          // A customer's calls do not depend on the caller's role, and answering the demo's documents
          // here would leave the mutating sweep below nothing to answer: they are swept there.
          if (isCustomerCall(path)) continue;
          const url = withQuery(fillPath(path), requiredQuery(op));
          const bodySchema = op.requestBody?.content['application/json']?.schema;
          for (const body of bodySchema ? [sample(bodySchema), {}] : [undefined]) {
            const res = await send(method, url, userToken, body, { remoteAddress: '10.250.0.1' });
            if (res.status >= 500 || res.status === 401)
              failures.push(
                `${email} ${method} ${url} ${JSON.stringify(body)?.slice(0, 200)} -> ${res.status}`,
              );
            if (res.status < 300) carried += 1;
          }
        }
      }
    }
    expect(failures).toEqual([]);
    expect(carried).toBeGreaterThan(100);
  });
});

/** A multipart body of text fields and one file. */
function multipart(fields: Record<string, string>, file: { name: string; bytes: Buffer } | null) {
  const boundary = `----sweep${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields))
    parts.push(
      Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  if (file)
    parts.push(
      Buffer.from(
        `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="${file.name}"\r\ncontent-type: application/octet-stream\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const garbage = (head: Buffer | string, size: number) =>
  Buffer.concat([Buffer.from(head), Buffer.from(Array.from({ length: size }, (_, i) => (i * 7919) % 251))]);
/** Files a person or a script might send: a real image, broken ones, other types, empty, too big. */
const FILES: { name: string; bytes: Buffer }[] = [
  { name: 'foto.png', bytes: PNG },
  { name: 'kapot.png', bytes: garbage(PNG.subarray(0, 33), 2_000) },
  {
    name: 'kapot.jpg',
    bytes: garbage(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0]), 3_000),
  },
  { name: 'kapot.pdf', bytes: garbage('%PDF-1.7\n', 3_000) },
  { name: 'kapot.xlsx', bytes: garbage(Buffer.from([0x50, 0x4b, 0x03, 0x04]), 3_000) },
  { name: 'lijst.csv', bytes: Buffer.from('naam;prijs\n"niet afgesloten;1,5\n;;;;;\n') },
  { name: 'pagina.png', bytes: Buffer.from('<html><script>alert(1)</script></html>') },
  { name: 'leeg.png', bytes: Buffer.alloc(0) },
  { name: 'groot.png', bytes: garbage(PNG.subarray(0, 33), 300_000) },
  { name: `${'a'.repeat(1_000)}.png`, bytes: PNG },
  { name: '../../../etc/passwd.png', bytes: PNG },
  { name: 'ñ😀 "quote".png', bytes: PNG },
];

describe('every upload with broken files and fields', () => {
  it('answers without a 5xx', { timeout: 600_000 }, async () => {
    const failures: string[] = [];
    let calls = 0;
    let stored = 0;
    const upload = async (
      path: string,
      fields: Record<string, string>,
      file: (typeof FILES)[number] | null,
    ) => {
      calls += 1;
      const res = await send('POST', path, token, undefined, {
        remoteAddress: `10.200.${(calls >> 8) & 255}.${calls & 255}`,
        multipart: multipart(fields, file),
      });
      if (res.status >= 500)
        failures.push(`${path} ${file?.name.slice(0, 40)} ${JSON.stringify(fields)} -> ${res.status}`);
      if (res.status < 300) stored += 1;
      return { status: res.status, body: res.body as { errors?: Record<string, string[]> } };
    };
    // The upload calls: those that answer a JSON body with "send it as multipart/form-data".
    const uploads: string[] = [];
    for (const [path, item] of Object.entries(doc.paths)) {
      if (!item.post || SKIP.some((re) => re.test(`POST ${path}`))) continue;
      const url = fillPath(path);
      const res = await send('POST', url, token, {});
      if (res.status >= 500) failures.push(`${url} {} -> ${res.status}`);
      if (res.status === 400 && /multipart/.test(res.text)) uploads.push(url);
    }
    expect(uploads.length).toBeGreaterThan(10);
    for (const url of uploads) {
      // The fields the call asks for (its 422 names them), filled with the demo company's records.
      const fields: Record<string, string> = {};
      for (let round = 0; round < 3; round++) {
        const res = await upload(url, fields, FILES[0]!);
        const missing = Object.keys(res.body.errors ?? {}).filter((k) => k !== 'file' && !(k in fields));
        if (res.status !== 422 || missing.length === 0) break;
        for (const name of missing) fields[name] = name === 'hash' ? customerHash : (idFor(name) ?? 'Sweep');
      }
      for (const file of FILES) await upload(url, fields, file);
      await upload(url, fields, null);
      for (const name of Object.keys(fields))
        for (const value of ['', 'abc', '2147483648', '-1', '1e308', '0', LONG])
          await upload(url, { ...fields, [name]: value }, FILES[0]!);
    }
    expect(failures).toEqual([]);
    expect(calls).toBeGreaterThan(200);
    expect(stored).toBeGreaterThan(5);
  });
});

describe('every operation with mutated input', () => {
  it('answers without a 5xx', { timeout: 1_800_000 }, async () => {
    const ops = Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.entries(item).map(([method, op]) => ({ method: method.toUpperCase(), path, op })),
    );
    // A customer's calls first, while the demo's links are as the demo made them (staff calls reset links
    // and change statuses); removals last, so the other calls find the records they are given.
    const rank = (o: (typeof ops)[number]) => (isCustomerCall(o.path) ? 0 : o.method === 'DELETE' ? 2 : 1);
    ops.sort((a, b) => rank(a) - rank(b));
    links = await customerLinks();
    const failures: string[] = [];
    const refusedByDatabase: string[] = [];
    let calls = 0;
    /** Operations at least one call of which was carried out (2xx): the sweep reached their handlers. */
    const reached = new Set<string>();
    let current = '';
    let currentOp: (Operation & { responses?: Record<string, unknown> }) | undefined;
    /** Answers an operation gave that its description does not declare. */
    const undeclared = new Set<string>();
    let asAdmin = false;
    // Each call from its own address: the per-address limits of the public calls would answer 429.
    const sendOne = (method: string, url: string, body: unknown) => {
      calls += 1;
      return send(method, url, asAdmin ? adminToken : token, body, {
        remoteAddress: `10.${(calls >> 16) & 255}.${(calls >> 8) & 255}.${calls & 255}`,
      });
    };
    const call = async (method: string, url: string, body?: unknown) => {
      let res = await sendOne(method, url, body);
      if (res.status === 401) {
        if (asAdmin) adminToken = await t.login(ADMIN.email, ADMIN.password);
        else token = await t.login(DEMO_MANAGER, DEMO_PASSWORD);
        res = await sendOne(method, url, body);
      }
      if (res.status < 300) reached.add(current);
      // Every error answer is one the description declares for this operation (decision 042).
      else if (!(String(res.status) in (currentOp?.responses ?? {})))
        undeclared.add(`${current} -> ${res.status}`);
      const answer = res.body as { message?: string; errors?: unknown };
      if (
        res.status >= 400 &&
        res.status < 500 &&
        !answer?.errors &&
        DB_REFUSALS.includes(answer?.message ?? '')
      )
        refusedByDatabase.push(
          `${method} ${url} ${JSON.stringify(body)?.slice(0, 300)} -> ${res.status} ${answer.message}`,
        );
      if (res.status >= 500)
        failures.push(`${method} ${url} ${JSON.stringify(body)?.slice(0, 300)} -> ${res.status}`);
      return res;
    };
    /** Calls the operation and its mutations; answers the status of its unchanged call. */
    const sweep = async ({ method, path, op }: (typeof ops)[number]) => {
      current = `${method} ${path}`;
      currentOp = op;
      const url = fillPath(path);
      const query = (op.parameters ?? []).filter((p) => p.in === 'query');
      const baseQuery = requiredQuery(op);
      const qs = (q: Record<string, string>) => withQuery(url, q);
      const bodySchema = op.requestBody?.content['application/json']?.schema;
      const baseBody = bodySchema ? (sample(bodySchema) as Record<string, unknown>) : undefined;
      // The unchanged call, mended where it can be: optional fields the server refuses are left out
      // (one of relation, organization or flow; a template that does not exist), so the mutations of the
      // other fields reach the handler.
      const required = new Set(bodySchema ? (main(bodySchema).required ?? []) : []);
      let base = await call(method, qs(baseQuery), baseBody);
      for (let round = 0; round < 4 && base.status === 422 && baseBody; round++) {
        const refused = Object.keys((base.body as { errors?: object }).errors ?? {}).filter(
          (k) => k in baseBody && !required.has(k),
        );
        if (refused.length === 0) break;
        delete baseBody[refused[0]!];
        base = await call(method, qs(baseQuery), baseBody);
      }
      if (base.status === 403) return 403;
      // Each path parameter wrong in turn (a GET or a removal only: a change would act on another record).
      if (method === 'GET' || method === 'DELETE')
        for (const name of [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!))
          for (const value of ['0', '-1', '2147483648', '1.5', 'abc', '%20', 'x'.repeat(300), '1e3'])
            await call(method, fillPath(path, name, value), baseBody);
      // A query parameter given twice.
      for (const p of query)
        await call(
          method,
          `${qs(baseQuery)}${Object.keys(baseQuery).length ? '&' : '?'}${p.name}=1&${p.name}=2`,
          baseBody,
        );
      if (baseBody) {
        // An attempt at prototype pollution.
        await call(
          method,
          qs(baseQuery),
          JSON.parse('{"__proto__": {"admin": true}, "constructor": {"prototype": {"x": 1}}}'),
        );
        // Nothing but what the schema requires, and nothing at all.
        await call(method, qs(baseQuery), Object.fromEntries([...required].map((k) => [k, baseBody[k]])));
        await call(method, qs(baseQuery), {});
      }
      for (const p of query)
        for (const m of mutations(p.schema))
          await call(method, qs({ ...baseQuery, [p.name]: queryText(m) }), baseBody);
      if (bodySchema && baseBody && typeof baseBody === 'object') {
        for (const [field, fieldSchema] of Object.entries(main(bodySchema).properties ?? {})) {
          for (const m of mutations(fieldSchema))
            await call(method, qs(baseQuery), { ...baseBody, [field]: m });
          // One level down: each field of an object, or of an array's first object, in turn.
          const inner = main(fieldSchema);
          const element = typeOf(inner) === 'array' && inner.items ? main(inner.items) : inner;
          const value = baseBody[field] ?? sample(fieldSchema, 1, field);
          const template = (Array.isArray(value) ? value[0] : value) as Record<string, unknown> | undefined;
          if (typeOf(element) !== 'object' || !template || typeof template !== 'object') continue;
          for (const [sub, subSchema] of Object.entries(element.properties ?? {})) {
            for (const m of mutations(subSchema).slice(4)) {
              const changed = { ...template, [sub]: m };
              await call(method, qs(baseQuery), {
                ...baseBody,
                [field]: Array.isArray(value) ? [changed, ...value.slice(1)] : changed,
              });
            }
          }
        }
      }
      return base.status;
    };
    const swept = ops.filter(({ method, path }) => !SKIP.some((re) => re.test(`${method} ${path}`)));
    // First as the company's manager; what a manager may not call (the platform's calls), after that as a
    // platform administrator, so the platform's changes (modules, subscriptions) come after the company's.
    const platformOnly: typeof ops = [];
    for (const o of swept) if ((await sweep(o)) === 403) platformOnly.push(o);
    asAdmin = true;
    for (const o of platformOnly) await sweep(o);
    expect(failures).toEqual([]);
    expect([...undeclared]).toEqual([]);
    // A value the schema let through and the database refused: the contract is wider than the column.
    expect(refusedByDatabase).toEqual([]);
    expect(calls).toBeGreaterThan(15_000);
    // Most operations are carried out at least once (the rest need a file upload, a customer's link or a
    // state the demo data does not have): a generator that stopped producing valid input would fail here.
    expect(reached.size).toBeGreaterThan(swept.length * 0.68);
    // A customer's page of every kind of sent document, of a flow, its messages and a calculation is
    // reached: its link is read from the database right before the sweep, whatever the sweeps before it
    // did to the demo's.
    for (const kind of ['quotation', 'confirmation', 'document', 'invoice', 'flow', 'message', 'calculation'])
      expect([...reached], kind).toContain(`GET /api/${kind}/{hash}/getbycustomer`);
  });
});
