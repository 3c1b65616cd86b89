import type { InvoiceSettings } from '@im/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setToken } from '../../../api/token';
import { createTestSession, renderApp } from '../../../test/render';
import { type MockRoute, mockServer } from '../../../test/server';
import { axeViolations, createTestInvoiceSettings } from '../../invoices/test-factories';

const MODULES = ['BASIS', 'CRM', 'SALES', 'SETTINGS', 'INVOICE'] as const;
const MOLLIE_KEY = 'test_dHar4XY7LxsDOtmnkVtjNVWXLSlXsM';
const TEMPLATES = [
  { id: 7, title: 'Standaard factuur', document_type_id: null, updated_at: '2026-01-05T10:00:00+01:00' },
  { id: 8, title: 'Creditfactuur', document_type_id: null, updated_at: '2026-01-05T10:00:00+01:00' },
];

function setup(
  settings: InvoiceSettings = createTestInvoiceSettings(),
  routes: Record<string, MockRoute> = {},
  userrole = 1000,
) {
  setToken('t');
  const server = mockServer({
    session: createTestSession({ modules: [...MODULES], userrole }),
    routes: {
      'GET /api/company/invoicesettings': () => ({ body: settings }),
      'GET /api/invoice/indextemplates': () => ({ body: TEMPLATES }),
      ...routes,
    },
  });
  return { ...server, ...renderApp('/account/company_profile') };
}

const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const type = (label: string, value: string) => fireEvent.change(input(label), { target: { value } });
const errorOf = (label: string) =>
  document.getElementById(input(label).getAttribute('aria-describedby')?.split(' ').at(-1) ?? '')
    ?.textContent;

