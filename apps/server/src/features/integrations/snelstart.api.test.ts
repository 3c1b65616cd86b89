// The SnelStart link end to end against a local SnelStart B2B API (test/fake-snelstart.ts; decision 068): linking
// with the koppelsleutel, the ledger lookup, booking every sent invoice once as a verkoopboeking (also when
// retried or when SnelStart was away), SnelStart's refusals in Dutch, payment status from the open items, a new
// token from the key, one package per company, tenancy, and no key or token in any answer or log.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSalesCompany, createTestRelation } from '../../../test/crm-factories';
import { type FakeExact, startFakeExact } from '../../../test/fake-exact';
import { type FakeSnelstart, startFakeSnelstart } from '../../../test/fake-snelstart';
import { startTestServer, type TestServer } from '../../../test/test-server';

let t: TestServer;
let snel: FakeSnelstart;
let exact: FakeExact;
let a: { companyId: number; token: string; userId: number };
let b: { companyId: number; token: string; userId: number };
let flowId: number;
const EMAIL = 'snelstart.klant@voorbeeld.nl';

beforeAll(async () => {
  snel = await startFakeSnelstart();
  exact = await startFakeExact();
  t = await startTestServer({ config: { ...snel.env, ...exact.env } });
  a = await createSalesCompany(t, { name: 'SnelStart A' });
  b = await createSalesCompany(t, { name: 'SnelStart B' });
  const rel = await createTestRelation(t, a.token, { createnewflow: true, email: EMAIL });
  flowId = rel.flows[0].id;
}, 90_000);

