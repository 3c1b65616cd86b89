import { DASHBOARD_LAYOUTS, type DashboardUsecase, DEFAULT_STATBOXES } from '@im/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { describe, expect, it } from 'vitest';
import { setToken } from '../../../api/token';
import type { MockCall } from '../../../test/fetch-mock';
import { createTestSession, renderApp } from '../../../test/render';
import { mockServer } from '../../../test/server';

const param = (call: MockCall, name: string) => new URL(call.url, 'http://x').searchParams.get(name);

function dashboardServer(options: { settingsId?: number | null } = {}) {
  setToken('t');
  return mockServer({
    session: createTestSession(),
    routes: {
      'GET /api/user/getdashboard': (call) => {
        const usecase = (param(call, 'usecase') ?? 'standard') as DashboardUsecase;
        return {
          body: {
            usecase,
            widgets: DASHBOARD_LAYOUTS[usecase],
            statboxes: DEFAULT_STATBOXES,
            is_default_statboxes: true,
            company_settings_id: options.settingsId === undefined ? 3 : options.settingsId,
          },
        };
      },
      'GET /api/user/getdashboardstatistics': () => ({
        body: {
          statboxes: [
            {
              type: 'revenue_exc',
              label: 'Omzet exclusief BTW',
              theme: 'primary',
              is_money: true,
              values: [
                { period: 'thisMonth', label: 'Deze maand', value: '12345.50' },
                { period: 'lastMonth', label: 'Vorige maand', value: '0.00' },
              ],
            },
          ],
        },
      }),
      'GET /api/user/getdashboardleads': (call) => ({
        body: {
          counts: { unsent: 2, sent: 1, new: 1, all: 140 },
          flows:
            param(call, 'filter') === 'sent'
              ? [
                  {
                    id: 41,
                    number: 1041,
                    description: 'Warmtepomp',
                    flow_status: 'quotation',
                    relation_id: 5,
                    relation_fullname: 'Jan Bakker',
                    date_lead: '2026-11-01T09:00:00.000Z',
                    quotation_sent_at: '2026-11-20T09:00:00.000Z',
                    updated_at: '2026-11-20T09:00:00.000Z',
                  },
                ]
              : [
                  {
                    id: 40,
                    number: 1040,
                    description: 'Zonnepanelen',
                    flow_status: 'new',
                    relation_id: 4,
                    relation_fullname: 'Piet Visser',
                    date_lead: null,
                    quotation_sent_at: null,
                    updated_at: '2026-11-24T09:00:00.000Z',
                  },
                ],
        },
      }),
      'GET /api/user/getdashboardtasks': () => ({
        body: { counts: { unplanned: 3, upcoming: 0, unfinished: 1 }, tasks: [] },
      }),
      'GET /api/user/getdashboardactions': () => ({
        body: { totalCount: 0, topCount: 0, highCount: 0, overdueCount: 0, assignedactions: [] },
      }),
      'GET /api/user/getcommunicatormessages': () => ({ body: { data: [], has_more: false } }),
      'GET /api/incident/querypaginated': () => ({
        body: { data: [], pagination: { total: 0, offset: 0, limit: 5 } },
      }),
      'GET /api/note': () => ({ body: [] }),
      'PATCH /api/companysettings/3': (call) => ({
        body: {
          id: 3,
          lead_sources: [],
          flow_tags: [],
          cancel_reasons: [],
          standard_flowprofile_id: null,
          dashboard_settings: (call.body as { dashboard_settings: unknown }).dashboard_settings,
        },
      }),
    },
  });
}

describe('DashboardScreen', () => {
  it('shows the statistics, the dossiers by filter and the widgets of the standard dashboard', async () => {
    const { calls } = dashboardServer();
    renderApp('/dashboard');
    const stats = await screen.findByTestId('dashboard-statistics');
    await within(stats).findByText('Omzet exclusief BTW');
    expect(within(stats).getByText('€ 12.345,50')).toBeTruthy();

    const leads = await screen.findByTestId('dashboard-leads');
    await within(leads).findByText('Dossier 1040 · Piet Visser');
    // Counts are capped: 140 shows as 100+.
    expect(within(leads).getByText('Alle open (100+)')).toBeTruthy();
    expect(calls.some((c) => c.url.includes('getdashboardleads') && param(c, 'filter') === 'unsent')).toBe(
      true,
    );
    fireEvent.click(within(leads).getByText('Wacht op klant (1)'));
    await within(leads).findByText('Dossier 1041 · Jan Bakker');

    for (const id of [
      'dashboard-tasks',
      'dashboard-messages',
      'dashboard-incidents',
      'dashboard-notifications',
    ])
      expect(await screen.findByTestId(id)).toBeTruthy();
    expect(within(await screen.findByTestId('dashboard-tasks')).getByText(/ongepland \(3\)/i)).toBeTruthy();
    // The messages widget opens on the user's own flows (spec 001 section 9: message allforme).
    await waitFor(() =>
      expect(
        calls.some((c) => c.url.includes('getcommunicatormessages') && param(c, 'scope') === 'allforme'),
      ).toBe(true),
    );
    expect(
      calls.some((c) => c.url.includes('/api/incident/querypaginated') && param(c, 'status') === 'open'),
    ).toBe(true);

    const result = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
    expect(result.violations.map((v) => v.id)).toEqual([]);
  });

  it('shows the sales dashboard without tasks and incidents', async () => {
    const { calls } = dashboardServer();
    renderApp('/dashboard_sales');
    await screen.findByTestId('dashboard-leads');
    expect(calls.find((c) => c.url.includes('getdashboard?'))?.url).toContain('usecase=sales');
    expect(screen.queryByTestId('dashboard-tasks')).toBeNull();
    expect(screen.queryByTestId('dashboard-incidents')).toBeNull();
  });

  it('lets a manager change the statistic boxes, and refuses more than twelve', async () => {
    const { calls } = dashboardServer();
    renderApp('/dashboard');
    fireEvent.click(await screen.findByRole('button', { name: 'Statistiekblokken aanpassen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Statistiekblokken' });
    expect(within(dialog).getAllByTestId('statbox-editor')).toHaveLength(DEFAULT_STATBOXES.length);
    const add = within(dialog).getByRole('button', { name: 'Blok toevoegen' });
    for (let i = DEFAULT_STATBOXES.length; i < 12; i++) fireEvent.click(add);
    expect(within(dialog).getAllByTestId('statbox-editor')).toHaveLength(12);
    expect((add as HTMLButtonElement).disabled).toBe(true);
    for (let i = 12; i > DEFAULT_STATBOXES.length; i--)
      fireEvent.click(within(dialog).getByRole('button', { name: `Blok ${i} verwijderen` }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Blok 1 verwijderen' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Opslaan' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PATCH')).toBe(true));
    const patch = calls.find((c) => c.method === 'PATCH') as MockCall;
    const saved = (patch.body as { dashboard_settings: { type: string }[] }).dashboard_settings;
    expect(saved.map((b) => b.type)).toEqual(DEFAULT_STATBOXES.slice(1).map((b) => b.type));
  });

  it('hides the editor from users who may not change company settings', async () => {
    dashboardServer({ settingsId: null });
    renderApp('/dashboard');
    await screen.findByTestId('dashboard-statistics');
    expect(screen.queryByRole('button', { name: 'Statistiekblokken aanpassen' })).toBeNull();
  });
});
