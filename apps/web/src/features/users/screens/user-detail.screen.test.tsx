import { PROTECTED_MESSAGE } from '@im/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getToken, setToken } from '../../../api/token';
import {
  createTestAdminSession,
  createTestCompanyDetail,
  createTestUserRow,
} from '../../../test/admin-factories';
import { createTestSession, renderApp } from '../../../test/render';
import { type MockRoute, mockServer } from '../../../test/server';
import type { UserRow } from '../queries';

function setup(user: UserRow, routes: Record<string, MockRoute> = {}) {
  setToken('admin-token');
  const server = mockServer({
    session: createTestAdminSession(),
    routes: {
      [`GET /api/user/${user.id}`]: () => ({ body: user }),
      [`GET /api/company/${user.company_id}`]: () => ({
        body: createTestCompanyDetail({ id: user.company_id }),
      }),
      ...routes,
    },
  });
  return { ...server, ...renderApp(`/user_detail/${user.id}`) };
}

async function confirmIn(dialogName: string, button: string) {
  const dialog = await screen.findByRole('dialog', { name: dialogName });
  fireEvent.click(within(dialog).getByRole('button', { name: button }));
}

describe('user detail', () => {
  it("shows 'Perhaps not such a good idea.' when deleting user 1 and stays on the page", async () => {
    const admin = createTestUserRow({ id: 1, company_id: 1, fullname: 'Platform Beheerder', role: 5000 });
    const { router, calls } = setup(admin, {
      'DELETE /api/user/1': () => ({ status: 409, body: { message: PROTECTED_MESSAGE } }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Verwijderen' }));
    await confirmIn('Gebruiker verwijderen', 'Verwijderen');
    const alert = await screen.findByRole('dialog', { name: 'Let op' });
    expect(within(alert).getByText(PROTECTED_MESSAGE)).toBeTruthy();
    expect(calls.some((c) => c.method === 'DELETE' && c.url === '/api/user/1')).toBe(true);
    expect(router.state.location.pathname).toBe('/user_detail/1');
  });

  it('a platform admin turns on an experimental feature flag from the one list', async () => {
    const user = createTestUserRow();
    const { calls } = setup(user, {
      'PATCH /api/user/9': (c) => ({ body: { ...user, ...(c.body as object) } }),
    });
    const save = await screen.findByRole('button', { name: 'Experimentele functies opslaan' });
    expect(save.hasAttribute('disabled')).toBe(true);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Portaal (link in het zijmenu)' }));
    fireEvent.click(save);
    expect(await screen.findByText('De experimentele functies zijn opgeslagen.')).toBeTruthy();
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ experimental_feature_flags: ['portal'] });
  });

  it('saves only the changed settings: role, blacklist and planning', async () => {
    const user = createTestUserRow();
    const { calls } = setup(user, {
      'PATCH /api/user/9': (c) => ({ body: { ...user, ...(c.body as object) } }),
    });
    // The company has BASIS only: just that module can be blocked.
    fireEvent.click(await screen.findByRole('switch', { name: 'BASIS geblokkeerd' }));
    expect(screen.queryByRole('switch', { name: 'CRM geblokkeerd' })).toBeNull();
    fireEvent.click(screen.getByRole('switch', { name: 'Verbergen in de planning' }));
    fireEvent.click(screen.getByRole('button', { name: 'Opslaan' }));
    expect(await screen.findByText('De gebruiker is opgeslagen.')).toBeTruthy();
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({
      module_blacklist: ['BASIS'],
      hide_from_planning: true,
    });
  });

  it('logs in as the user after the warning: new token, and home to their dashboard', async () => {
    const user = createTestUserRow();
    const userSession = createTestSession({
      currentuser_id: 9,
      username: 'Jan van Dijk',
      currentcompany_id: 5,
      modules: ['BASIS', 'CRM'],
      impersonator_user_id: 1,
    });
    const { calls, router } = setup(user, {
      'POST /api/user/9/adminlogin': () => ({ body: { token: 'user-token', user: userSession } }),
      'GET /api/authenticate/logout': () => ({ body: { message: 'Uitgelogd.' } }),
      'GET /api/user/getcurrentuser': (c) => ({
        body: c.headers.Authorization === 'Bearer user-token' ? userSession : createTestAdminSession(),
      }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Inloggen als deze gebruiker' }));
    const warning = await screen.findByRole('dialog', { name: 'Inloggen als Jan van Dijk' });
    expect(within(warning).getByText(/niet in meerdere vensters/)).toBeTruthy();
    fireEvent.click(within(warning).getByRole('button', { name: 'Inloggen' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(getToken()).toBe('user-token');
    expect(await screen.findByText('Je bent ingelogd als Jan van Dijk via platformbeheer')).toBeTruthy();
    // The admin's own session is ended on the server.
    const logout = calls.find((c) => c.url === '/api/authenticate/logout');
    expect(logout?.headers.Authorization).toBe('Bearer admin-token');

    fireEvent.click(screen.getByRole('button', { name: 'Uitloggen' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(getToken()).toBeNull();
  });

  it('cancelling the warning keeps the admin logged in', async () => {
    const { calls } = setup(createTestUserRow());
    fireEvent.click(await screen.findByRole('button', { name: 'Inloggen als deze gebruiker' }));
    await confirmIn('Inloggen als Jan van Dijk', 'Annuleren');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.some((c) => c.url.endsWith('/adminlogin'))).toBe(false);
    expect(getToken()).toBe('admin-token');
  });
});