afterAll(async () => {
  await t?.close();
  await snel?.close();
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

async function sentInvoice(amount: string, rate: 21 | 9 = 21) {
  const c = await ok('POST', '/api/confirmation', { flow_id: flowId, title: 'Warmtepomp' });
  await ok('POST', '/api/calculationitem', {
    calculation_id: c.calculation_id,
    item_name: 'Warmtepomp 8 kW',
    unit_rate_exc_manual: amount,
    percentage_vat_21: rate === 21 ? 100 : 0,
    percentage_vat_9: rate === 9 ? 100 : 0,
  });
  const inv = await ok('POST', `/api/confirmation/${c.id}/createinvoicefromconfirmation`, {});
  await ok('POST', `/api/invoice/${inv.id}/sendemail`, { dontsentbutmarksent: 1 });
  const doc = await ok('GET', `/api/invoice/${inv.id}`);
  return { id: inv.id as number, number: String(doc.number) };
}

type Push = {
  document_id: number;
  status: string;
  message: string | null;
  external_number: string | null;
  id: number;
};
const pushes = async () => (await ok('GET', '/api/integrations/accounting/pushes?limit=100')).data as Push[];
const pushOf = async (id: number) => (await pushes()).find((p) => p.document_id === id);

describe('linking SnelStart', () => {
  it('opens SnelStart Web, where the customer makes the koppelsleutel', async () => {
    expect(await ok('GET', '/api/company/getsnelstartauthurl')).toEqual({
      authUrl: snel.env.SNELSTART_WEB_URL,
    });
  });

  it('refuses a wrong or empty key in Dutch and keeps nothing', async () => {
    const wrong = await api('POST', '/api/integrations/snelstart/link', {
      client_key: 'dit-is-geen-sleutel',
    });
    expect(wrong.status).toBe(422);
    expect(wrong.body.message).toBe(
      'SnelStart accepteert deze koppelsleutel niet. Kopieer de sleutel opnieuw uit SnelStart Web.',
    );
    expect((await api('POST', '/api/integrations/snelstart/link', { client_key: '' })).status).toBe(422);
    expect((await api('POST', '/api/integrations/snelstart/link', {})).status).toBe(422);
    expect(await ok('GET', `/api/integrations/listforcompany/${a.companyId}`)).toEqual([]);
  });

  it('links with the key, keeps it sealed and never answers it', async () => {
    const res = await ok('POST', '/api/integrations/snelstart/link', { client_key: snel.clientKey });
    expect(res).toEqual({ message: 'SnelStart is gekoppeld.' });
    const list = await ok('GET', `/api/integrations/listforcompany/${a.companyId}`);
    expect(list).toEqual([
      expect.objectContaining({
        service: 'snelstart',
        status: 'active',
        user_id: null,
        account_label: 'Installatiebedrijf Test BV',
      }),
    ]);
    expect(JSON.stringify(list)).not.toContain(snel.clientKey);
    const rows = await t.server.deps.db.platform((tx) =>
      tx.execute(
        `select access_token_enc, refresh_token_enc, state from integration_connection where service = 'snelstart'` as never,
      ),
    );
    const row = rows.rows[0] as { access_token_enc: string; refresh_token_enc: string; state: unknown };
    expect(row.refresh_token_enc.startsWith('v1.')).toBe(true);
    expect(row.refresh_token_enc).not.toContain(snel.clientKey);
    expect(row.state).toEqual({ administratie: snel.administratie });
    // Every API call carried the subscription key.
    const apiCalls = snel.requests.filter((r) => r.path.startsWith('/v2/'));
    expect(apiCalls.length).toBeGreaterThan(0);
    expect(apiCalls.every((r) => r.headers['ocp-apim-subscription-key'] === snel.subscriptionKey)).toBe(true);
  });

  it('keeps one package per company: a second link is refused in Dutch', async () => {
    const again = await api('GET', '/api/company/getsnelstartauthurl');
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('SnelStart is al gekoppeld. Ontkoppel eerst.');
    const other = await api('GET', '/api/company/getexactauthurl');
    expect(other.status).toBe(409);
    expect(other.body.message).toBe(
      'Er is al een boekhoudpakket gekoppeld (SnelStart). Ontkoppel dat eerst.',
    );
  });

  it('offers the ledger accounts, and says so for a list SnelStart has not', async () => {
    const ledgers = await ok('GET', '/api/integrations/snelstart/ledgeraccounts');
    expect(ledgers.map((l: { code: string }) => l.code)).toEqual(['8000', '8010', '8020', '8030', '8900']);
    expect(ledgers[0]).toMatchObject({ description: 'Omzet hoog', percentage: null });
    const vat = await api('GET', '/api/integrations/snelstart/vatcodes');
    expect(vat.status).toBe(409);
    expect(vat.body.message).toBe('SnelStart biedt deze lijst niet.');
  });
});

describe('booking sent invoices in SnelStart', () => {
  it('refuses while a ledger is missing (no journal or VAT code asked), and books after "Opnieuw boeken"', async () => {
    const inv = await sentInvoice('1000');
    const refused = await waitFor(
      () => pushOf(inv.id),
      (p) => p?.status === 'refused',
    );
    expect(refused?.message).toBe(
      'De boekhoudinstellingen zijn niet compleet: grootboekrekening hoog tarief.',
    );
    await ok('PATCH', '/api/integrations/accounting/settings', {
      gl_reference: '8000',
      gl_description: 'Omzet installaties',
      gl_reference_low: '8010',
    });
    await ok('POST', `/api/integrations/accounting/pushes/${refused!.id}/retry`, {});
    const booked = await waitFor(
      () => pushOf(inv.id),
      (p) => p?.status === 'booked',
    );
    expect(booked?.external_number).toBe(inv.number);
    const boeking = snel.boekingen.find((x) => x.factuurnummer === inv.number)!;
    expect(boeking.factuurbedrag).toBe(1210);
    expect(boeking.boekingsregels).toEqual([
      {
        omschrijving: 'Omzet installaties',
        grootboek: { id: snel.grootboeken.find((g) => g.nummer === 8000)!.id },
        bedrag: 1000,
        btwSoort: 'Hoog',
      },
    ]);
    expect(boeking.btw).toEqual([{ btwSoort: 'VerkopenHoog', btwBedrag: 210 }]);
    // The customer was made as a relatie of kind Klant, with the e-mail address.
    expect(snel.relaties).toEqual([expect.objectContaining({ relatiesoort: ['Klant'], email: EMAIL })]);
    expect(boeking.klant.id).toBe(snel.relaties[0]!.id);
  });

  it('books each invoice once, also when SnelStart was away or the job runs again', async () => {
    snel.failNext(2);
    const inv = await sentInvoice('250.50', 9);
    const booked = await waitFor(
      () => pushOf(inv.id),
      (p) => p?.status === 'booked',
      60_000,
    );
    expect(booked?.status).toBe('booked');
    const mine = snel.boekingen.filter((x) => x.factuurnummer === inv.number);
    expect(mine).toHaveLength(1);
    expect(mine[0]!.boekingsregels[0]).toMatchObject({ bedrag: 250.5, btwSoort: 'Laag' });
    expect(mine[0]!.btw).toEqual([{ btwSoort: 'VerkopenLaag', btwBedrag: 22.55 }]);
    // Matched by e-mail: no second relatie.
    expect(snel.relaties).toHaveLength(1);
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
    expect(snel.boekingen.filter((x) => x.factuurnummer === inv.number)).toHaveLength(1);
  });

  it("stores SnelStart's refusal and shows it in Dutch", async () => {
    await ok('PATCH', '/api/integrations/accounting/settings', { gl_reference: '8999' });
    const inv = await sentInvoice('100');
    const refused = await waitFor(
      () => pushOf(inv.id),
      (p) => p?.status === 'refused',
    );
    expect(refused?.message).toBe(
      'SnelStart weigerde: Grootboek 8999 is non-actief en kan niet worden geboekt.',
    );
    expect(snel.boekingen.some((x) => x.factuurnummer === inv.number)).toBe(false);
    await ok('PATCH', '/api/integrations/accounting/settings', { gl_reference: '8000' });
    await ok('POST', `/api/integrations/accounting/pushes/${refused!.id}/retry`, {});
    expect(
      (
        await waitFor(
          () => pushOf(inv.id),
          (p) => p?.status === 'booked',
        )
      )?.status,
    ).toBe('booked');
  });

  it('marks an invoice paid here when its open item in SnelStart is closed', async () => {
    const inv = await sentInvoice('400');
    await waitFor(
      () => pushOf(inv.id),
      (p) => p?.status === 'booked',
    );
    await t.server.paymentSync.wake();
    expect((await ok('GET', `/api/invoice/${inv.id}`)).status).not.toBe('paid');
    snel.markPaid(inv.number);
    await t.server.paymentSync.wake();
    const doc = await ok('GET', `/api/invoice/${inv.id}`);
    expect(doc.status).toBe('paid');
    expect(doc.invoice.payments).toEqual([expect.objectContaining({ method: 'boekhouding', amount: 484 })]);
    await t.server.paymentSync.wake();
    expect((await ok('GET', `/api/invoice/${inv.id}`)).invoice.payments).toHaveLength(1);
  });

  it('pushes the existing sent invoices as a batch; each finds its earlier booking', async () => {
    await t.server.deps.db.platform((tx) =>
      tx.execute(`delete from accounting_push where company_id = ${a.companyId}` as never),
    );
    const before = snel.boekingen.length;
    const { batchId } = await ok('POST', '/api/integrations/accounting/pushexisting', {});
    await waitFor(
      () => ok('GET', `/api/batch/${batchId}`),
      (bt) => bt.finishedAt !== null,
    );
    await waitFor(pushes, (ps) => ps.length === 4 && ps.every((p) => p.status === 'booked'));
    expect((await pushes()).every((p) => p.status === 'booked')).toBe(true);
    expect(snel.boekingen.length).toBe(before);
  });

  it('shows what happened in the log, without key or token', async () => {
    const log = await ok('GET', '/api/integrations/snelstart/log?limit=50');
    const messages = log.data.map((l: { message: string }) => l.message).join('\n');
    expect(messages).toContain('SnelStart is gekoppeld. Installatiebedrijf Test BV');
    expect(messages).toMatch(/geboekt in SnelStart \(boekstuk \d+\)/);
    expect(messages).toContain('overgenomen uit SnelStart');
    expect(messages).not.toContain(snel.clientKey);
    expect(messages).not.toMatch(/[0-9a-f]{48}/);
  });
});

describe('credit invoices in SnelStart', () => {
  it('books a sent credit invoice as a verkoopboeking with negative amounts', async () => {
    const inv = await sentInvoice('300');
    await waitFor(
      () => pushOf(inv.id),
      (p) => p?.status === 'booked',
    );
    const credit = await ok('POST', `/api/invoice/${inv.id}/createcreditinvoice`, {});
    await ok('POST', `/api/invoice/${credit.id}/sendemail`, { dontsentbutmarksent: 1 });
    const number = String((await ok('GET', `/api/invoice/${credit.id}`)).number);
    const booked = await waitFor(
      () => pushOf(credit.id),
      (p) => p?.status === 'booked',
    );
    expect(booked?.external_number).toBe(number);
    const boeking = snel.boekingen.find((x) => x.factuurnummer === number)!;
    expect(boeking.factuurbedrag).toBe(-363);
    expect(boeking.boekingsregels).toEqual([expect.objectContaining({ bedrag: -300, btwSoort: 'Hoog' })]);
    expect(boeking.btw).toEqual([{ btwSoort: 'VerkopenHoog', btwBedrag: -63 }]);
    expect(boeking.omschrijving).toMatch(/^Creditfactuur /);
  });
});

describe('tokens from the key', () => {
  it('gets a new token with the key when the old one expired', async () => {
    snel.expireAccessTokens();
    expect((await ok('GET', '/api/integrations/snelstart/ledgeraccounts')).length).toBe(5);
  });

  it('says in Dutch to link again when the key was withdrawn in SnelStart', async () => {
    snel.revokeAll();
    const res = await api('GET', '/api/integrations/snelstart/ledgeraccounts');
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('De koppeling met SnelStart is verlopen of ingetrokken. Koppel opnieuw.');
    expect((await ok('GET', `/api/integrations/listforcompany/${a.companyId}`))[0]).toMatchObject({
      status: 'error',
    });
  });
});

describe('tenancy and roles', () => {
  it('shows another company nothing of the link', async () => {
    expect(
      (await api('GET', `/api/integrations/listforcompany/${a.companyId}`, undefined, b.token)).status,
    ).toBe(404);
    expect((await ok('GET', '/api/integrations/accounting/pushes', undefined, b.token)).data).toEqual([]);
    expect((await ok('GET', '/api/integrations/snelstart/log', undefined, b.token)).data).toEqual([]);
    const [mine] = await ok('GET', `/api/integrations/listforcompany/${a.companyId}`);
    expect((await api('DELETE', `/api/integrations/snelstart/${mine.id}`, undefined, b.token)).status).toBe(
      404,
    );
    const lookup = await api('GET', '/api/integrations/snelstart/ledgeraccounts', undefined, b.token);
    expect(lookup.status).toBe(409);
    expect(lookup.body.message).toBe('SnelStart is niet gekoppeld.');
  });

  it('keeps the link to managers', async () => {
    const user = await t.createTestUser({ companyId: a.companyId, role: 100 });
    const staff = await t.login(user.email);
    expect((await api('GET', '/api/company/getsnelstartauthurl', undefined, staff)).status).toBe(403);
    expect(
      (await api('POST', '/api/integrations/snelstart/link', { client_key: snel.clientKey }, staff)).status,
    ).toBe(403);
  });

  it('unlinks, and links again with the new key', async () => {
    const [mine] = await ok('GET', `/api/integrations/listforcompany/${a.companyId}`);
    expect((await ok('DELETE', `/api/integrations/snelstart/${mine.id}`)).message).toBe(
      'SnelStart is ontkoppeld.',
    );
    expect(await ok('GET', `/api/integrations/listforcompany/${a.companyId}`)).toEqual([]);
    expect(
      (await ok('POST', '/api/integrations/snelstart/link', { client_key: snel.clientKey })).message,
    ).toBe('SnelStart is gekoppeld.');
  });
});
