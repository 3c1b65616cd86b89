import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, chooseSelect, drag, type Json, shot } from './flows-helpers';
import { DEMO_PASSWORD, type E2eApp, login, startApp } from './harness';

// Live updates between two people of one company, each in their own browser context: what one does
// shows up for the other without a reload.

let app: E2eApp;
let sanne: Page;
let mark: Page;

async function loggedIn(email: string): Promise<Page> {
  const page = await app.newPage();
  await login(page, app.baseUrl, email, DEMO_PASSWORD);
  await page.waitForURL(/#\/dashboard/);
  return page;
}

/** A flag on the window: it survives anything but a reload. */
const markNoReload = (page: Page) => page.evaluate(() => Object.assign(window, { __sameDocument: true }));
const stillSameDocument = (page: Page) =>
  page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument === true);

beforeAll(async () => {
  app = await startApp();
  sanne = await loggedIn('sanne@zonnestroom-noord.nl');
  mark = await loggedIn('mark@zonnestroom-noord.nl');
});
afterAll(async () => app?.stop());

describe('live updates in two browsers', () => {
  it('shows a colleague’s new flow, pipeline move and removal on the board without reload', async () => {
    for (const page of [sanne, mark]) {
      await page.goto(`${app.baseUrl}/#/pipeline`);
      await page.getByRole('heading', { name: 'Pijplijn' }).waitFor();
      await chooseSelect(page, 'Sortering', 'Aangemaakt (nieuw → oud)');
    }
    await markNoReload(mark);

    const relation = await api<Json & { flow_id: number }>(sanne, 'POST', '/api/relation', {
      surname: 'Live-Klant',
      createnewflow: true,
    });
    expect(relation.status).toBe(201);
    const flowId = relation.flow_id;

    const cardForMark = mark.locator(`[data-column="new"] [data-lead-id="${flowId}"]`);
    await cardForMark.waitFor({ timeout: 10_000 });

    const cardForSanne = sanne.locator(`[data-lead-id="${flowId}"]`);
    await cardForSanne.waitFor();
    await drag(sanne, cardForSanne, sanne.locator('[data-column="intake"]'));
    await mark.locator(`[data-column="intake"] [data-lead-id="${flowId}"]`).waitFor({ timeout: 10_000 });
    expect(await mark.locator(`[data-column="new"] [data-lead-id="${flowId}"]`).count()).toBe(0);
    await shot(mark, 'live-pipeline-moved-by-colleague');

    expect((await api(sanne, 'DELETE', `/api/flow/${flowId}`)).status).toBeLessThan(300);
    await mark.locator(`[data-lead-id="${flowId}"]`).waitFor({ state: 'detached', timeout: 10_000 });
    expect(await stillSameDocument(mark)).toBe(true);
  });

  it('refreshes an open flow detail when a colleague changes it, and says so', async () => {
    const list = await api<{ data: { id: number }[] }>(mark, 'GET', '/api/flow/querypaginated?limit=1');
    const flowId = list.data[0]!.id;
    await mark.goto(`${app.baseUrl}/#/flow_detail/${flowId}`);
    await mark.getByRole('heading', { name: /^Dossier / }).waitFor();
    await markNoReload(mark);

    const changed = await api(sanne, 'PATCH', `/api/flow/${flowId}`, { description: 'Thuisbatterij erbij' });
    expect(changed.status).toBe(200);
    await mark.getByText('Thuisbatterij erbij').first().waitFor({ timeout: 10_000 });
    await mark.getByText('Dit dossier is zojuist gewijzigd door een collega').waitFor();
    await shot(mark, 'live-flow-detail-changed-by-colleague');
    expect(await stillSameDocument(mark)).toBe(true);
  });
});
