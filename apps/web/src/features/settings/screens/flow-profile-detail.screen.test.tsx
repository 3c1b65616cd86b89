import type { FlowProfileDetail } from '@im/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setToken } from '../../../api/token';
import { createTestSession, renderApp } from '../../../test/render';
import { type MockRoute, mockServer } from '../../../test/server';
import { axeViolations, createTestFlowProfileDetail } from '../test-factories';

const MODULES = ['BASIS', 'CRM', 'SALES', 'SETTINGS', 'QUOTATION'] as const;
const MAIL_TEMPLATES = [
  { id: 21, template_type: 'sendquotation', description: 'Offerte warmtepomp', subject: 'Uw offerte' },
  { id: 22, template_type: 'sendflowemail', description: 'Dossiermail', subject: 'Uw dossier' },
];

function setup(profile: FlowProfileDetail, routes: Record<string, MockRoute> = {}) {
  setToken('t');
  let current = profile;
  const server = mockServer({
    session: createTestSession({ modules: [...MODULES], userrole: 1000 }),
    routes: {
      [`GET /api/flowprofile/${profile.id}`]: () => ({ body: current }),
      'GET /api/quotation/indextemplates': () => ({
        body: [{ id: 31, title: 'Offerte warmtepomp', document_type_id: null, updated_at: '2026-01-01' }],
      }),
      'GET /api/calculation/indextemplates': () => ({ body: [] }),
      'GET /api/vertical': () => ({ body: [] }),
      'GET /api/company/getcurrentemailsettings': () => ({
        body: { mailtemplates: MAIL_TEMPLATES, messagetemplates: [], contacttemplates: [], flowfiles: [] },
      }),
      [`POST /api/flowprofile/${profile.id}/createsettingsforflowprofile`]: () => {
        current = { ...current, branding: { sender_name: '', brand_button_color: null, has_logo: false } };
        return { body: current };
      },
      [`PATCH /api/flowprofile/${profile.id}/settings`]: (call) => {
        const branding = (call.body as { branding: { sender_name: string } }).branding;
        current = { ...current, branding: { ...current.branding!, ...branding } };
        return { body: current };
      },
      ...routes,
    },
  });
  return { ...server, ...renderApp(`/account/company_flowprofiles/${profile.id}`) };
}

describe('request profile detail', () => {
  it('tells that the standard profile uses the company branding', async () => {
    setup(createTestFlowProfileDetail({ id: 3, name: 'Standaard', is_standard: true }));
    expect(await screen.findByRole('heading', { name: 'Standaard', level: 1 })).toBeTruthy();
    expect(
      screen.getByText('Dit is het standaard aanvraagprofiel. Gebruik de reguliere branding settings.'),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Eigen branding aanmaken' })).toBeNull();
  });

  it('creates own branding and saves its sender name and colour', async () => {
    const { calls } = setup(createTestFlowProfileDetail());
    fireEvent.click(await screen.findByRole('button', { name: 'Eigen branding aanmaken' }));
    const name = (await screen.findByLabelText('Naam van de afzender')) as HTMLInputElement;
    fireEvent.change(name, { target: { value: 'Warmte Team' } });
    fireEvent.change(screen.getByLabelText(/Knopkleur/), { target: { value: 'groen' } });
    const card = screen.getByRole('region', { name: 'Eigen branding' });
    fireEvent.click(within(card).getByRole('button', { name: 'Opslaan' }));
    expect(await within(card).findByText('Een kleur als #1a2b3c.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/Knopkleur/), { target: { value: '#aa3300' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Opslaan' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({
        branding: { sender_name: 'Warmte Team', brand_button_color: '#aa3300' },
      }),
    );
    expect(screen.getByRole('button', { name: 'Logo uploaden' })).toBeTruthy();
  });

  it('saves the name, the standard quotation template and a mail template per type', async () => {
    const profile = createTestFlowProfileDetail({ mailtemplate_ids: { sendflowemail: 22 } });
    const { calls } = setup(profile, {
      'PATCH /api/flowprofile/4': () => ({ body: profile }),
    });
    const templates = await screen.findByRole('region', { name: 'Standaard templates' });
    fireEvent.click(within(templates).getByRole('combobox', { name: 'Offerte' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Offerte warmtepomp' }));
    fireEvent.click(within(templates).getByRole('combobox', { name: 'Versturen offerte' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Offerte warmtepomp' }));
    fireEvent.click(within(templates).getByRole('button', { name: 'Opslaan' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PATCH')).toBe(true));
    const body = calls.find((c) => c.method === 'PATCH')?.body as Record<string, Record<string, unknown>>;
    expect(body.name).toBe('Warmtepomp');
    expect(body.template_ids).toEqual({ quotation: 31 });
    expect(body.mailtemplate_ids).toMatchObject({ sendquotation: 21, sendflowemail: 22, sendinvoice: null });
  });

  it('has no accessibility violations', async () => {
    setup(
      createTestFlowProfileDetail({
        branding: { sender_name: 'Warmte Team', brand_button_color: '#aa3300', has_logo: false },
      }),
    );
    await screen.findByLabelText('Naam van de afzender');
    expect(await axeViolations()).toEqual([]);
  });
});
