import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setToken } from '../../../api/token';
import { createTestSession, renderApp } from '../../../test/render';
import { mockServer } from '../../../test/server';
import { createTestCompanySettings, createTestFlowSettings } from '../test-factories';

describe('dossier settings: KPI settings and dashboard leads', () => {
  it('shows the chosen KPI products by name and saves the dashboard leads box', async () => {
    setToken('t');
    const { calls } = mockServer({
      session: createTestSession({ modules: ['BASIS', 'CRM', 'SALES', 'SETTINGS'], userrole: 1000 }),
      routes: {
        'GET /api/company/getcurrentflowsettings': () => ({ body: createTestFlowSettings() }),
        'GET /api/companysettings/1': () => ({
          body: createTestCompanySettings({
            kpi_products: [7],
            dashboard_leads: { filter: 'sent', limit: 10 },
          }),
        }),
        'GET /api/website': () => ({ body: [] }),
        'GET /api/product': () => ({
          body: {
            data: [
              { id: 7, item_name: 'Zonnepaneel 410 Wp' },
              { id: 8, item_name: 'Thuisbatterij' },
            ],
            pagination: { total: 2, offset: 0, limit: 500 },
          },
        }),
        'PATCH /api/companysettings/1': (call) => ({
          body: createTestCompanySettings(call.body as object),
        }),
      },
    });
    renderApp('/account/company_flowprofiles');
    const card = await screen.findByRole('region', { name: 'KPI-instellingen' });
    expect((await within(card).findAllByText('Zonnepaneel 410 Wp')).length).toBeGreaterThan(0);
    expect((within(card).getByLabelText('Aantal regels') as HTMLInputElement).value).toBe('10');
    fireEvent.change(within(card).getByLabelText('Aantal regels'), { target: { value: '15' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Opslaan' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({
        kpi_products: [7],
        kpi_products2: [],
        kpi_products3: [],
        dashboard_leads: { filter: 'sent', limit: 15 },
      }),
    );
  });
});
