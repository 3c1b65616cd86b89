import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  callApi,
  confirmDialog,
  createCompany,
  go as goTo,
  loginAdmin as loginAdminTo,
  loginAs as loginTo,
  PROTECTED,
  pickOption,
  seriousA11yViolations,
  shot,
  trashedCompany,
  waitForHash,
} from './admin-helpers';
import { ADMIN, DEMO_PASSWORD, type E2eApp, login, startApp } from './harness';

// Platform administration and the two company-settings screens, in Chromium against the built
// server with the demo data. Every screen of the issue is photographed into e2e/screenshots/.

let app: E2eApp;
beforeAll(async () => {
  app = await startApp();
});
afterAll(async () => app?.stop());

const loginAs = (email: string, password: string, landing: RegExp) => loginTo(app, email, password, landing);
const loginAdmin = () => loginAdminTo(app);
const go = (page: Page, hash: string, expected?: RegExp) => goTo(app, page, hash, expected);

describe('the guard in the real app', () => {
  it('sends the anonymous to /login and a logged-in user from /login to the dashboard', async () => {
    const page = await app.newPage();
    await go(page, '/company_overview', /#\/login/);
    await login(page, app.baseUrl, ADMIN.email, ADMIN.password);
    await waitForHash(page, /#\/dashboardadmin/);
    await page.getByRole('heading', { name: 'Platformbeheer' }).waitFor();
    await go(page, '/login', /#\/dashboardadmin/);
  });

  it('refuses a missing module (/401), an unknown route (/404) and a too low role (/401)', async () => {
    const eva = await loginAs('eva@warmtepomptotaal.nl', DEMO_PASSWORD, /#\/dashboard/);
    await go(eva, '/project_overview', /#\/401/);
    await eva.getByRole('heading', { name: 'Geen toegang' }).waitFor();
    await shot(eva, '401');
    await go(eva, '/does_not_exist', /#\/404/);
    await eva.getByRole('heading', { name: 'Pagina niet gevonden' }).waitFor();
    await shot(eva, '404');

    const tom = await loginAs('tom@zonnestroom-noord.nl', DEMO_PASSWORD, /#\/dashboard/);
    await go(tom, '/account/company_users', /#\/401/);
    // A role-100 user sees the modules, e-mail, workflow, document settings, forms, media and library sets of the settings area,
    // not the users page.
    const settings = tom.getByRole('group', { name: 'Instellingen' });
    await expect
      .poll(() => settings.getByRole('link').allTextContents())
      .toEqual([
        'Bedrijfsgegevens',
        'Dossierinstellingen',
        'Modules',
        'Statistieken',
        'E-mailinstellingen',
        'Workflowregels',
        'Documentinstellingen',
        'Formulieren',
        'Mediabibliotheek',
        'Bibliotheeksets',
      ]);
  });
});

describe('platform administration', () => {
  it('creates a company with BASIS and CRM and a manager, logs in as that user, and logs out', async () => {
    const page = await loginAdmin();
    // The main company's admin dashboard lists all companies.
    await page.getByRole('link', { name: 'Zonnestroom Noord B.V.' }).waitFor();
    await shot(page, 'dashboardadmin');
    const adminMenu = page.getByRole('group', { name: 'Platformbeheer' });
    await adminMenu.getByRole('link', { name: 'Bedrijven' }).click();
    await waitForHash(page, /#\/company_overview/);
    await page.getByRole('link', { name: 'Warmtepomp Totaal Twente' }).waitFor();
    await shot(page, 'company_overview');

    await page.getByRole('button', { name: 'Nieuw bedrijf' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nieuw bedrijf' });
    await dialog.getByLabel(/^Naam/).fill('Klimaattechniek Oost BV');
    await dialog.getByRole('checkbox', { name: 'CRM', exact: true }).check();
    expect(await dialog.getByRole('checkbox', { name: 'BASIS', exact: true }).isChecked()).toBe(true);
    await shot(page, 'company_create', { isDialog: true });
    await dialog.getByRole('button', { name: 'Aanmaken' }).click();
    await waitForHash(page, /#\/company_detail\/\d+/);
    await page.getByRole('heading', { name: 'Klimaattechniek Oost BV' }).waitFor();
    expect(await page.getByRole('switch', { name: 'Module CRM' }).isChecked()).toBe(true);
    expect(await page.getByRole('switch', { name: 'Module QUOTATION' }).isChecked()).toBe(false);

    await page.getByRole('button', { name: 'Nieuwe gebruiker' }).click();
    const userDialog = page.getByRole('dialog', { name: 'Nieuwe gebruiker' });
    await userDialog.getByLabel(/^Voornaam/).fill('Eline');
    await userDialog.getByLabel(/^Achternaam/).fill('Oosterhof');
    await userDialog.getByLabel(/^E-mailadres/).fill('eline@klimaattechniek-oost.nl');
    // The password rule is checked before anything is sent.
    await userDialog.getByLabel(/^Wachtwoord/).fill('zwak');
    await userDialog.getByRole('button', { name: 'Aanmaken' }).click();
    await userDialog
      .getByText(/minimaal 8 tekens/)
      .nth(1)
      .waitFor();
    await userDialog.getByLabel(/^Wachtwoord/).fill('Oosterhof2026');
    await pickOption(page, /^Rol/, 'Manager');
    await userDialog.getByRole('button', { name: 'Aanmaken' }).click();
    await page.getByText('Eline Oosterhof is aangemaakt.').waitFor();
    await page.getByRole('link', { name: 'Eline Oosterhof' }).waitFor();
    await shot(page, 'company_detail');

    await page.getByRole('link', { name: 'Eline Oosterhof' }).click();
    await waitForHash(page, /#\/user_detail\/\d+/);
    await page.getByRole('heading', { name: 'Eline Oosterhof' }).waitFor();
    expect(await page.getByRole('combobox', { name: /^Rol/ }).inputValue()).toBe('Manager');
    await shot(page, 'user_detail');

    await page.getByRole('button', { name: 'Inloggen als deze gebruiker' }).click();
    const warning = page.getByRole('dialog', { name: 'Inloggen als Eline Oosterhof' });
    await warning.getByText(/niet in meerdere vensters/).waitFor();
    await shot(page, 'login_as_warning', { isDialog: true });
    await warning.getByRole('button', { name: 'Inloggen' }).click();

    await waitForHash(page, /#\/dashboard$/);
    await page.getByText('Je bent ingelogd als Eline Oosterhof via platformbeheer').waitFor();
    await page.getByText('Welkom, Eline Oosterhof').waitFor();
    const me = await callApi<{ body: { modules: string[]; impersonator_user_id: number | null } }>(
      page,
      'GET',
      '/api/user/getcurrentuser',
    );
    expect([...me.body.modules].sort()).toEqual(['BASIS', 'CRM']);
    expect(me.body.impersonator_user_id).toBe(1);
    // The menu follows BASIS and CRM: no settings, no platform administration, no sales entries.
    const nav = page.getByRole('navigation', { name: 'Hoofdmenu' });
    const links = await nav.getByRole('link').allTextContents();
    expect(links[0]).toBe('Dashboard');
    for (const hidden of [
      'Bedrijven',
      'Modules',
      'Gebruikers',
      'Producten',
      'Opnames',
      'Offertes',
      'Facturen',
    ])
      expect(links).not.toContain(hidden);
    expect(await page.getByRole('group', { name: 'Platformbeheer' }).count()).toBe(0);
    expect(await page.getByRole('group', { name: 'Instellingen' }).count()).toBe(0);
    expect(await page.locator('header[data-admin]').count()).toBe(0);
    await shot(page, 'impersonation_banner');

    await go(page, '/quotation_overview', /#\/401/);
    await go(page, '/company_overview', /#\/401/);

    await page.getByRole('button', { name: 'Uitloggen' }).click();
    await waitForHash(page, /#\/login/);
    expect(await page.evaluate(() => localStorage.getItem('im.token'))).toBeNull();
  });

  it("protects company 1 and user 1: 'Perhaps not such a good idea.'", async () => {
    const page = await loginAdmin();
    await go(page, '/company_detail/1');
    await page.getByRole('heading', { name: 'Installatiemanager' }).first().waitFor();
    await page.getByRole('button', { name: 'Verwijderen', exact: true }).click();
    await confirmDialog(page, 'Bedrijf verwijderen', 'Verwijderen');
    const alert = page.getByRole('dialog', { name: 'Let op' });
    await alert.getByText(PROTECTED).waitFor();
    await shot(page, 'company_protected_alert', { isDialog: true });
    await alert.getByRole('button', { name: 'OK' }).click();

    await go(page, '/user_detail/1');
    await page.getByRole('button', { name: 'Verwijderen', exact: true }).click();
    await confirmDialog(page, 'Gebruiker verwijderen', 'Verwijderen');
    await page.getByRole('dialog', { name: 'Let op' }).getByText(PROTECTED).waitFor();
    await shot(page, 'user_protected_alert', { isDialog: true });
  });

  it('deletes a company with batch progress to 100, finds it in the trash and restores it', async () => {
    const page = await loginAdmin();
    const id = await createCompany(page, 'Tijdelijk Installatiebedrijf BV');
    await go(page, `/company_detail/${id}`);
    await page.getByRole('heading', { name: 'Tijdelijk Installatiebedrijf BV' }).waitFor();
    await page.getByRole('button', { name: 'Verwijderen', exact: true }).click();
    await confirmDialog(page, 'Bedrijf verwijderen', 'Verwijderen');

    const progress = page.getByRole('dialog', { name: 'Tijdelijk Installatiebedrijf BV wordt verwijderd' });
    await progress.getByText('Klaar.').waitFor();
    expect(await progress.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('100');
    await shot(page, 'company_delete_progress', { isDialog: true });
    await progress.getByRole('button', { name: 'Sluiten' }).click();
    await waitForHash(page, /#\/company_overview/);

    await page
      .getByRole('group', { name: 'Platformbeheer' })
      .getByRole('link', { name: 'Prullenbak' })
      .click();
    await waitForHash(page, /#\/company_trashcan/);
    await page.getByRole('cell', { name: 'Tijdelijk Installatiebedrijf BV', exact: true }).waitFor();
    await shot(page, 'company_trashcan');

    await page.getByRole('button', { name: 'Herstellen: Tijdelijk Installatiebedrijf BV' }).click();
    await confirmDialog(page, 'Bedrijf herstellen', 'Herstellen');
    await page.getByText('Tijdelijk Installatiebedrijf BV is hersteld.').waitFor();
    await expect
      .poll(() => page.getByRole('cell', { name: 'Tijdelijk Installatiebedrijf BV', exact: true }).count())
      .toBe(0);
    await go(page, '/company_overview');
    await page.getByRole('link', { name: 'Tijdelijk Installatiebedrijf BV' }).waitFor();
  });

  it('restores through /company_delete/{id}/restore', async () => {
    const page = await loginAdmin();
    const id = await trashedCompany(page, 'Herstel Mij BV');
    await go(page, `/company_delete/${id}/restore`);
    await page.getByText(/Herstel Mij BV wordt uit de prullenbak teruggezet/).waitFor();
    await shot(page, 'company_delete_restore');
    await page.getByRole('button', { name: 'Herstellen' }).click();
    await confirmDialog(page, 'Bedrijf herstellen', 'Herstellen');
    await waitForHash(page, /#\/company_trashcan/);
    await page.getByText('Herstel Mij BV is hersteld.').waitFor();
    expect(
      (await callApi<{ body: { deleted_at: string | null } }>(page, 'GET', `/api/company/${id}`)).body
        .deleted_at,
    ).toBeNull();
    await go(page, '/company_delete/1/empty', /#\/404/);
  });

  it('deletes permanently through /company_delete/{id}/forceDelete with batch progress to 100', async () => {
    const page = await loginAdmin();
    const id = await trashedCompany(page, 'Weg Ermee BV');
    await go(page, '/company_trashcan');
    await page.getByRole('button', { name: 'Definitief verwijderen: Weg Ermee BV' }).click();
    await waitForHash(page, new RegExp(`#/company_delete/${id}/forceDelete`));
    await page.getByText(/worden definitief verwijderd/).waitFor();
    await shot(page, 'company_delete_forcedelete');
    // Cancel does nothing.
    await page.getByRole('button', { name: 'Definitief verwijderen' }).click();
    await confirmDialog(page, 'Bedrijf definitief verwijderen', 'Annuleren');
    expect(page.url()).toMatch(/forceDelete$/);
    await page.getByRole('button', { name: 'Definitief verwijderen' }).click();
    await confirmDialog(page, 'Bedrijf definitief verwijderen', 'Definitief verwijderen');
    const progress = page.getByRole('dialog', { name: 'Weg Ermee BV wordt definitief verwijderd' });
    await progress.getByRole('button', { name: 'Sluiten' }).waitFor({ timeout: 30_000 });
    expect(await progress.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('100');
    await shot(page, 'company_forcedelete_progress', { isDialog: true });
    await progress.getByText('Klaar.').waitFor({ timeout: 1000 });
    await progress.getByRole('button', { name: 'Sluiten' }).click();
    await waitForHash(page, /#\/company_trashcan/);
    expect((await callApi<{ status: number }>(page, 'GET', `/api/company/${id}`)).status).toBe(404);
  });

  it('manages subscriptions, subscription types and modules', async () => {
    const page = await loginAdmin();
    await go(page, '/subscription_overview');
    await page.getByRole('link', { name: 'Compleet' }).first().waitFor();
    await shot(page, 'subscription_overview');

    await go(page, '/subscriptiontype_overview');
    await page.getByRole('link', { name: 'Basis', exact: true }).waitFor();
    await shot(page, 'subscriptiontype_overview');
    await page.getByRole('button', { name: 'Nieuw abonnementstype' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nieuw abonnementstype' });
    await dialog.getByLabel(/^Naam/).fill('Offertes los');
    await dialog.getByLabel(/^Omschrijving/).fill('Alleen offertes');
    await dialog.getByRole('button', { name: 'Aanmaken' }).click();
    await waitForHash(page, /#\/subscriptiontype_detail\/\d+/);
    await page.getByRole('switch', { name: /^QUOTATION/ }).click();
    await expect.poll(() => page.getByRole('switch', { name: /^QUOTATION/ }).isChecked()).toBe(true);
    await shot(page, 'subscriptiontype_detail');

    // A type in use cannot be deleted: the server's reason is shown.
    await go(page, '/subscriptiontype_overview');
    await page.getByRole('link', { name: 'Basis', exact: true }).click();
    await page.getByRole('button', { name: 'Verwijderen', exact: true }).click();
    await confirmDialog(page, 'Abonnementstype verwijderen', 'Verwijderen');
    await page
      .getByRole('dialog', { name: 'Let op' })
      .getByText(/kan niet worden verwijderd/)
      .waitFor();

    await go(page, '/module_overview');
    const description = page.getByRole('textbox', { name: 'Omschrijving van INTAKE' });
    await description.fill('Opnames op locatie, ook offline');
    await page
      .getByRole('row', { name: /INTAKE/ })
      .getByRole('button', { name: 'Opslaan' })
      .click();
    await page.getByText('De omschrijving van INTAKE is opgeslagen.').waitFor();
    await shot(page, 'module_overview');
  });

  it('lists users, the newsletter with the copy button, and edits system notifications', async () => {
    const page = await loginAdmin();
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: app.baseUrl });
    await go(page, '/user_overview');
    await page.getByRole('link', { name: 'Sanne de Vries' }).waitFor();
    await shot(page, 'user_overview');
    expect(await seriousA11yViolations(page)).toEqual([]);

    // Mark a user for the newsletter, then copy the list.
    const users = await callApi<{ body: { data: { id: number }[] } }>(
      page,
      'GET',
      '/api/user/querypaginated?query=mark@zonnestroom',
    );
    const markId = users.body.data[0]?.id;
    await go(page, `/user_detail/${markId}`);
    await page.getByRole('switch', { name: 'Ontvangt de nieuwsbrief' }).click();
    await page.getByRole('button', { name: 'Opslaan', exact: true }).click();
    await page.getByText('De gebruiker is opgeslagen.').waitFor();

    await go(page, '/user_newsletter_overview');
    await page.getByRole('cell', { name: 'mark@zonnestroom-noord.nl' }).waitFor();
    await page.getByRole('button', { name: 'Kopieer e-mailadressen' }).click();
    await page.getByRole('button', { name: 'Gekopieerd!' }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toContain('mark@zonnestroom-noord.nl');
    await shot(page, 'user_newsletter_overview');

    await go(page, '/systemnotification_overview');
    await page
      .getByText(/15 december 2026/)
      .first()
      .waitFor();
    await page.getByRole('button', { name: 'Nieuwe systeemmelding' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nieuwe systeemmelding' });
    await dialog.getByRole('button', { name: 'Opslaan' }).click();
    await dialog.getByText('Dit veld is verplicht.').waitFor();
    await dialog.getByLabel(/^Tekst/).fill('Vanavond komt er een nieuwe versie van Installatiemanager.');
    await pickOption(page, /^Stijl/, 'Succes (groen)');
    await dialog
      .getByTestId('systemnotification-preview')
      .getByText(/nieuwe versie/)
      .waitFor();
    await shot(page, 'systemnotification_edit', { isDialog: true });
    await dialog.getByRole('button', { name: 'Opslaan' }).click();
    await page.getByText('De systeemmelding is aangemaakt.').waitFor();
    await shot(page, 'systemnotification_overview');
  });
});

describe('company settings (SETTINGS)', () => {
  it("a system administrator manages the own company's users and sees its modules", async () => {
    const page = await loginAs('sanne@zonnestroom-noord.nl', DEMO_PASSWORD, /#\/dashboard/);
    const settings = page.getByRole('group', { name: 'Instellingen' });
    await settings.getByRole('link', { name: 'Gebruikers' }).click();
    await waitForHash(page, /#\/account\/company_users/);
    await page.getByText('lisa@zonnestroom-noord.nl').waitFor();
    // Only the own company: no company column, nobody from another company.
    expect(await page.getByText('eva@warmtepomptotaal.nl').count()).toBe(0);
    await shot(page, 'company_users');

    await page.getByRole('button', { name: 'Lisa Bakker bewerken' }).click();
    const dialog = page.getByRole('dialog', { name: 'Lisa Bakker bewerken' });
    await dialog.getByRole('switch', { name: 'Ontvangt de nieuwsbrief' }).click();
    await shot(page, 'company_users_edit', { isDialog: true });
    await dialog.getByRole('button', { name: 'Opslaan' }).click();
    await page.getByText('De gebruiker is opgeslagen.').waitFor();

    await settings.getByRole('link', { name: 'Modules' }).click();
    await waitForHash(page, /#\/account\/company_modules/);
    await page.getByRole('cell', { name: 'QUOTATION' }).waitFor();
    await shot(page, 'company_modules');
    expect(await seriousA11yViolations(page)).toEqual([]);
  });
});
