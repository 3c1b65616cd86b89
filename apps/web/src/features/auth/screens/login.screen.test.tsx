import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getToken } from '../../../api/token';
import { createTestSession, renderApp } from '../../../test/render';
import { mockServer } from '../../../test/server';

async function fillAndSubmit(email: string, password: string) {
  fireEvent.change(await screen.findByLabelText(/E-mailadres/), { target: { value: email } });
  fireEvent.change(screen.getByLabelText(/^Wachtwoord/), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Inloggen' }));
}

describe('login screen', () => {
  it("shows the server's message when the login fails and stays logged out", async () => {
    const { calls } = mockServer({
      routes: {
        'POST /api/authenticate': () => ({ status: 401, body: { message: 'Onjuiste inloggegevens.' } }),
      },
    });
    renderApp('/login');
    await fillAndSubmit('anna@example.nl', 'Geheim123');
    expect(await screen.findByText('Onjuiste inloggegevens.')).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      email: 'anna@example.nl',
      password: 'Geheim123',
    });
    expect(getToken()).toBeNull();
  });

  it('shows the throttling message of a 429 as well', async () => {
    mockServer({
      routes: {
        'POST /api/authenticate': () => ({
          status: 429,
          body: { message: 'Te veel pogingen. Probeer het over 60 seconden opnieuw.' },
        }),
      },
    });
    renderApp('/login');
    await fillAndSubmit('anna@example.nl', 'Geheim123');
    expect(await screen.findByText('Te veel pogingen. Probeer het over 60 seconden opnieuw.')).toBeTruthy();
  });

  it('does not call the server while the form is invalid', async () => {
    const { calls } = mockServer();
    renderApp('/login');
    fireEvent.click(await screen.findByRole('button', { name: 'Inloggen' }));
    expect(screen.getAllByText('Dit veld is verplicht.')).toHaveLength(2);
    expect(calls.some((c) => c.url === '/api/authenticate')).toBe(false);
  });

  it('stores the token and lands on the dashboard chosen by the session', async () => {
    const session = createTestSession({ altDashboard: 'sales' });
    let isLoggedIn = false;
    const { router } = (() => {
      mockServer({
        routes: {
          'POST /api/authenticate': () => {
            isLoggedIn = true;
            return { body: { token: 'tok-1', user: { id: 7 } } };
          },
          'GET /api/user/getcurrentuser': () =>
            isLoggedIn ? { body: session } : { status: 401, body: { message: 'Unauthenticated.' } },
        },
      });
      return renderApp('/login');
    })();
    await fillAndSubmit('anna@example.nl', 'Geheim123');
    expect(await screen.findByText('Welkom, Anna de Vries')).toBeTruthy();
    expect(getToken()).toBe('tok-1');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(router.state.location.search).toBe('?usecase=sales');
  });

  it('takes the session data from the login answer without asking for it again', async () => {
    const { calls } = mockServer({
      routes: {
        'POST /api/authenticate': () => ({ body: { token: 'tok-2', user: createTestSession() } }),
        'GET /api/user/getcurrentuser': () => ({ status: 500, body: { message: 'should not be asked' } }),
      },
    });
    renderApp('/login');
    await fillAndSubmit('anna@example.nl', 'Geheim123');
    expect(await screen.findByText('Welkom, Anna de Vries')).toBeTruthy();
    expect(calls.some((c) => c.url === '/api/user/getcurrentuser')).toBe(false);
  });

  it('uses the branding of the host name, and the defaults when there is none', async () => {
    mockServer({
      routes: {
        'GET /api/portal/branding/hostname/localhost': () => ({
          body: {
            appname: 'WarmteApp',
            appdescription: 'Voor warmtepompen',
            logo_url: null,
            background_url: null,
            brand_button_color: '#aa0000',
          },
        }),
      },
    });
    renderApp('/login');
    expect(await screen.findByText('WarmteApp')).toBeTruthy();
    expect(screen.getByText('Voor warmtepompen')).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('WarmteApp'));
  });
});
