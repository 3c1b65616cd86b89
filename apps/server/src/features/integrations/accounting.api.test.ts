// The accounting link end to end against a local Exact Online (test/fake-exact.ts; decision 065): linking with
// PKCE, lookups, settings, booking every sent invoice once (also when retried or when the package was away),
// refusals in Dutch, payment status back, token refresh and revocation, unlinking and tenancy.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSalesCompany, createTestRelation } from '../../../test/crm-factories';
import { type FakeExact, startFakeExact } from '../../../test/fake-exact';
import { startTestServer, type TestServer } from '../../../test/test-server';

let t: TestServer;
let exact: FakeExact;
let a: { companyId: number; token: string; userId: number };
let b: { companyId: number; token: string; userId: number };
let flowId: number;
const EMAIL = 'boekhouding.klant@voorbeeld.nl';

beforeAll(async () => {
  exact = await startFakeExact();
  t = await startTestServer({ config: exact.env });
  a = await createSalesCompany(t, { name: 'Boekhouding A' });
  b = await createSalesCompany(t, { name: 'Boekhouding B' });
  const rel = await createTestRelation(t, a.token, { createnewflow: true, email: EMAIL });
  flowId = rel.flows[0].id;
}, 90_000);

afterAll(async () => {
  await t?.close();
  await exact?.close();
});

const api = (method: string, path: string, body?: unknown, token = a.token) =>
  t.api(method, path, { token, body });

