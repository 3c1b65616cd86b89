import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousA11yViolations } from './admin-helpers';
import { api, type Json, shot } from './flows-helpers';
import { DEMO_PASSWORD, type E2eApp, login, sidewaysOverflow, startApp } from './harness';

// Messages between a customer and the office, followed live in two staff browsers: Mark (the flow's
// handler) answers, Sanne watches the communicator.

let app: E2eApp;
let sanne: Page;
let mark: Page;
let flowId: number;
let flowNumber: number;
let hash: string;

async function loggedIn(email: string): Promise<Page> {
  const page = await app.newPage();
  await login(page, app.baseUrl, email, DEMO_PASSWORD);
  await page.waitForURL(/#\/dashboard/);
  return page;
}

const markNoReload = (page: Page) => page.evaluate(() => Object.assign(window, { __sameDocument: true }));
const stillSameDocument = (page: Page) =>
  page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument === true);

/** The customer writes through the dossier link: no login, the flow hash is the credential. */
const customerWrites = (content: string) =>
  sanne.evaluate(
    async ({ hash, content }) =>
      (
        await fetch(`/api/message/${hash}/savebycustomer`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ content }),
        })
      ).status,
    { hash, content },
  );

beforeAll(async () => {
  app = await startApp();
  sanne = await loggedIn('sanne@zonnestroom-noord.nl');
  mark = await loggedIn('mark@zonnestroom-noord.nl');
  const me = await api<{ currentuser_id: number }>(mark, 'GET', '/api/user/getcurrentuser');
  const relation = await api<Json & { flow_id: number }>(sanne, 'POST', '/api/relation', {
    surname: 'Berichtenklant',
    phone: '06-12345678',
    createnewflow: 1,
  });
  flowId = relation.flow_id;
  const flow = await api<{ hash: string; number: number; status: number }>(
    sanne,
    'PATCH',
    `/api/flow/${flowId}`,
    {
      user_id: me.currentuser_id,
    },
  );
  expect(flow.status).toBe(200);
  hash = flow.hash;
  flowNumber = flow.number;
});
afterAll(async () => app?.stop());

