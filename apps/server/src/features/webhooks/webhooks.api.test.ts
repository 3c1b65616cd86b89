import { createHmac } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { WEBHOOK_MESSAGES } from '@im/domain';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createCrmCompany, createTestRelation, logCount } from '../../../test/crm-factories';
import { startTestServer, type TestServer } from '../../../test/test-server';
import { queueWebhookDelivery } from '.';
import { CALL_TEXTS, callWebhook } from './outgoing-call';

// Every call in this file goes to the loopback server below (allowed by the test-only
// WEBHOOK_ALLOW_LOOPBACK of test-config.ts) or is refused before any connection opens.

interface Received {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

let t: TestServer;
let a: { companyId: number; token: string; userId: number };
let b: { companyId: number; token: string; userId: number };
let flowId: number;
let receiver: http.Server;
let base: string;
const received: Received[] = [];
let failuresLeft = 0;

function verifies(r: Received, secret: string): boolean {
  const timestamp = String(r.headers['x-webhook-timestamp']);
  const expected = `sha256=${createHmac('sha256', secret).update(`${timestamp}.${r.body}`).digest('hex')}`;
  return r.headers['x-webhook-signature'] === expected;
}

async function create(body: Record<string, unknown>, token = a.token) {
  const res = await t.api('POST', '/api/webhookconnection', {
    token,
    body: { name: 'CRM', url: `${base}/ok`, ...body },
  });
  if (res.status !== 201) throw new Error(`create failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

async function waitFor<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  timeoutMs = 20_000,
): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > until) return value;
    await new Promise((r) => setTimeout(r, 200));
  }
}

const deliveries = async (id: number) =>
  (await t.api('GET', `/api/webhookconnection/${id}/deliveries`, { token: a.token })).body;

async function queue(
  connectionId: number,
  companyId = a.companyId,
  userId = a.userId,
  flow: number | null = flowId,
) {
  return t.server.deps.db.tenant({ companyId, userId }, (tx) =>
    queueWebhookDelivery(tx, t.server.deps.jobs, { connectionId, flowId: flow, ruleId: 12, eventId: '345' }),
  );
}

beforeAll(async () => {
  receiver = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({
        method: req.method!,
        url: req.url!,
        headers: req.headers,
        body: Buffer.concat(chunks).toString(),
      });
      const path = req.url!.split('?')[0];
      if (path === '/ok') return res.writeHead(200, { 'content-type': 'text/plain' }).end('ontvangen');
      if (path === '/fail') return res.writeHead(500).end('kapot');
      if (path === '/flaky') {
        if (failuresLeft-- > 0) return res.writeHead(503).end('even niet');
        return res.writeHead(200).end('toch gelukt');
      }
      if (path === '/to-metadata')
        return res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' }).end();
      if (path === '/to-ok') return res.writeHead(307, { location: '/ok' }).end();
      if (path === '/loop') return res.writeHead(302, { location: '/loop' }).end();
      if (path === '/slow') return; // never answers
      if (path === '/big') return res.writeHead(200).end('x'.repeat(200_000));
      res.writeHead(404).end('onbekend');
    });
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  t = await startTestServer();
  a = await createCrmCompany(t, { name: 'Webhooks A' });
  b = await createCrmCompany(t, { name: 'Webhooks B' });
  flowId = (await createTestRelation(t, a.token, { fullname: 'Jan de Vries', createnewflow: true })).flow_id;
});
afterAll(async () => {
  await t?.close();
  receiver?.closeAllConnections();
  await new Promise((r) => receiver?.close(r));
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('webhook connections', () => {
  it('are created, read, listed and edited; any real edit resets the status to unverified', async () => {
    const created = await create({
      name: 'Boekhouding',
      body_tags: [{ fieldkey: 'naam', fieldvalue: '{{ relatie.naam }}', example: 'Jan', nullvalue: '' }],
    });
    expect(created).toMatchObject({
      name: 'Boekhouding',
      method: 'POST',
      status: 'unverified',
      header_tags: [],
      query_tags: [],
      body_tags: [{ fieldkey: 'naam', fieldvalue: '{{ relatie.naam }}', example: 'Jan', nullvalue: '' }],
      last_tested_at: null,
    });
    expect(created.secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const list = await t.api('GET', '/api/webhookconnection', { token: a.token });
    expect(list.body.map((c: { id: number }) => c.id)).toContain(created.id);
    expect(list.body[0].secret).toBeUndefined();
    expect(await logCount(t, 'webhookconnection', created.id, 'create')).toBe(1);

    const test = await t.api('POST', `/api/webhookconnection/${created.id}/test`, { token: a.token });
    expect(test.body.success).toBe(true);
    expect((await t.api('GET', `/api/webhookconnection/${created.id}`, { token: a.token })).body.status).toBe(
      'active',
    );

    // Saving the same values is no edit; a changed tag is.
    const same = await t.api('PATCH', `/api/webhookconnection/${created.id}`, {
      token: a.token,
      body: { name: 'Boekhouding', body_tags: created.body_tags },
    });
    expect(same.body.status).toBe('active');
    for (const body of [
      { name: 'Boekhouding 2' },
      { url: `${base}/ok?x=1` },
      { method: 'PUT' },
      { header_tags: [{ fieldkey: 'X-Key', fieldvalue: 'abc' }] },
      { query_tags: [{ fieldkey: 'q', fieldvalue: '{{ dossier.nummer }}' }] },
      { body_tags: [] },
    ]) {
      await t.api('POST', `/api/webhookconnection/${created.id}/test`, { token: a.token });
      const res = await t.api('PATCH', `/api/webhookconnection/${created.id}`, { token: a.token, body });
      expect(res.status).toBe(200);
      expect(res.body.status).toBe('unverified');
    }
    expect(await logCount(t, 'webhookconnection', created.id, 'update')).toBe(6);
  });

  it('duplicates as an unverified copy with its own secret; a new secret resets the status', async () => {
    const source = await create({ name: 'Origineel', query_tags: [{ fieldkey: 'k', fieldvalue: 'v' }] });
    await t.api('POST', `/api/webhookconnection/${source.id}/test`, { token: a.token });
    const copy = await t.api('POST', `/api/webhookconnection/${source.id}/duplicate`, { token: a.token });
    expect(copy.status).toBe(201);
    expect(copy.body).toMatchObject({ name: 'Origineel (kopie)', status: 'unverified', url: source.url });
    expect(copy.body.query_tags).toEqual(source.query_tags);
    expect(copy.body.secret).not.toBe(source.secret);

    const reset = await t.api('POST', `/api/webhookconnection/${source.id}/resetsecret`, { token: a.token });
    expect(reset.body.secret).not.toBe(source.secret);
    expect(reset.body.status).toBe('unverified');

    const del = await t.api('DELETE', `/api/webhookconnection/${copy.body.id}`, { token: a.token });
    expect(del.body.message).toBe(WEBHOOK_MESSAGES.deleted);
    expect((await t.api('GET', `/api/webhookconnection/${copy.body.id}`, { token: a.token })).status).toBe(
      404,
    );
  });

  it('bad input answers 422 with the Dutch message, never 500', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ name: '' }, WEBHOOK_MESSAGES.nameRequired],
      [{ url: '' }, WEBHOOK_MESSAGES.urlRequired],
      [{ url: 'ftp://example.com/x' }, WEBHOOK_MESSAGES.urlInvalid],
      [{ url: 'javascript:alert(1)' }, WEBHOOK_MESSAGES.urlInvalid],
      [{ url: 'niet een url' }, WEBHOOK_MESSAGES.urlInvalid],
      [{ url: 'https://user:pw@example.com/' }, WEBHOOK_MESSAGES.urlCredentials],
      [{ url: `https://example.com/${'a'.repeat(2000)}` }, ''],
      [{ method: 'TRACE' }, ''],
      [{ header_tags: [{ fieldkey: 'Host', fieldvalue: 'x' }] }, WEBHOOK_MESSAGES.headerName('Host')],
      [{ header_tags: [{ fieldkey: 'Bad Name', fieldvalue: 'x' }] }, WEBHOOK_MESSAGES.headerName('Bad Name')],
      [{ header_tags: [{ fieldkey: 'Transfer-Encoding', fieldvalue: 'x' }] }, ''],
      [{ body_tags: [{ fieldkey: '', fieldvalue: 'x' }] }, WEBHOOK_MESSAGES.fieldkeyRequired],
      [{ body_tags: [{ fieldkey: 'x'.repeat(101), fieldvalue: 'x' }] }, ''],
      [{ body_tags: [{ fieldkey: 'a', fieldvalue: 'x'.repeat(2001) }] }, ''],
      [{ body_tags: [{ fieldkey: 'a' }, { fieldkey: 'a' }] }, WEBHOOK_MESSAGES.duplicateKey('a')],
      [
        { body_tags: Array.from({ length: 51 }, (_, i) => ({ fieldkey: `k${i}` })) },
        WEBHOOK_MESSAGES.tooManyTags,
      ],
      [
        { body_tags: [{ fieldkey: 'a', fieldvalue: '{{ geheim.wachtwoord }}' }] },
        'Onbekende samenvoegcode: {{ geheim.wachtwoord }}.',
      ],
      [{ body_tags: [{ fieldkey: 'a', fieldvalue: '{{ relatie.naam ' }] }, ''],
      [{ body_tags: 'geen lijst' }, ''],
    ];
    for (const [body, message] of cases) {
      const res = await t.api('POST', '/api/webhookconnection', {
        token: a.token,
        body: { name: 'X', url: 'https://example.com/hook', ...body },
      });
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(422);
      if (message) expect(Object.values(res.body.errors).flat()).toContain(message);
    }
    const existing = await create({ name: 'Geldig' });
    const patch = await t.api('PATCH', `/api/webhookconnection/${existing.id}`, {
      token: a.token,
      body: { body_tags: [{ fieldkey: 'a', fieldvalue: '{{ onbekend }}' }] },
    });
    expect(patch.status).toBe(422);
    expect(patch.body.errors['body_tags.0.fieldvalue']).toBeTruthy();
    expect(
      (await t.api('GET', `/api/webhookconnection/${existing.id}`, { token: a.token })).body.body_tags,
    ).toEqual([]);
    expect((await t.api('GET', '/api/webhookconnection/abc', { token: a.token })).status).toBe(422);
    expect(
      (await t.api('GET', `/api/webhookconnection/${existing.id}/deliveries?limit=0`, { token: a.token }))
        .status,
    ).toBe(422);
  });

  it("another company's connections answer 404 on every call, and queueing one is notFound", async () => {
    const mine = await create({ name: 'Van A' });
    const tokenB = b.token;
    for (const [method, path, body] of [
      ['GET', `/api/webhookconnection/${mine.id}`],
      ['PATCH', `/api/webhookconnection/${mine.id}`, { name: 'Gekaapt' }],
      ['DELETE', `/api/webhookconnection/${mine.id}`],
      ['POST', `/api/webhookconnection/${mine.id}/duplicate`],
      ['POST', `/api/webhookconnection/${mine.id}/resetsecret`],
      ['POST', `/api/webhookconnection/${mine.id}/test`],
      ['GET', `/api/webhookconnection/${mine.id}/deliveries`],
    ] as const) {
      const res = await t.api(method, path, { token: tokenB, body });
      expect(res.status, `${method} ${path}`).toBe(404);
    }
    const listB = await t.api('GET', '/api/webhookconnection', { token: tokenB });
    expect(listB.body.map((c: { id: number }) => c.id)).not.toContain(mine.id);
    await expect(queue(mine.id, b.companyId, b.userId, null)).rejects.toMatchObject({ code: 'not_found' });
    // A's connection with another company's flow is refused as well.
    const flowB = (await createTestRelation(t, b.token, { createnewflow: true })).flow_id;
    await expect(queue(mine.id, a.companyId, a.userId, flowB)).rejects.toMatchObject({ code: 'not_found' });
    const after = await t.api('GET', `/api/webhookconnection/${mine.id}`, { token: a.token });
    expect(after.body.name).toBe('Van A');
  });
});

