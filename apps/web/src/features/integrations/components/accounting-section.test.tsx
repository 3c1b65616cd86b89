import type { AccountingPush, AccountingSettings, Integration } from '@im/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setToken } from '../../../api/token';
import { createTestSession, renderApp } from '../../../test/render';
import { mockServer } from '../../../test/server';

const SETTINGS: AccountingSettings = {
  gl_reference: '8000',
  gl_description: '',
  gl_reference_low: '',
  gl_description_low: '',
  gl_reference_shifted: '',
  gl_description_shifted: '',
  gl_reference_zero: '',
  gl_description_zero: '',
  exact_discount_reference: '',
  exact_discount_description: '',
  vat_type: 'exc',
  discount_option: 'own_ledger',
  division: '123456',
  journal: '',
  warehouse: '',
  discount_item: '',
  vat_code_high: '2',
  vat_code_low: '',
  vat_code_zero: '',
  vat_code_shifted: '',
  auto_push: true,
};

const LINK: Integration = {
  id: 3,
  service: 'exact',
  user_id: null,
  status: 'active',
  account_label: 'Warmte Techniek BV (administratie 123456)',
  last_error: null,
  created_at: '2026-12-06T10:00:00+01:00',
  updated_at: '2026-12-06T10:00:00+01:00',
};

const PUSH: AccountingPush = {
  id: 9,
  service: 'exact',
  document_id: 41,
  number: '2026017',
  status: 'refused',
  external_number: null,
  message: 'De boekhoudinstellingen zijn niet compleet: verkoopdagboek.',
  attempts: 1,
  booked_at: null,
  paid_synced_at: null,
  updated_at: '2026-12-06T10:05:00+01:00',
};

const page = <T,>(data: T[]) => ({
  body: { data, pagination: { total: data.length, offset: 0, limit: 20 } },
});

function setup(role = 1000) {
  setToken('t');
  return mockServer({
    session: createTestSession({ userrole: role }),
    routes: {
      'GET /api/integrations/listforcompany/12': () => ({ body: [LINK] }),
      'GET /api/integrations/accounting/settings': () => ({ body: SETTINGS }),
      'PATCH /api/integrations/accounting/settings': (call) => ({
        body: { ...SETTINGS, ...(call.body as object) },
      }),
      'GET /api/integrations/exact/journals': () => ({
        body: [{ id: '70', code: '70', description: 'Verkoopboek', percentage: null }],
      }),
      'GET /api/integrations/accounting/pushes': () => page([PUSH]),
      'POST /api/integrations/accounting/pushes/9/retry': () => ({
        body: { message: 'De factuur staat klaar om geboekt te worden.' },
      }),
      'GET /api/integrations/exact/log': () =>
        page([
          {
            id: 1,
            at: '2026-12-06T10:00:00+01:00',
            level: 'info',
            message: 'Exact Online is gekoppeld. Warmte Techniek BV',
            document_id: null,
          },
        ]),
    },
  });
}