describe('communication', () => {
  it('shows a customer message live and moves it ongelezen -> onbeantwoord -> gelezen', async () => {
    for (const page of [sanne, mark]) {
      await page.goto(`${app.baseUrl}/#/communicator`);
      await page.getByRole('heading', { name: 'Communicator' }).waitFor();
      await markNoReload(page);
    }
    expect(await customerWrites('Wanneer komt de monteur de panelen plaatsen?')).toBe(201);

    // Both browsers show the conversation as unread without a reload; Mark's top bar counts it.
    const row = (page: Page) => page.getByRole('button', { name: new RegExp(`Dossier ${flowNumber}\\b`) });
    for (const page of [sanne, mark]) {
      await row(page).waitFor({ timeout: 10_000 });
      await row(page).locator('[data-state="unread"]').waitFor();
    }
    await mark.getByRole('link', { name: /Berichten: [1-9]\d* ongelezen/ }).waitFor();
    await shot(mark, 'communicator-unread');
    expect(await seriousA11yViolations(mark)).toEqual([]);

    // Mark opens the dossier: the message becomes onbeantwoord, and Sanne sees that live.
    await row(mark).click();
    await mark.waitForURL(/options=flowcommunicator/);
    const log = mark.getByRole('log', { name: 'Berichten' });
    await log.locator('[data-status="unanswered"]').getByText('onbeantwoord').waitFor();
    await row(sanne).locator('[data-state="unanswered"]').waitFor({ timeout: 10_000 });

    // Mark answers: the customer's message is gelezen, for Sanne too.
    await mark.getByLabel('Nieuw bericht').fill('Dinsdag om 9:00 uur komen we de panelen plaatsen.');
    await mark.getByRole('button', { name: 'Versturen', exact: true }).click();
    await log.getByText('Dinsdag om 9:00 uur komen we de panelen plaatsen.').waitFor();
    await log.locator('[data-status="read"]').getByText('gelezen').first().waitFor();
    await row(sanne).locator('[data-state="read"]').waitFor({ timeout: 10_000 });
    await shot(mark, 'flow-communicator');
    expect(await seriousA11yViolations(mark)).toEqual([]);
    expect(await stillSameDocument(sanne)).toBe(true);

    // The customer reads the company's answer through the link.
    const seen = await sanne.evaluate(
      async (h) => (await fetch(`/api/message/${h}/getbycustomer`)).json(),
      hash,
    );
    expect(seen.at(-1)).toMatchObject({
      from: 'company',
      content: 'Dinsdag om 9:00 uur komen we de panelen plaatsen.',
    });
  });

  it('notifies the handler; opening the notification marks it read and opens the flow', async () => {
    await mark.goto(`${app.baseUrl}/#/dashboard`);
    expect(await customerWrites('Ik heb nog een vraag over de factuur.')).toBe(201);
    const bell = mark.getByRole('button', { name: /^Meldingen/ });
    await bell.locator('.mantine-Indicator-indicator').waitFor({ timeout: 10_000 });
    await bell.click();
    const item = mark.getByRole('menuitem', { name: new RegExp(`dossier ${flowNumber}`) }).first();
    await item.waitFor();
    await shot(mark, 'notification-dropdown');
    await item.click();
    await mark.waitForURL(new RegExp(`flow_detail/${flowId}\\?options=flowcommunicator`));
    await mark
      .getByRole('log', { name: 'Berichten' })
      .getByText('Ik heb nog een vraag over de factuur.')
      .waitFor();

    await mark.goto(`${app.baseUrl}/#/notification_overview`);
    await mark.getByRole('heading', { name: 'Notificaties' }).waitFor();
    const read = mark.locator('[data-status="read"]', { hasText: `dossier ${flowNumber}` }).first();
    await read.waitFor();
    await read.getByRole('button', { name: 'Markeren als ongelezen' }).click();
    await mark
      .locator('[data-status="unread"]', { hasText: `dossier ${flowNumber}` })
      .first()
      .waitFor();
    await shot(mark, 'notification-overview');
    expect(await seriousA11yViolations(mark)).toEqual([]);
  });

  it('keeps mail templates with merge tags and sends an e-mail from the flow with two attachments', async () => {
    await sanne.goto(`${app.baseUrl}/#/account/company_emailsettings`);
    await sanne.getByRole('heading', { name: 'E-mailinstellingen' }).waitFor();
    await sanne.getByRole('button', { name: 'Nieuw mailtemplate' }).click();
    const dialog = sanne.getByRole('dialog', { name: 'Nieuw mailtemplate' });
    await dialog.getByLabel('Omschrijving').fill('Dossiermail met planning');
    await dialog.getByLabel('Onderwerp').fill('Planning dossier {{ dossier.nummer }}');
    const editor = dialog.locator('.ProseMirror');
    await editor.click();
    await editor.pressSequentially('Beste {{ klant.naam }},');
    await dialog.getByRole('button', { name: 'Opslaan' }).click();
    // An unknown merge tag is shown to the author, not sent to a customer.
    await dialog.getByText('Onbekende samenvoegcode: {{ klant.naam }}.').waitFor();
    await editor.click();
    await sanne.keyboard.press('Control+A');
    await editor.pressSequentially('Beste ');
    await dialog.getByRole('button', { name: 'Samenvoegcode invoegen' }).click();
    await sanne.getByRole('menuitem', { name: 'Volledige naam van de klant' }).click();
    await editor.pressSequentially(', de monteur komt dinsdag.');
    await dialog.getByRole('button', { name: 'Opslaan' }).click();
    await dialog.waitFor({ state: 'detached' });
    await sanne.getByRole('button', { name: 'Dossiermail met planning', exact: true }).waitFor();
    await shot(sanne, 'email-settings');
    expect(await seriousA11yViolations(sanne)).toEqual([]);

    await sanne.goto(`${app.baseUrl}/#/flow_detail/${flowId}?options=flowcommunicator`);
    await sanne.getByRole('button', { name: 'E-mail versturen', exact: true }).click();
    const mail = sanne.getByRole('dialog', { name: 'E-mail versturen' });
    await mail.getByLabel('Template').click();
    await sanne.getByRole('option', { name: 'Dossiermail met planning' }).click();
    await expect.poll(() => mail.getByLabel('Onderwerp').inputValue()).toBe(`Planning dossier ${flowNumber}`);
    await mail.locator('.ProseMirror').getByText('Beste Berichtenklant, de monteur komt dinsdag.').waitFor();
    await mail.getByLabel('Aan').fill('berichtenklant@voorbeeld.nl');
    await mail.locator('input[type="file"]').setInputFiles([
      { name: 'offerte.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%%EOF\n') },
      {
        name: 'dak.png',
        mimeType: 'image/png',
        buffer: Buffer.from(
          'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
          'base64',
        ),
      },
    ]);
    await shot(sanne, 'flow-mail-modal');
    await mail.getByRole('button', { name: 'Versturen', exact: true }).click();
    await sanne.getByRole('dialog', { name: 'E-mail versturen' }).getByText('Email versturen?').waitFor();
    await sanne.getByRole('button', { name: 'Bevestigen' }).click();
    await mail.waitFor({ state: 'detached' });
    const sent = sanne.getByTestId('flow-mail').filter({ hasText: `Planning dossier ${flowNumber}` });
    await sent.waitFor();
    await sent.getByRole('button', { name: 'offerte.pdf' }).waitFor();
    await sent.getByRole('button', { name: 'dak.png' }).waitFor();
    await shot(sanne, 'flow-mails');
    expect(await seriousA11yViolations(sanne)).toEqual([]);
  });

  it('sets the e-mail header and a shared dossier file on the e-mail settings screen', async () => {
    await sanne.goto(`${app.baseUrl}/#/account/company_emailsettings`);
    const images = sanne.getByRole('region', { name: 'Afbeeldingen' });
    await images.waitFor();
    const chooser = sanne.waitForEvent('filechooser');
    await images.getByRole('button', { name: 'E-mailheader: Bestand uploaden' }).click();
    await (await chooser).setFiles({
      name: 'header.png',
      mimeType: 'image/png',
      buffer: Buffer.from(
        'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
        'base64',
      ),
    });
    await images.getByRole('img', { name: 'E-mailheader' }).waitFor();
    await images.getByRole('button', { name: 'E-mailheader verwijderen' }).waitFor();

    const shared = sanne.getByRole('region', { name: 'Gedeelde dossierbestanden' });
    const fileChooser = sanne.waitForEvent('filechooser');
    await shared.getByRole('button', { name: 'Bestand uploaden' }).click();
    await (await fileChooser).setFiles({
      name: 'algemene-voorwaarden.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.4\n%%EOF\n'),
    });
    await shared.getByText('algemene-voorwaarden.pdf').waitFor();
    await shot(sanne, 'email-settings-images');
    expect(await seriousA11yViolations(sanne)).toEqual([]);

    await images.getByRole('button', { name: 'E-mailheader verwijderen' }).click();
    await sanne.getByRole('button', { name: 'Bevestigen' }).click();
    await images.getByText('Geen afbeelding ingesteld.').first().waitFor();
    await expect.poll(() => images.getByRole('img', { name: 'E-mailheader' }).count()).toBe(0);
  });

  it('works on a phone: the communicator and a flow’s conversation at 390 px', async () => {
    await mark.setViewportSize({ width: 390, height: 844 });
    await mark.goto(`${app.baseUrl}/#/communicator`);
    await mark.getByRole('heading', { name: 'Communicator' }).waitFor();
    // Measured once the list has laid out (the first frame after the heading may still be settling).
    await expect.poll(() => sidewaysOverflow(mark)).toBe(0);
    await shot(mark, 'communicator-phone');
    await mark.goto(`${app.baseUrl}/#/flow_detail/${flowId}?options=flowcommunicator`);
    await mark.getByRole('log', { name: 'Berichten' }).waitFor();
    await expect.poll(() => sidewaysOverflow(mark)).toBe(0);
    await shot(mark, 'flow-communicator-phone');
    await mark.setViewportSize({ width: 1280, height: 800 });
  });

  it('offers WhatsApp next to the relation’s phone number', async () => {
    const flow = await api<{ relation_id: number }>(mark, 'GET', `/api/flow/${flowId}`);
    await mark.goto(`${app.baseUrl}/#/relation_detail/${flow.relation_id}`);
    const link = mark.getByRole('link', { name: 'Stuur een WhatsApp-bericht naar 06-12345678' });
    await link.waitFor();
    expect(await link.getAttribute('href')).toBe('https://wa.me/31612345678');
  });
});