describe('the test call', () => {
  it('sends the examples, signed, to the loopback test server: success, the response, and active', async () => {
    const conn = await create({
      name: 'Getest',
      url: `${base}/ok?bron=im`,
      header_tags: [{ fieldkey: 'X-Api-Key', fieldvalue: 'sleutel', example: 'test-sleutel' }],
      body_tags: [
        { fieldkey: 'klant', fieldvalue: '{{ relatie.naam }}', example: 'Jan de Vries' },
        { fieldkey: 'leeg', fieldvalue: '{{ relatie.email }}', example: '', nullvalue: 'geen' },
      ],
      query_tags: [{ fieldkey: 'dossier', fieldvalue: '{{ dossier.nummer }}', example: '1042' }],
    });
    received.length = 0;
    const res = await t.api('POST', `/api/webhookconnection/${conn.id}/test`, { token: a.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, response: 'ontvangen', status: 200 });
    expect(received).toHaveLength(1);
    const r = received[0]!;
    expect(r.method).toBe('POST');
    expect(r.url).toBe('/ok?bron=im&dossier=1042');
    expect(JSON.parse(r.body)).toEqual({ klant: 'Jan de Vries', leeg: 'geen' });
    expect(r.headers['x-api-key']).toBe('test-sleutel');
    expect(r.headers['content-type']).toBe('application/json');
    expect(r.headers['user-agent']).toBe('Installatiemanager-Webhook/1');
    expect(verifies(r, conn.secret)).toBe(true);
    const after = (await t.api('GET', `/api/webhookconnection/${conn.id}`, { token: a.token })).body;
    expect(after.status).toBe('active');
    expect(after.last_tested_at).not.toBeNull();
  });

  it('a failing answer is success false with the status and the response; the status stays unverified', async () => {
    const conn = await create({ url: `${base}/fail` });
    const res = await t.api('POST', `/api/webhookconnection/${conn.id}/test`, { token: a.token });
    expect(res.body).toEqual({ success: false, response: 'HTTP-status 500. kapot', status: 500 });
    expect((await t.api('GET', `/api/webhookconnection/${conn.id}`, { token: a.token })).body.status).toBe(
      'unverified',
    );
  });

  it('refuses internal addresses written out at save: 422 with the Dutch reason, nothing saved', async () => {
    for (const url of [
      'http://10.0.0.1/hook',
      'http://169.254.169.254/latest/meta-data/',
      'https://192.168.1.10/x',
      'http://[::1]:8080/',
      'http://[fd00::1]/',
      'http://[::ffff:10.0.0.1]/',
      'http://0.0.0.0/',
    ]) {
      const res = await t.api('POST', '/api/webhookconnection', {
        token: a.token,
        body: { name: 'Intern', url },
      });
      expect(res.status).toBe(422);
      expect(res.body.errors.url[0]).toMatch(/^Het adres .* wordt niet aangeroepen \(.+\)\.$/);
    }
    const conn = await create({ url: 'https://crm.example.com/hook' });
    const moved = await t.api('PATCH', `/api/webhookconnection/${conn.id}`, {
      token: a.token,
      body: { url: 'http://172.16.5.4/hook' },
    });
    expect(moved.status).toBe(422);
    expect((await t.api('GET', `/api/webhookconnection/${conn.id}`, { token: a.token })).body.url).toBe(
      'https://crm.example.com/hook',
    );
    const names = (await t.api('GET', '/api/webhookconnection', { token: a.token })).body.map(
      (c: { name: string }) => c.name,
    );
    expect(names).not.toContain('Intern');
  });

  it('refuses internal addresses before any connection opens: success false with the Dutch reason', async () => {
    const httpRequest = vi.spyOn(http, 'request');
    const httpsRequest = vi.spyOn(https, 'request');
    for (const url of [
      'http://10.0.0.1/hook',
      'http://169.254.169.254/latest/meta-data/',
      'https://192.168.1.10/x',
      'http://[::1]:8080/',
      'http://[::ffff:10.0.0.1]/',
      'http://0.0.0.0/',
    ]) {
      // Saved before addresses were checked at save: the delivery-time guard still refuses them.
      const conn = await create({ url: 'https://crm.example.com/hook' });
      await t.server.deps.db.platform((tx) =>
        tx.execute(sql`update webhook_connection set url = ${url} where id = ${conn.id}`),
      );
      const res = await t.api('POST', `/api/webhookconnection/${conn.id}/test`, { token: a.token });
      expect(res.status).toBe(200);
      expect(res.body.success).toBe(false);
      expect(res.body.status).toBeNull();
      expect(res.body.response).toMatch(/^Het adres .* wordt niet aangeroepen \(.+\)\.$/);
    }
    expect(httpRequest).not.toHaveBeenCalled();
    expect(httpsRequest).not.toHaveBeenCalled();
  });

  it('follows a redirect to an allowed address, never one to a refused address, and at most three', async () => {
    const httpRequest = vi.spyOn(http, 'request');
    const toOk = await create({ url: `${base}/to-ok` });
    received.length = 0;
    expect(
      (await t.api('POST', `/api/webhookconnection/${toOk.id}/test`, { token: a.token })).body,
    ).toMatchObject({
      success: true,
      status: 200,
    });
    expect(received.map((r) => [r.method, r.url])).toEqual([
      ['POST', '/to-ok'],
      ['POST', '/ok'],
    ]);
    expect(verifies(received[1]!, toOk.secret)).toBe(true);

    const toMetadata = await create({ url: `${base}/to-metadata` });
    httpRequest.mockClear();
    const refused = await t.api('POST', `/api/webhookconnection/${toMetadata.id}/test`, { token: a.token });
    expect(refused.body.success).toBe(false);
    expect(refused.body.status).toBe(302);
    expect(refused.body.response).toContain('169.254.169.254');
    // One request: to the loopback server; none to the metadata address.
    expect(httpRequest).toHaveBeenCalledTimes(1);
    expect(String(httpRequest.mock.calls[0]![0])).toContain('/to-metadata');

    const loop = await create({ url: `${base}/loop` });
    received.length = 0;
    const looped = await t.api('POST', `/api/webhookconnection/${loop.id}/test`, { token: a.token });
    expect(looped.body).toMatchObject({
      success: false,
      status: 302,
      response: 'Meer dan 3 doorverwijzingen.',
    });
    expect(received).toHaveLength(4);
  });

  it('gives up when no answer comes within the deadline', async () => {
    const started = Date.now();
    const result = await callWebhook(
      { method: 'POST', url: `${base}/slow`, headers: {}, body: '{}' },
      { allowLoopback: true, timeoutMs: 300 },
    );
    expect(result).toMatchObject({ ok: false, status: null, error: CALL_TEXTS.timeout, refused: false });
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('reads at most 64 KiB of an answer and returns its first 2000 characters', async () => {
    const conn = await create({ url: `${base}/big` });
    const res = await t.api('POST', `/api/webhookconnection/${conn.id}/test`, { token: a.token });
    expect(res.body.success).toBe(true);
    expect(res.body.response).toBe('x'.repeat(2000));
  });
});

describe('queueWebhookDelivery', () => {
  it("renders the flow's merge data in the rule's transaction; the job delivers the signed body", async () => {
    const conn = await create({
      name: 'Dossiers',
      header_tags: [{ fieldkey: 'X-Dossier', fieldvalue: '{{ dossier.nummer }}' }],
      body_tags: [
        { fieldkey: 'klant', fieldvalue: '{{ relatie.naam }}', example: 'voorbeeld' },
        { fieldkey: 'telefoon', fieldvalue: '{{ relatie.telefoon }}', nullvalue: 'onbekend' },
      ],
    });
    received.length = 0;
    const { deliveryId } = await queue(conn.id);
    const page = await waitFor(
      () => deliveries(conn.id),
      (p) => p.data[0]?.status === 'delivered',
    );
    expect(page.pagination.total).toBe(1);
    expect(page.data[0]).toMatchObject({
      id: deliveryId,
      flow_id: flowId,
      rule_id: 12,
      event_id: '345',
      status: 'delivered',
      attempts: 1,
      request_method: 'POST',
      response_status: 200,
      response_excerpt: 'ontvangen',
      error: null,
    });
    expect(page.data[0].finished_at).not.toBeNull();
    expect(received).toHaveLength(1);
    const r = received[0]!;
    expect(JSON.parse(r.body)).toEqual({ klant: 'Jan de Vries', telefoon: 'onbekend' });
    expect(r.headers['x-webhook-id']).toBe(String(deliveryId));
    expect(Number(r.headers['x-dossier'])).toBeGreaterThan(0);
    expect(verifies(r, conn.secret)).toBe(true);
  });

  it('retries a failing server with backoff, each attempt in the log, until it answers', async () => {
    const conn = await create({ url: `${base}/flaky` });
    failuresLeft = 2;
    const client = new pg.Client({ connectionString: t.databaseUrl });
    await client.connect();
    try {
      await queue(conn.id);
      // pg-boss waits 5 s and more between attempts; the test moves each retry forward.
      const page = await waitFor(
        async () => {
          await client.query(
            "update pgboss.job set start_after = now() where name = 'webhook-delivery' and state = 'retry'",
          );
          return deliveries(conn.id);
        },
        (p) => p.data[0]?.status === 'delivered',
        40_000,
      );
      expect(page.data[0]).toMatchObject({ status: 'delivered', attempts: 3, response_status: 200 });
    } finally {
      await client.end();
    }
  }, 60_000);

  it('shows a failing attempt as retrying with its status and excerpt', async () => {
    const conn = await create({ url: `${base}/fail` });
    await queue(conn.id);
    const page = await waitFor(
      () => deliveries(conn.id),
      (p) => p.data[0]?.attempts >= 1,
    );
    expect(page.data[0]).toMatchObject({
      status: 'retrying',
      attempts: 1,
      response_status: 500,
      response_excerpt: 'HTTP-status 500. kapot',
      error: 'HTTP-status 500.',
      finished_at: null,
    });
  });

  it('a redirect to a refused address is not followed; the delivery fails at once, without retries', async () => {
    const conn = await create({ url: `${base}/to-metadata` });
    received.length = 0;
    await queue(conn.id);
    const page = await waitFor(
      () => deliveries(conn.id),
      (p) => p.data[0]?.status === 'failed',
    );
    expect(page.data[0]).toMatchObject({ status: 'failed', attempts: 1, response_status: 302 });
    expect(page.data[0].error).toContain('169.254.169.254');
    expect(received.map((r) => r.url)).toEqual(['/to-metadata']);
  });

  it('a delivery without a flow renders empty values and their nullvalues; the log pages newest first', async () => {
    const conn = await create({
      body_tags: [{ fieldkey: 'klant', fieldvalue: '{{ relatie.naam }}', nullvalue: '-' }],
    });
    const first = await queue(conn.id, a.companyId, a.userId, null);
    const second = await queue(conn.id, a.companyId, a.userId, null);
    const page = await waitFor(
      () => deliveries(conn.id),
      (p) => p.data.every((d: { status: string }) => d.status === 'delivered') && p.data.length === 2,
    );
    expect(page.data.map((d: { id: number }) => d.id)).toEqual([second.deliveryId, first.deliveryId]);
    const paged = await t.api('GET', `/api/webhookconnection/${conn.id}/deliveries?offset=1&limit=1`, {
      token: a.token,
    });
    expect(paged.body.data.map((d: { id: number }) => d.id)).toEqual([first.deliveryId]);
    expect(paged.body.pagination).toEqual({ total: 2, offset: 1, limit: 1 });
  });
});
