import { MODULE_TAGS } from '@im/domain';
import type { CompanyDetail } from '../features/companies/queries';
import type { UserRow } from '../features/users/queries';
import { createTestSession } from './render';

// Answers of the platform-admin calls (docs/api/platform-admin.md) for unit tests.

export const createTestAdminSession = () =>
  createTestSession({
    currentuser_id: 1,
    username: 'Platform Beheerder',
    currentcompany_id: 1,
    companyname: 'Installatiemanager',
    userrole: 5000,
    modules: [...MODULE_TAGS],
  });

export const testModules = () =>
  MODULE_TAGS.map((tag, i) => ({ id: i + 1, tag, description: `Omschrijving ${tag}` }));

export const moduleIdOf = (tag: string) => MODULE_TAGS.indexOf(tag as (typeof MODULE_TAGS)[number]) + 1;

export function createTestCompanyDetail(overrides: Partial<CompanyDetail> = {}): CompanyDetail {
  return {
    id: 5,
    name: 'Klimaat Compleet BV',
    country: 'Nederland',
    lat: 52.2,
    lng: 6.9,
    company_settings_id: 5,
    companysettings: {
      appname: 'Installatiemanager',
      appdescription: '',
      brand_button_color: null,
      hostnames: [],
    },
    modules: [{ id: moduleIdOf('BASIS'), tag: 'BASIS', purchased: true }],
    subscriptions: [],
    users_count: 1,
    created_at: '2026-03-01T10:00:00+01:00',
    deleted_at: null,
    ...overrides,
  };
}

export function createTestUserRow(overrides: Partial<UserRow> = {}): UserRow {
  return {
    id: 9,
    company_id: 5,
    company_name: 'Klimaat Compleet BV',
    name: 'Jan',
    nameprefix: 'van',
    surname: 'Dijk',
    fullname: 'Jan van Dijk',
    email: 'jan@klimaatcompleet.nl',
    role: 1000,
    role_label: 'Manager',
    user_type: 'sales',
    user_type_label: 'Adviseur',
    order: 0,
    partner_id: null,
    flowprofile_id: null,
    module_blacklist: [],
    hide_from_planning: false,
    receives_newsletter: false,
    simplemode: 0,
    altDashboard: '',
    experimental_feature_flags: [],
    created_at: '2026-03-01T10:00:00+01:00',
    ...overrides,
  };
}

export const page = <T>(data: T[]) => ({
  body: { data, pagination: { total: data.length, offset: 0, limit: 25 } },
});
