import { KPI_SETTINGS_TEXTS } from '@im/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSalesCompany, createTestProduct } from '../../../test/crm-factories';
import { startTestServer, type TestServer } from '../../../test/test-server';

let t: TestServer;
let a: { companyId: number; token: string; userId: number };
let b: { companyId: number; token: string; userId: number };

beforeAll(async () => {
  t = await startTestServer();
  a = await createSalesCompany(t, { name: 'KPI A' });
  b = await createSalesCompany(t, { name: 'KPI B' });
});
afterAll(async () => t?.close());

const settingsId = async (token: string) =>
  (await t.api('GET', '/api/company/getcurrentflowsettings', { token })).body.company_settings_id as number;

describe('KPI settings and dashboard leads (flow settings)', () => {
  it('keeps KPI products and the dashboard leads box; CRM screens read them with the flow settings', async () => {
    const panel = await createTestProduct(t, a.token, {
      item_name: 'Paneel 410 Wp',
      kpi_value: '410',
      kpi_unit: 'Wp',
    });
    const battery = await createTestProduct(t, a.token, { item_name: 'Thuisbatterij 10 kWh' });
    const id = await settingsId(a.token);
    const fresh = await t.api('GET', `/api/companysettings/${id}`, { token: a.token });
    expect(fresh.body).toMatchObject({
      kpi_products: [],
      kpi_products2: [],
      kpi_products3: [],
      dashboard_leads: null,
    });

    const saved = await t.api('PATCH', `/api/companysettings/${id}`, {
      token: a.token,
      body: {
        kpi_products: [panel.id, panel.id],
        kpi_products2: [battery.id],
        dashboard_leads: { filter: 'sent', limit: 10 },
      },
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      kpi_products: [panel.id],
      kpi_products2: [battery.id],
      kpi_products3: [],
      dashboard_leads: { filter: 'sent', limit: 10 },
    });
    const current = await t.api('GET', '/api/company/getcurrentflowsettings', { token: a.token });
    expect(current.body.dashboard_leads).toEqual({ filter: 'sent', limit: 10 });
    expect(current.body.kpi_products).toEqual([panel.id]);

    const reset = await t.api('PATCH', `/api/companysettings/${id}`, {
      token: a.token,
      body: { dashboard_leads: null },
    });
    expect(reset.body.dashboard_leads).toBeNull();
  });

  it("refuses another company's product, an unknown filter and too many rows, in Dutch", async () => {
    const foreign = await createTestProduct(t, b.token, { item_name: 'Product van B' });
    const id = await settingsId(a.token);
    const other = await t.api('PATCH', `/api/companysettings/${id}`, {
      token: a.token,
      body: { kpi_products3: [foreign.id] },
    });
    expect(other.status).toBe(422);
    expect(other.body.errors.kpi_products3).toEqual([KPI_SETTINGS_TEXTS.unknownProduct]);
    const filter = await t.api('PATCH', `/api/companysettings/${id}`, {
      token: a.token,
      body: { dashboard_leads: { filter: 'nonsense', limit: 5 } },
    });
    expect(filter.status).toBe(422);
    const rows = await t.api('PATCH', `/api/companysettings/${id}`, {
      token: a.token,
      body: { dashboard_leads: { filter: 'all', limit: 26 } },
    });
    expect(rows.status).toBe(422);
    expect(JSON.stringify(rows.body.errors)).toContain('Maximaal 25.');
    // Another company's settings id: 404.
    const foreignSettings = await t.api('PATCH', `/api/companysettings/${id}`, {
      token: b.token,
      body: { kpi_products: [] },
    });
    expect(foreignSettings.status).toBe(404);
  });
});
