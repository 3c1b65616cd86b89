import { AGREEMENT_MESSAGES, CUSTOMER_DOCUMENT_ERRORS, CUSTOMER_TEXTS } from '@im/domain';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousA11yViolations } from './admin-helpers';
import { api as callApi, type Json, shot as takeShot } from './flows-helpers';
import { DEMO_PASSWORD, type E2eApp, login, sidewaysOverflow, startApp } from './harness';

// The installer's customer on a phone, without logging in: a quotation link from the mail, a drawn
// signature, approval; the office sees it approved with the evidence and the signed PDF. On the dossier
// the customer writes, shares a photo, reports an incident and resolves it. Reset and deleted links
// show the spec's breaking errors (issue 15; decision 024). The links are the README's demo links.

let app: E2eApp;
let staff: Page;
let customer: Page;

const QUOTATION = 'demo-offerte-zonnestroom-01';
const FORM_FLOW = 'demo-dossier-formulier-01';

beforeAll(async () => {
  app = await startApp();
  staff = await app.newPage();
  await login(staff, app.baseUrl, 'sanne@zonnestroom-noord.nl', DEMO_PASSWORD);
  await staff.waitForURL(/#\/dashboard/);
  customer = await app.newPage({ width: 390, height: 844, touch: true });
});
afterAll(async () => app?.stop());

const api = <T = Json>(method: string, path: string, body?: unknown) => callApi<T>(staff, method, path, body);
const open = async (hash: string) => {
  // The link as it is in the mail: the staff entry hands it to the customer entry.
  await customer.goto(`${app.baseUrl}/#${hash}`);
  await customer.waitForURL(/customer\.html#/);
};
const shot = (name: string) => takeShot(customer, name);

async function fitsThePhone() {
  expect(await sidewaysOverflow(customer)).toBe(0);
}

async function customerCall(method: string, path: string, body?: unknown) {
  return customer.evaluate(
    async ({ method, path, body }) => {
      const res = await fetch(path, {
        method,
        headers: { 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: res.status, body: await res.json() };
    },
    { method, path, body },
  );
}

describe('customer pages on a phone', () => {
  it('approves a quotation with a drawn signature; the office sees the evidence and the signed PDF; a second approval is refused', async () => {
    expect(
      (await api('PATCH', '/api/company/customerpagesettings', { confirmation_approval_signature: 1 }))
        .status,
    ).toBe(200);
    const [q] = await app.sql<{ id: number; number: number }>(
      'select id, number from sales_document where hash = $1',
      [QUOTATION],
    );
    expect(q).toBeDefined();

    await open(`/customer_quotation_detail/${QUOTATION}`);
    await customer.getByRole('heading', { name: `Offerte ${q!.number}` }).waitFor();
    await customer.getByRole('button', { name: 'Goedkeuren' }).waitFor();
    await fitsThePhone();
    expect(await seriousA11yViolations(customer)).toEqual([]);
    await shot('customer-quotation');

    await customer.getByRole('button', { name: 'Goedkeuren' }).click();
    const dialog = customer.getByRole('dialog', { name: 'Goedkeuren' });
    await dialog.waitFor();
    // Without a name and a signature the dialog says so.
    await dialog.getByRole('button', { name: 'Goedkeuren' }).click();
    await dialog.getByText(CUSTOMER_TEXTS.nameRequired).waitFor();
    await dialog.getByLabel('Uw naam').fill('Jan de Vries');
    await dialog.getByLabel('Plaats').fill('Leeuwarden');
    const pad = dialog.getByRole('img', { name: 'Handtekeningvak' });
    await pad.scrollIntoViewIfNeeded();
    const box = (await pad.boundingBox())!;
    await customer.mouse.move(box.x + 20, box.y + box.height * 0.7);
    await customer.mouse.down();
    for (let i = 1; i <= 24; i++)
      await customer.mouse.move(
        box.x + 20 + (i * (box.width - 40)) / 24,
        box.y + box.height * (0.5 + 0.3 * Math.sin(i / 2.5)),
        { steps: 2 },
      );
    await customer.mouse.up();
    expect(await seriousA11yViolations(customer)).toEqual([]);
    await shot('customer-quotation-sign');
    await dialog.getByRole('button', { name: 'Goedkeuren' }).click();
    await customer.getByText(CUSTOMER_TEXTS.approved).waitFor();
    await customer.getByText(/Goedgekeurd door Jan de Vries/).waitFor();
    expect(await customer.getByRole('button', { name: 'Goedkeuren' }).count()).toBe(0);
    await shot('customer-quotation-approved');

    // A second approval of the same version is refused.
    const again = await customerCall('POST', `/api/quotation/${QUOTATION}/approvebycustomer`, {
      signername: 'Jan de Vries',
      agreeswithoffer: 1,
    });
    expect(again.status).toBe(409);

    // The office: approved, who signed where, the signature and the signed PDF.
    const doc = await api<{ status: string }>('GET', `/api/quotation/${q!.id}`);
    expect(doc.status).toBe('approved');
    await staff.goto(`${app.baseUrl}/#/quotation_detail/${q!.id}`);
    const card = staff.getByRole('region', { name: 'Klant' });
    await card.getByText('Goedgekeurd door klant').waitFor();
    await card.getByText('Jan de Vries · Leeuwarden').waitFor();
    await card.getByRole('img', { name: 'Handtekening van Jan de Vries' }).waitFor();
    await card.getByText(/^Bekeken op/).waitFor();
    await card.getByRole('button', { name: 'Ondertekende PDF' }).waitFor();
    const activity = await api<{ responses: { signed_pdf_url: string; html_sha256: string }[] }>(
      'GET',
      `/api/quotation/${q!.id}/customeractivity`,
    );
    const signed = await staff.evaluate(async (url) => {
      const res = await fetch(url, {
        headers: { authorization: `Bearer ${localStorage.getItem('im.token')}` },
      });
      const bytes = new Uint8Array(await res.arrayBuffer());
      return { status: res.status, head: String.fromCharCode(...bytes.slice(0, 5)), size: bytes.length };
    }, activity.responses[0]!.signed_pdf_url);
    expect(signed).toMatchObject({ status: 200, head: '%PDF-' });
    await card.scrollIntoViewIfNeeded();
    await takeShot(staff, 'customer-quotation-staff-evidence');
    await api('PATCH', '/api/company/customerpagesettings', { confirmation_approval_signature: 0 });
  });

  it('on the dossier the customer writes a message, shares a photo, reports an incident and resolves it', async () => {
    await open(`/customer_flow_detail/${FORM_FLOW}`);
    await customer.getByRole('heading', { name: 'Voortgang' }).waitFor();
    await fitsThePhone();

    const questions = customer.getByRole('region', { name: 'Vragen en berichten' });
    await questions.getByRole('button', { name: 'Stel een vraag' }).click();
    await questions.getByLabel('Uw bericht').fill('Kunnen jullie ook de schuur meenemen?');
    await questions.getByRole('button', { name: 'Versturen' }).click();
    await questions.getByText('Uw bericht is verstuurd.').waitFor();
    await questions.getByText('Kunnen jullie ook de schuur meenemen?').waitFor();

    const files = customer.getByRole('region', { name: 'Bestanden' });
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64',
    );
    await files.getByLabel('Bestand uploaden (foto of PDF)').setInputFiles({
      name: 'meterkast.png',
      mimeType: 'image/png',
      buffer: png,
    });
    await files.getByText('meterkast.png is geüpload.').waitFor();
    await files.getByRole('link', { name: 'meterkast.png' }).waitFor();

    const incidents = customer.getByRole('region', { name: 'Meldingen' });
    await incidents.getByLabel('Soort melding').selectOption({ label: 'Storing' });
    await incidents.getByLabel('Omschrijving').fill('De omvormer geeft een rode lamp.');
    await incidents.getByRole('button', { name: 'Melding maken' }).click();
    await incidents.getByText('Uw melding is verstuurd.').waitFor();
    const reported = incidents.getByRole('listitem').filter({ hasText: 'De omvormer geeft een rode lamp.' });
    await reported.waitFor();
    expect(await seriousA11yViolations(customer)).toEqual([]);
    await shot('customer-dossier');
    await reported.getByRole('button', { name: 'Markeren als opgelost' }).click();
    const confirm = customer.getByRole('dialog');
    if (await confirm.count()) await confirm.getByRole('button', { name: /^(Ja|Bevestigen)$/ }).click();
    await incidents.getByText('De melding is als opgelost gemarkeerd.').waitFor();

    // The office has the message, the file and the resolved incident on the flow.
    const [row] = await app.sql<{ messages: number; files: number; resolved: number }>(
      `select (select count(*)::int from message m where m.flow_id = f.id and m.content like 'Kunnen jullie ook de schuur%') as messages,
              (select count(*)::int from stored_file s where s.owner_type = 'flow' and s.owner_id = f.id and s.filename = 'meterkast.png') as files,
              (select count(*)::int from incident i where i.flow_id = f.id and i.status = 'resolved' and i.content like 'De omvormer%') as resolved
         from flow f where f.hash = $1`,
      [FORM_FLOW],
    );
    expect(row).toEqual({ messages: 1, files: 1, resolved: 1 });
  });

  it('the communicator and a document that asks a signature are usable and accessible on a phone', async () => {
    await open(`/customer_communicator/${FORM_FLOW}`);
    await customer.getByText('Kunnen jullie ook de schuur meenemen?').waitFor();
    await customer.getByLabel('Uw bericht').waitFor();
    await fitsThePhone();
    expect(await seriousA11yViolations(customer)).toEqual([]);
    await shot('customer-communicator');

    // The delivery report's type asks a drawn signature.
    await open('/customer_document_detail/demo-document-zonnestroom-01');
    await customer.getByRole('button', { name: 'Goedkeuren' }).click();
    const dialog = customer.getByRole('dialog', { name: 'Goedkeuren' });
    await dialog.getByRole('img', { name: 'Handtekeningvak' }).waitFor();
    await dialog.getByText(AGREEMENT_MESSAGES.document.signature).waitFor();
    await fitsThePhone();
    expect(await seriousA11yViolations(customer)).toEqual([]);
    await dialog.getByRole('button', { name: 'Annuleren' }).click();
  });

  it('a reset link answers "kan niet worden gevonden" and a deleted quotation "niet meer beschikbaar"', async () => {
    const rows = await app.sql<{ id: number; hash: string; status: string }>(
      `select d.id, d.hash, d.status from sales_document d join company c on c.id = d.company_id
        where c.name = 'Zonnestroom Noord B.V.' and d.kind = 'quotation' and d.status in ('approved', 'rejected')
          and not d.is_template and d.deleted_at is null and d.hash <> $1 order by d.id`,
      [QUOTATION],
    );
    const toReset = rows.find((r) => r.status === 'approved')!;
    const toDelete = rows.find((r) => r.status === 'rejected')!;
    await open(`/customer_quotation_detail/${toReset.hash}`);
    await customer.getByRole('heading', { name: /^Offerte \d+/ }).waitFor();
    expect((await api('POST', `/api/quotation/${toReset.id}/resethash`)).status).toBe(200);
    await open(`/customer_quotation_detail/${toReset.hash}`);
    await customer.getByText(CUSTOMER_DOCUMENT_ERRORS.quotation.notFound).waitFor();
    expect(await seriousA11yViolations(customer)).toEqual([]);

    expect((await api('DELETE', `/api/quotation/${toDelete.id}`)).status).toBeLessThan(300);
    await open(`/customer_quotation_detail/${toDelete.hash}`);
    await customer.getByText(CUSTOMER_DOCUMENT_ERRORS.quotation.gone).waitFor();
    await fitsThePhone();
    await shot('customer-quotation-gone');
  });
});
