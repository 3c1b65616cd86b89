// Payments on invoices, the overdue overview's owed amounts, payment reminders and 'factuur vervallen'
// (decision 031).
import { amsterdamDay } from '@im/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSalesCompany, createTestRelation } from '../../../test/crm-factories';
import { startFakeMollie } from '../../../test/fake-mollie';
import { startTestServer, type TestServer } from '../../../test/test-server';
import { announceOverdueInvoices } from './announce-overdue-invoices';

let t: TestServer;
let mollie: Awaited<ReturnType<typeof startFakeMollie>>;
let a: { companyId: number; token: string; userId: number };
let b: { companyId: number; token: string; userId: number };
let flowId: number;

const EMAIL = 'klant.betaling@voorbeeld.nl';

beforeAll(async () => {
  mollie = await startFakeMollie();
  t = await startTestServer({ config: { MOLLIE_API_URL: mollie.baseUrl } });
  a = await createSalesCompany(t, { name: 'Betalingen A' });
  b = await createSalesCompany(t, { name: 'Betalingen B' });
  const rel = await createTestRelation(t, a.token, { createnewflow: true, email: EMAIL });
  flowId = rel.flows[0].id;
  for (const [type, subject, message] of [
    [
      'paymentreminder',
      'Herinnering factuur {{ document.nummer }}',
      '<p>Er staat nog {{ factuur.openstaand }} open, {{ factuur.dagen_te_laat }} dagen te laat.</p>',
    ],
    [
      'paymentnotice',
      'Aanmaning factuur {{ document.nummer }}',
      '<p>Aanmaning: {{ factuur.openstaand }} ({{ factuur.dagen_te_laat }} dagen).</p>',
    ],
  ] as const)
    await created('/api/mailtemplate', { template_type: type, description: type, subject, message });
}, 90_000);
afterAll(async () => {
  await t?.close();
  await mollie?.close();
});

const api = (method: string, path: string, body?: unknown, token = a.token) =>
  t.api(method, path, { token, body });

