import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { PaymentStatus } from '../src/features/payments/payment-provider';

/** A payment as the fake keeps it, in Mollie's field names. */
export interface FakeMolliePayment {
  id: string;
  status: PaymentStatus;
  amount: { currency: string; value: string };
  description: string;
  redirectUrl: string;
  webhookUrl: string | null;
  metadata: unknown;
  createdAt: string;
  paidAt: string | null;
}

export interface FakeMollieRequest {
  method: string;
  /** Path and query, e.g. '/v2/payments'. */
  path: string;
  /** Parsed JSON for JSON bodies, the raw text for others, null when empty. */
  body: unknown;
}

/** One webhook call the fake made: `status` is the receiver's answer, null when it could not be reached. */
export interface FakeWebhookCall {
  paymentId: string;
  url: string;
  status: number | null;
  error: string | null;
}

export interface FakeMollie {
  /** The API root to give the adapter, like https://api.mollie.com/v2: `${origin}/v2`. */
  baseUrl: string;
  /** The fake's origin; checkout pages are `${origin}/checkout/{id}`. */
  origin: string;
  /** The only key accepted (test_ and 30 characters). */
  apiKey: string;
  payments: Map<string, FakeMolliePayment>;
  /** Marks the payment paid (paidAt now), as a customer paying would; calls no webhook. */
  pay(id: string): void;
  /** Sets any status; paidAt follows (set for 'paid', cleared otherwise). Calls no webhook. */
  setStatus(id: string, status: PaymentStatus): void;
  requests: FakeMollieRequest[];
  webhookCalls: FakeWebhookCall[];
  close(): Promise<void>;
}

const AMOUNT = /^\d{1,10}\.\d{2}$/;
const CHECKOUT = /^\/checkout\/(tr_[A-Za-z0-9]+)$/;
const PAYMENT = /^\/v2\/payments\/([^/]+)$/;
const BODY_MAX = 1_000_000;
const WEBHOOK_TIMEOUT_MS = 5000;
const DOCS = { href: 'https://docs.mollie.com/overview/handling-errors', type: 'text/html' };

/**
 * A local imitation of the parts of Mollie's API the payments adapter uses, on a free loopback port:
 * POST /v2/payments, GET /v2/payments/{id} (Bearer key checked, Mollie's error JSON), and a checkout
 * page a real browser can use: 'Betalen met iDEAL' marks the payment paid, calls its webhook the way
 * Mollie does (`id=tr_...`, form-encoded) and only then redirects (303) to its redirectUrl, so the
 * page the customer lands on already sees the payment as paid.
 */