describe('company profile', () => {
  it('shows the stored details', async () => {
    setup();
    expect(await screen.findByRole('heading', { name: 'Bedrijfsgegevens' })).toBeTruthy();
    expect(((await screen.findByLabelText('IBAN')) as HTMLInputElement).value).toBe('NL91ABNA0417164300');
    expect(input('Straat').value).toBe('Dorpsstraat');
    expect(input('KvK-nummer').value).toBe('12345678');
    expect(input('Btw-identificatienummer').value).toBe('NL804732267B01');
    expect(input('Betaaltermijn (dagen)').value).toBe('14');
    expect((screen.getByRole('combobox', { name: 'Betaalprovider' }) as HTMLInputElement).value).toBe('Geen');
    expect(screen.getByText('Er is geen betaalprovider ingesteld.')).toBeTruthy();
    expect(screen.queryByText(/die zijn nodig voor de e-factuur/)).toBeNull();
  });

  it('refuses a wrong IBAN with the contract’s message, without asking the server', async () => {
    const { calls } = setup();
    await screen.findByLabelText('IBAN');
    type('IBAN', 'NL92ABNA0417164300');
    expect(await screen.findByText('Dit is geen geldig IBAN-nummer.')).toBeTruthy();
    expect(errorOf('IBAN')).toBe('Dit is geen geldig IBAN-nummer.');
    fireEvent.click(screen.getByRole('button', { name: 'Opslaan' }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls.some((c) => c.method === 'PATCH')).toBe(false);
  });

  it('asks for KvK number, VAT id and IBAN, and PATCHes the changes normalised', async () => {
    const empty = createTestInvoiceSettings({
      kvk_number: '',
      vat_number: '',
      iban: '',
      bic: '',
      einvoice_ready: false,
    });
    const saved = createTestInvoiceSettings({
      invoice_payment_days: 30,
      payment_provider: 'mollie',
      payment_api_key_set: true,
      payment_api_key_hint: '…XsM',
    });
    const { calls } = setup(empty, { 'PATCH /api/company/invoicesettings': () => ({ body: saved }) });
    expect(
      await screen.findByText(
        'Vul KvK-nummer, btw-id en IBAN in: die zijn nodig voor de e-factuur (UBL) bij elke verstuurde factuur.',
      ),
    ).toBeTruthy();

    type('KvK-nummer', ' 1234 5678 ');
    type('Btw-identificatienummer', 'nl 8047.32267.b01');
    type('IBAN', 'nl91 abna 0417 1643 00');
    type('BIC', 'abnanl2a');
    type('Betaaltermijn (dagen)', '30');
    fireEvent.click(screen.getByRole('combobox', { name: 'Betaalprovider' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Mollie' }));
    type('API-sleutel', MOLLIE_KEY);
    fireEvent.click(screen.getByRole('button', { name: 'Opslaan' }));

    expect(await screen.findByText('Bedrijfsgegevens opgeslagen')).toBeTruthy();
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({
      kvk_number: '12345678',
      vat_number: 'NL804732267B01',
      iban: 'NL91ABNA0417164300',
      bic: 'ABNANL2A',
      invoice_payment_days: 30,
      payment_provider: 'mollie',
      payment_api_key: MOLLIE_KEY,
    });
    // The form starts again from the answer: the key is stored, its field empty with the hint.
    await waitFor(() => expect(input('IBAN').value).toBe('NL91ABNA0417164300'));
    expect(input('API-sleutel').value).toBe('');
    expect(input('API-sleutel').getAttribute('placeholder')).toBe('…XsM');
    expect(screen.queryByText(/die zijn nodig voor de e-factuur/)).toBeNull();
  });

  it('chooses the standard credit invoice template among the invoice templates', async () => {
    const saved = createTestInvoiceSettings({ credit_invoice_template_id: 8 });
    const { calls } = setup(createTestInvoiceSettings(), {
      'PATCH /api/company/invoicesettings': () => ({ body: saved }),
    });
    const select = (await screen.findByRole('combobox', {
      name: 'Sjabloon voor creditfacturen',
    })) as HTMLInputElement;
    expect(select.value).toBe('Geen: zoals de gecrediteerde factuur');
    fireEvent.click(select);
    fireEvent.click(await screen.findByRole('option', { name: 'Creditfactuur' }));
    fireEvent.click(screen.getByRole('button', { name: 'Opslaan' }));

    expect(await screen.findByText('Bedrijfsgegevens opgeslagen')).toBeTruthy();
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ credit_invoice_template_id: 8 });
    await waitFor(() => expect(select.value).toBe('Creditfactuur'));
  });

  it('shows a field error of the server on its field', async () => {
    setup(createTestInvoiceSettings(), {
      'PATCH /api/company/invoicesettings': () => ({
        status: 422,
        body: {
          message: 'Ongeldige invoer.',
          errors: { kvk_number: ['Dit KvK-nummer hoort bij een ander bedrijf.'] },
        },
      }),
    });
    await screen.findByLabelText('KvK-nummer');
    type('KvK-nummer', '87654321');
    fireEvent.click(screen.getByRole('button', { name: 'Opslaan' }));
    expect(await screen.findByText('Dit KvK-nummer hoort bij een ander bedrijf.')).toBeTruthy();
    expect(errorOf('KvK-nummer')).toBe('Dit KvK-nummer hoort bij een ander bedrijf.');
    expect(screen.queryByText('Ongeldige invoer.')).toBeNull();
  });

  it('keeps the stored API key when its field stays empty, and removes it on request', async () => {
    const withKey = createTestInvoiceSettings({
      payment_provider: 'mollie',
      payment_api_key_set: true,
      payment_api_key_hint: '…abcd',
    });
    const { calls } = setup(withKey, {
      'PATCH /api/company/invoicesettings': (call) => {
        const { payment_api_key, ...changes } = call.body as { payment_api_key?: string };
        const isRemoved = payment_api_key === '';
        return {
          body: {
            ...withKey,
            ...changes,
            payment_api_key_set: !isRemoved,
            payment_api_key_hint: isRemoved ? null : withKey.payment_api_key_hint,
          },
        };
      },
    });
    expect((await screen.findByLabelText('API-sleutel')).getAttribute('placeholder')).toBe('…abcd');
    expect(screen.getByText('Leeg laten om de huidige sleutel te houden.')).toBeTruthy();

    type('Telefoon', '030 765 43 21');
    fireEvent.click(screen.getByRole('button', { name: 'Opslaan' }));
    await screen.findByText('Bedrijfsgegevens opgeslagen');
    expect(calls.filter((c) => c.method === 'PATCH').at(-1)?.body).toEqual({ phone: '030 765 43 21' });

    fireEvent.click(screen.getByRole('button', { name: 'Sleutel verwijderen' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Sleutel verwijderen' }));
    expect(await screen.findByText('Sleutel verwijderd')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'PATCH').at(-1)?.body).toEqual({ payment_api_key: '' });
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Sleutel verwijderen' })).toBeNull());
    expect(screen.getByText('De sleutel begint met test_ of live_.')).toBeTruthy();
  });

  it('only shows the details to a user below manager', async () => {
    setup(createTestInvoiceSettings(), {}, 100);
    expect(await screen.findByText('Alleen een manager kan de bedrijfsgegevens wijzigen.')).toBeTruthy();
    expect(input('IBAN').disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Opslaan' })).toBeNull();
  });

  it('has no accessibility violations', async () => {
    setup(
      createTestInvoiceSettings({
        einvoice_ready: false,
        payment_api_key_set: true,
        payment_api_key_hint: '…abcd',
      }),
    );
    await screen.findByLabelText('IBAN');
    expect(await axeViolations()).toEqual([]);
  });
});
