import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PIPELINE_COLUMNS } from '../src/features/pipeline/types';
import { api, type Json } from './flows-helpers';
import { type E2eApp, SCREENSHOT_DIR, startApp } from './harness';
import { carryToRightEdge, columnInFront, dropAtRest, openBoard as openBoardAs } from './pipeline-helpers';

// The money path on the pipeline (decision 033), as Sanne on a phone (390 x 844, touch) and at a desk:
// an edge drag scrolls one column per dwell, a drop on 'Geannuleerd' asks to confirm with the cancel
// reason, a move can be undone, and the cards show the dossier's amount.

const SANNE = 'sanne@zonnestroom-noord.nl';
const COLUMNS = PIPELINE_COLUMNS;

let app: E2eApp;
let flow: { id: number; flow_status: (typeof COLUMNS)[number]; flow_phase_id: number | null };

beforeAll(async () => {
  app = await startApp();
  // A dossier late in the pipeline that may be cancelled (no sent invoice), on top of its column.
  const [picked] = await app.sql<typeof flow>(
    `select f.id, f.flow_status, f.flow_phase_id from flow f
     join company c on c.id = f.company_id and c.name = 'Zonnestroom Noord B.V.'
     where f.deleted_at is null and f.flow_status in ('aftercare', 'invoice', 'project')
       and not exists (select 1 from sales_document d where d.flow_id = f.id and d.kind = 'invoice'
                       and d.date_send is not null and not d.is_template)
     order by array_position(array['aftercare', 'invoice', 'project'], f.flow_status::text), f.id limit 1`,
  );
  if (!picked) throw new Error('the demo has no dossier to cancel');
  flow = picked;
  await app.sql(`update flow set updated_at = now() + interval '1 hour' where id = $1`, [flow.id]);
});
afterAll(async () => app?.stop());

const openBoard = (page: Page) => openBoardAs(page, app.baseUrl, SANNE);

const flowNow = (page: Page) =>
  api<Json & { flow_status: string; flow_phase_id: number | null }>(page, 'GET', `/api/flow/${flow.id}`);

describe('the pipeline on a phone', () => {
  // The undo of a move is shown at a desk below (a mouse drag); pipeline.screen.test.tsx covers it too.
  it('an edge drag scrolls a column at a time; a drop on Geannuleerd asks first', async () => {
    const page = await app.newPage({ width: 390, height: 844, touch: true });
    await openBoard(page);
    const cdp = await page.context().newCDPSession(page);
    const strip = page.getByRole('tablist', { name: 'Kolommen' });
    const from = COLUMNS.indexOf(flow.flow_status);
    const column = (index: number) => page.locator(`[data-column="${COLUMNS[index]}"]`);
    const card = page.locator(`[data-column="${flow.flow_status}"] [data-lead-id="${flow.id}"]`);
    const shown = () => columnInFront(page);

    // The quotations with their amounts, as a phone shows them.
    await strip.getByRole('tab').nth(2).click();
    await expect.poll(shown).toBe(2);
    await column(2).locator('[title^="Bedrag incl. btw"]').first().waitFor();
    await page.screenshot({ path: `${SCREENSHOT_DIR}/pipeline/phone-amounts.png` });

    // Bring the dossier's column in front through the strip.
    await strip.getByRole('tab').nth(from).click();
    await expect.poll(shown).toBe(from);
    await card.waitFor();
    await expect.poll(async () => Math.round((await column(from).boundingBox())!.x)).toBeLessThan(20);

    // Held at the edge, the board moves one column, then one more only after the dwell.
    const changes = await carryToRightEdge(page, cdp, card, COLUMNS.length - 1);
    expect(changes.map((c) => c.column)).toEqual(
      Array.from({ length: COLUMNS.length - 1 - from }, (_, i) => from + 1 + i),
    );
    for (let i = 1; i < changes.length; i++) expect(changes[i]!.at - changes[i - 1]!.at).toBeGreaterThan(500);
    await dropAtRest(page, cdp);

    // The drop on Geannuleerd asks to confirm, with the company's cancel reasons.
    const dialog = page.getByRole('dialog', { name: 'Dossier annuleren' });
    await dialog.waitFor();
    await dialog.getByRole('combobox', { name: /^Reden/ }).click();
    await page.getByRole('option', { name: 'Te duur' }).waitFor();
    await page.screenshot({ path: `${SCREENSHOT_DIR}/pipeline/phone-cancel-asks.png` });
    await page.getByRole('option', { name: 'Te duur' }).click();
    await dialog.getByRole('button', { name: 'Niet annuleren' }).click();
    await dialog.waitFor({ state: 'detached' });
    // Declined: the dossier stays where it was, on screen and on the server.
    await page.waitForTimeout(500);
    expect((await flowNow(page)).flow_status).toBe(flow.flow_status);
    expect(await page.locator(`[data-column="cancelled"] [data-lead-id="${flow.id}"]`).count()).toBe(0);
    await card.waitFor({ state: 'attached' });

    await page.context().close();
  }, 120_000);
});