export async function startFakeMollie(): Promise<FakeMollie> {
  const apiKey = `test_${base62(30)}`;
  const payments = new Map<string, FakeMolliePayment>();
  const requests: FakeMollieRequest[] = [];
  const webhookCalls: FakeWebhookCall[] = [];
  let origin = '';

  const find = (id: string): FakeMolliePayment => {
    const p = payments.get(id);
    if (!p) throw new Error(`fake Mollie: no payment ${id}`);
    return p;
  };
  const setStatus = (id: string, status: PaymentStatus) => {
    const p = find(id);
    p.status = status;
    p.paidAt = status === 'paid' ? (p.paidAt ?? mollieNow()) : null;
  };

  async function callWebhook(p: FakeMolliePayment): Promise<void> {
    if (!p.webhookUrl) return;
    const call: FakeWebhookCall = { paymentId: p.id, url: p.webhookUrl, status: null, error: null };
    try {
      const res = await fetch(p.webhookUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ id: p.id }).toString(),
        signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
        redirect: 'manual',
      });
      call.status = res.status;
      await res.body?.cancel();
    } catch (err) {
      call.error = (err as Error).message;
    }
    webhookCalls.push(call);
  }

  function serialize(p: FakeMolliePayment) {
    return {
      resource: 'payment',
      id: p.id,
      mode: 'test',
      createdAt: p.createdAt,
      amount: p.amount,
      description: p.description,
      method: p.status === 'paid' ? 'ideal' : null,
      metadata: p.metadata,
      status: p.status,
      isCancelable: p.status === 'open',
      // Mollie leaves fields out rather than sending null.
      ...(p.paidAt ? { paidAt: p.paidAt } : {}),
      profileId: 'pfl_fake',
      sequenceType: 'oneoff',
      redirectUrl: p.redirectUrl,
      ...(p.webhookUrl ? { webhookUrl: p.webhookUrl } : {}),
      _links: {
        self: { href: `${origin}/v2/payments/${p.id}`, type: 'application/hal+json' },
        ...(p.status === 'open'
          ? { checkout: { href: `${origin}/checkout/${p.id}`, type: 'text/html' } }
          : {}),
        documentation: { href: 'https://docs.mollie.com/reference/get-payment', type: 'text/html' },
      },
    };
  }

  function createPayment(body: unknown, res: http.ServerResponse) {
    const refusal = refuseNewPayment(body);
    if (refusal) return sendError(res, refusal.status, refusal.title, refusal.detail, refusal.field);
    const b = body as NewPayment;
    const payment: FakeMolliePayment = {
      id: `tr_${base62(10)}`,
      status: 'open',
      amount: { currency: 'EUR', value: b.amount.value },
      description: b.description,
      redirectUrl: b.redirectUrl,
      webhookUrl: b.webhookUrl ?? null,
      metadata: b.metadata ?? null,
      createdAt: mollieNow(),
      paidAt: null,
    };
    payments.set(payment.id, payment);
    sendJson(res, 201, serialize(payment));
  }

  function api(method: string, path: string, body: unknown, res: http.ServerResponse) {
    const payment = PAYMENT.exec(path);
    if (method === 'POST' && path === '/v2/payments') return createPayment(body, res);
    if (method === 'GET' && payment) {
      const p = payments.get(payment[1]!);
      if (!p) return sendError(res, 404, 'Not Found', `No payment exists with token ${payment[1]}.`);
      return sendJson(res, 200, serialize(p));
    }
    sendError(res, 404, 'Not Found', 'The resource could not be found.');
  }

  async function checkout(method: string, id: string, body: unknown, res: http.ServerResponse) {
    const p = payments.get(id);
    if (!p) return sendHtml(res, 404, page('Betaling niet gevonden', '<p>Deze betaling bestaat niet.</p>'));
    // Like Mollie: a payment that can no longer be paid sends the customer straight back.
    if (p.status !== 'open') return redirect(res, p.redirectUrl);
    if (method === 'GET') return sendHtml(res, 200, checkoutPage(p));
    const action = new URLSearchParams(typeof body === 'string' ? body : '').get('action');
    setStatus(id, action === 'cancel' ? 'canceled' : 'paid');
    await callWebhook(p);
    redirect(res, p.redirectUrl);
  }

  async function handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', origin);
    const method = req.method ?? 'GET';
    const body = await readBody(req);
    requests.push({ method, path: url.pathname + url.search, body });
    if (url.pathname.startsWith('/v2/')) {
      if (req.headers.authorization !== `Bearer ${apiKey}`)
        return sendError(
          res,
          401,
          'Unauthorized Request',
          'Missing authentication, or failed to authenticate',
        );
      return api(method, url.pathname, body, res);
    }
    const checkoutId = CHECKOUT.exec(url.pathname)?.[1];
    if (checkoutId && (method === 'GET' || method === 'POST')) return checkout(method, checkoutId, body, res);
    sendHtml(res, 404, page('Niet gevonden', '<p>Deze pagina bestaat niet.</p>'));
  }

  const server = http.createServer((req, res) => {
    handle(req, res).catch((err: Error) => {
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
      res.end(`fake Mollie: ${err.message}`);
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    baseUrl: `${origin}/v2`,
    origin,
    apiKey,
    payments,
    pay: (id) => setStatus(id, 'paid'),
    setStatus,
    requests,
    webhookCalls,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The fields of POST /v2/payments the fake looks at, once `refuseNewPayment` passed them. */
interface NewPayment {
  amount: { currency: 'EUR'; value: string };
  description: string;
  redirectUrl: string;
  webhookUrl?: string;
  metadata?: unknown;
}

/** Mollie's 400/422 for a payment it would not create; null when the body is fine. */
function refuseNewPayment(
  body: unknown,
): { status: number; title: string; detail: string; field?: string } | null {
  const invalid = (detail: string, field: string) => ({
    status: 422,
    title: 'Unprocessable Entity',
    detail,
    field,
  });
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    return { status: 400, title: 'Bad Request', detail: 'The request body is not a JSON object' };
  const b = body as Record<string, unknown>;
  const amount = (typeof b.amount === 'object' && b.amount !== null ? b.amount : {}) as Record<
    string,
    unknown
  >;
  if (amount.currency !== 'EUR') return invalid('The currency is invalid', 'amount.currency');
  if (typeof amount.value !== 'string' || !AMOUNT.test(amount.value))
    return invalid('The amount contains an invalid value', 'amount.value');
  if (Number(amount.value) < 0.01) return invalid('The amount is lower than the minimum', 'amount');
  if (typeof b.description !== 'string' || !b.description.trim() || b.description.length > 255)
    return invalid('The description is invalid', 'description');
  if (!isHttpUrl(b.redirectUrl)) return invalid('The redirect URL is invalid', 'redirectUrl');
  if (b.webhookUrl !== undefined && !isHttpUrl(b.webhookUrl))
    return invalid('The webhook URL is invalid', 'webhookUrl');
  return null;
}

/** Mollie's timestamps: ISO 8601 in seconds with an offset, e.g. 2024-03-20T13:28:37+00:00. */
const mollieNow = () => new Date().toISOString().replace(/\.\d{3}Z$/, '+00:00');

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const base62 = (n: number) => Array.from(randomBytes(n), (b) => ALPHABET[b % 62]).join('');

function isHttpUrl(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

async function readBody(req: http.IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > BODY_MAX) throw new Error('body too large');
    chunks.push(chunk);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  if (!text) return null;
  if (!(req.headers['content-type'] ?? '').includes('json')) return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function sendJson(res: http.ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/hal+json; charset=utf-8' });
  res.end(JSON.stringify(body));
}

/** Mollie's error shape: `{ status, title, detail, field?, _links: { documentation } }`. */
function sendError(res: http.ServerResponse, status: number, title: string, detail: string, field?: string) {
  sendJson(res, status, {
    status,
    title,
    detail,
    ...(field ? { field } : {}),
    _links: { documentation: DOCS },
  });
}

function sendHtml(res: http.ServerResponse, status: number, html: string): void {
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
  res.end(html);
}

function redirect(res: http.ServerResponse, location: string): void {
  res.writeHead(303, { location, 'cache-control': 'no-store' });
  res.end();
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function page(title: string, body: string): string {
  return `<!doctype html><html lang="nl"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body><h1>${escapeHtml(title)}</h1>${body}</body></html>`;
}

function checkoutPage(p: FakeMolliePayment): string {
  return page(
    'Betalen (nep-Mollie)',
    `<p data-testid="description">${escapeHtml(p.description)}</p>
<p data-testid="amount">€ ${escapeHtml(p.amount.value)}</p>
<form method="post" action="/checkout/${p.id}">
<button type="submit" name="action" value="pay">Betalen met iDEAL</button>
<button type="submit" name="action" value="cancel">Annuleren</button>
</form>`,
  );
}
