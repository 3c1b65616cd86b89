import type { CurrentFlowSettings, Website } from '@im/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { describe, expect, it } from 'vitest';
import { setToken } from '../../../api/token';
import { createTestSession, renderApp } from '../../../test/render';
import { type MockRoute, mockServer } from '../../../test/server';
import { createTestInvoiceSettings } from '../../invoices/test-factories';
import { websiteFormSnippet } from './form-snippet';

function createTestWebsite(overrides: Partial<Website> = {}): Website {
  return {
    id: 4,
    name: 'Zonnepanelen landingspagina',
    siteurl: 'https://www.zon.nl',
    lead_source: 'Eigen website',
    flowprofile_id: null,
    flowprofile: null,
    user_id: 8,
    user_fullname: 'Mark Jansen',
    status: 'concept',
    mapping: [{ fieldkey: 'email', fieldvalue: 'email', nullvalue: '', valuemapping: '' }],
    key: 'AbCdEfGhIjKlMnOpQrStUv',
    endpoint_url: '/api/website/AbCdEfGhIjKlMnOpQrStUv/lead',
    leads_count: 3,
    created_at: '2026-05-04T09:30:00+02:00',
    updated_at: '2026-05-04T09:30:00+02:00',
    ...overrides,
  };
}

const flowSettings = {
  company_settings_id: 1,
  lead_sources: ['Eigen website', 'Beurs'],
  flow_tags: [],
  cancel_reasons: [],
  standard_flowprofile_id: 1,
  flowprofiles: [],
  flowphases: [],
  users: [{ id: 8, fullname: 'Mark Jansen', user_type: 'sales', role: 1000 }],
} as unknown as CurrentFlowSettings;

function setup(routes: Record<string, MockRoute> = {}, sites: Website[] = [createTestWebsite()]) {
  setToken('t');
  const server = mockServer({
    session: createTestSession({ modules: ['BASIS', 'CRM', 'SETTINGS'], userrole: 1000 }),
    routes: {
      'GET /api/company/invoicesettings': () => ({ body: createTestInvoiceSettings() }),
      'GET /api/company/getcurrentflowsettings': () => ({ body: flowSettings }),
      'GET /api/website': () => ({ body: sites }),
      ...routes,
    },
  });
  return { ...server, ...renderApp('/account/company_profile') };
}

const openActions = async (name: string) => {
  fireEvent.click(await screen.findByRole('button', { name: `Acties voor website ${name}` }));
};

describe('websites card on the company profile', () => {
  it('lists name, address, status and leads, and passes axe', async () => {
    setup();
    expect(await screen.findByText('Zonnepanelen landingspagina')).toBeTruthy();
    expect(screen.getByText('https://www.zon.nl')).toBeTruthy();
    expect(screen.getByText('Concept')).toBeTruthy();
    expect(screen.getByText(/3 aanvragen/)).toBeTruthy();
    const result = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
    expect(result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
  });

  it('asks for a user before it calls the server', async () => {
    const { calls } = setup({
      'POST /api/website': () => ({
        status: 422,
        body: { message: 'Kies een gebruiker.', errors: { user_id: ['Kies een gebruiker.'] } },
      }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Nieuwe website' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(/^Naam/), { target: { value: 'Warmtepomp actie' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Opslaan' }));
    // No user chosen: the contract's message, and no call.
    expect(await within(dialog).findByText('Kies een gebruiker.')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST' && c.url === '/api/website')).toBe(false);
  });

  it('edits the mapping: adds a row, refuses a broken value mapping, PATCHes the rows', async () => {
    const { calls } = setup({
      'PATCH /api/website/4': (call) => ({
        body: createTestWebsite({ mapping: (call.body as Website).mapping }),
      }),
    });
    await openActions('Zonnepanelen landingspagina');
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Koppeling bewerken' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Veld toevoegen' }));
    const row = within(dialog).getByRole('group', { name: 'Veld 2' });
    fireEvent.change(within(row).getByLabelText(/Veldnaam in het formulier/), {
      target: { value: 'subsidie' },
    });
    fireEvent.change(within(row).getByLabelText('Waarden omzetten'), { target: { value: 'ja' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Opslaan' }));
    expect(
      await within(dialog).findByText('Gebruik de vorm gepost=opgeslagen, bijvoorbeeld ja=1.'),
    ).toBeTruthy();
    fireEvent.change(within(row).getByLabelText('Waarden omzetten'), { target: { value: 'ja=Subsidie' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Opslaan' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PATCH')).toBe(true));
    const patch = calls.find((c) => c.method === 'PATCH')!;
    expect((patch.body as Website).mapping).toEqual([
      { fieldkey: 'email', fieldvalue: 'email', nullvalue: '', valuemapping: '' },
      { fieldkey: 'subsidie', fieldvalue: 'note', nullvalue: '', valuemapping: 'ja=Subsidie' },
    ]);
  });

  it('goes live after confirmation', async () => {
    const { calls } = setup({
      'POST /api/website/4/golive': () => ({ body: createTestWebsite({ status: 'live' }) }),
    });
    await openActions('Zonnepanelen landingspagina');
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Live zetten' }));
    const confirmDialog = await screen.findByRole('dialog', { name: 'Website live zetten' });
    fireEvent.click(within(confirmDialog).getByRole('button', { name: 'Live zetten' }));
    await waitFor(() => expect(calls.some((c) => c.url === '/api/website/4/golive')).toBe(true));
  });

  it('shows the form address and an HTML form to connect', async () => {
    setup();
    fireEvent.click(await screen.findByRole('button', { name: 'Koppelen' }));
    const dialog = await screen.findByRole('dialog');
    const address = within(dialog).getByLabelText('Formulieradres') as HTMLInputElement;
    expect(address.value).toBe(`${window.location.origin}/api/website/AbCdEfGhIjKlMnOpQrStUv/lead`);
    expect(within(dialog).getByText(/name="website_url_hp"/)).toBeTruthy();
    expect(within(dialog).getByText(/nog in concept/)).toBeTruthy();
  });
});

describe('websiteFormSnippet', () => {
  it('writes one field per posted name, the honeypot and the return to the site', () => {
    const html = websiteFormSnippet(
      createTestWebsite({
        mapping: [
          { fieldkey: 'naam', fieldvalue: 'fullname', nullvalue: '', valuemapping: '' },
          { fieldkey: 'naam', fieldvalue: 'note', nullvalue: '', valuemapping: '' },
          { fieldkey: 'email', fieldvalue: 'email', nullvalue: '', valuemapping: '' },
          { fieldkey: 'opmerking', fieldvalue: 'note', nullvalue: '', valuemapping: '' },
        ],
      }),
      'https://app.example/api/website/k/lead',
      'Versturen',
    );
    expect(html.match(/name="naam"/g)).toHaveLength(1);
    expect(html).toContain('<input type="email" name="email" required>');
    expect(html).toContain('<textarea name="opmerking"');
    expect(html).toContain('name="redirect" value="https://www.zon.nl/bedankt"');
    expect(html).toContain('name="website_url_hp"');
  });
});
