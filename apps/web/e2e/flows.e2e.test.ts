import { FLOW_CANCEL_BLOCKED } from '@im/domain';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bigPipeline,
  api as callApi,
  chooseSelect,
  drag as dragCard,
  type Json,
  shot as takeShot,
} from './flows-helpers';
import { DEMO_PASSWORD, type E2eApp, login, startApp } from './harness';

// Flows, pipeline and global search through the served app, as Sanne (demo company).

let app: E2eApp;
let page: Page;
const RELATION = 'Ellen van Dijkstra';

beforeAll(async () => {
  app = await startApp();
  page = await app.newPage();
  await login(page, app.baseUrl, 'sanne@zonnestroom-noord.nl', DEMO_PASSWORD);
  await page.waitForURL(/#\/dashboard/);
});
afterAll(async () => app?.stop());

const go = async (hash: string) => page.goto(`${app.baseUrl}/#${hash}`);
const api = <T = Json>(method: string, path: string, body?: unknown) => callApi<T>(page, method, path, body);
const shot = (name: string) => takeShot(page, name);
const drag = (card: Locator, column: Locator) => dragCard(page, card, column);

let flowId = 0;
let relationId = 0;

describe('flows, pipeline and search', () => {
  it('creates a new relation with its flow from the flow overview', async () => {
    await go('/flow_overview');
    await page.getByRole('heading', { name: 'Dossiers' }).waitFor();
    await page.getByText('Laatst bekeken').waitFor();
    await shot('flow-overview');
    await page.getByRole('button', { name: 'Nieuw dossier' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nieuw dossier' });
    await dialog.getByLabel(/^Relatie/).fill(RELATION);
    await page.getByText(`${RELATION} (nieuw)`).click();
    await dialog.getByLabel('Omschrijving').fill('Warmtepomp en zonneboiler');
    await shot('flow-create-modal');
    await dialog.getByRole('button', { name: 'Aanmaken' }).click();
    await page.waitForURL(/#\/flow_detail\/\d+/);
    flowId = Number(page.url().match(/flow_detail\/(\d+)/)?.[1]);
    await page.getByRole('heading', { name: /^Dossier / }).waitFor();
    const flow = await api<Json & { relation_id: number; relation_fullname: string; description: string }>(
      'GET',
      `/api/flow/${flowId}`,
    );
    relationId = flow.relation_id;
    expect(flow).toMatchObject({
      relation_fullname: RELATION,
      description: 'Warmtepomp en zonneboiler',
      flow_status: 'new',
    });
    await page.getByText('Aanvraag').first().waitFor();
    await shot('flow-detail-home');
  });

  it('shows the dossier view: upload refused for text, accepted for PDF; lead dates', async () => {
    await page.getByRole('tab', { name: 'Dossier' }).click();
    await page.waitForURL(/options=dossier/);
    const files = page.getByRole('region', { name: 'Bestanden', exact: true });
    let chooser = page.waitForEvent('filechooser');
    await files.getByRole('button', { name: 'Bestand uploaden' }).click();
    await (await chooser).setFiles({
      name: 'notitie.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('geen pdf'),
    });
    await page.getByText('Let op! Alleen image and PDF bestanden kunnen worden geupload.').waitFor();
    chooser = page.waitForEvent('filechooser');
    await files.getByRole('button', { name: 'Bestand uploaden' }).click();
    const pdf = '%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF';
    await (await chooser).setFiles({
      name: 'offerte.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from(pdf),
    });
    await files.getByText('offerte.pdf').waitFor();
    await page.getByRole('region', { name: 'Leaddatums' }).getByLabel('Opname').fill('2026-12-01');
    await page.getByRole('region', { name: 'Leaddatums' }).getByRole('button', { name: 'Opslaan' }).click();
    await page.getByText('De datums zijn opgeslagen.').waitFor();
    expect((await api<Json>('GET', `/api/lead/${flowId}`)).date_intake).toMatch(/^2026-12-01/);
    await shot('flow-detail-dossier');
  });

  it('moves the flow across the pipeline by drag and drop, and cancels it', async () => {
    await go('/pipeline');
    await page.getByRole('heading', { name: 'Pijplijn' }).waitFor();
    await chooseSelect(page, 'Sortering', 'Aangemaakt (nieuw → oud)');
    const card = page.locator(`[data-lead-id="${flowId}"]`);
    await card.waitFor();
    await shot('pipeline');
    await drag(card, page.locator('[data-column="intake"]'));
    await page.locator(`[data-column="intake"] [data-lead-id="${flowId}"]`).waitFor();
    await expect.poll(async () => (await api<Json>('GET', `/api/flow/${flowId}`)).flow_status).toBe('intake');
    await drag(page.locator(`[data-lead-id="${flowId}"]`), page.locator('[data-column="quotation"]'));
    await expect
      .poll(async () => (await api<Json>('GET', `/api/flow/${flowId}`)).flow_status)
      .toBe('quotation');
    // A sent invoice: the drop on cancelled is refused with the spec's text and the card goes back.
    const [owner] = await app.sql<{ company_id: number }>('select company_id from flow where id = $1', [
      flowId,
    ]);
    await app.sql(
      `with d as (insert into sales_document (company_id, kind, flow_id, status, hash, date_send)
        values ($1, 'invoice', $2, 'sent', md5(random()::text), now()) returning id, company_id)
       insert into invoice (id, company_id) select id, company_id from d`,
      [owner!.company_id, flowId],
    );
    await drag(page.locator(`[data-lead-id="${flowId}"]`), page.locator('[data-column="cancelled"]'));
    const refusal = page.getByRole('dialog').getByText(FLOW_CANCEL_BLOCKED);
    await refusal.waitFor();
    await shot('pipeline-cancel-refused');
    await page.locator(`[data-column="quotation"] [data-lead-id="${flowId}"]`).waitFor();
    expect(await page.locator(`[data-column="cancelled"] [data-lead-id="${flowId}"]`).count()).toBe(0);
    expect((await api<Json>('GET', `/api/flow/${flowId}`)).flow_status).toBe('quotation');
    await page.getByRole('dialog').getByRole('button').last().click();
    await refusal.waitFor({ state: 'detached' });

    // Without it the flow may be cancelled, once confirmed with the cancel reason.
    await app.sql("delete from sales_document where flow_id = $1 and kind = 'invoice'", [flowId]);
    await drag(page.locator(`[data-lead-id="${flowId}"]`), page.locator('[data-column="cancelled"]'));
    const ask = page.getByRole('dialog', { name: 'Dossier annuleren' });
    await chooseSelect(page, 'Reden', 'Geen reactie meer');
    await shot('pipeline-cancel-reason');
    await ask.getByRole('button', { name: 'Dossier annuleren' }).click();
    await page.locator(`[data-column="cancelled"] [data-lead-id="${flowId}"]`).waitFor();
    await expect
      .poll(async () => (await api<Json>('GET', `/api/flow/${flowId}`)).flow_status)
      .toBe('cancelled');
    expect((await api<Json>('GET', `/api/flow/${flowId}`)).cancel_reason).toBe('Geen reactie meer');
    expect(
      JSON.parse((await page.evaluate(() => localStorage.getItem('pipelinePreferences'))) ?? '{}'),
    ).toMatchObject({
      sort: 'created_desc',
      limit: 100,
    });
    await shot('pipeline-after-moves');
  });

  it('merges a flow into another: the target opens, the source is gone (breaking error)', async () => {
    const source = await api<Json & { id: number }>('POST', '/api/flow', {
      relation_id: relationId,
      description: 'Bron',
    });
    const target = await api<Json & { id: number; number: number }>('POST', '/api/flow', {
      relation_id: relationId,
      description: 'Doel',
    });
    await go(`/flow_detail/${source.id}`);
    await page.getByRole('button', { name: 'Acties' }).click();
    await page.getByRole('menuitem', { name: 'Samenvoegen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Dossier samenvoegen' });
    await dialog.getByRole('button', { name: 'Samenvoegen' }).click();
    await dialog.getByText('Kies een dossier.').waitFor();
    await dialog.getByLabel(/^Samenvoegen met/).fill('Dijkstra');
    await page.getByText(`(#${target.number})`, { exact: false }).click();
    await shot('flow-merge-modal');
    await dialog.getByRole('button', { name: 'Samenvoegen' }).click();
    await page
      .getByText(
        'Dit zal dit dossier samen voegen met het geselecteerde dossier. Dit dossier is daarna niet meer toegankelijk. Doorgaan?',
      )
      .waitFor();
    await shot('flow-merge-confirm');
    await page.getByRole('button', { name: 'Bevestigen' }).click();
    await page.waitForURL(new RegExp(`#/flow_detail/${target.id}$`));
    expect((await api<Json>('GET', `/api/flow/${source.id}`)).status).toBe(404);
    await go(`/flow_detail/${source.id}`);
    await page.getByText('Het dossier kon niet worden geladen.').waitFor();
    await shot('flow-merged-away');
  });

  it('trashes a flow (to the relation) and restores it', async () => {
    await go(`/flow_detail/${flowId}`);
    await page.getByRole('button', { name: 'Acties' }).click();
    await page.getByRole('menuitem', { name: 'Verwijderen' }).click();
    await page.getByText('Dit item verwijderen?').waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Verwijderen' }).click();
    await page.waitForURL(new RegExp(`#/relation_detail/${relationId}$`));
    expect((await api<Json>('GET', `/api/flow/${flowId}`)).deleted_at).toBeTruthy();
    await go(`/flow_detail/${flowId}`);
    await page.getByText('Dit dossier staat in de prullenbak.').waitFor();
    await shot('flow-trashed');
    await page.getByRole('button', { name: 'Terugzetten' }).click();
    await page.getByText('Het dossier is teruggezet.').waitFor();
    expect((await api<Json>('GET', `/api/flow/${flowId}`)).deleted_at).toBeNull();
  });

  it('changes status with a phase, edits, rejects, duplicates and renews the customer link', async () => {
    await go(`/flow_detail/${flowId}`);
    const action = async (name: string) => {
      await page.getByRole('button', { name: 'Acties' }).click();
      await page.getByRole('menuitem', { name }).click();
    };
    await page.getByRole('button', { name: 'Status wijzigen' }).click();
    await chooseSelect(page, 'Status', 'Opname');
    await chooseSelect(page, 'Fase', 'Opname ingepland');
    await shot('flow-status-modal');
    await page.getByRole('dialog').getByRole('button', { name: 'Opslaan' }).click();
    await expect
      .poll(
        async () =>
          (await api<{ flow_phase: { description: string } | null }>('GET', `/api/flow/${flowId}`)).flow_phase
            ?.description,
      )
      .toBe('Opname ingepland');

    await action('Bewerken');
    const edit = page.getByRole('dialog', { name: 'Dossier bewerken' });
    await edit.getByLabel('Tags').fill('Subsidie');
    await edit.getByLabel('Tags').press('Enter');
    await chooseSelect(page, 'Backoffice', 'Lisa Bakker');
    await shot('flow-edit-modal');
    await edit.getByRole('button', { name: 'Opslaan' }).click();
    await expect
      .poll(async () => (await api<{ tags: string[] }>('GET', `/api/flow/${flowId}`)).tags)
      .toEqual(['Subsidie']);

    await action('Contactpersoon wijzigen');
    await page.getByRole('dialog', { name: 'Contactpersoon wijzigen' }).waitFor();
    await shot('flow-contactperson-modal');
    await page.getByRole('dialog').getByRole('button', { name: 'Annuleren' }).click();

    await action('Afwijzen');
    await chooseSelect(page, 'Reden', 'Te duur');
    await shot('flow-reject-modal');
    await page.getByRole('dialog').getByRole('button', { name: 'Afwijzen' }).click();
    await expect
      .poll(async () => api<{ flow_status: string; cancel_reason: string }>('GET', `/api/flow/${flowId}`))
      .toMatchObject({ flow_status: 'cancelled', cancel_reason: 'Te duur' });

    const { hash } = await api<{ hash: string }>('GET', `/api/flow/${flowId}`);
    await action('Klantlink vernieuwen');
    await page.getByRole('button', { name: 'Bevestigen' }).click();
    await page.getByText('De klantlink is vernieuwd.').waitFor();
    expect((await api<{ hash: string }>('GET', `/api/flow/${flowId}`)).hash).not.toBe(hash);
    const link = await page.getByRole('link', { name: 'Bekijk als klant' }).getAttribute('href');
    expect(link).toBe(
      `#/customer_flow_detail/${(await api<{ hash: string }>('GET', `/api/flow/${flowId}`)).hash}?preview=1`,
    );

    await action('Dupliceren');
    await page.waitForURL(
      (url) => /^#\/flow_detail\/\d+$/.test(url.hash) && url.hash !== `#/flow_detail/${flowId}`,
    );
    await page.getByText('Het dossier is gedupliceerd.').waitFor();
  });

  it('finds the relation with the global search and opens it', async () => {
    await go('/flow_overview');
    const search = page.getByLabel('Snel zoeken');
    await search.fill('Dijkstra');
    // The relation's own hit starts with its name (a flow's starts with 'Dossier', a note's with 'Notitie').
    const hit = page.getByRole('option', { name: new RegExp(`^${RELATION}`) });
    await hit.waitFor();
    await page.getByText('Relaties', { exact: true }).last().waitFor();
    await shot('global-search');
    await search.fill('xqzxqzxqz');
    await page.getByText('Geen resultaten gevonden').waitFor();
    await search.fill('Dijkstra');
    await page.getByRole('option', { name: new RegExp(`^${RELATION}`) }).click();
    await page.waitForURL(new RegExp(`#/relation_detail/${relationId}$`));
  });

  it('shows the last-seen flows on the flow overview', async () => {
    await go('/flow_overview');
    const lastSeen = page.getByRole('region', { name: 'Laatst bekeken' });
    await lastSeen.getByText(RELATION).first().waitFor();
    const stored = JSON.parse((await page.evaluate(() => localStorage.getItem('lastFlows'))) ?? '[]');
    // The two most recently opened: the duplicate and the flow it was made from. Which of the two was
    // opened last depends on how fast the app navigates after duplicating, so the order is not asserted.
    const recent = stored.slice(0, 2) as { companyId: number; flowId: number }[];
    expect(recent).toHaveLength(2);
    expect(recent.map((r) => r.flowId)).toContain(flowId);
    expect(new Set(recent.map((r) => r.flowId)).size).toBe(2);
    expect(recent.every((r) => r.companyId === recent[0]!.companyId)).toBe(true);
  });

  it('renders 10 000 cards, scrolls and drags without delay', async () => {
    const body = bigPipeline(10_000);
    await page.route('**/api/user/getleadpipeline**', (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', body }),
    );
    await page.route('**/api/flow/*/changestatus', (route) =>
      route.fulfill({
        status: 200,
        contentType: 'application/json',
        body: JSON.stringify({
          id: 500_000,
          flow_status: 'intake',
          flow_phase: null,
          updated_at: '2026-11-22T10:00:00+01:00',
        }),
      }),
    );
    const started = Date.now();
    await go('/pipeline');
    await page.getByText('Klant 1', { exact: true }).waitFor();
    const renderMs = Date.now() - started;
    // The board comes back where the user left it (an earlier drag scrolled it): start at the left.
    await page.getByTestId('pipeline-board').evaluate((el) => {
      el.scrollLeft = 0;
    });
    expect(await page.locator('[data-column="new"] [data-lead-id]').count()).toBeLessThan(40);

    // Scroll the column to the end one frame at a time; record how long each frame took.
    const frames = await page.evaluate(async () => {
      const el = document.querySelector('[data-column="new"] [data-testid="pipeline-scroll"]') as HTMLElement;
      const times: number[] = [];
      let last = performance.now();
      for (let i = 0; i < 120; i += 1) {
        el.scrollTop += 2500;
        await new Promise(requestAnimationFrame);
        const now = performance.now();
        times.push(now - last);
        last = now;
      }
      return times.sort((a, b) => a - b);
    });
    const median = frames[Math.floor(frames.length / 2)] ?? 0;
    await page.locator('[data-column="new"] [data-testid="pipeline-scroll"]').evaluate((el) => {
      el.scrollTop = el.scrollHeight;
    });
    await page.getByText('Klant 10000', { exact: true }).waitFor();
    await page.locator('[data-column="new"] [data-testid="pipeline-scroll"]').evaluate((el) => {
      el.scrollTop = 0;
    });
    await shot('pipeline-10000');

    const card = page.locator('[data-lead-id="500000"]');
    await card.waitFor();
    const from = await card.boundingBox();
    const to = await page.locator('[data-column="intake"]').boundingBox();
    if (!from || !to) throw new Error('not visible');
    await page.mouse.move(from.x + from.width / 2, from.y + from.height - 12);
    await page.mouse.down();
    await page.mouse.move(from.x + from.width / 2 + 12, from.y + from.height - 4, { steps: 3 });
    await page.mouse.move(to.x + to.width / 2, to.y + 200, { steps: 8 });
    // Timed inside the page, from the release of the pointer to the card standing in its new column.
    await page.evaluate(() => {
      const marks = window as unknown as { pointerUpAt?: number; shownAt?: number };
      document.addEventListener('pointerup', () => (marks.pointerUpAt = performance.now()), {
        capture: true,
        once: true,
      });
      const observer = new MutationObserver(() => {
        if (document.querySelector('[data-column="intake"] [data-lead-id="500000"]')) {
          marks.shownAt = performance.now();
          observer.disconnect();
        }
      });
      observer.observe(document.body, { childList: true, subtree: true });
    });
    await page.mouse.up();
    await page.locator('[data-column="intake"] [data-lead-id="500000"]').waitFor();
    const dropMs = await page.evaluate(() => {
      const marks = window as unknown as { pointerUpAt?: number; shownAt?: number };
      return (marks.shownAt ?? Number.NaN) - (marks.pointerUpAt ?? Number.NaN);
    });
    console.log(
      `10 000 cards: first render ${renderMs} ms, median scroll frame ${median.toFixed(1)} ms, drop shown after ${dropMs.toFixed(1)} ms`,
    );
    // The numbers are reported, not asserted: a shared CI machine's load would make a timed assertion
    // flaky. What must hold: the column stays virtualized and the dropped card lands in its column.
    expect(Number.isFinite(median)).toBe(true);
    await page.unrouteAll();
  });
});
