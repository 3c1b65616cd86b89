import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getToken, setToken } from '../api/token';
import { createTestSession, renderApp } from '../test/render';
import { mockServer } from '../test/server';
import { confirm } from '../ui/confirm-dialog';

describe('route guard wiring', () => {
  it('logs out and goes to /login when the current user answers 401', async () => {
    setToken('expired');
    mockServer({ session: null });
    const { router } = renderApp('/relation_overview');
    expect(await screen.findByRole('button', { name: 'Inloggen' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
    expect(getToken()).toBeNull();
  });

  it('sends a logged-in user from home to the admin dashboard when the company has ADMIN', async () => {
    setToken('t');
    mockServer({ session: createTestSession({ modules: ['ADMIN', 'BASIS'] }) });
    const { router } = renderApp('/');
    expect(await screen.findByRole('heading', { name: 'Platformbeheer' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/dashboardadmin');
    // Companies with the ADMIN module get the purple top bar.
    expect(document.querySelector('header[data-admin]')).not.toBeNull();
  });

  it('redirects to /401 when the module is missing and to /404 for unknown routes', async () => {
    setToken('t');
    mockServer({ session: createTestSession({ modules: ['BASIS'] }) });
    const { router } = renderApp('/company_overview');
    expect(await screen.findByText('Geen toegang')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/401');
    await act(() => router.navigate('/nergens'));
    expect(await screen.findByText('Pagina niet gevonden')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/404');
  });

  it('closes open dialogs on a route change', async () => {
    setToken('t');
    mockServer({ session: createTestSession() });
    const { router } = renderApp('/dashboard');
    await screen.findByText('Welkom, Anna de Vries');
    let answer: Promise<boolean> = Promise.resolve(true);
    act(() => {
      answer = confirm({ title: 'Verwijderen', message: 'Weet u het zeker?' });
    });
    expect(screen.getByText('Weet u het zeker?')).toBeTruthy();
    await act(() => router.navigate('/releasenotes'));
    expect(await screen.findByText('Versie 0.1.0')).toBeTruthy();
    expect(screen.queryByText('Weet u het zeker?')).toBeNull();
    await expect(answer).resolves.toBe(false);
  });

  it('refreshes the current user at most once per 60 s while navigating', async () => {
    setToken('t');
    const { calls } = mockServer({ session: createTestSession() });
    const { router } = renderApp('/dashboard');
    await screen.findByText('Welkom, Anna de Vries');
    await act(() => router.navigate('/releasenotes'));
    await act(() => router.navigate('/dashboard'));
    await screen.findByText('Welkom, Anna de Vries');
    expect(calls.filter((c) => c.url === '/api/user/getcurrentuser')).toHaveLength(1);
  });

  it('shows the side menu built from the route table', async () => {
    setToken('t');
    mockServer({ session: createTestSession() });
    renderApp('/dashboard');
    const nav = await screen.findByRole('navigation', { name: 'Hoofdmenu' });
    const links = [...nav.querySelectorAll('a')].map((a) => a.textContent);
    expect(links[0]).toBe('Dashboard');
    // Role 1000 with SETTINGS: the company details and modules pages of the settings area, not the users page (5000).
    const settings = screen.getByRole('group', { name: 'Instellingen' });
    expect([...settings.querySelectorAll('a')].map((a) => a.textContent)).toEqual([
      'Bedrijfsgegevens',
      'Dossierinstellingen',
      'Modules',
      'Statistieken',
      'E-mailinstellingen',
      'Workflowregels',
      'Documentinstellingen',
      'Formulieren',
      'Mediabibliotheek',
      'Bibliotheeksets',
    ]);
    expect(screen.queryByRole('group', { name: 'Platformbeheer' })).toBeNull();
  });

  it('logs out from the user menu', async () => {
    setToken('t');
    const { calls } = mockServer({
      session: createTestSession(),
      routes: { 'GET /api/authenticate/logout': () => ({ status: 204 }) },
    });
    const { router } = renderApp('/dashboard');
    (await screen.findByRole('button', { name: /^Gebruikersmenu/ })).click();
    (await screen.findByRole('menuitem', { name: 'Uitloggen' })).click();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(getToken()).toBeNull();
    expect(calls.some((c) => c.url === '/api/authenticate/logout')).toBe(true);
  });
});
