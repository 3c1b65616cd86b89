import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api as callApi, type Json, shot as takeShot } from './flows-helpers';
import { DEMO_PASSWORD, type E2eApp, login, startApp } from './harness';

// Issue 45, media library and library sets: a manager uploads a picture, sees its thumbnail, puts it in a
// mail template through the media picker and in a document's picture block, and imports a library set.
// Screenshots at desk size and at 390 px in /tmp/library/.

const SHOTS = process.env.IM_LIBRARY_SHOTS ?? '/tmp/library';
mkdirSync(SHOTS, { recursive: true });

let app: E2eApp;
let page: Page;

beforeAll(async () => {
  app = await startApp();
  page = await app.newPage();
  await login(page, app.baseUrl, 'sanne@zonnestroom-noord.nl', DEMO_PASSWORD);
  await page.waitForURL(/#\/dashboard/);
});
afterAll(async () => {
  await app?.stop();
});

const go = async (hash: string) => page.goto(`${app.baseUrl}/#${hash}`);
const api = <T = Json>(method: string, path: string, body?: unknown) => callApi<T>(page, method, path, body);
const shot = (p: Page, name: string) => takeShot(p, name, SHOTS);

/** A landscape photo with a sun on a blue sky: something to recognise in a thumbnail. */
const photo = () =>
  sharp({ create: { width: 1200, height: 800, channels: 3, background: '#3b82f6' } })
    .composite([
      {
        input: Buffer.from(
          '<svg width="1200" height="800"><circle cx="900" cy="250" r="160" fill="#facc15"/><rect y="600" width="1200" height="200" fill="#166534"/></svg>',
        ),
      },
    ])
    .jpeg()
    .toBuffer();

/** Whether the image is loaded and drawn (a broken thumbnail has no natural width). */
const isDrawn = (p: Page, alt: string) =>
  p
    .getByRole('img', { name: alt })
    .first()
    .evaluate((img) => (img as HTMLImageElement).naturalWidth > 0);

describe('media library and library sets', () => {
  it('uploads a picture and shows its thumbnail', { timeout: 120_000 }, async () => {
    await go('/account/company_medialibrary');
    await page.getByRole('heading', { name: 'Mediabibliotheek', level: 1 }).waitFor();
    await page.locator('input[type="file"]').setInputFiles({
      name: 'Keurmerk zonnepanelen.jpg',
      mimeType: 'image/jpeg',
      buffer: await photo(),
    });
    await page.getByText('Keurmerk zonnepanelen.jpg is geupload.').waitFor();
    const card = page.getByRole('listitem', { name: 'Keurmerk zonnepanelen.jpg' });
    await card.getByRole('img', { name: 'Keurmerk zonnepanelen.jpg' }).waitFor();
    expect(await isDrawn(page, 'Keurmerk zonnepanelen.jpg')).toBe(true);
    await card.getByText('1200 × 800', { exact: false }).waitFor();
    await shot(page, 'media-library-desk');
  });

  it('puts the picture in a mail template through the media picker', { timeout: 120_000 }, async () => {
    await go('/account/company_emailsettings');
    await page.getByRole('button', { name: 'Nieuw mailtemplate' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nieuw mailtemplate' });
    await dialog.getByLabel('Omschrijving').fill('Offerte met keurmerk');
    await dialog.getByRole('button', { name: 'Afbeelding uit mediabibliotheek invoegen' }).click();
    const picker = page.getByRole('dialog', { name: 'Kies een afbeelding uit de mediabibliotheek' });
    await picker.getByRole('button', { name: 'Kies Keurmerk zonnepanelen.jpg' }).click();
    await picker.waitFor({ state: 'detached' });
    // The editor shows the picture itself (its address needs no login).
    const inEditor = dialog.locator('.ProseMirror img');
    await inEditor.waitFor();
    expect(await inEditor.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(1200);
    await shot(page, 'mail-template-with-picture');
    await dialog.getByRole('button', { name: 'Opslaan' }).click();
    await dialog.waitFor({ state: 'detached' });
    const media = await api<{ data: { id: number; public_url: string }[] }>(
      'GET',
      '/api/mediafile?query=Keurmerk',
    );
    const settings = await api<{ mailtemplates: { description: string; message: string }[] }>(
      'GET',
      '/api/company/getcurrentemailsettings',
    );
    const saved = settings.mailtemplates.find((m) => m.description === 'Offerte met keurmerk');
    expect(saved?.message).toContain(`src="${media.data[0]!.public_url}"`);
    expect(saved?.message).toContain('width="600"');
  });

  it('imports a library set into the company', { timeout: 120_000 }, async () => {
    await go('/account/company_library');
    await page.getByRole('heading', { name: 'Bibliotheeksets', level: 1 }).waitFor();
    const solar = page.getByRole('listitem', { name: 'Zonnepanelen – standaardproducten' });
    await solar.waitFor();
    await shot(page, 'library-sets-desk');
    // The search runs on the server: on name, description and labels.
    await page.getByLabel('Zoeken op naam, omschrijving of label').fill('warmtepomp');
    await solar.waitFor({ state: 'detached' });
    const card = page.getByRole('listitem', { name: 'Warmtepompen – standaardproducten' });
    await card.waitFor();
    await card.getByRole('button', { name: 'Bekijken en importeren' }).click();
    const dialog = page.getByRole('dialog', { name: 'Importeren: Warmtepompen – standaardproducten' });
    await dialog.getByText('Lucht-water warmtepomp 8 kW').waitFor();
    await dialog.getByRole('button', { name: '5 onderdelen importeren' }).click();
    await dialog.getByText('5 onderdelen geïmporteerd.').first().waitFor();
    await dialog.getByText('Product: Boilervat 200 liter').waitFor();
    await shot(page, 'library-import-result');
    await dialog.getByRole('button', { name: 'Sluiten' }).first().click();
    const products = await api<{ data: { item_name: string }[] }>('GET', '/api/product?query=Boilervat');
    expect(products.data.map((p) => p.item_name)).toContain('Boilervat 200 liter');
  });

  it('gives a document picture block the library picture', { timeout: 120_000 }, async () => {
    const flows = await api<{ data: { id: number }[] }>('GET', '/api/flow/querypaginated?limit=1');
    const quotation = await api<{ id: number }>('POST', '/api/quotation', { flow_id: flows.data[0]!.id });
    expect(quotation.id).toBeGreaterThan(0);
    const quotationId = quotation.id;
    const types = await page.evaluate(async () => {
      const res = await fetch('/api/documentwidgettype', {
        headers: { authorization: `Bearer ${localStorage.getItem('im.token')}` },
      });
      return (await res.json()) as { id: number; tag: string }[];
    });
    const pictureType = types.find((x) => x.tag === 'WIDGETPICTURE')!;
    const widget = await api<{ id: number }>('POST', '/api/documentwidget', {
      document_id: quotationId,
      document_widget_type_id: pictureType.id,
      description: 'Keurmerk',
    });
    expect(widget.id).toBeGreaterThan(0);
    await go(`/quotation_detail/${quotationId}`);
    await page.getByRole('button', { name: 'Widget bewerken: Keurmerk' }).first().click();
    const editor = page.getByRole('dialog');
    await editor.getByRole('button', { name: 'Uit mediabibliotheek' }).click();
    const picker = page.getByRole('dialog', { name: 'Kies een afbeelding uit de mediabibliotheek' });
    await picker.getByRole('button', { name: 'Kies Keurmerk zonnepanelen.jpg' }).click();
    await editor.getByRole('img', { name: 'Keurmerk zonnepanelen.jpg' }).waitFor();
    expect(await isDrawn(page, 'Keurmerk zonnepanelen.jpg')).toBe(true);
    await shot(page, 'widget-picture-from-library');
  });

  it('both screens at 390 px', { timeout: 120_000 }, async () => {
    const phone = await app.newPage({ width: 390, height: 844, touch: true });
    await login(phone, app.baseUrl, 'sanne@zonnestroom-noord.nl', DEMO_PASSWORD);
    await phone.waitForURL(/#\/dashboard/);
    for (const [hash, heading, name] of [
      ['/account/company_medialibrary', 'Mediabibliotheek', 'media-library-phone'],
      ['/account/company_library', 'Bibliotheeksets', 'library-sets-phone'],
    ] as const) {
      await phone.goto(`${app.baseUrl}/#${hash}`);
      await phone.getByRole('heading', { name: heading, level: 1 }).waitFor();
      await phone.waitForTimeout(800);
      expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await shot(phone, name);
    }
  });
});