describe('document settings: the accounting section', () => {
  it('shows the link, saves the settings, and books a refused invoice again', async () => {
    const { calls } = setup();
    renderApp('/account/company_documentsettings');
    const section = within(await screen.findByRole('region', { name: 'Koppelingen' }, { timeout: 5000 }));
    expect(await section.findByText('Gekoppeld als Warmte Techniek BV (administratie 123456)')).toBeTruthy();
    expect(section.getByText('Gekoppeld')).toBeTruthy();

    const log = within(section.getByRole('region', { name: 'Logboek' }));
    expect(await log.findByText('Exact Online is gekoppeld. Warmte Techniek BV')).toBeTruthy();

    const pushes = within(section.getByRole('region', { name: 'Geboekte facturen' }));
    expect(
      await pushes.findByText('De boekhoudinstellingen zijn niet compleet: verkoopdagboek.'),
    ).toBeTruthy();
    expect(pushes.getByText('Geweigerd')).toBeTruthy();
    fireEvent.click(pushes.getByRole('button', { name: 'Opnieuw boeken' }));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'POST' && c.url.includes('/pushes/9/retry'))).toBe(true),
    );

    const settings = within(section.getByRole('region', { name: 'Boekhoudinstellingen' }));
    const high = within(settings.getByRole('group', { name: 'Hoog tarief (21%)' }));
    fireEvent.change(high.getByRole('textbox', { name: 'Omschrijving' }), {
      target: { value: 'Omzet installaties' },
    });
    fireEvent.click(settings.getByRole('button', { name: 'Opslaan' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PATCH')).toBe(true));
    expect(calls.find((c) => c.method === 'PATCH')?.body).toMatchObject({
      gl_reference: '8000',
      gl_description: 'Omzet installaties',
      vat_code_high: '2',
    });
  });

  it('links SnelStart with the koppelsleutel and asks only its ledgers', async () => {
    setToken('t');
    let linked = false;
    const SNEL: Integration = {
      ...LINK,
      id: 4,
      service: 'snelstart',
      account_label: 'Warmte Techniek BV',
    };
    const { calls } = mockServer({
      session: createTestSession({ userrole: 1000 }),
      routes: {
        'GET /api/integrations/listforcompany/12': () => ({ body: linked ? [SNEL] : [] }),
        'GET /api/integrations/accounting/settings': () => ({ body: SETTINGS }),
        'GET /api/integrations/accounting/pushes': () => page([]),
        'GET /api/integrations/exact/log': () => page([]),
        'GET /api/integrations/snelstart/log': () => page([]),
        'GET /api/integrations/snelstart/ledgeraccounts': () => ({
          body: [{ id: 'g1', code: '8000', description: 'Omzet hoog', percentage: null }],
        }),
        'POST /api/integrations/snelstart/link': (call) => {
          if ((call.body as { client_key: string }).client_key !== 'sleutel-uit-snelstart-web')
            return {
              status: 422,
              body: {
                message:
                  'SnelStart accepteert deze koppelsleutel niet. Kopieer de sleutel opnieuw uit SnelStart Web.',
              },
            };
          linked = true;
          return { body: { message: 'SnelStart is gekoppeld.' } };
        },
      },
    });
    renderApp('/account/company_documentsettings');
    const section = within(await screen.findByRole('region', { name: 'Koppelingen' }, { timeout: 5000 }));
    expect(await section.findByText('Nog niet gekoppeld.')).toBeTruthy();
    expect(section.getByRole('button', { name: 'Koppelen met Exact Online' })).toBeTruthy();
    fireEvent.click(section.getByRole('button', { name: 'Koppelen met SnelStart' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'SnelStart koppelen' }));
    expect(dialog.getByRole('button', { name: 'SnelStart Web openen' })).toBeTruthy();
    const key = dialog.getByLabelText(/Koppelsleutel/);
    fireEvent.change(key, { target: { value: 'verkeerd-gekopieerd' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Koppelen' }));
    expect(
      await dialog.findByText(
        'SnelStart accepteert deze koppelsleutel niet. Kopieer de sleutel opnieuw uit SnelStart Web.',
      ),
    ).toBeTruthy();
    fireEvent.change(key, { target: { value: 'sleutel-uit-snelstart-web' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Koppelen' }));
    expect(await section.findByText('Gekoppeld als Warmte Techniek BV')).toBeTruthy();
    const settings = within(section.getByRole('region', { name: 'Boekhoudinstellingen' }));
    expect(
      await settings.findByText(
        'SnelStart boekt per btw-tarief in zijn eigen verkoopdagboek: alleen de grootboekrekeningen zijn nodig.',
      ),
    ).toBeTruthy();
    expect(settings.queryByText('Verkoopdagboek')).toBeNull();
    expect(settings.queryAllByText('Btw-code')).toHaveLength(0);
    await waitFor(() =>
      expect(calls.some((c) => c.url.includes('/api/integrations/snelstart/ledgeraccounts'))).toBe(true),
    );
    // Only the list SnelStart has is asked for.
    expect(calls.some((c) => c.url.includes('/api/integrations/snelstart/vatcodes'))).toBe(false);
    // No list of Exact Online's (its log is the section's default before a package is linked).
    expect(calls.some((c) => /\/api\/integrations\/exact\/(?!log)/.test(c.url))).toBe(false);
  });

  it('is not there for staff below manager', async () => {
    const { calls } = setup(100);
    renderApp('/account/company_documentsettings');
    await screen.findByRole('heading', { name: 'Documentinstellingen', level: 1 }, { timeout: 5000 });
    expect(screen.queryByRole('region', { name: 'Koppelingen' })).toBeNull();
    expect(calls.some((c) => c.url.includes('/api/integrations'))).toBe(false);
  });
});
