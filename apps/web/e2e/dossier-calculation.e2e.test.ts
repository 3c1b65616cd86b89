import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shot } from './admin-helpers';
import { DEMO_PASSWORD, type E2eApp, login, sidewaysOverflow, startApp } from './harness';

// Decision 037, as Sanne on the demo: 'Nieuwe offerte' on a dossier with two calculations asks which one,
// the quotation starts with a copy of it, and its calculation menu can take over the other one.

let app: E2eApp;

beforeAll(async () => {
  app = await startApp();
});
afterAll(async () => app?.stop());

async function call<T>(page: Page, method: string, path: string, body?: unknown): Promise<T> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const res = await fetch(path, {
        method,
        headers: {
          authorization: `Bearer ${localStorage.getItem('im.token')}`,
          'content-type': 'application/json',
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (!res.ok) throw new Error(`${method} ${path}: ${res.status}`);
      return res.json();
    },
    { method, path, body },
  ) as Promise<T>;
}

interface Row {
  id: number;
  amount_inc_vat: number;
  document: { id: number } | null;
}

/** A demo flow with two dossier calculations of different totals; answers the flow and both. */
async function flowWithTwoCalculations(page: Page) {
  const flows = await call<{ data: { id: number; description: string }[] }>(
    page,
    'GET',
    '/api/flow/querypaginated?status=intake&limit=5',
  );
  const flow = flows.data[0]!;
  for (const [name, rate] of [
    ['Zonnepanelen 12 stuks', '5000'],
    ['Thuisbatterij 10 kWh', '6000'],
  ] as const) {
    const calc = await call<{ id: number }>(page, 'POST', '/api/calculation', {
      flow_id: flow.id,
      template_id: null,
    });
    await call(page, 'POST', '/api/calculationitem', {
      calculation_id: calc.id,
      item_name: name,
      unit_rate_exc_manual: rate,
      vat_percentage: 21,
    });
  }
  const rows = await call<Row[]>(page, 'GET', `/api/calculation?flow_id=${flow.id}`);
  return { flow, dossier: rows.filter((r) => r.document === null) };
}

describe('one calculation from dossier to quotation', () => {
  for (const device of [
    { name: 'desk', width: 1280, height: 800, touch: false },
    { name: 'phone', width: 390, height: 844, touch: true },
  ]) {
    it(`asks which dossier calculation and copies it (${device.width} px)`, {
      timeout: 180_000,
    }, async () => {
      const page = await app.newPage(device);
      await login(page, app.baseUrl, 'sanne@zonnestroom-noord.nl', DEMO_PASSWORD);
      await page.waitForURL(/#\/dashboard/);
      const { flow, dossier } = await flowWithTwoCalculations(page);
      expect(dossier.length).toBeGreaterThanOrEqual(2);
      const chosen = dossier.find((r) => r.amount_inc_vat === 6050)!;

      await page.goto(`${app.baseUrl}/#/flow_detail/${flow.id}`);
      const card = page.locator('section', {
        has: page.getByRole('heading', { name: 'Offertes en documenten' }),
      });
      await card.getByRole('button', { name: 'Nieuwe offerte' }).click();
      const dialog = page.getByRole('dialog', { name: 'Nieuwe offerte' });
      await dialog.getByRole('button', { name: 'Aanmaken' }).click();
      await dialog.getByText('Dit dossier heeft meer calculaties: kies welke u gebruikt.').waitFor();
      await dialog.getByRole('combobox', { name: /^Calculatie/ }).click();
      await page.getByRole('option', { name: new RegExp(`^Calculatie ${chosen.id} `) }).click();
      await shot(page, `dossier-calculation-choice-${device.width}`, { isDialog: true });
      expect(await sidewaysOverflow(page)).toBe(0);
      await dialog.getByRole('button', { name: 'Aanmaken' }).click();
      await page.waitForURL(/#\/quotation_detail\/\d+/);
      const quotationId = Number(page.url().match(/quotation_detail\/(\d+)/)![1]);

      const quotation = await call<{
        title: string;
        calculation_id: number;
        calculation: { amount_inc_vat: number; calculationitems: { item_name: string }[] };
      }>(page, 'GET', `/api/quotation/${quotationId}`);
      expect(quotation.calculation.calculationitems.map((i) => i.item_name)).toEqual([
        'Zonnepanelen 12 stuks',
      ]);
      expect(quotation.calculation.amount_inc_vat).toBe(6050);
      expect(quotation.calculation_id).not.toBe(chosen.id);
      if (flow.description) expect(quotation.title).not.toContain(flow.description);
      const totals = page.getByRole('region', { name: 'Calculatie' });
      await totals
        .getByText(/6\.050,00/)
        .last()
        .waitFor();
      await shot(page, `dossier-calculation-quotation-${device.width}`);

      // The quotation's calculation menu takes over the other dossier calculation.
      await page.getByRole('button', { name: 'Calculatie bewerken' }).click();
      const calc = page.getByRole('dialog', { name: /^Calculatie/ });
      await calc.getByRole('button', { name: 'Acties', exact: true }).click();
      await page.getByRole('menuitem', { name: 'Dossiercalculatie overnemen' }).click();
      const takeOver = page.getByRole('dialog', { name: 'Dossiercalculatie overnemen' });
      await takeOver.getByRole('combobox', { name: 'Calculatie van het dossier' }).click();
      const other = dossier.find((r) => r.amount_inc_vat === 7260)!;
      await page.getByRole('option', { name: new RegExp(`^Calculatie ${other.id} `) }).click();
      await shot(page, `dossier-calculation-take-over-${device.width}`, { isDialog: true });
      await takeOver.getByRole('button', { name: 'Overnemen' }).click();
      await page
        .getByRole('dialog')
        .filter({ hasText: 'Doorgaan?' })
        .getByRole('button', { name: 'Bevestigen' })
        .click();
      await page.getByText('Dossiercalculatie overgenomen').waitFor();
      const after = await call<{ calculation: { amount_inc_vat: number } }>(
        page,
        'GET',
        `/api/quotation/${quotationId}`,
      );
      expect(after.calculation.amount_inc_vat).toBe(7260);
      await page.close();
    });
  }
});
