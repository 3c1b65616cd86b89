import { simpleParser } from 'mailparser';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SmtpSink, startSmtpSink } from '../../server/test/smtp-sink';
import { seriousA11yViolations } from './admin-helpers';
import { api as callApi, euro, type Json, pdfText, shot as takeShot } from './flows-helpers';
import { DEMO_PASSWORD, type E2eApp, login, startApp } from './harness';

// An order confirmation billed in two parts, as Sanne: 30% sent by mail with its PDF and e-invoice,
// then the rest, paid; the quarterly overview shows the VAT per rate.

let app: E2eApp;
let page: Page;
let smtp: SmtpSink;

beforeAll(async () => {
  smtp = await startSmtpSink();
  app = await startApp({
    env: { SMTP_URL: smtp.url, MAIL_FROM: 'Zonnestroom Noord <info@zonnestroom.test>' },
  });
  page = await app.newPage();
  await login(page, app.baseUrl, 'sanne@zonnestroom-noord.nl', DEMO_PASSWORD);
  await page.waitForURL(/#\/dashboard/);
});
afterAll(async () => {
  await app?.stop();
  await smtp?.close();
});

const go = async (hash: string) => page.goto(`${app.baseUrl}/#${hash}`);
const api = <T = Json>(method: string, path: string, body?: unknown) => callApi<T>(page, method, path, body);
const shot = (name: string) => takeShot(page, name);

async function confirmPrompt(text: string) {
  const prompt = page.getByRole('dialog').filter({ hasText: text });
  await prompt.getByRole('button', { name: 'Bevestigen' }).click();
}

async function actions(item: string) {
  await page.getByRole('button', { name: 'Acties', exact: true }).click();
  await page.getByRole('menuitem', { name: item, exact: true }).click();
}

interface Billed {
  exc_0: number;
  vat_9: number;
  vat_21: number;
  inc: number;
}
type Invoice = {
  id: number;
  number: number | null;
  status: string;
  invoice: { billed: Billed; partialinvoicetype: string | null; due: { text: string } };
};
type Quarter = { quarter: number; vat_9: number; vat_21: number; exc_0: number; invoices: number };

describe('invoices', () => {
  it('confirmation -> 30% -> sent with PDF and UBL -> rest -> paid; the quarter shows the VAT per rate', {
    timeout: 240_000,
  }, async () => {
    const year = new Date().getFullYear();
    const month = new Date().getMonth();
    const quarter = Math.floor(month / 3) + 1;
    const before = await api<{ quarters: Quarter[] }>('GET', `/api/invoice/quarterly?year=${year}`);

    // An approved order confirmation with solar panels at 0%, insulation labour at 9%, material at 21%.
    const flows = await api<{ data: { id: number; partner_project_id: number | null }[] }>(
      'GET',
      '/api/flow/querypaginated?status=project&limit=100',
    );
    // A flow of the company's own, not one of the demo's partner project (those start from their type model).
    const flowId = flows.data.find((f) => f.partner_project_id === null)!.id;
    const conf = await api<{ id: number; calculation_id: number }>('POST', '/api/confirmation', {
      flow_id: flowId,
      title: 'Zonnepanelen en spouwmuurisolatie',
    });
    for (const [name, rate, vat, amount] of [
      ['Zonnepanelen 400 Wp', '189.50', 0, '12'],
      ['Spouwmuurisolatie arbeid', '42.50', 9, '16'],
      ['Isolatiemateriaal', '18.75', 21, '40'],
    ] as const)
      await api('POST', '/api/calculationitem', {
        calculation_id: conf.calculation_id,
        item_name: name,
        unit_rate_exc_manual: rate,
        product_amount: amount,
        percentage_vat_0: vat === 0 ? 100 : 0,
        percentage_vat_9: vat === 9 ? 100 : 0,
        percentage_vat_21: vat === 21 ? 100 : 0,
      });
    await api('PATCH', `/api/confirmation/${conf.id}`, { status: 'approved' });
    const whole = await api<{ calculation: { amount_inc_vat: number } }>(
      'GET',
      `/api/confirmation/${conf.id}`,
    );

    // 'Factuur maken' on the confirmation: a partial invoice of 30%.
    await go(`/confirmation_detail/${conf.id}`);
    await page
      .getByRole('heading', { name: /^Opdrachtbevestiging/ })
      .first()
      .waitFor();
    await actions('Factuur maken');
    const create = page.getByRole('dialog', { name: 'Factuur maken' });
    await create
      .getByText(`Totaal van de calculatie incl. btw: ${euro(whole.calculation.amount_inc_vat)}`)
      .waitFor();
    await create.getByLabel('Deelfactuur: percentage').check();
    await create.getByRole('textbox', { name: /^Percentage/ }).fill('30');
    await create.getByRole('button', { name: 'Factuur maken' }).click();
    await page.waitForURL(/#\/invoice_detail\/\d+/);
    const firstId = Number(page.url().match(/invoice_detail\/(\d+)/)![1]);
    const card = page.getByRole('region', { name: 'Factuur', exact: true });
    await card.getByRole('heading', { name: 'Deelfactuur (percentage)' }).waitFor();
    await card.getByText('DRAFT').waitFor();
    await card.getByText('30% van het totaal').waitFor();
    const draft = await api<Invoice>('GET', `/api/invoice/${firstId}`);
    expect(draft.number).toBeNull();
    await card.getByText(euro(draft.invoice.billed.inc), { exact: true }).waitFor();
    await shot('invoice-partial-draft');
    expect(await seriousA11yViolations(page)).toEqual([]);

    // Send it by mail: 'Factuur versturen?'; the customer gets the PDF and the e-invoice.
    await page.getByRole('button', { name: 'Versturen', exact: true }).click();
    const send = page.getByRole('dialog', { name: 'Versturen' });
    await expect.poll(() => send.getByLabel('Onderwerp').inputValue()).toMatch(/^Factuur/);
    // One dialog: the question beside its button, then a notice.
    await send.getByText('Factuur versturen?').waitFor();
    await send.getByRole('button', { name: 'Versturen' }).click();
    await page.getByText('Verstuurd. De klant ontvangt de e-mail met de link en de PDF.').waitFor();
    const [mail] = await smtp.waitFor(1, 60_000);
    const parsed = await simpleParser(mail!.raw, { skipImageLinks: true });
    const pdf = parsed.attachments.find((a) => a.contentType === 'application/pdf')!;
    const ubl = parsed.attachments.find((a) => a.filename?.endsWith('.xml'))!;
    const sent = await api<Invoice>('GET', `/api/invoice/${firstId}`);
    expect(sent.status).toBe('sent');
    expect(sent.number).toBeGreaterThan(0);
    expect(pdf.filename).toMatch(new RegExp(`^Factuur ${sent.number}`));
    const text = pdfText(pdf.content).replace(/\s+/g, ' ');
    expect(text).toContain(`Factuurnummer ${sent.number}`);
    expect(text).toContain('Deelfactuur: 30% van het totaalbedrag');
    expect(text).toContain(euro(sent.invoice.billed.inc));
    const xml = ubl.content.toString('utf8');
    expect(xml).toContain(`<cbc:ID>${sent.number}</cbc:ID>`);
    expect(xml).toContain(
      `<cbc:PayableAmount currencyID="EUR">${sent.invoice.billed.inc.toFixed(2)}</cbc:PayableAmount>`,
    );
    expect(xml).toContain('<cbc:EmbeddedDocumentBinaryObject mimeCode="application/pdf"');
    // Sent means frozen: the editor shows the content, not the widget editing.
    await page.getByText('Deze factuur is verstuurd en kan niet meer worden gewijzigd.').waitFor();
    expect(await page.getByRole('button', { name: 'Widget toevoegen' }).count()).toBe(0);
    await card.getByText(/^over \d+ dag(en)?$/).waitFor();
    // The customer's page shows what was sent, with the PDF.
    const hash = (await api<{ hash: string }>('GET', `/api/invoice/${firstId}`)).hash;
    await go(`/customer_invoice_detail/${hash}`);
    await page.getByRole('heading', { name: `Factuur ${sent.number}` }).waitFor();
    await page.getByText(euro(sent.invoice.billed.inc), { exact: true }).waitFor();
    await page.getByRole('button', { name: 'PDF downloaden' }).waitFor();
    await shot('invoice-customer');
    expect(await seriousA11yViolations(page)).toEqual([]);

    // The rest invoice bills exactly what is left.
    await go(`/confirmation_detail/${conf.id}`);
    await page
      .getByRole('heading', { name: /^Opdrachtbevestiging/ })
      .first()
      .waitFor();
    await actions('Factuur maken');
    await create.getByLabel('Restfactuur (wat nog openstaat)').check();
    await create.getByRole('button', { name: 'Factuur maken' }).click();
    await page.waitForURL((url) => /invoice_detail\/\d+/.test(url.hash) && !url.hash.endsWith(`/${firstId}`));
    const restId = Number(page.url().match(/invoice_detail\/(\d+)/)![1]);
    await card.getByRole('heading', { name: 'Restfactuur' }).waitFor();
    const rest = await api<Invoice>('GET', `/api/invoice/${restId}`);
    expect(Math.round((rest.invoice.billed.inc + sent.invoice.billed.inc) * 100)).toBe(
      Math.round(whole.calculation.amount_inc_vat * 100),
    );
    await actions('Markeren als verstuurd');
    await confirmPrompt('Markeren als verstuurd zonder e-mail?');
    await expect
      .poll(async () => (await api<Invoice>('GET', `/api/invoice/${restId}`)).number)
      .toBe(sent.number! + 1);

    // Paid in two parts (decision 031): the dialog asks the day (today) and the amount (what is owed).
    const owed = rest.invoice.billed.inc;
    const firstPart = Math.floor(owed / 3);
    await actions('Markeren als betaald');
    let payDialog = page.getByRole('dialog', { name: 'Markeren als betaald' });
    await payDialog.getByLabel(/^Bedrag/).fill(String(firstPart));
    await payDialog.getByRole('button', { name: 'Betaling registreren' }).click();
    await payDialog.waitFor({ state: 'hidden' });
    const payments = card.getByRole('region', { name: 'Betalingen' });
    await payments.getByText(euro(owed - firstPart), { exact: true }).waitFor();
    await actions('Markeren als betaald');
    payDialog = page.getByRole('dialog', { name: 'Markeren als betaald' });
    await payDialog.getByRole('button', { name: 'Betaling registreren' }).click();
    await card.getByText('betaald', { exact: true }).waitFor();
    await expect.poll(async () => (await api<Invoice>('GET', `/api/invoice/${restId}`)).status).toBe('paid');
    await shot('invoice-rest-paid');

    // The quarterly overview: the two parts' VAT per rate added to this quarter.
    await go(`/invoice_overview_quarterly?year=${year}`);
    await page.getByRole('heading', { name: 'Kwartaaloverzicht facturen' }).waitFor();
    const after = await api<{ quarters: Quarter[] }>('GET', `/api/invoice/quarterly?year=${year}`);
    const q0 = before.quarters[quarter - 1]!;
    const q1 = after.quarters[quarter - 1]!;
    const parts = [sent.invoice.billed, rest.invoice.billed];
    const cents = (n: number) => Math.round(n * 100);
    expect(q1.invoices).toBe(q0.invoices + 2);
    expect(cents(q1.vat_9 - q0.vat_9)).toBe(cents(parts[0]!.vat_9 + parts[1]!.vat_9));
    expect(cents(q1.vat_21 - q0.vat_21)).toBe(cents(parts[0]!.vat_21 + parts[1]!.vat_21));
    expect(cents(q1.exc_0 - q0.exc_0)).toBe(cents(parts[0]!.exc_0 + parts[1]!.exc_0));
    const row = page.getByRole('row', { name: new RegExp(`^Q${quarter}\\b`) });
    await row.getByText(euro(q1.vat_9), { exact: true }).waitFor();
    await row.getByText(euro(q1.vat_21), { exact: true }).waitFor();
    await row.getByText(euro(q1.exc_0), { exact: true }).first().waitFor();
    await shot('invoice-quarterly');
    expect(await seriousA11yViolations(page)).toEqual([]);

    // The overdue overview lists sent invoices past due, oldest first (the demo has some).
    await go('/overdueinvoice_overview.html');
    await page.getByRole('heading', { name: 'Verlopen facturen' }).waitFor();
    await page.getByText(/^Totaal openstaand: /).waitFor();
    await shot('invoice-overdue');
  });
});
