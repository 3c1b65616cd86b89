import type { FlowForPartner, PartnerDashboard, PartnerDetail, PartnerFlowPage } from '@im/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setToken } from '../../../api/token';
import { createTestSession, renderApp } from '../../../test/render';
import { mockServer } from '../../../test/server';

const MANAGER = createTestSession({
  modules: ['BASIS', 'CRM', 'SETTINGS', 'PARTNERMANAGEMENT'],
  userrole: 1000,
});
const PARTNER_USER = createTestSession({
  modules: ['BASIS', 'CRM', 'QUOTATION', 'PARTNER', 'PARTNERMANAGEMENT'],
  user_type: 'partner',
  altDashboard: 'partner',
});

const partner = (over: Partial<PartnerDetail> = {}): PartnerDetail => ({
  id: 3,
  company_id: 1,
  name: 'Woonstichting De Veste',
  start_date: '2026-01-01',
  end_date: null,
  flowprofile_id: null,
  flowprofile_name: null,
  users_count: 1,
  flows_count: 1,
  created_at: '2026-01-01T10:00:00+01:00',
  users: [
    {
      id: 9,
      name: 'Petra',
      nameprefix: '',
      surname: 'Partner',
      fullname: 'Petra Partner',
      email: 'petra@veste.nl',
    },
  ],
  ...over,
});

const flow = {
  id: 41,
  number: 1041,
  description: 'Spouwmuurisolatie',
  flow_status: 'quotation',
  relation_id: 5,
  relation_fullname: 'Jan Huurder',
  address: 'Dorpsstraat 1, 8011 AB Zwolle',
  created_at: '2026-11-01T10:00:00+01:00',
};
const flowPage = (rows = [flow], total = rows.length): PartnerFlowPage => ({
  data: rows,
  pagination: { total, offset: 0, limit: 25 },
});
const quotation = {
  id: 77,
  kind: 'quotation' as const,
  number: 2026012,
  title: 'Isolatie',
  status: 'sent',
  documentdate: '2026-11-02',
  amount_inc_vat: 1815,
  flow_id: 41,
  flow_number: 1041,
};

