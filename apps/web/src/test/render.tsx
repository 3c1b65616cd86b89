import { MODULE_TAGS, type ModuleFlags, moduleFlagKey, type SessionData } from '@im/domain';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { Providers } from '../app/providers';
import { createQueryClient } from '../app/query-client';
import { buildRouteObjects } from '../app/router';

export function renderWithProviders(ui: ReactElement) {
  const queryClient = createQueryClient();
  return {
    queryClient,
    ...render(
      <Providers queryClient={queryClient} env="test">
        {ui}
      </Providers>,
    ),
  };
}

/** The whole app (guard, layouts, screens) in a memory router starting at `path`. */
export function renderApp(path: string) {
  const router = createMemoryRouter(buildRouteObjects(), { initialEntries: [path] });
  return { router, ...renderWithProviders(<RouterProvider router={router} />) };
}

/** Session data as GET /api/user/getcurrentuser answers it; override what a test is about. */
export function createTestSession(overrides: Partial<SessionData> = {}): SessionData {
  const modules = overrides.modules ?? ['BASIS', 'CRM', 'SALES', 'SETTINGS'];
  // The hasModuleXxx flags follow the module list unless a test sets them itself.
  const flags = Object.fromEntries(
    MODULE_TAGS.map((tag) => [moduleFlagKey(tag), modules.includes(tag)]),
  ) as ModuleFlags;
  return {
    ...flags,
    currentuser_id: 7,
    username: 'Anna de Vries',
    email: 'anna@example.nl',
    userrole: 1000,
    user_type: 'standard',
    companyname: 'Warmte Techniek BV',
    currentcompany_id: 12,
    appname: 'Installatiemanager',
    appdescription: 'CRM voor installateurs',
    altDashboard: '',
    experimental_feature_flags: [],
    simplemode: 0,
    modules,
    module_blacklist: [],
    impersonator_user_id: null,
    ...overrides,
  };
}
