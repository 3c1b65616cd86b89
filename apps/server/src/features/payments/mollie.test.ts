import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeMollie, startFakeMollie } from '../../../test/fake-mollie';
import { findChromium } from '../../platform/pdf/find-chromium';
import { createMollieProvider, isMollieApiKey, paymentIdFromWebhook } from './mollie';
import { PaymentProviderError, type PaymentRequest } from './payment-provider';

/** What a webhook receiver (our server, later) got: the fake's calls, and the customer's browser landing. */
interface Received {
  method: string;
  url: string;
  contentType: string | undefined;
  body: string;
}

/** A tiny HTTP server standing in for our app: answers 200 to webhooks and a page to the returning browser. */
async function startReceiver() {
  const received: Received[] = [];
  const server = http.createServer(async (req, res) => {
    let body = '';
    for await (const chunk of req) body += chunk;
    received.push({ method: req.method!, url: req.url!, contentType: req.headers['content-type'], body });
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end('<!doctype html><title>Terug</title><h1>Bedankt voor uw betaling</h1>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    received,
    webhooks: () => received.filter((r) => r.method === 'POST'),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const request = (over: Partial<PaymentRequest> = {}): PaymentRequest => ({
  amountEur: '123.45',
  description: 'Factuur 2024-0007',
  redirectUrl: 'http://app.test/betaald/7',
  webhookUrl: null,
  metadata: { invoiceId: '7', companyId: '3' },
  ...over,
});

/** The rejection of `promise`, which must be a PaymentProviderError. */
async function providerError(promise: Promise<unknown>): Promise<PaymentProviderError> {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(PaymentProviderError);
  return err as PaymentProviderError;
}

const jsonAnswer =
  (body: unknown, status = 200): typeof fetch =>
  async () =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

let fake: FakeMollie;
let receiver: Awaited<ReturnType<typeof startReceiver>>;

beforeAll(async () => {
  fake = await startFakeMollie();
  receiver = await startReceiver();
});

afterAll(async () => {
  await fake?.close();
  await receiver?.close();
});

const mollie = () => createMollieProvider({ apiKey: fake.apiKey, baseUrl: fake.baseUrl });

describe('the Mollie adapter against the fake', () => {
  it('creates an open payment with a checkout link, sending what Mollie expects', async () => {
    const before = fake.requests.length;
    const payment = await mollie().createPayment(request());
    expect(payment).toEqual({
      id: expect.stringMatching(/^tr_[A-Za-z0-9]+$/),
      status: 'open',
      amountEur: '123.45',
      checkoutUrl: `${fake.origin}/checkout/${payment.id}`,
      metadata: { invoiceId: '7', companyId: '3' },
      paidAt: null,
    });
    const sent = fake.requests.slice(before);
    expect(sent).toEqual([
      {
        method: 'POST',
        path: '/v2/payments',
        body: {
          amount: { currency: 'EUR', value: '123.45' },
          description: 'Factuur 2024-0007',
          redirectUrl: 'http://app.test/betaald/7',
          metadata: { invoiceId: '7', companyId: '3' },
        },
      },
    ]);
    // no method: the customer chooses, Mollie shows iDEAL first; no webhookUrl when we have none
    expect(sent[0]!.body).not.toHaveProperty('method');
    expect(sent[0]!.body).not.toHaveProperty('webhookUrl');
  });

  it('sends the webhook URL when there is one', async () => {
    const payment = await mollie().createPayment(request({ webhookUrl: `${receiver.origin}/webhook` }));
    expect(fake.payments.get(payment.id)!.webhookUrl).toBe(`${receiver.origin}/webhook`);
  });

  it('fetches a payment: open, then paid with paidAt and no checkout link once paid', async () => {
    const { id } = await mollie().createPayment(request());
    const open = await mollie().getPayment(id);
    expect(open).toMatchObject({ id, status: 'open', paidAt: null, metadata: { invoiceId: '7' } });
    expect(fake.requests.at(-1)).toMatchObject({ method: 'GET', path: `/v2/payments/${id}` });

    fake.pay(id);
    const paid = await mollie().getPayment(id);
    expect(paid).toMatchObject({ id, status: 'paid', amountEur: '123.45', checkoutUrl: null });
    expect(Number.isNaN(Date.parse(paid.paidAt!))).toBe(false);
  });

  it('reports other statuses as they are', async () => {
    const { id } = await mollie().createPayment(request());
    fake.setStatus(id, 'expired');
    expect(await mollie().getPayment(id)).toMatchObject({
      status: 'expired',
      paidAt: null,
      checkoutUrl: null,
    });
  });

  it('a wrong API key is a PaymentProviderError with Mollie’s detail and status 401', async () => {
    const wrong = createMollieProvider({ apiKey: `test_${'x'.repeat(30)}`, baseUrl: fake.baseUrl });
    const err = await providerError(wrong.createPayment(request()));
    expect(err.status).toBe(401);
    expect(err.message).toBe(
      'De betaalprovider gaf een fout: Missing authentication, or failed to authenticate',
    );
  });

  it('an unknown payment is a 404 PaymentProviderError', async () => {
    const err = await providerError(mollie().getPayment('tr_doesnotexist'));
    expect(err.status).toBe(404);
    expect(err.message).toBe('De betaalprovider gaf een fout: No payment exists with token tr_doesnotexist.');
  });

  it('passes on Mollie’s refusal of a payment (422)', async () => {
    const err = await providerError(mollie().createPayment(request({ description: '' })));
    expect(err.status).toBe(422);
    expect(err.message).toBe('De betaalprovider gaf een fout: The description is invalid');
  });

  it('refuses a malformed payment id before any request', async () => {
    let calls = 0;
    const counting: typeof fetch = (...args) => {
      calls++;
      return fetch(...args);
    };
    const provider = createMollieProvider({
      apiKey: fake.apiKey,
      baseUrl: fake.baseUrl,
      fetchImpl: counting,
    });
    const before = fake.requests.length;
    for (const id of [
      '',
      'tr_',
      '../payments',
      'tr_abc/../../x',
      'tr_a?b=1',
      'tr_a#',
      'ord_abc',
      'tr_ab c',
    ]) {
      const err = await providerError(provider.getPayment(id));
      expect(err.status).toBeNull();
      expect(err.message).toBe('Ongeldige betalings-id.');
    }
    expect(calls).toBe(0);
    expect(fake.requests.length).toBe(before);
  });

  it('refuses an amount that is not euros with two decimals before any request', async () => {
    const before = fake.requests.length;
    for (const amountEur of ['12.3', '12', '1,00', '-1.00', '0.00', '1e3', ' 1.00', '']) {
      const err = await providerError(mollie().createPayment(request({ amountEur })));
      expect(err.message).toContain('Ongeldig bedrag');
    }
    expect(fake.requests.length).toBe(before);
  });
});

describe('when the provider misbehaves', () => {
  it('a fetch that never answers times out', async () => {
    const never: typeof fetch = () => new Promise<Response>(() => {});
    const provider = createMollieProvider({ apiKey: fake.apiKey, fetchImpl: never, timeoutMs: 50 });
    const err = await providerError(provider.getPayment('tr_abc'));
    expect(err.status).toBeNull();
    expect(err.message).toBe('De betaalprovider reageerde niet op tijd; probeer het later opnieuw.');
  });

  it('a server that hangs times out through the real fetch', async () => {
    const hanging = http.createServer(() => {});
    await new Promise<void>((resolve) => hanging.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = hanging.address() as AddressInfo;
      const provider = createMollieProvider({
        apiKey: fake.apiKey,
        baseUrl: `http://127.0.0.1:${port}/v2`,
        timeoutMs: 200,
      });
      const started = Date.now();
      const err = await providerError(provider.createPayment(request()));
      expect(err.message).toContain('niet op tijd');
      expect(Date.now() - started).toBeLessThan(5000);
    } finally {
      hanging.closeAllConnections();
      await new Promise((resolve) => hanging.close(resolve));
    }
  });

  it('an unreachable provider says so', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    const provider = createMollieProvider({ apiKey: fake.apiKey, baseUrl: `http://127.0.0.1:${port}/v2` });
    const err = await providerError(provider.getPayment('tr_abc'));
    expect(err.message).toBe('De betaalprovider is niet bereikbaar; probeer het later opnieuw.');
  });

  it('an error page that is not JSON gives the HTTP status', async () => {
    const proxy: typeof fetch = async () => new Response('<html>Bad Gateway</html>', { status: 502 });
    const provider = createMollieProvider({ apiKey: fake.apiKey, fetchImpl: proxy });
    const err = await providerError(provider.getPayment('tr_abc'));
    expect(err.status).toBe(502);
    expect(err.message).toBe('De betaalprovider gaf een fout: HTTP 502');
  });

  it.each([
    ['not JSON', 'OK'],
    ['an unknown status', { id: 'tr_abc', status: 'weird', amount: { currency: 'EUR', value: '1.00' } }],
    ['another currency', { id: 'tr_abc', status: 'open', amount: { currency: 'USD', value: '1.00' } }],
    ['another payment', { id: 'tr_other', status: 'open', amount: { currency: 'EUR', value: '1.00' } }],
    [
      'a javascript: checkout link',
      {
        id: 'tr_abc',
        status: 'open',
        amount: { currency: 'EUR', value: '1.00' },
        _links: { checkout: { href: 'javascript:alert(1)' } },
      },
    ],
  ])('an answer with %s is refused', async (_, body) => {
    const fetchImpl: typeof fetch =
      typeof body === 'string' ? async () => new Response(body) : jsonAnswer(body);
    const provider = createMollieProvider({ apiKey: fake.apiKey, fetchImpl });
    const err = await providerError(provider.getPayment('tr_abc'));
    expect(err.message).toBe('De betaalprovider gaf een onverwacht antwoord.');
  });

  it('keeps only the string values of metadata someone else stored', async () => {
    const provider = createMollieProvider({
      apiKey: fake.apiKey,
      fetchImpl: jsonAnswer({
        id: 'tr_abc',
        status: 'paid',
        amount: { currency: 'EUR', value: '1.00' },
        metadata: { invoiceId: '7', nested: { a: 1 }, n: 3 },
        paidAt: '2024-03-20T13:28:37+00:00',
      }),
    });
    expect(await provider.getPayment('tr_abc')).toMatchObject({
      metadata: { invoiceId: '7' },
      paidAt: '2024-03-20T13:28:37+00:00',
      checkoutUrl: null,
    });
  });
});

describe('the fake checkout', () => {
  it('paying calls the webhook with the id form-encoded, then redirects (303) to the redirect URL', async () => {
    const redirectUrl = `${receiver.origin}/betaald/7`;
    const payment = await mollie().createPayment(
      request({ redirectUrl, webhookUrl: `${receiver.origin}/hook` }),
    );
    const pageRes = await fetch(payment.checkoutUrl!);
    expect(pageRes.headers.get('content-type')).toContain('text/html');
    expect(await pageRes.text()).toContain('Betalen met iDEAL');

    const before = receiver.webhooks().length;
    const paid = await fetch(payment.checkoutUrl!, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'action=pay',
      redirect: 'manual',
    });
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(redirectUrl);

    const [hook] = receiver.webhooks().slice(before);
    expect(hook).toEqual({
      method: 'POST',
      url: '/hook',
      contentType: 'application/x-www-form-urlencoded',
      body: `id=${payment.id}`,
    });
    expect(paymentIdFromWebhook(hook!.body)).toBe(payment.id);
    expect(fake.webhookCalls.at(-1)).toEqual({
      paymentId: payment.id,
      url: `${receiver.origin}/hook`,
      status: 200,
      error: null,
    });
    expect((await mollie().getPayment(payment.id)).status).toBe('paid');
  });

  it('a paid payment’s checkout sends the customer straight back', async () => {
    const payment = await mollie().createPayment(request());
    fake.pay(payment.id);
    const res = await fetch(payment.checkoutUrl!, { redirect: 'manual' });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('http://app.test/betaald/7');
  });

  it('answers 422 Mollie-style to an amount without two decimals', async () => {
    const res = await fetch(`${fake.baseUrl}/payments`, {
      method: 'POST',
      headers: { authorization: `Bearer ${fake.apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ ...request(), amount: { currency: 'EUR', value: '10.5' } }),
    });
    expect(res.status).toBe(422);
    expect(await res.json()).toMatchObject({
      status: 422,
      field: 'amount.value',
      detail: expect.any(String),
    });
  });

  const chromiumPath = findChromium();
  it.skipIf(!chromiumPath)('works in a real browser: pay with iDEAL, webhook, back at our page', async () => {
    const redirectUrl = `${receiver.origin}/betaald/8`;
    const payment = await mollie().createPayment(
      request({ redirectUrl, webhookUrl: `${receiver.origin}/hook`, description: 'Factuur <8> & co' }),
    );
    const browser = await chromium.launch({ executablePath: chromiumPath!, args: ['--no-sandbox'] });
    try {
      const page = await browser.newPage();
      await page.goto(payment.checkoutUrl!);
      expect(await page.getByTestId('description').textContent()).toBe('Factuur <8> & co');
      await page.getByRole('button', { name: 'Betalen met iDEAL' }).click();
      await page.waitForURL(redirectUrl);
      expect(await page.locator('h1').textContent()).toBe('Bedankt voor uw betaling');
    } finally {
      await browser.close();
    }
    expect(receiver.webhooks().some((r) => r.body === `id=${payment.id}`)).toBe(true);
    expect((await mollie().getPayment(payment.id)).status).toBe('paid');
  });

  it('cancelling in the browser form marks the payment canceled and calls the webhook too', async () => {
    const payment = await mollie().createPayment(request({ webhookUrl: `${receiver.origin}/hook` }));
    const res = await fetch(payment.checkoutUrl!, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'action=cancel',
      redirect: 'manual',
    });
    expect(res.status).toBe(303);
    expect(fake.payments.get(payment.id)!.status).toBe('canceled');
    expect(receiver.webhooks().at(-1)!.body).toBe(`id=${payment.id}`);
  });
});

describe('helpers', () => {
  it('isMollieApiKey accepts test and live keys only', () => {
    expect(isMollieApiKey(fake.apiKey)).toBe(true);
    expect(isMollieApiKey(`live_${'A1'.repeat(15)}`)).toBe(true);
    for (const s of [
      '',
      'test_short',
      `prod_${'a'.repeat(30)}`,
      `test_${'a'.repeat(29)}`,
      `test_${'a'.repeat(30)} `,
    ])
      expect(isMollieApiKey(s)).toBe(false);
  });

  it('paymentIdFromWebhook reads only a well-formed id', () => {
    expect(paymentIdFromWebhook('id=tr_abc123')).toBe('tr_abc123');
    for (const body of ['', 'id=', 'id=tr_', 'id=..%2Fx', 'foo=tr_abc', 'id=tr_a%20b', '{"id":"tr_abc"}'])
      expect(paymentIdFromWebhook(body)).toBeNull();
  });
});