describe('partner screens for the manager', () => {
  it('lists partners, creates one with its period and opens its detail', { timeout: 20_000 }, async () => {
    setToken('t');
    const created: unknown[] = [];
    mockServer({
      session: MANAGER,
      routes: {
        'GET /api/partner/querypaginated': () => ({
          body: { data: [partner()], pagination: { total: 1, offset: 0, limit: 25 } },
        }),
        'GET /api/company/getcurrentflowsettings': () => ({ status: 404, body: { message: 'x' } }),
        'POST /api/partner': (call) => {
          created.push(call.body);
          return { status: 201, body: partner({ id: 8, name: 'Energie Noord' }) };
        },
        'GET /api/partner/8': () => ({ body: partner({ id: 8, name: 'Energie Noord', users: [] }) }),
        'GET /api/partner/8/flows': () => ({ body: flowPage([]) }),
      },
    });
    const { router } = renderApp('/partner_overview');
    expect(
      await screen.findByRole('link', { name: 'Woonstichting De Veste' }, { timeout: 15_000 }),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Nieuwe partner' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nieuwe partner' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Opslaan' }));
    expect(await within(dialog).findByText('Vul een naam in.')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText(/^Naam/), { target: { value: 'Energie Noord' } });
    fireEvent.change(within(dialog).getByLabelText('Startdatum'), { target: { value: '2026-05-01' } });
    fireEvent.change(within(dialog).getByLabelText('Einddatum'), { target: { value: '2026-04-01' } });
    expect(await within(dialog).findByText('De einddatum ligt voor de begindatum.')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Einddatum'), { target: { value: '' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Opslaan' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/partner_detail/8'));
    expect(created).toEqual([
      { name: 'Energie Noord', start_date: '2026-05-01', end_date: null, flowprofile_id: null },
    ]);
    expect(await screen.findByText('Nog geen gebruikers voor deze partner.')).toBeTruthy();
    expect(await screen.findByText('Nog geen dossiers aan deze partner gekoppeld.')).toBeTruthy();
  });

  it("shows the partner's users and flows, adds a user and asks before removing one", {
    timeout: 20_000,
  }, async () => {
    setToken('t');
    const posted: unknown[] = [];
    mockServer({
      session: MANAGER,
      routes: {
        'GET /api/partner/3': () => ({ body: partner() }),
        'GET /api/partner/3/flows': () => ({ body: flowPage() }),
        'POST /api/partner/3/user': (call) => {
          posted.push(call.body);
          return {
            status: 422,
            body: {
              message: 'Dit e-mailadres is al in gebruik.',
              errors: { email: ['Dit e-mailadres is al in gebruik.'] },
            },
          };
        },
      },
    });
    renderApp('/partner_detail/3');
    expect(
      await screen.findByRole('heading', { name: 'Woonstichting De Veste' }, { timeout: 15_000 }),
    ).toBeTruthy();
    expect(screen.getByText('Petra Partner')).toBeTruthy();
    const link = await screen.findByRole('link', { name: '1041 · Spouwmuurisolatie' });
    expect(link.getAttribute('href')).toBe('/flow_detail/41');
    fireEvent.click(screen.getByRole('button', { name: 'Nieuwe gebruiker' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nieuwe partnergebruiker' });
    fireEvent.change(within(dialog).getByLabelText(/^Voornaam/), { target: { value: 'Rik' } });
    fireEvent.change(within(dialog).getByLabelText(/^Achternaam/), { target: { value: 'Huis' } });
    fireEvent.change(within(dialog).getByLabelText(/^E-mailadres/), { target: { value: 'petra@veste.nl' } });
    fireEvent.change(within(dialog).getByLabelText(/^Wachtwoord/), { target: { value: 'Welkom123' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Opslaan' }));
    expect(await within(dialog).findByText('Dit e-mailadres is al in gebruik.')).toBeTruthy();
    expect(posted).toHaveLength(1);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Annuleren' }));
    fireEvent.click(screen.getByRole('button', { name: 'Gebruiker verwijderen: Petra Partner' }));
    expect(await screen.findByRole('dialog', { name: 'Partnergebruiker verwijderen' })).toBeTruthy();
  });
});

describe('the partner user', () => {
  function setupPartner(path: string) {
    setToken('t');
    const dashboard: PartnerDashboard = {
      partner: { id: 3, name: 'Woonstichting De Veste' },
      flows_by_status: [{ status: 'quotation', count: 1 }],
      open_quotations: [quotation],
      open_invoices: [],
      tasks: [],
    };
    const detail: FlowForPartner = { ...flow, documents: [quotation], tasks: [] };
    mockServer({
      session: PARTNER_USER,
      routes: {
        'GET /api/partner/dashboard': () => ({ body: dashboard }),
        'GET /api/flow/indexforpartner': () => ({ body: flowPage() }),
        'GET /api/flow/41/getforpartner': () => ({ body: detail }),
        'GET /api/flow/42/getforpartner': () => ({
          status: 404,
          body: { message: 'Dossier niet gevonden.' },
        }),
      },
    });
    return renderApp(path);
  }

  it('lands on the partner dashboard with only partner entries in the menu', async () => {
    const { router } = setupPartner('/');
    expect(
      await screen.findByRole('heading', { name: 'Dashboard Woonstichting De Veste' }, { timeout: 15_000 }),
    ).toBeTruthy();
    expect(router.state.location.pathname).toBe('/dashboard_partner');
    expect(screen.getByText('Offerte: 1')).toBeTruthy();
    const menu = screen.getByRole('navigation', { name: 'Hoofdmenu' });
    expect(within(menu).queryByRole('link', { name: 'Relaties' })).toBeNull();
    expect(within(menu).queryByRole('link', { name: 'Partners' })).toBeNull();
    expect((await screen.findByRole('link', { name: '1041 · Spouwmuurisolatie' })).getAttribute('href')).toBe(
      '/flow_partner/41',
    );
    expect(screen.getByRole('link', { name: 'Offerte 2026012' }).getAttribute('href')).toBe(
      '/document_partner/77?documentType=quotation',
    );
  });

  it('opens a flow read-only, and is sent there from the staff flow detail', async () => {
    const { router } = setupPartner('/flow_detail/41');
    expect(await screen.findByRole('heading', { name: 'Dossier 1041' }, { timeout: 15_000 })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/flow_partner/41');
    expect(screen.getByText('Alleen lezen')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Offerte 2026012' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Bewerken' })).toBeNull();
  });

  it("says so for another partner's flow, and forbids staff screens", async () => {
    setupPartner('/flow_partner/42');
    expect(
      await screen.findByText(
        'Dit dossier bestaat niet (meer) of hoort niet bij uw partner.',
        {},
        { timeout: 15_000 },
      ),
    ).toBeTruthy();
    const { router } = setupPartner('/relation_overview');
    await waitFor(() => expect(router.state.location.pathname).toBe('/403'));
  });
});
