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
const labels = (items: ReturnType<typeof buildMenu>) => items.map((i) => i.labelKey);

describe('side menu', () => {
  it('shows the settings entries of SETTINGS companies in their own group', () => {
    const items = buildMenu(createTestSession({ modules: ['BASIS', 'CRM', 'SALES', 'SETTINGS'] }));
    expect(items[0]?.labelKey).toBe('dashboard');
    expect(labels(items.filter((i) => i.group === 'settings'))).toEqual([
      'companyProfile',
      'companyFlowprofiles',
      'companyModules',
      'companyStatistics',
      'companyEmailsettings',
      'companyEventtriggerrules',
      'companyDocumentsettings',
      'verticals',
      'companyMedialibrary',
      'companyLibrary',
    ]);
    expect(items.some((i) => i.group === 'admin')).toBe(false);
    const withoutSettings = buildMenu(createTestSession({ modules: ['BASIS', 'CRM'] }));
    expect(withoutSettings.some((i) => i.group === 'settings')).toBe(false);
  });

  it('groups entries by the spec modules once screens exist', () => {
    const session = createTestSession({
      modules: ['BASIS', 'CRM', 'SALES', 'SETTINGS', 'INTAKE', 'QUOTATION', 'INVOICE'],
    });
    const items = buildMenu(session, allBuilt);
    expect(labels(items.filter((i) => i.group === null))).toEqual([
      'dashboard',
      'relations',
      'organizations',
      'leads',
      'incidents',
      'pipeline',
      'actions',
      'calendar',
      'tasks',
      'logitems',
      'products',
      'intakes',
      'quotations',
      'invoices',
    ]);
    expect(labels(items.filter((i) => i.group === 'settings'))).toEqual([
      'companyProfile',
      'companyFlowprofiles',
      'companyModules',
      'companyStatistics',
      'companyEmailsettings',
      'companyEventtriggerrules',
      'companyDocumentsettings',
      'verticals',
      'companyMedialibrary',
      'companyLibrary',
    ]);
  });

  it('hides the SALES entries without SALES, and entries the guard would refuse', () => {
    const noSales = createTestSession({
      modules: ['BASIS', 'CRM', 'SETTINGS', 'INTAKE', 'QUOTATION', 'INVOICE'],
    });
    expect(labels(buildMenu(noSales, allBuilt).filter((i) => i.group === null))).toEqual([
      'dashboard',
      'relations',
      'organizations',
      'leads',
      'incidents',
      'pipeline',
      'actions',
      'calendar',
      'tasks',
      'logitems',
    ]);
    // SALES alone does not open /quotation_overview (module QUOTATION): no dead link in the menu.
    const salesOnly = createTestSession({ modules: ['BASIS', 'SALES'] });
    expect(labels(buildMenu(salesOnly, allBuilt))).toEqual(['dashboard', 'actions', 'tasks']);
    const crmBlacklisted = createTestSession({ modules: ['BASIS', 'CRM'], module_blacklist: ['CRM'] });
    expect(labels(buildMenu(crmBlacklisted, allBuilt))).toEqual(['dashboard', 'actions', 'tasks']);
  });

  it('shows the company users page only from role 5000', () => {
    const settingsOf = (userrole: number) =>
      labels(
        buildMenu(createTestSession({ modules: ['BASIS', 'SETTINGS'], userrole })).filter(
          (i) => i.group === 'settings',
        ),
      );
    expect(settingsOf(1000)).toEqual([
      'companyProfile',
      'companyFlowprofiles',
      'companyModules',
      'companyStatistics',
      'companyEmailsettings',
      'companyEventtriggerrules',
      'companyDocumentsettings',
      'verticals',
      'companyMedialibrary',
      'companyLibrary',
    ]);
    expect(settingsOf(5000)).toEqual([
      'companyUsers',
      'companyProfile',
      'companyFlowprofiles',
      'companyModules',
      'companyStatistics',
      'companyEmailsettings',
      'companyEventtriggerrules',
      'companyDocumentsettings',
      'verticals',
      'companyMedialibrary',
      'companyLibrary',
    ]);
  });

  it('lists the platform administration under its own group for ADMIN companies', () => {
    const admin = createTestSession({ modules: ['BASIS', 'ADMIN', 'SETTINGS'], userrole: 5000 });
    const items = buildMenu(admin);
    expect(labels(items.filter((i) => i.group === 'admin'))).toEqual([
      'companies',
      'companyTrashcan',
      'users',
      'newsletter',
      'subscriptions',
      'subscriptionTypes',
      'modules',
      'systemNotifications',
      'documentWidgetTypes',
      'eventTriggers',
      'bragscreen',
    ]);
    const withoutAdmin = createTestSession({ modules: ['BASIS', 'SETTINGS'], userrole: 5000 });
    expect(buildMenu(withoutAdmin).some((i) => i.group === 'admin')).toBe(false);
  });

  it("points the Dashboard entry at the user's own dashboard", () => {
    const admin = createTestSession({ modules: ['BASIS', 'ADMIN'] });
    expect(buildMenu(admin, allBuilt)[0]?.to).toBe('/dashboardadmin');
    const sales = createTestSession({ altDashboard: 'sales' });
    expect(buildMenu(sales, allBuilt)[0]?.to).toBe('/dashboard?usecase=sales');
  });
});