async function ok(method: string, path: string, body?: unknown, token = a.token) {
  const res = await api(method, path, body, token);
  if (res.status !== 200 && res.status !== 201)
    throw new Error(`${path}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

async function waitFor<T>(read: () => Promise<T>, done: (v: T) => boolean, ms = 30_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (done(v) || Date.now() > until) return v;
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Follows the consent screen (the fake approves at once) to the app's callback; answers the callback's reply. */
async function link(token = a.token) {
  const { authUrl } = await ok('GET', '/api/company/getexactauthurl', undefined, token);
  const consent = await fetch(authUrl, { redirect: 'manual' });
  // The test server's APP_URL is a name, not its address: the same path on the address.
  const location = new URL(consent.headers.get('location')!);
  const back = `${t.baseUrl}${location.pathname}${location.search}`;
  const res = await fetch(back);
  return { status: res.status, html: await res.text(), back };
}

async function sentInvoice(amount: string, rate: 21 | 9 = 21) {
  const c = await ok('POST', '/api/confirmation', { flow_id: flowId, title: 'Zonnepanelen' });
  await ok('POST', '/api/calculationitem', {
    calculation_id: c.calculation_id,
    item_name: 'Zonnepanelen 10 stuks',
    unit_rate_exc_manual: amount,
    percentage_vat_21: rate === 21 ? 100 : 0,
    percentage_vat_9: rate === 9 ? 100 : 0,
  });
  const inv = await ok('POST', `/api/confirmation/${c.id}/createinvoicefromconfirmation`, {});
  await ok('POST', `/api/invoice/${inv.id}/sendemail`, { dontsentbutmarksent: 1 });
  const doc = await ok('GET', `/api/invoice/${inv.id}`);
  return { id: inv.id as number, number: String(doc.number) };
}

const pushes = async () =>
  (await ok('GET', '/api/integrations/accounting/pushes?limit=100')).data as {
    document_id: number;
    status: string;
    message: string | null;
    external_number: string | null;
    id: number;
  }[];
const pushOf = async (id: number) => (await pushes()).find((p) => p.document_id === id);

describe('linking Exact Online', () => {
  it('says SnelStart is not set up on a server without its subscription key', async () => {
    const res = await api('GET', '/api/company/getsnelstartauthurl');
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(
      'SnelStart is op deze server niet ingesteld. Vraag de beheerder de app bij SnelStart te registreren.',
    );
    expect(
      (await api('POST', '/api/integrations/snelstart/link', { client_key: 'x'.repeat(20) })).status,
    ).toBe(409);
  });

  it('refuses a callback without a known state, in Dutch', async () => {
    const res = await fetch(`${t.baseUrl}/api/integrations/exact/callback?code=x&state=onbekend`);
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('Deze koppelpoging is verlopen of al gebruikt');
  });

  it('links through the consent screen with PKCE and keeps the tokens sealed', async () => {
    const { status, html, back } = await link();
    expect(status).toBe(200);
    expect(html).toContain('De koppeling is gelukt');
    const list = await ok('GET', `/api/integrations/listforcompany/${a.companyId}`);
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ service: 'exact', status: 'active', user_id: null });
    expect(list[0].account_label).toContain('administratie 123456');
    expect(JSON.stringify(list)).not.toMatch(/token/i);
    // The state is used once.
    const again = await fetch(back);
    expect(again.status).toBe(400);
    // Stored sealed, never as the provider gave it.
    const rows = await t.server.deps.db.platform((tx) =>
      tx.execute(`select access_token_enc, refresh_token_enc from integration_connection` as never),
    );
    const row = rows.rows[0] as { access_token_enc: string; refresh_token_enc: string };
    expect(row.access_token_enc.startsWith('v1.')).toBe(true);
    expect(row.access_token_enc).not.toMatch(/^[0-9a-f]{48}$/);
    // The division it reached is the one booked in.
    expect((await ok('GET', '/api/integrations/accounting/settings')).division).toBe('123456');
  });

  it('refuses a second link while one is active', async () => {
    const res = await api('GET', '/api/company/getexactauthurl');
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('Exact Online is al gekoppeld. Ontkoppel eerst.');
  });

  it('offers the lookups', async () => {
    const ledgers = await ok('GET', '/api/integrations/exact/ledgeraccounts');
    expect(ledgers.map((l: { code: string }) => l.code)).toContain('8000');
    const vat = await ok('GET', '/api/integrations/exact/vatcodes');
    expect(vat.find((v: { code: string }) => v.code === '2')).toMatchObject({ percentage: 0.21 });
    const journals = await ok('GET', '/api/integrations/exact/journals');
    expect(journals).toEqual([expect.objectContaining({ code: '70', description: 'Verkoopboek' })]);
    for (const kind of ['warehouses', 'divisions', 'items'])
      expect((await ok('GET', `/api/integrations/exact/${kind}`)).length).toBeGreaterThan(0);
  });

  it('refuses bad settings with 422', async () => {
    expect((await api('PATCH', '/api/integrations/accounting/settings', { vat_type: 'x' })).status).toBe(422);
    expect((await api('PATCH', '/api/integrations/accounting/settings', { onbekend: 1 })).status).toBe(422);
    expect(
      (await api('PATCH', '/api/integrations/accounting/settings', { gl_reference: 'x'.repeat(101) })).status,
    ).toBe(422);
  });
});

describe('booking sent invoices', () => {
  it('refuses with a Dutch reason while the settings lack a journal, and books after "Opnieuw boeken"', async () => {
    const inv = await sentInvoice('1000');
    const refused = await waitFor(
      () => pushOf(inv.id),
      (p) => p?.status === 'refused',
    );
    expect(refused?.message).toBe(
      'De boekhoudinstellingen zijn niet compleet: verkoopdagboek, grootboekrekening hoog tarief, btw-code hoog tarief.',
    );
    await ok('PATCH', '/api/integrations/accounting/settings', {
      journal: '70',
      gl_reference: '8000',
      gl_description: 'Omzet installaties',
      gl_reference_low: '8010',
      vat_code_high: '2',
      vat_code_low: '1',
    });
    await ok('POST', `/api/integrations/accounting/pushes/${refused!.id}/retry`, {});
    const booked = await waitFor(
      () => pushOf(inv.id),
      (p) => p?.status === 'booked',
    );
    expect(booked?.external_number).toMatch(/^267\d+$/);
    const entry = exact.entries.find((e) => e.YourRef === inv.number)!;
    expect(entry.Journal).toBe('70');
    expect(entry.SalesEntryLines).toEqual([
      expect.objectContaining({
        VATCode: '2',
        AmountFC: 1000,
        VATAmountFC: 210,
        Description: 'Omzet installaties',
      }),
    ]);
    expect(exact.accounts.find((x) => x.ID === entry.Customer)?.Email).toBe(EMAIL);
  });

  it('books each sent invoice once, also when the job runs again or the package was away', async () => {
    exact.failNext(2);
    const inv = await sentInvoice('250.50', 9);
    const booked = await waitFor(
      () => pushOf(inv.id),
      (p) => p?.status === 'booked',
      60_000,
    );
    expect(booked?.status).toBe('booked');
    const mine = exact.entries.filter((e) => e.YourRef === inv.number);
    expect(mine).toHaveLength(1);
    expect(mine[0]!.SalesEntryLines[0]).toMatchObject({ VATCode: '1', AmountFC: 250.5, VATAmountFC: 22.55 });
    // The same customer (matched by e-mail), not a second one.
    expect(new Set(exact.entries.map((e) => e.Customer)).size).toBe(1);
    // A job that runs again after the package booked but before the outcome was recorded books nothing twice.
    await t.server.deps.db.platform((tx) =>
      tx.execute(
        `update accounting_push set status = 'queued', external_id = null where id = ${booked!.id}` as never,
      ),
    );
    await t.server.deps.db.tenant({ companyId: a.companyId }, (tx) =>
      t.server.deps.jobs.send(tx, 'accounting-push', { pushId: booked!.id, companyId: a.companyId }),
    );
    await waitFor(
      () => pushOf(inv.id),
      (p) => p?.status === 'booked',
    );
    expect(exact.entries.filter((e) => e.YourRef === inv.number)).toHaveLength(1);
  });

  it('marks an invoice paid here when the books say it is paid', async () => {
    const inv = await sentInvoice('400');
    const booked = await waitFor(
      () => pushOf(inv.id),
      (p) => p?.status === 'booked',
    );
    exact.markPaid(Number(booked!.external_number));
    await t.server.paymentSync.wake();
    const doc = await ok('GET', `/api/invoice/${inv.id}`);
    expect(doc.status).toBe('paid');
    expect(doc.invoice.payments).toEqual([expect.objectContaining({ method: 'boekhouding', amount: 484 })]);
    // A second round registers nothing more.
    await t.server.paymentSync.wake();
    expect((await ok('GET', `/api/invoice/${inv.id}`)).invoice.payments).toHaveLength(1);
  });

  it('pushes the existing sent invoices on request as a batch, and says so when there are none', async () => {
    await t.server.deps.db.platform((tx) =>
      tx.execute(`delete from accounting_push where company_id = ${a.companyId}` as never),
    );
    const before = exact.entries.length;
    const { batchId } = await ok('POST', '/api/integrations/accounting/pushexisting', {});
    await waitFor(
      () => ok('GET', `/api/batch/${batchId}`),
      (bt) => bt.finishedAt !== null,
    );
    await waitFor(pushes, (ps) => ps.length === 3 && ps.every((p) => p.status === 'booked'));
    // Every one found its earlier entry: nothing booked twice.
    expect(exact.entries.length).toBe(before);
    const none = await api('POST', '/api/integrations/accounting/pushexisting', {});
    expect(none.status).toBe(409);
    expect(none.body.message).toBe('Er zijn geen verstuurde facturen die nog geboekt moeten worden.');
  });

  it('shows what happened in the log', async () => {
    const log = await ok('GET', '/api/integrations/exact/log?limit=50');
    const messages = log.data.map((l: { message: string }) => l.message).join('\n');
    expect(messages).toContain('Exact Online is gekoppeld.');
    expect(messages).toMatch(/geboekt in Exact Online \(boekstuk 267\d+\)/);
    expect(messages).toContain('overgenomen uit Exact Online');
    expect(messages).not.toMatch(/[0-9a-f]{48}/);
  });
});

describe('tokens', () => {
  it('refreshes an expired access token by itself', async () => {
    exact.expireAccessTokens();
    expect((await ok('GET', '/api/integrations/exact/journals')).length).toBe(1);
  });

  it('says in Dutch to link again when the package revoked the link', async () => {
    exact.revokeAll();
    const res = await api('GET', '/api/integrations/exact/journals');
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(
      'De koppeling met Exact Online is verlopen of ingetrokken. Koppel opnieuw.',
    );
    const list = await ok('GET', `/api/integrations/listforcompany/${a.companyId}`);
    expect(list[0]).toMatchObject({ status: 'error' });
  });
});

describe('tenancy and roles', () => {
  it('shows another company nothing of the link', async () => {
    expect(
      (await api('GET', `/api/integrations/listforcompany/${a.companyId}`, undefined, b.token)).status,
    ).toBe(404);
    expect(await ok('GET', `/api/integrations/listforcompany/${b.companyId}`, undefined, b.token)).toEqual(
      [],
    );
    expect((await ok('GET', '/api/integrations/accounting/pushes', undefined, b.token)).data).toEqual([]);
    expect((await ok('GET', '/api/integrations/exact/log', undefined, b.token)).data).toEqual([]);
    const [mine] = await ok('GET', `/api/integrations/listforcompany/${a.companyId}`);
    expect((await api('DELETE', `/api/integrations/exact/${mine.id}`, undefined, b.token)).status).toBe(404);
    const lookup = await api('GET', '/api/integrations/exact/journals', undefined, b.token);
    expect(lookup.status).toBe(409);
    expect(lookup.body.message).toBe('Exact Online is niet gekoppeld.');
  });

  it('keeps the company link to managers', async () => {
    const user = await t.createTestUser({ companyId: a.companyId, role: 100 });
    const staff = { token: await t.login(user.email) };
    for (const path of [
      '/api/company/getexactauthurl',
      '/api/integrations/accounting/settings',
      `/api/integrations/listforcompany/${a.companyId}`,
    ])
      expect((await api('GET', path, undefined, staff.token)).status).toBe(403);
  });

  it('unlinks', async () => {
    const [mine] = await ok('GET', `/api/integrations/listforcompany/${a.companyId}`);
    expect((await ok('DELETE', `/api/integrations/exact/${mine.id}`)).message).toBe(
      'Exact Online is ontkoppeld.',
    );
    expect(await ok('GET', `/api/integrations/listforcompany/${a.companyId}`)).toEqual([]);
    // Linking again works after unlinking.
    exact.expireAccessTokens();
    expect((await link()).status).toBe(200);
  });
});
