import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousA11yViolations } from './admin-helpers';
import { api as callApi, type Json, shot as takeShot } from './flows-helpers';
import { DEMO_PASSWORD, type E2eApp, login, sidewaysOverflow, startApp } from './harness';

// Planning through the served app, as Sanne (demo company with actions and a week of appointments).

let app: E2eApp;
let page: Page;

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

interface ActionJson {
  id: number;
  status: string;
  description: string;
}

describe('planning', () => {
  it('creates an action from a flow and completes it', async () => {
    const flows = await api<{ data: { id: number }[] }>(
      'GET',
      '/api/flow/querypaginated?limit=1&sort=-created_at',
    );
    const flowId = flows.data[0]!.id;
    await go(`/flow_detail/${flowId}`);
    const card = page.locator('.mantine-Card-root', {
      has: page.getByRole('heading', { name: 'Acties', exact: true }),
    });
    await card.getByRole('button', { name: 'Nieuwe actie' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nieuwe actie' });
    await dialog.getByLabel('Omschrijving').fill('Omvormer bestellen bij de groothandel');
    // Moving the due date moves "te laat vanaf" by the same interval (48 hours by default).
    await dialog.getByLabel('Vervaldatum').fill('2099-01-01T09:00');
    expect(await dialog.getByLabel('Te laat vanaf').inputValue()).toBe('2099-01-03T09:00');
    await dialog.getByLabel('Vervaldatum').fill('2099-01-02T10:00');
    expect(await dialog.getByLabel('Te laat vanaf').inputValue()).toBe('2099-01-04T10:00');
    // A due date after "te laat vanaf" is refused with the domain's text before anything is sent.
    await dialog.getByLabel('Te laat vanaf').fill('2099-01-01T09:00');
    await dialog.getByRole('button', { name: 'Opslaan' }).click();
    await dialog.getByText('De vervaldatum mag niet na de datum "te laat vanaf" liggen.').waitFor();
    await dialog.getByLabel('Te laat vanaf').fill('2099-01-04T10:00');
    const created = page.waitForResponse(
      (r) => r.url().endsWith('/api/action') && r.request().method() === 'POST',
    );
    await dialog.getByRole('button', { name: 'Opslaan' }).click();
    expect((await created).status()).toBe(201);
    await card.getByText('Omvormer bestellen bij de groothandel').waitFor();
    await shot('flow-actions');
    expect(await seriousA11yViolations(page)).toEqual([]);

    const completed = page.waitForResponse(
      (r) => r.url().includes('/api/action/') && r.request().method() === 'PATCH',
    );
    await card.getByRole('checkbox', { name: 'Afronden: Omvormer bestellen bij de groothandel' }).click();
    expect((await completed).status()).toBe(200);
    await page.getByText('Actie afgerond').first().waitFor();
    // The helper spreads the answer into an object: a list arrives keyed by index, next to `status`.
    const answer = await api<Record<string, ActionJson | number>>(
      'GET',
      `/api/action?flow_id=${flowId}&status=all`,
    );
    const mine = Object.values(answer).filter((a): a is ActionJson => typeof a === 'object');
    expect(mine.find((a) => a.description === 'Omvormer bestellen bij de groothandel')?.status).toBe(
      'afgerond',
    );
    // Open actions only: the completed one leaves the card.
    await card.getByText('Omvormer bestellen bij de groothandel').waitFor({ state: 'detached' });
  });

  it('the dashboard shows an overdue action', async () => {
    const me = await api<{ currentuser_id: number }>('GET', '/api/user/getcurrentuser');
    const due = new Date(Date.now() - 5 * 86_400_000);
    await api('POST', '/api/action', {
      description: 'Offerte zonnepanelen nabellen (te laat)',
      user_id: me.currentuser_id,
      priority: 'top',
      due_date: due.toISOString(),
      overdue_date: new Date(due.getTime() + 2 * 86_400_000).toISOString(),
    });
    await go('/dashboard');
    const card = page.locator('.mantine-Card-root', {
      has: page.getByRole('heading', { name: 'Mijn acties' }),
    });
    const row = card.locator('div', { hasText: 'Offerte zonnepanelen nabellen (te laat)' }).last();
    await row.waitFor();
    await card.getByText('Te laat', { exact: true }).first().waitFor();
    // The tasks widget (unplanned by default) and the company's notes are on the dashboard too.
    await page.getByRole('heading', { name: 'Mijn taken' }).waitFor();
    await page.getByRole('heading', { name: 'Notities voor het bedrijf' }).waitFor();
    // The statistic boxes read the demo's sent invoices: this month's revenue is there.
    const stats = page.getByTestId('dashboard-statistics');
    await stats.getByText('Omzet exclusief BTW').waitFor();
    await stats
      .getByText(/€\s?[1-9]/)
      .first()
      .waitFor();
    await page.getByRole('heading', { name: 'Mijn dossiers' }).waitFor();
    await card.locator('label', { hasText: 'Te laat' }).click();
    await card.getByText('Offerte zonnepanelen nabellen (te laat)').waitFor();
    await shot('dashboard-actions');
    expect(await seriousA11yViolations(page)).toEqual([]);
  });

  it('drags an agenda item to another day in the calendar', async () => {
    const me = await api<{ currentuser_id: number }>('GET', '/api/user/getcurrentuser');
    // This week's Wednesday 20:00–21:00 in the browser's zone (Amsterdam); the week view shows it.
    const wednesday = new Date();
    wednesday.setDate(wednesday.getDate() - ((wednesday.getDay() + 6) % 7) + 2);
    wednesday.setHours(20, 0, 0, 0);
    const item = await api<{ id: number; start_date: string }>('POST', '/api/agendaitem', {
      title: 'Sleeptest warmtepomp',
      user_id: me.currentuser_id,
      start_date: wednesday.toISOString(),
      end_date: new Date(wednesday.getTime() + 3_600_000).toISOString(),
    });
    await go('/calendar');
    await page.getByRole('button', { name: 'Week' }).click();
    const event = page.locator('.rbc-event', { hasText: 'Sleeptest warmtepomp' });
    await event.scrollIntoViewIfNeeded();
    await shot('calendar-week');
    // The calendar library's week header gives its day names ARIA grid roles without a grid around
    // them (aria-required-parent/children); the same days are in the toolbar label and the day view.
    expect(await seriousA11yViolations(page, ['.rbc-time-header'])).toEqual([]);
    // The hours scroll in a box of their own, a tab stop even on a day without appointments to focus.
    const grid = page.locator('.rbc-time-content');
    expect(await grid.getAttribute('tabindex')).toBe('0');
    expect(await grid.getAttribute('aria-label')).toBe('Tijden van de dag (scrollen met de pijltjestoetsen)');
    const box = (await event.boundingBox())!;
    const columns = page.locator('.rbc-time-content .rbc-day-slot');
    const wednesdayColumn = (await columns.nth(2).boundingBox())!;
    const x = box.x + box.width / 2;
    const y = box.y + 8;
    const moved = page.waitForResponse(
      (r) => r.url().includes(`/api/agendaitem/${item.id}`) && r.request().method() === 'PATCH',
    );
    await page.mouse.move(x, y);
    await page.mouse.down();
    await page.mouse.move(x + 10, y, { steps: 4 });
    await page.mouse.move(x + wednesdayColumn.width, y, { steps: 10 });
    await page.mouse.up();
    expect((await moved).status()).toBe(200);
    const after = await api<{ start_date: string; end_date: string }>('GET', `/api/agendaitem/${item.id}`);
    const shift = new Date(after.start_date).getTime() - new Date(item.start_date).getTime();
    expect(Math.round(shift / 3_600_000)).toBe(24);
    expect(new Date(after.end_date).getTime() - new Date(after.start_date).getTime()).toBe(3_600_000);

    // Clicking it opens the item; deleting it returns to the calendar.
    await event.click();
    await page.waitForURL(new RegExp(`#/agendaitem_detail/${item.id}$`));
    await page.getByRole('heading', { name: 'Sleeptest warmtepomp' }).waitFor();
    await page.getByRole('main').getByRole('button', { name: 'Verwijderen' }).first().click();
    await page.getByRole('dialog').getByRole('button', { name: 'Verwijderen' }).click();
    await page.waitForURL(/#\/calendar$/);
  });

  it('shows a planned task in its type colour, moves it by dragging, and opens it to edit', async () => {
    const flows = await api<{ data: { id: number }[] }>('GET', '/api/flow/querypaginated?limit=1');
    const thursday = new Date();
    thursday.setDate(thursday.getDate() - ((thursday.getDay() + 6) % 7) + 3);
    thursday.setHours(19, 0, 0, 0);
    const task = await api<{ id: number; start_date: string }>('POST', '/api/task', {
      flow_id: flows.data[0]!.id,
      description: 'Agendatest omvormer',
      type: 'uitvoering',
      start_date: thursday.toISOString(),
      duration: 60,
    });
    await go('/calendar');
    await page.getByRole('button', { name: 'Week' }).click();
    const event = page.locator('.rbc-event', { hasText: 'Uitvoering: Agendatest omvormer' });
    await event.scrollIntoViewIfNeeded();
    // The type's colour with readable text, and the legend names the task types.
    expect(await event.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(47, 158, 68)');
    expect(await event.evaluate((el) => getComputedStyle(el).color)).toBe('rgb(0, 0, 0)');
    await page.getByText('Taak: Opname').waitFor();
    await shot('calendar-week-tasks');
    expect(await seriousA11yViolations(page, ['.rbc-time-header'])).toEqual([]);

    const box = (await event.boundingBox())!;
    const friday = (await page.locator('.rbc-time-content .rbc-day-slot').nth(4).boundingBox())!;
    const x = box.x + box.width / 2;
    const y = box.y + 8;
    const moved = page.waitForResponse(
      (r) => r.url().includes(`/api/task/${task.id}`) && r.request().method() === 'PATCH',
    );
    await page.mouse.move(x, y);
    await page.mouse.down();
    await page.mouse.move(x + 10, y, { steps: 4 });
    await page.mouse.move(friday.x + friday.width / 2, y, { steps: 10 });
    await page.mouse.up();
    expect((await moved).status()).toBe(200);
    const after = await api<{ start_date: string; end_date: string }>('GET', `/api/task/${task.id}`);
    expect(Math.round((new Date(after.start_date).getTime() - thursday.getTime()) / 3_600_000)).toBe(24);
    expect(new Date(after.end_date).getTime() - new Date(after.start_date).getTime()).toBe(3_600_000);

    await page.locator('.rbc-event', { hasText: 'Agendatest omvormer' }).click();
    const dialog = page.getByRole('dialog', { name: 'Taak bewerken' });
    await dialog.waitFor();
    expect(await dialog.getByLabel('Omschrijving').inputValue()).toBe('Agendatest omvormer');
    await page.keyboard.press('Escape');
    await api('DELETE', `/api/task/${task.id}`);
  });

  it('the day view of a day without appointments passes the accessibility check', async () => {
    // The hours' scroll box needs a tab stop when nothing in it can take focus (axe:
    // scrollable-region-focusable); it failed on days without appointments.
    await go('/calendar');
    // What a day holds is what its two answers (appointments and planned tasks) hold.
    const showDay = async (button: string): Promise<number> => {
      const answers = Promise.all([
        page.waitForResponse((r) => r.url().includes('/api/agendaitem?')),
        page.waitForResponse((r) => r.url().includes('/api/task/calendar?')),
      ]);
      await page.getByRole('button', { name: button, exact: true }).click();
      const lists = await Promise.all((await answers).map((r) => r.json() as Promise<unknown[]>));
      return lists.reduce((n, list) => n + list.length, 0);
    };
    let items = await showDay('Dag');
    for (let day = 0; day < 60 && items > 0; day++) items = await showDay('Volgende');
    expect(items).toBe(0);
    await expect.poll(() => page.locator('.rbc-time-content .rbc-event').count()).toBe(0);
    expect(await seriousA11yViolations(page, ['.rbc-time-header'])).toEqual([]);
  });

  it('notes on a relation: create a sticky one and open its own screen', async () => {
    const relations = await api<{ data: { id: number }[] }>('GET', '/api/relation/querypaginated?limit=1');
    const relationId = relations.data[0]!.id;
    await go(`/relation_detail/${relationId}`);
    const card = page.locator('.mantine-Card-root', {
      has: page.getByRole('heading', { name: 'Notities', exact: true }),
    });
    await card.getByRole('button', { name: 'Nieuwe notitie' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nieuwe notitie' });
    await dialog.getByLabel('Notitie').fill(`Lange notitie ${'x'.repeat(300)}`);
    await dialog.getByLabel('Vastgezet').check();
    await dialog.getByRole('button', { name: 'Opslaan' }).click();
    // On the relation detail a long note is cut at 256 characters plus an ellipsis.
    const text = card.getByText(/^Lange notitie x+…$/);
    await text.waitFor();
    expect((await text.textContent())!.length).toBe(257);
    await card.getByRole('link', { name: 'Openen' }).first().click();
    await page.waitForURL(/#\/note_detail\/\d+/);
    // The address changes before the note's screen renders: until it does, "Verwijderen" is the
    // relation's own button, whose dialog the route change then closes (seen on a loaded machine).
    await page.getByRole('heading', { name: 'Notitie', exact: true, level: 1 }).waitFor();
    await page.getByRole('main').getByRole('button', { name: 'Verwijderen' }).first().click();
    await page.getByRole('dialog').getByRole('button', { name: 'Verwijderen' }).click();
    await page.waitForURL(new RegExp(`#/relation_detail/${relationId}$`));
  });
});

describe('tasks', () => {
  it('plans a task from a template on a flow and sees it on the map', async () => {
    const template = await api<{ id: number }>('POST', '/api/task', {
      description: 'Service warmtepomp jaarlijks',
      type: 'overig',
      is_template: 1,
      duration: 60,
    });
    expect(template.id).toBeGreaterThan(0);
    const flows = await api<{ data: { id: number }[] }>(
      'GET',
      '/api/flow/querypaginated?limit=1&sort=number',
    );
    const flowId = flows.data[0]!.id;
    await go(`/flow_detail/${flowId}`);
    const card = page.locator('.mantine-Card-root', {
      has: page.getByRole('heading', { name: 'Taken', exact: true }),
    });
    await card.getByRole('button', { name: 'Uit sjabloon' }).click();
    const planned = page.waitForResponse((r) => r.url().endsWith('/api/task/storefromtemplate'));
    await page.getByRole('menuitem', { name: 'Service warmtepomp jaarlijks' }).click();
    expect((await planned).status()).toBe(201);
    await card.getByText('Service warmtepomp jaarlijks').waitFor();
    await card.getByText('ongepland').first().waitFor();
    await shot('flow-tasks');
    expect(await seriousA11yViolations(page)).toEqual([]);

    // The map, filtered to the type "overig" (the demo has none): one blue marker at the flow's address;
    // a click opens the flow.
    await go('/task_overview?view=map');
    await page
      .getByRole('textbox', { name: 'Soort' })
      .or(page.getByRole('combobox', { name: 'Soort' }))
      .first()
      .click();
    await page.getByRole('option', { name: 'Overig' }).click();
    const marker = page.locator('[data-testid="cluster-map"] path.leaflet-interactive');
    await expect.poll(() => marker.count()).toBe(1);
    expect(await marker.getAttribute('fill')).toBe('#1c7ed6');
    await shot('task-map');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await marker.click();
    await page.waitForURL(new RegExp(`#/flow_detail/${flowId}$`));

    // The table view lists it with its planning state.
    await go('/task_overview?view=table');
    await page.getByText('Service warmtepomp jaarlijks').waitFor();
  });

  it('a task from a template prepares its form on the flow: at 390 px the card links it, the modal shows the rules', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    const flows = await api<{ data: { id: number }[] }>(
      'GET',
      '/api/flow/querypaginated?limit=1&sort=-number',
    );
    const flowId = flows.data[0]!.id;
    await go(`/flow_detail/${flowId}`);
    const card = page.locator('.mantine-Card-root', {
      has: page.getByRole('heading', { name: 'Taken', exact: true }),
    });
    await card.getByRole('button', { name: 'Uit sjabloon' }).click();
    const planned = page.waitForResponse((r) => r.url().endsWith('/api/task/storefromtemplate'));
    // The demo's intake template prepares the intake form (decision 018, task contexts).
    await page.getByRole('menuitem', { name: 'Opname dak en meterkast' }).click();
    const response = await planned;
    expect(response.status()).toBe(201);
    const task = (await response.json()) as { id: number; task_contexts: { label: string; kind: string }[] };
    expect(task.task_contexts.map((c) => c.kind)).toContain('form');
    const link = card.getByRole('link', { name: task.task_contexts[0]!.label }).last();
    await link.waitFor();
    await expect.poll(() => sidewaysOverflow(page)).toBe(0);
    await shot('flow-task-contexts-phone');
    expect(await seriousA11yViolations(page)).toEqual([]);
    // Under the pointer a light button keeps AA contrast too (its hover shade is darker than its rest).
    await card.getByRole('button', { name: 'Nieuwe taak' }).hover();
    expect(await seriousA11yViolations(page)).toEqual([]);

    // The task modal: its contexts and what runs when it is completed.
    await card.getByRole('button', { name: 'Bewerken: Opname dak en meterkast' }).last().click();
    const dialog = page.getByRole('dialog', { name: 'Taak bewerken' });
    await dialog.getByText('Bij afronden van deze taak').waitFor();
    await dialog.getByRole('link', { name: task.task_contexts[0]!.label }).waitFor();
    await shot('task-modal-contexts-phone');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Sluiten' }).click();

    // The link opens the form where it lives (its intake, else the flow).
    await link.click();
    await page.waitForURL(/#\/(intake_detail|flow_detail)\//);
    await page.setViewportSize({ width: 1280, height: 800 });
  });
});
