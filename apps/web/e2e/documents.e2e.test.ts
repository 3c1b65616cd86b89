import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SmtpSink, startSmtpSink } from '../../server/test/smtp-sink';
import { seriousA11yViolations } from './admin-helpers';
import { api as callApi, type Json, shot as takeShot } from './flows-helpers';
import { DEMO_PASSWORD, type E2eApp, login, startApp } from './harness';

// A quotation from a demo flow to the customer's mailbox and back, as Sanne: the standard template,
// products, widgets reordered, sent with the PDF through a real SMTP server, rolled back, confirmed.

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
const euro = (n: number) => new Intl.NumberFormat('nl-NL', { style: 'currency', currency: 'EUR' }).format(n);

function pdfText(pdf: Buffer): string {
  const dir = mkdtempSync(join(tmpdir(), 'e2e-pdf-'));
  writeFileSync(join(dir, 'q.pdf'), pdf);
  return execFileSync('pdftotext', ['-layout', join(dir, 'q.pdf'), '-']).toString('utf8');
}

describe('quotations', () => {
  it('from a demo flow: standard template, products, reorder, send with the PDF, roll back, confirmation', {
    timeout: 180_000,
  }, async () => {
    const flows = await api<{
      data: { id: number; relation_id: number; partner_project_id: number | null }[];
    }>('GET', '/api/flow/querypaginated?status=intake&limit=100');
    // A flow of the company's own, not one of the demo's partner project (those start from their type model).
    const flowId = flows.data.find((f) => f.partner_project_id === null)!.id;
    await go(`/flow_detail/${flowId}`);
    const card = page
      .getByRole('region', { name: 'Offertes en documenten' })
      .or(page.locator('section', { has: page.getByRole('heading', { name: 'Offertes en documenten' }) }));
    await card.first().getByRole('button', { name: 'Nieuwe offerte' }).click();
    const create = page.getByRole('dialog', { name: 'Nieuwe offerte' });
    await create.getByRole('button', { name: 'Aanmaken' }).click();
    await page.waitForURL(/#\/quotation_detail\/\d+/);
    const quotationId = Number(page.url().match(/quotation_detail\/(\d+)/)![1]);
    const widgets = page.getByRole('region', { name: 'Inhoud' });
    // The demo company's standard template.
    await widgets.getByText('Prijsopgave').first().waitFor();
    const flow = await api<{ flow_status: string }>('GET', `/api/flow/${flowId}`);
    expect(flow.flow_status).toBe('quotation');

    // Products through the calculation modal.
    await page.getByRole('button', { name: 'Calculatie bewerken' }).click();
    const calc = page.getByRole('dialog', { name: /^Calculatie/ });
    await calc.getByLabel('Product toevoegen').fill('Zonnepaneel 410');
    await page.getByRole('option', { name: /Zonnepaneel 410 Wp full black/ }).click();
    await calc.locator('[data-testid^="calculation-line-"]').first().waitFor();
    await calc.getByLabel('Product toevoegen').fill('Omvormer');
    await page.getByRole('option', { name: /Omvormer 3,6 kW/ }).click();
    await expect.poll(() => calc.locator('[data-testid^="calculation-line-"]').count()).toBe(2);
    await calc.getByRole('button', { name: 'Sluiten' }).first().click();
    await calc.waitFor({ state: 'hidden' });
    const doc = await api<{
      calculation: { amount_inc_vat: number };
      documentwidgets: { id: number; description: string }[];
    }>('GET', `/api/quotation/${quotationId}`);
    const total = euro(doc.calculation.amount_inc_vat);
    expect(doc.calculation.amount_inc_vat).toBeGreaterThan(0);
    const totals = page.getByRole('region', { name: 'Calculatie' });
    await totals.getByText(total).last().waitFor();

    // Reorder with the mouse: the second widget moves one down.
    const second = doc.documentwidgets[1]!;
    const handle = widgets.getByRole('button', { name: `Verslepen: ${second.description}` });
    const next = widgets.getByRole('button', { name: `Verslepen: ${doc.documentwidgets[2]!.description}` });
    // A drag that starts while the list re-renders (the calculation's live update) is dropped by the
    // browser; a user drags again, and so does this test (at most three times).
    const dragOnce = async () => {
      const saved = page
        .waitForResponse(
          (r) => r.url().endsWith(`/api/documentwidget/${second.id}`) && r.request().method() === 'PATCH',
          { timeout: 5000 },
        )
        .catch(() => null);
      await handle.scrollIntoViewIfNeeded();
      const from = (await handle.boundingBox())!;
      const to = (await next.boundingBox())!;
      await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
      await page.mouse.down();
      // Small steps with a frame between them: the sensor activates, then the list measures and sorts.
      for (let step = 1; step <= 12; step++) {
        await page.mouse.move(
          from.x + from.width / 2,
          from.y + from.height / 2 + ((to.y - from.y + 30) * step) / 12,
        );
        await page.waitForTimeout(40);
      }
      await page.waitForTimeout(150);
      await page.mouse.up();
      return saved;
    };
    let moved = await dragOnce();
    for (let attempt = 1; !moved && attempt < 3; attempt++) moved = await dragOnce();
    expect(moved?.status()).toBe(200);
    const after = await api<{ documentwidgets: { id: number }[] }>('GET', `/api/quotation/${quotationId}`);
    expect(after.documentwidgets[2]!.id).toBe(second.id);

    // The preview is the renderer's HTML in a sandbox.
    const frame = page.locator('iframe[title="Voorbeeld"]');
    await frame.first().waitFor({ state: 'attached' });
    expect(await frame.first().getAttribute('sandbox')).toBe('');
    await shot('quotation-detail');
    expect(await seriousA11yViolations(page)).toEqual([]);

    // Send: mail template of the kind, PDF attached, through SMTP.
    await page.getByRole('button', { name: 'Versturen', exact: true }).click();
    const send = page.getByRole('dialog', { name: 'Versturen' });
    await expect.poll(() => send.getByLabel('Onderwerp').inputValue()).toMatch(/^Uw offerte \d+/);
    // One dialog: the question beside its button, then a notice.
    await send.getByText('Email versturen?').waitFor();
    await send.getByRole('button', { name: 'Versturen' }).click();
    await page.getByText('Verstuurd. De klant ontvangt de e-mail met de link en de PDF.').waitFor();
    const [mail] = await smtp.waitFor(1, 30_000);
    const parsed = await simpleParser(mail!.raw, { skipImageLinks: true });
    const pdf = parsed.attachments.find((a) => a.contentType === 'application/pdf')!;
    expect(pdf.filename).toMatch(/^Offerte \d+/);
    const text = pdfText(pdf.content);
    expect(text).toContain('Zonnepaneel 410 Wp full black');
    expect(text).toContain('Omvormer 3,6 kW');
    expect(text.replace(/\s+/g, ' ')).toContain(total.replace(/\s+/g, ' '));
    expect(parsed.html).toContain(`#/customer_quotation_detail/`);
    const sent = await api<{ status: string; versions: unknown[] }>('GET', `/api/quotation/${quotationId}`);
    expect(sent).toMatchObject({ status: 'sent' });
    expect(sent.versions).toHaveLength(1);
    await page.getByText('verstuurd', { exact: true }).first().waitFor();

    // Roll back to concept.
    await page.getByRole('button', { name: 'Acties', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Status terugzetten' }).click();
    const rollback = page.getByRole('dialog', { name: 'Status terugzetten' });
    await rollback.getByRole('button', { name: 'Status terugzetten' }).click();
    await expect
      .poll(async () => (await api<{ status: string }>('GET', `/api/quotation/${quotationId}`)).status)
      .toBe('draft');

    // The order confirmation from it.
    await page.getByRole('button', { name: 'Acties', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Opdrachtbevestiging maken' }).click();
    await page.waitForURL(/#\/confirmation_detail\/\d+/);
    const confirmationId = Number(page.url().match(/confirmation_detail\/(\d+)/)![1]);
    const confirmation = await api<{ source: { id: number }; calculation: { amount_inc_vat: number } }>(
      'GET',
      `/api/confirmation/${confirmationId}`,
    );
    expect(confirmation.source.id).toBe(quotationId);
    expect(euro(confirmation.calculation.amount_inc_vat)).toBe(total);
    await page.getByRole('region', { name: 'Calculatie' }).getByText(total).last().waitFor();
    await shot('confirmation-detail');

    // A script in custom HTML never runs in the staff preview (a sandboxed frame).
    // The helper spreads an answer into an object: a list comes back keyed by position.
    const types = Object.values(
      await api<Record<string, { id: number; tag: string }>>('GET', '/api/documentwidgettype'),
    );
    await api('POST', '/api/documentwidget', {
      document_id: confirmationId,
      document_widget_type_id: types.find((x) => x?.tag === 'CUSTOMHTML')!.id,
      textcontent:
        '<p id="doel">Eigen blok</p><script>document.getElementById("doel").textContent = "GEHACKT";</script>',
    });
    await page.reload();
    const preview = page.frameLocator('iframe[title="Voorbeeld"]').first();
    await preview.getByText('Eigen blok').waitFor();
    expect(await preview.getByText('GEHACKT').count()).toBe(0);
  });

  it('lists quotations by status on the server', async () => {
    await go('/quotation_overview');
    await page.getByRole('heading', { name: 'Offertes', exact: true }).waitFor();
    const rows = await api<{ pagination: { total: number } }>('GET', '/api/quotation?status=approved');
    expect(rows.pagination.total).toBeGreaterThan(0);
    await shot('quotation-overview');
    expect(await seriousA11yViolations(page)).toEqual([]);
  });
});
