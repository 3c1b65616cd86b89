import { describe, expect, it } from 'vitest';
import { createTestSession } from '../../test/render';
import { buildRoutes, ROUTE_SPECS } from '../route-table';
import { buildMenu } from './menu-items';

const Screen = () => null;
// A table where the menu targets have screens, as they will once their issues land.
const allBuilt = buildRoutes(
  ROUTE_SPECS,
  ROUTE_SPECS.filter((r) => r.menu || r.path.startsWith('/dashboard')).map((r) => ({ path: r.path, Screen })),
);

describe('side menu', () => {
  it('shows only entries whose screens exist (today: the dashboard)', () => {
    const items = buildMenu(createTestSession({ modules: ['BASIS', 'CRM', 'SALES', 'SETTINGS'] }));
    expect(items.map((i) => i.labelKey)).toEqual(['dashboard']);
  });

  it('groups entries by the spec modules once screens exist', () => {
    const session = createTestSession({
      modules: ['BASIS', 'CRM', 'SALES', 'SETTINGS', 'INTAKE', 'QUOTATION', 'INVOICE'],
    });
    expect(buildMenu(session, allBuilt).map((i) => i.labelKey)).toEqual([
      'dashboard',
      'relations',
      'organizations',
      'leads',
      'products',
      'intakes',
      'quotations',
      'invoices',
    ]);
  });

  it('hides the SALES entries without SALES, and entries the guard would refuse', () => {
    const noSales = createTestSession({
      modules: ['BASIS', 'CRM', 'SETTINGS', 'INTAKE', 'QUOTATION', 'INVOICE'],
    });
    expect(buildMenu(noSales, allBuilt).map((i) => i.labelKey)).toEqual([
      'dashboard',
      'relations',
      'organizations',
      'leads',
    ]);
    // SALES alone does not open /quotation_overview (module QUOTATION): no dead link in the menu.
    const salesOnly = createTestSession({ modules: ['BASIS', 'SALES'] });
    expect(buildMenu(salesOnly, allBuilt).map((i) => i.labelKey)).toEqual(['dashboard']);
    const crmBlacklisted = createTestSession({ modules: ['BASIS', 'CRM'], module_blacklist: ['CRM'] });
    expect(buildMenu(crmBlacklisted, allBuilt).map((i) => i.labelKey)).toEqual(['dashboard']);
  });

  it("points the Dashboard entry at the user's own dashboard", () => {
    const admin = createTestSession({ modules: ['BASIS', 'ADMIN'] });
    expect(buildMenu(admin, allBuilt)[0]?.to).toBe('/dashboardadmin');
    const sales = createTestSession({ altDashboard: 'sales' });
    expect(buildMenu(sales, allBuilt)[0]?.to).toBe('/dashboard?usecase=sales');
  });
});