async function created(path: string, body: unknown, token = a.token) {
  const res = await api('POST', path, body, token);
  if (res.status !== 201) throw new Error(`${path}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

async function ok(method: string, path: string, body?: unknown) {
  const res = await api(method, path, body);
  if (res.status !== 200) throw new Error(`${path}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

const platformSql = (text: string) => t.server.deps.db.platform((tx) => tx.execute(text as never));
const today = () => amsterdamDay(new Date());
const daysAgo = (n: number) => amsterdamDay(new Date(Date.now() - n * 86_400_000));

/** A sent invoice of one line at 21% (excl. VAT `rate`), due `overdueDays` ago when given. */
async function sentInvoice(rate: number, overdueDays?: number) {
  const c = await created('/api/confirmation', { flow_id: flowId, title: 'Warmtepomp' });
  await created('/api/calculationitem', {
    calculation_id: c.calculation_id,
    item_name: 'Warmtepomp lucht/water',
    unit_rate_exc_manual: String(rate),
    percentage_vat_21: 100,
  });
  const inv = await created(`/api/confirmation/${c.id}/createinvoicefromconfirmation`, {});
  const sent = await api('POST', `/api/invoice/${inv.id}/sendemail`, { dontsentbutmarksent: 1 });
  if (sent.status !== 200) throw new Error(JSON.stringify(sent.body));
  if (overdueDays !== undefined)
    await platformSql(
      `update sales_document set enddate = (now() at time zone 'Europe/Amsterdam')::date - ${overdueDays} where id = ${inv.id}`,
    );
  return sent.body as { id: number; number: number; hash: string; invoice: { billed: { inc: number } } };
}

const pay = (id: number, body: unknown, token = a.token) =>
  api('POST', `/api/invoice/${id}/payment`, body, token);

const overdueRow = async (id: number) => {
  const page = await ok('GET', '/api/invoice/overdue?limit=100');
  return { page, row: page.data.find((r: { id: number }) => r.id === id) };
};

describe('payments', () => {
  it('two partial payments settle an invoice exactly; the last one paid it, on its day', async () => {
    // 1234.57 excl. + 21% = 1493.83 incl.
    const inv = await sentInvoice(1234.57);
    expect(inv.invoice.billed.inc).toBe(1493.83);
    const first = await pay(inv.id, { paid_on: daysAgo(3), amount: '1000,01', note: 'Eerste termijn' });
    expect(first.status).toBe(201);
    expect(first.body.status).toBe('sent');
    expect(first.body.invoice).toMatchObject({ paid_total: 1000.01, owed: 493.82, date_paid: null });
    expect(first.body.invoice.payments).toEqual([
      expect.objectContaining({
        paid_on: daysAgo(3),
        amount: 1000.01,
        method: 'handmatig',
        note: 'Eerste termijn',
      }),
    ]);
    expect(first.body.invoice.payments[0].created_by_name).toBeTruthy();
    // The customer's invoice page shows what is still owed, not only what was billed (decision 044).
    const page = await t.api('GET', `/api/invoice/${inv.hash}/getbycustomer`, {});
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ billed_inc: 1493.83, paid_inc: 1000.01, owed_inc: 493.82 });
    // More than is owed is refused, in Dutch, naming what is owed.
    const over = await pay(inv.id, { paid_on: today(), amount: 493.83 });
    expect(over.status).toBe(422);
    expect(over.body.errors.amount).toEqual(['Dit is meer dan er openstaat (€\u00a0493,82).']);
    const second = await pay(inv.id, { paid_on: daysAgo(1), amount: 493.82 });
    expect(second.status).toBe(201);
    expect(second.body.status).toBe('paid');
    expect(second.body.invoice).toMatchObject({ paid_total: 1493.83, owed: 0 });
    expect(second.body.invoice.date_paid.slice(0, 10)).toBe(daysAgo(1));
    expect(second.body.invoice.due.text).toBe('betaald');
    // Nothing is owed any more.
    const more = await pay(inv.id, { paid_on: today(), amount: 1 });
    expect(more.status).toBe(409);
    expect(more.body.message).toBe('Er staat op deze factuur niets meer open.');
    // The log says what happened.
    const log = await t.server.deps.db.tenant({ companyId: a.companyId }, (tx) =>
      tx.execute<{ description: string }>(
        sql`select description from log_item where loggable_type = 'invoice' and loggable_id = ${inv.id} order by id`,
      ),
    );
    const lines = log.rows.map((r) => r.description);
    expect(lines).toContain(`Betaling van €\u00a01.000,01 geregistreerd op factuur ${inv.number}`);
    expect(lines.some((l) => l.includes('naar betaald'))).toBe(true);

    // Deleting a payment of the paid invoice sets it back to sent, owing that payment again.
    const del = await api('DELETE', `/api/invoice/${inv.id}/payment/${second.body.invoice.payments[1].id}`);
    expect(del.status).toBe(200);
    expect(del.body.status).toBe('sent');
    expect(del.body.invoice).toMatchObject({ paid_total: 1000.01, owed: 493.82, date_paid: null });
    expect(
      (await api('DELETE', `/api/invoice/${inv.id}/payment/${second.body.invoice.payments[1].id}`)).status,
    ).toBe(404);
  });

  it('refuses negative, zero, garbage, future and missing input with Dutch 422s; a draft has nothing to pay', async () => {
    const inv = await sentInvoice(100);
    for (const [body, field] of [
      [{ paid_on: today(), amount: -5 }, 'amount'],
      [{ paid_on: today(), amount: 0 }, 'amount'],
      [{ paid_on: today(), amount: 'veel' }, 'amount'],
      [{ paid_on: today(), amount: '1e308' }, 'amount'],
      [{ paid_on: today(), amount: 10.001 }, 'amount'],
      [{ paid_on: today() }, 'amount'],
      [{ paid_on: '2026-02-30', amount: 10 }, 'paid_on'],
      [{ paid_on: 'gisteren', amount: 10 }, 'paid_on'],
      [{ paid_on: amsterdamDay(new Date(Date.now() + 3 * 86_400_000)), amount: 10 }, 'paid_on'],
    ] as const) {
      const res = await pay(inv.id, body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body.errors[field]?.[0], JSON.stringify(res.body)).toMatch(/^[A-Z][a-z]/);
    }
    expect((await pay(inv.id, { paid_on: today(), amount: -5 })).body.errors.amount).toEqual([
      'Vul een bedrag groter dan € 0,00 in.',
    ]);
    expect((await ok('GET', `/api/invoice/${inv.id}`)).invoice.payments).toEqual([]);
    const c = await created('/api/confirmation', { flow_id: flowId, title: 'Concept' });
    const draft = await created(`/api/confirmation/${c.id}/createinvoicefromconfirmation`, {});
    const res = await pay(draft.id, { paid_on: today(), amount: 1 });
    expect(res.status).toBe(409);
  });

  it("another company's invoice and payments are 404", async () => {
    const inv = await sentInvoice(200);
    const paid = await pay(inv.id, { paid_on: today(), amount: 10 });
    const paymentId = paid.body.invoice.payments[0].id;
    expect((await pay(inv.id, { paid_on: today(), amount: 10 }, b.token)).status).toBe(404);
    expect(
      (await api('DELETE', `/api/invoice/${inv.id}/payment/${paymentId}`, undefined, b.token)).status,
    ).toBe(404);
    expect(
      (await api('POST', `/api/invoice/${inv.id}/sendpaymentreminder`, { level: 'reminder' }, b.token))
        .status,
    ).toBe(404);
    // A payment id of another invoice of the company is not this invoice's.
    const other = await sentInvoice(50);
    expect((await api('DELETE', `/api/invoice/${other.id}/payment/${paymentId}`)).status).toBe(404);
    expect((await ok('GET', `/api/invoice/${inv.id}`)).invoice.paid_total).toBe(10);
  });

  it('marking paid registers what is still owed today; rolling back removes that payment', async () => {
    const inv = await sentInvoice(300); // 363.00
    await pay(inv.id, { paid_on: daysAgo(2), amount: 63 });
    const paid = await ok('PATCH', `/api/invoice/${inv.id}`, { status: 'paid' });
    expect(paid.status).toBe('paid');
    expect(paid.invoice).toMatchObject({ paid_total: 363, owed: 0 });
    expect(
      paid.invoice.payments.map((p: { amount: number; paid_on: string }) => [p.amount, p.paid_on]),
    ).toEqual([
      [63, daysAgo(2)],
      [300, today()],
    ]);
    const back = await ok('PATCH', `/api/invoice/${inv.id}`, {
      status: 'sent',
      update_reason: 'rollbackstatus',
    });
    expect(back.status).toBe('sent');
    expect(back.invoice).toMatchObject({ paid_total: 63, owed: 300 });
  });

  it('a verified Mollie payment registers a payment for what is owed and settles the invoice', async () => {
    await ok('PATCH', '/api/company/invoicesettings', {
      payment_provider: 'mollie',
      payment_api_key: mollie.apiKey,
    });
    const inv = await sentInvoice(1000); // 1210.00, the link made on sending
    await pay(inv.id, { paid_on: today(), amount: 210 });
    const link = await ok('POST', `/api/invoice/${inv.id}/renewpayment`);
    expect(mollie.payments.get(link.payment_id)?.amount.value).toBe('1000.00');
    mollie.pay(link.payment_id);
    for (let i = 0; i < 2; i++)
      await fetch(`${t.baseUrl}/api/invoice/${inv.hash}/paymentwebhook`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: `id=${link.payment_id}`,
      });
    const after = await ok('GET', `/api/invoice/${inv.id}`);
    expect(after.status).toBe('paid');
    expect(
      after.invoice.payments.map((p: { method: string; amount: number }) => [p.method, p.amount]),
    ).toEqual([
      ['handmatig', 210],
      ['mollie', 1000],
    ]);
    await ok('PATCH', '/api/company/invoicesettings', { payment_provider: null, payment_api_key: '' });
  });
});

