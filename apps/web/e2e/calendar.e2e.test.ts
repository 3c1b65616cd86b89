import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeCalendar, startFakeOutlook } from '../../server/test/fake-calendars';
import { seriousA11yViolations } from './admin-helpers';
import { api as callApi, type Json, shot as takeShot } from './flows-helpers';
import { DEMO_PASSWORD, type E2eApp, login, sidewaysOverflow, startApp } from './harness';

// Sanne links her own Outlook (Microsoft 365) from her profile, against a local fake of the Microsoft identity
// platform and Graph (decisions 070, 074): her appointment lands once in the fake, an event made there shows in the
// agenda at desk and phone width, and a calendar link made for someone else tells her it is not hers.

let app: E2eApp;
let page: Page;
let outlook: FakeCalendar;

beforeAll(async () => {
  outlook = await startFakeOutlook();
  app = await startApp({ env: { ...outlook.env } });
  page = await app.newPage();
  await login(page, app.baseUrl, 'sanne@zonnestroom-noord.nl', DEMO_PASSWORD);
  await page.waitForURL(/#\/dashboard/);
});
afterAll(async () => {
  await app?.stop();
  await outlook?.close();
});

const api = <T = Json>(method: string, path: string, body?: unknown) => callApi<T>(page, method, path, body);

describe('own calendar: Outlook', () => {
  it('links Outlook on the profile, pushes an appointment once and shows an event from there', {
    timeout: 120_000,
  }, async () => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${app.baseUrl}/#/account/user_profile`);
    const card = page.getByRole('region', { name: 'Agenda koppelen' });
    const linkButton = card.getByRole('button', {
      name: 'Koppelen met Microsoft 365 / Outlook',
      exact: true,
    });
    await linkButton.waitFor();
    // Google has no app registered on this server: not offered.
    expect(await card.getByText('Google Agenda').count()).toBe(0);
    const [popup] = await Promise.all([page.waitForEvent('popup'), linkButton.click()]);
    await popup.getByText('De agenda is gekoppeld').waitFor();
    await card.getByText('Gekoppeld als monteur@outlook.test').waitFor();
    await popup.waitForEvent('close', { timeout: 10_000 }).catch(() => {});
    await takeShot(page, 'calendar-outlook-linked');

    // An appointment made here lands in her Outlook calendar, once.
    const start = new Date(Date.now() + 2 * 86_400_000);
    await api('POST', '/api/agendaitem', {
      title: 'Warmtepomp onderhoud',
      start_date: start.toISOString(),
      end_date: new Date(start.getTime() + 3_600_000).toISOString(),
    });
    await expect
      .poll(() => outlook.live().filter((e) => e.summary === 'Warmtepomp onderhoud').length, {
        timeout: 30_000,
      })
      .toBe(1);
    await page.waitForTimeout(1500);
    expect(outlook.live().filter((e) => e.summary === 'Warmtepomp onderhoud')).toHaveLength(1);

    // An event made in Outlook shows in the agenda (today 10:00 in Amsterdam: in the shown week and day, in view).
    const today = new Date();
    today.setUTCHours(9, 0, 0, 0);
    outlook.addOwnEvent('Teamoverleg', today, new Date(today.getTime() + 3_600_000));
    await page.goto(`${app.baseUrl}/#/calendar`);
    const external = page.locator('.im-calendar-external').filter({ hasText: 'Teamoverleg' });
    await external.first().waitFor({ timeout: 20_000 });
    // Ours is not shown twice: the pushed event is left out of the external ones.
    expect(
      await page.locator('.im-calendar-external').filter({ hasText: 'Warmtepomp onderhoud' }).count(),
    ).toBe(0);
    await takeShot(page, 'calendar-outlook-external');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await external.first().waitFor({ timeout: 20_000 });
    expect(await sidewaysOverflow(page)).toBe(0);
    await takeShot(page, 'calendar-outlook-external-phone');

    // On a phone the profile card fits; a link made for another user says it is not hers.
    await page.goto(`${app.baseUrl}/#/account/user_profile?koppel=outlook&voor=999999`);
    await card.getByText('Gekoppeld als monteur@outlook.test').waitFor();
    await card
      .getByText(
        'Deze koppellink is voor een andere gebruiker. Log in als die gebruiker om de agenda te koppelen.',
      )
      .waitFor();
    await card.scrollIntoViewIfNeeded();
    expect(await sidewaysOverflow(page)).toBe(0);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await takeShot(page, 'calendar-outlook-profile-phone');
    await page.setViewportSize({ width: 1280, height: 900 });
  });
});
