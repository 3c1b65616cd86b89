import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setToken } from '../../../api/token';
import {
  createTestAdminSession,
  createTestCompanyDetail,
  page,
  testModules,
} from '../../../test/admin-factories';
import { renderApp } from '../../../test/render';
import { mockServer } from '../../../test/server';

describe('company overview', () => {
  it('lists companies and creates one with its modules, then opens its detail', async () => {
    setToken('t');
    const created = createTestCompanyDetail({ id: 42, name: 'Nieuw Klimaat BV' });
    const { calls } = mockServer({
      session: createTestAdminSession(),
      routes: {
        'GET /api/company/querypaginated': () =>
          page([
            {
              id: 2,
              name: 'Zonnestroom Noord B.V.',
              country: 'Nederland',
              users_count: 6,
              modules: ['BASIS', 'CRM'],
              created_at: '2026-01-05T10:00:00+01:00',
              deleted_at: null,
            },
          ]),
        'POST /api/company': () => ({ status: 201, body: created }),
        'GET /api/company/42': () => ({ body: created }),
        'GET /api/module': () => ({ body: testModules() }),
        'GET /api/subscription': () => ({ body: [] }),
        'GET /api/user/querypaginated': () => page([]),
      },
    });
    const { router } = renderApp('/company_overview');
    expect(await screen.findByText('Zonnestroom Noord B.V.')).toBeTruthy();
    expect(calls.find((c) => c.url.includes('/api/company/querypaginated'))?.url).toContain('sort=name');

    fireEvent.click(screen.getByRole('button', { name: 'Nieuw bedrijf' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nieuw bedrijf' });
    fireEvent.change(within(dialog).getByLabelText(/^Naam/), { target: { value: 'Nieuw Klimaat BV' } });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'CRM' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Aanmaken' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/company_detail/42'));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      name: 'Nieuw Klimaat BV',
      country: 'Nederland',
      modules: ['BASIS', 'CRM'],
    });
    // The detail screen is a lazy chunk: its first import in a test run takes a moment.
    expect(
      await screen.findByRole('heading', { name: 'Nieuw Klimaat BV' }, { timeout: 10_000 }),
    ).toBeTruthy();
  });
});