describe('the payment link follows what is owed', () => {
  /** The fake's checkout pages are `${origin}/checkout/{paymentId}`. */
  const linkAmount = (url: string | null) => mollie.payments.get(String(url).split('/').pop()!)?.amount.value;

  it('a payment by hand replaces the open link with one for the rest; removing it does so again', async () => {
    await ok('PATCH', '/api/company/invoicesettings', {
      payment_provider: 'mollie',
      payment_api_key: mollie.apiKey,
    });
    const inv = await sentInvoice(1000); // 1210.00, the link made on sending
    const first = (await ok('GET', `/api/invoice/${inv.id}`)).invoice.payment_url as string;
    expect(linkAmount(first)).toBe('1210.00');

    const paid = await pay(inv.id, { paid_on: today(), amount: 363 });
    expect(paid.status).toBe(201);
    const second = paid.body.invoice.payment_url as string;
    expect(second).not.toBe(first);
    expect(linkAmount(second)).toBe('847.00');
    const page = await t.api('GET', `/api/invoice/${inv.hash}/getbycustomer`);
    expect(page.body).toMatchObject({ owed_inc: 847, payment_url: second });

    // The old link, paid anyway, is more than is owed: not registered, but written in the invoice's log.
    const oldId = first.split('/').pop()!;
    mollie.pay(oldId);
    await fetch(`${t.baseUrl}/api/invoice/${inv.hash}/paymentwebhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `id=${oldId}`,
    });
    const log = await t.server.deps.db.tenant({ companyId: a.companyId }, (tx) =>
      tx.execute<{ description: string }>(
        sql`select description from log_item where loggable_type = 'invoice' and loggable_id = ${inv.id} order by id`,
      ),
    );
    const lines = log.rows.map((r) => r.description);
    expect(lines).toContain(
      `Betaling van €\u00a01.210,00 via Mollie ontvangen, hoger dan het openstaande bedrag van €\u00a0847,00: niet geregistreerd`,
    );
    expect(lines).toContain(
      `Betaallink van factuur ${inv.number} vervallen: het openstaande bedrag is veranderd`,
    );
    const still = await ok('GET', `/api/invoice/${inv.id}`);
    expect(still.invoice.payments).toHaveLength(1);

    const removed = await ok('DELETE', `/api/invoice/${inv.id}/payment/${still.invoice.payments[0].id}`);
    expect(linkAmount(removed.invoice.payment_url)).toBe('1210.00');
    await ok('PATCH', '/api/company/invoicesettings', { payment_provider: null, payment_api_key: '' });
  });
});

describe('the overdue overview', () => {
  it('counts expired invoices and what is owed after partial payments', async () => {
    const before = await ok('GET', '/api/invoice/overdue?limit=100');
    const expired = await sentInvoice(500, 11); // 605.00
    await ok('PATCH', `/api/invoice/${expired.id}`, { status: 'expired' });
    const partly = await sentInvoice(1000, 4); // 1210.00
    await pay(partly.id, { paid_on: today(), amount: '209.99' });
    const notYet = await sentInvoice(100, -2);
    const { page, row } = await overdueRow(expired.id);
    expect(row).toMatchObject({ status: 'expired', days_overdue: 11, billed_inc: 605, owed: 605 });
    const partRow = page.data.find((r: { id: number }) => r.id === partly.id);
    expect(partRow).toMatchObject({ status: 'sent', billed_inc: 1210, owed: 1000.01, days_overdue: 4 });
    expect(page.data.map((r: { id: number }) => r.id)).not.toContain(notYet.id);
    expect(page.pagination.total).toBe(before.pagination.total + 2);
    expect(page.total_outstanding).toBeCloseTo(before.total_outstanding + 605 + 1000.01, 2);
    // Paying the rest takes it off; deleting a payment brings it back.
    const settled = await pay(partly.id, { paid_on: today(), amount: 1000.01 });
    expect(settled.body.status).toBe('paid');
    expect((await overdueRow(partly.id)).row).toBeUndefined();
    await api('DELETE', `/api/invoice/${partly.id}/payment/${settled.body.invoice.payments[1].id}`);
    expect((await overdueRow(partly.id)).row).toMatchObject({ owed: 1000.01 });
    // An expired invoice paid in full leaves it as well.
    const paidExpired = await pay(expired.id, { paid_on: today(), amount: 605 });
    expect(paidExpired.body.status).toBe('paid');
    expect((await overdueRow(expired.id)).row).toBeUndefined();
  });
});

describe('payment reminders', () => {
  it('sends a reminder, then an aanmaning, with the owed amount, logged and shown in the overview', async () => {
    const inv = await sentInvoice(1000, 9); // 1210.00
    await pay(inv.id, { paid_on: today(), amount: '10.5' });
    const notDue = await sentInvoice(100);
    const early = await api('POST', `/api/invoice/${notDue.id}/sendpaymentreminder`, { level: 'reminder' });
    expect(early.status).toBe(409);
    expect(early.body.message).toBe(
      'Alleen een vervallen factuur met een openstaand bedrag krijgt een herinnering.',
    );
    const noticeFirst = await api('POST', `/api/invoice/${inv.id}/sendpaymentreminder`, { level: 'notice' });
    expect(noticeFirst.status).toBe(409);
    expect(noticeFirst.body.message).toBe('Stuur eerst een betalingsherinnering, daarna een aanmaning.');
    expect((await api('POST', `/api/invoice/${inv.id}/sendpaymentreminder`, { level: 'brief' })).status).toBe(
      422,
    );

    const sent = await ok('POST', `/api/invoice/${inv.id}/sendpaymentreminder`, { level: 'reminder' });
    expect(sent).toMatchObject({ level: 'reminder', to: EMAIL });
    const mails = async () =>
      (
        await t.server.deps.db.platform((tx) =>
          tx.execute<{ subject: string; html: string; to_address: string }>(
            sql`select subject, html, to_address from outbox_mail where to_address = ${EMAIL} and subject like ${`%factuur ${inv.number}`} order by id`,
          ),
        )
      ).rows;
    const [reminder] = await mails();
    expect(reminder?.subject).toBe(`Herinnering factuur ${inv.number}`);
    expect(reminder?.html).toContain('Er staat nog €&nbsp;1.199,50 open, 9 dagen te laat.');
    let { row } = await overdueRow(inv.id);
    expect(row.reminder_sent_at).toBe(sent.sent_at);
    expect(row.notice_sent_at).toBeNull();

    await ok('POST', `/api/invoice/${inv.id}/sendpaymentreminder`, { level: 'notice' });
    const all = await mails();
    expect(all).toHaveLength(2);
    expect(all[1]?.html).toContain('Aanmaning: €&nbsp;1.199,50 (9 dagen).');
    ({ row } = await overdueRow(inv.id));
    expect(row.notice_sent_at).not.toBeNull();
    const detail = await ok('GET', `/api/invoice/${inv.id}`);
    expect(detail.invoice.notice_sent_at).toBe(row.notice_sent_at);
    const log = await t.server.deps.db.tenant({ companyId: a.companyId }, (tx) =>
      tx.execute<{ description: string }>(
        sql`select description from log_item where loggable_type = 'invoice' and loggable_id = ${inv.id} order by id`,
      ),
    );
    expect(log.rows.map((r) => r.description)).toEqual(
      expect.arrayContaining([
        `Betalingsherinnering verstuurd voor factuur ${inv.number} aan ${EMAIL}`,
        `Aanmaning verstuurd voor factuur ${inv.number} aan ${EMAIL}`,
      ]),
    );
  });
});

describe("the trigger 'factuur vervallen'", () => {
  it('fires once per invoice past its due date with an amount owed; its rule sends the reminder', async () => {
    const rule = await created('/api/eventtriggerrule', {
      event_trigger_tag: 'invoice_overdue',
      type: 'send_payment_reminder',
      description: 'Herinnering bij vervallen factuur',
    });
    expect(rule.event_trigger_description).toBe('Factuur vervallen');
    // Invoices that are not yet due, or paid, are not announced.
    const paidLate = await sentInvoice(10, 3);
    await ok('PATCH', `/api/invoice/${paidLate.id}`, { status: 'paid' });
    const inv = await sentInvoice(400, 2); // 484.00
    await announceOverdueInvoices(t.server.deps.db);
    expect(await announceOverdueInvoices(t.server.deps.db)).toBe(0);
    const reminded = async () =>
      (
        await t.server.deps.db.platform((tx) =>
          tx.execute<{ html: string }>(
            sql`select html from outbox_mail where to_address = ${EMAIL} and subject = ${`Herinnering factuur ${inv.number}`}`,
          ),
        )
      ).rows;
    const end = Date.now() + 15_000;
    while ((await reminded()).length === 0 && Date.now() < end) await new Promise((r) => setTimeout(r, 100));
    const mails = await reminded();
    expect(mails).toHaveLength(1);
    expect(mails[0]?.html).toContain('Er staat nog €&nbsp;484,00 open, 2 dagen te laat.');
    expect((await ok('GET', `/api/invoice/${inv.id}`)).invoice.reminder_sent_at).not.toBeNull();
    const log = await t.server.deps.db.tenant({ companyId: a.companyId }, (tx) =>
      tx.execute<{ n: number }>(
        sql`select count(*)::int as n from log_item where loggable_type = 'invoice' and action = 'overdue' and loggable_id in (${inv.id}, ${paidLate.id})`,
      ),
    );
    expect(log.rows[0]?.n).toBe(1);
    await api('DELETE', `/api/eventtriggerrule/${rule.id}`);
  });
});