describe('the pipeline at a desk', () => {
  it('shows each dossier amount incl. VAT and the column sums', async () => {
    const page = await app.newPage({ width: 1280, height: 800 });
    await openBoard(page);
    const amounts = page.locator('[data-column="quotation"] [title^="Bedrag incl. btw"]');
    await amounts.first().waitFor();
    expect(await amounts.first().textContent()).toMatch(/^€\s[\d.]+,\d{2}$/);
    expect(
      await page.locator('[data-column="quotation"] [data-testid="column-amount"]').textContent(),
    ).toMatch(/^€\s[\d.]+,\d{2}$/);
    await page.screenshot({ path: `${SCREENSHOT_DIR}/pipeline/desk-amounts.png` });
    await page.context().close();
  }, 60_000);

  it('a card dragged to the next column moves the dossier, and Ongedaan maken puts it back', async () => {
    const [lead] = await app.sql<{ id: number; flow_phase_id: number | null }>(
      `select f.id, f.flow_phase_id from flow f
       join company c on c.id = f.company_id and c.name = 'Zonnestroom Noord B.V.'
       where f.deleted_at is null and f.flow_status = 'new' order by f.updated_at desc, f.id limit 1`,
    );
    if (!lead) throw new Error('the demo has no lead');
    const page = await app.newPage({ width: 1280, height: 800 });
    await openBoard(page);
    const card = page.locator(`[data-column="new"] [data-lead-id="${lead.id}"]`);
    await card.scrollIntoViewIfNeeded();
    const from = (await card.boundingBox())!;
    const to = (await page.locator('[data-column="intake"]').boundingBox())!;
    // A mouse drags after a few pixels (a click still opens the card).
    await page.mouse.move(from.x + from.width / 2, from.y + 16);
    await page.mouse.down();
    await page.mouse.move(from.x + from.width / 2 + 12, from.y + 16, { steps: 3 });
    await page.mouse.move(to.x + to.width / 2, to.y + 120, { steps: 15 });
    await page.mouse.up();
    const status = async () =>
      (await api<Json & { flow_status: string }>(page, 'GET', `/api/flow/${lead.id}`)).flow_status;
    await expect.poll(status).toBe('intake');
    await page.locator(`[data-column="intake"] [data-lead-id="${lead.id}"]`).waitFor();
    await page.screenshot({ path: `${SCREENSHOT_DIR}/pipeline/desk-moved-undo.png` });

    await page.getByRole('button', { name: 'Ongedaan maken' }).click();
    await expect.poll(status).toBe('new');
    const back = await api<Json & { flow_phase_id: number | null }>(page, 'GET', `/api/flow/${lead.id}`);
    expect(back.flow_phase_id).toBe(lead.flow_phase_id);
    await page.locator(`[data-column="new"] [data-lead-id="${lead.id}"]`).waitFor();
    await page.context().close();
  }, 60_000);
});
