import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setToken } from '../../../api/token';
import { createTestSession, renderApp } from '../../../test/render';
import { type MockRoute, mockServer } from '../../../test/server';
import { createTestInvoiceSettings } from '../../invoices/test-factories';
import { axeViolations, createTestCompanySettings, createTestFlowSettings } from '../test-factories';

const MODULES = ['BASIS', 'CRM', 'SALES', 'SETTINGS', 'INVOICE'] as const;

function setup(routes: Record<string, MockRoute> = {}, userrole = 1000) {
  setToken('t');
  const settings = createTestCompanySettings();
  const server = mockServer({
    session: createTestSession({ modules: [...MODULES], userrole }),
    routes: {
      'GET /api/company/getcurrentflowsettings': () => ({
        body: createTestFlowSettings({
          flowprofiles: [
            {
              id: 3,
              name: 'Standaard',
              standard_calculation_id: null,
              mailtemplate_ids: {},
              template_ids: {},
            },
            {
              id: 4,
              name: 'Warmtepomp',
              standard_calculation_id: null,
              mailtemplate_ids: {},
              template_ids: {},
            },
          ],
        }),
      }),
      'GET /api/companysettings/1': () => ({ body: settings }),
      'PATCH /api/companysettings/1': (call) => ({ body: { ...settings, ...(call.body as object) } }),
      'GET /api/companysettings/1/getcompanylogo': () => ({ body: '' }),
      'GET /api/company/invoicesettings': () => ({ body: createTestInvoiceSettings() }),
      'GET /api/invoice/indextemplates': () => ({ body: [] }),
      'GET /api/website': () => ({ body: [] }),
      ...routes,
    },
  });
  return { ...server, ...renderApp('/account/company_profile') };
}

const region = (name: string) => screen.findByRole('region', { name });

describe('company profile: settings', () => {
  it('adds a cancel reason and removes a tag, and saves the lists', async () => {
    const { calls } = setup();
    const lists = await region('Lijsten voor dossiers');
    const reasons = within(lists).getByRole('combobox', { name: 'Redenen van annuleren' });
    // Typed: the input has the focus (an input written without it counts as autofill).
    reasons.focus();
    fireEvent.change(reasons, { target: { value: 'Gekozen voor een ander' } });
    fireEvent.keyDown(reasons, { key: 'Enter' });
    const pill = within(lists).getByText('Spoed').closest('.mantine-Pill-root') as HTMLElement;
    fireEvent.click(pill.querySelector('button') as HTMLButtonElement);
    fireEvent.click(within(lists).getByRole('button', { name: 'Opslaan' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PATCH')).toBe(true));
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({
      lead_sources: ['Eigen website', 'Telefonisch', 'Beurs'],
      flow_tags: ['Subsidie'],
      cancel_reasons: ['Te duur', 'Geen reactie meer', 'Gekozen voor een ander'],
    });
  });

  it('saves the info box, the signature and the standard request profile', async () => {
    const { calls } = setup();
    const texts = await region('Teksten en standaard aanvraagprofiel');
    expect((within(texts).getByLabelText(/E-mailhandtekening/) as HTMLTextAreaElement).value).toBe(
      'Met vriendelijke groet,\nZonnestroom Noord',
    );
    expect(within(texts).getByText(/\{\{ bedrijf\.handtekening \}\}/)).toBeTruthy();
    fireEvent.change(within(texts).getByLabelText(/E-mailhandtekening/), {
      target: { value: 'Groet,\nTeam Noord' },
    });
    fireEvent.click(within(texts).getByRole('combobox', { name: /Standaard aanvraagprofiel/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'Warmtepomp' }));
    fireEvent.click(within(texts).getByRole('button', { name: 'Opslaan' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PATCH')).toBe(true));
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({
      custom_lead_infobox: 'Bel binnen een dag terug.',
      email_signature: 'Groet,\nTeam Noord',
      standard_flowprofile_id: 4,
    });
  });

  it('refuses a colour that is not #rrggbb before asking the server', async () => {
    const { calls } = setup();
    const branding = await region('Naam, logo en kleur');
    fireEvent.change(within(branding).getByLabelText(/Knopkleur/), { target: { value: 'groen' } });
    fireEvent.click(within(branding).getByRole('button', { name: 'Opslaan' }));
    expect(await within(branding).findByText('Een kleur als #1a2b3c.')).toBeTruthy();
    expect(calls.some((c) => c.method === 'PATCH')).toBe(false);
    expect(within(branding).getByRole('button', { name: 'Logo uploaden' })).toBeTruthy();
  });

  it('only shows the settings to a user below manager', async () => {
    setup({}, 100);
    const lists = await region('Lijsten voor dossiers');
    expect(within(lists).queryByRole('button', { name: 'Opslaan' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Logo uploaden' })).toBeNull();
  });

  it('has no accessibility violations', async () => {
    setup();
    await region('Teksten en standaard aanvraagprofiel');
    await screen.findByLabelText('IBAN');
    expect(await axeViolations()).toEqual([]);
  });
});
