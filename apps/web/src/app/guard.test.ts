import { describe, expect, it } from 'vitest';
import { dashboardPathFor } from '../api/access';
import { createTestSession } from '../test/render';
import { decideRoute } from './guard';

const redirectOf = (path: string, session: ReturnType<typeof createTestSession> | null) => {
  const decision = decideRoute(path, session);
  return decision.type === 'redirect' ? decision.to : 'allow';
};

describe('route guard (spec 000 section 4)', () => {
  it('sends visitors without a session to /login for logged-in routes and home', () => {
    expect(redirectOf('/relation_overview', null)).toBe('/login');
    expect(redirectOf('/account/user_profile', null)).toBe('/login');
    expect(redirectOf('/', null)).toBe('/login');
  });

  it('lets visitors open public routes without a session', () => {
    for (const path of [
      '/login',
      '/register',
      '/lostpassword',
      '/resetpassword/abc',
      '/privacypolicy',
      '/404',
    ]) {
      expect(redirectOf(path, null)).toBe('allow');
    }
  });

  it.each([
    ['', '/dashboard'],
    ['sales', '/dashboard?usecase=sales'],
    ['project', '/dashboard?usecase=project'],
    ['v1', '/dashboardv1'],
    ['alternativev1', '/dashboard2'],
    ['salesv1', '/dashboard_sales'],
    ['projectv1', '/dashboard_project'],
    ['partner', '/dashboard_partner'],
  ] as const)('sends a logged-in user with altDashboard "%s" from /login and home to %s', (alt, target) => {
    const session = createTestSession({ altDashboard: alt });
    expect(redirectOf('/login', session)).toBe(target);
    expect(redirectOf('/', session)).toBe(target);
  });

  it('sends users of a company with the ADMIN module to /dashboardadmin, whatever altDashboard says', () => {
    const session = createTestSession({ modules: ['ADMIN', 'BASIS'], altDashboard: 'salesv1' });
    expect(redirectOf('/login', session)).toBe('/dashboardadmin');
    expect(redirectOf('/', session)).toBe('/dashboardadmin');
  });

  it('also reads the hasModuleXxx flags of the session', () => {
    const session = createTestSession({ modules: [], hasModuleAdmin: true });
    expect(dashboardPathFor(session)).toBe('/dashboardadmin');
  });

  it('sends to /401 when the company lacks the module', () => {
    const session = createTestSession({ modules: ['BASIS', 'CRM'] });
    expect(redirectOf('/quotation_overview', session)).toBe('/401');
    expect(redirectOf('/company_overview', session)).toBe('/401');
    expect(redirectOf('/relation_overview', session)).toBe('allow');
  });

  it('sends to /401 when the module is on the user blacklist', () => {
    const session = createTestSession({ modules: ['BASIS', 'CRM'], module_blacklist: ['CRM'] });
    expect(redirectOf('/relation_detail/5', session)).toBe('/401');
    expect(redirectOf('/action_overview', session)).toBe('allow');
  });

  it('sends to /401 when the role is below the minimum', () => {
    const office = createTestSession({ userrole: 300 });
    expect(redirectOf('/flow_bulkimport', office)).toBe('/401');
    expect(redirectOf('/flow_bulkimport', createTestSession({ userrole: 999 }))).toBe('allow');
    expect(redirectOf('/account/company_users', createTestSession({ userrole: 1000 }))).toBe('/401');
    expect(redirectOf('/account/company_users', createTestSession({ userrole: 5000 }))).toBe('allow');
    expect(redirectOf('/relation_overview', createTestSession({ userrole: 50 }))).toBe('/401');
  });

  it('lets a role-less ADMIN user into /bragscreen (no role check) but not into other admin pages', () => {
    const session = createTestSession({ modules: ['ADMIN'], userrole: 0 });
    expect(redirectOf('/bragscreen', session)).toBe('allow');
    expect(redirectOf('/company_overview', session)).toBe('/401');
  });

  it('needs only a login for routes without module', () => {
    const session = createTestSession({ modules: [] });
    expect(redirectOf('/releasenotes', session)).toBe('allow');
    expect(redirectOf('/account/user_profile', session)).toBe('allow');
  });

  it('sends unknown routes to /404, logged in or not', () => {
    // Customer links never reach the staff router (src/customer-redirect.js inlined into index.html, customer.html).
    expect(redirectOf('/customer_flow_detail/xyz', null)).toBe('/404');
    expect(redirectOf('/does_not_exist', null)).toBe('/404');
    expect(redirectOf('/does_not_exist', createTestSession())).toBe('/404');
    expect(redirectOf('/relation_detail', createTestSession())).toBe('/404');
    expect(redirectOf('/company_delete/3/explode', createTestSession({ modules: ['ADMIN'] }))).toBe('/404');
  });

  it('passes path parameters of the matched route', () => {
    const decision = decideRoute('/company_delete/3/restore', createTestSession({ modules: ['ADMIN'] }));
    expect(decision).toMatchObject({ type: 'allow', params: { companyId: '3', type: 'restore' } });
  });
});
