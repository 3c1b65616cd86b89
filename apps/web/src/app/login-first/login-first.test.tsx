import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockServer } from '../../test/server';
import { LoginFirst } from './login-first';

async function fillAndSubmit(email: string, password: string) {
  fireEvent.change(await screen.findByLabelText(/E-mailadres/), { target: { value: email } });
  fireEvent.change(screen.getByLabelText(/^Wachtwoord/), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Inloggen' }));
}

describe('the first login screen (before the app loads)', () => {
  it("shows the server's message when the login fails and does not hand over", async () => {
    const { calls } = mockServer({
      routes: {
        'POST /api/authenticate': () => ({ status: 401, body: { message: 'Onjuiste inloggegevens.' } }),
      },
    });
    const onLoggedIn = vi.fn(async () => undefined);
    render(<LoginFirst onLoggedIn={onLoggedIn} />);
    await fillAndSubmit(' anna@example.nl ', 'Geheim123');
    expect(await screen.findByText('Onjuiste inloggegevens.')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('Inloggen mislukt');
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      email: 'anna@example.nl',
      password: 'Geheim123',
    });
    expect(onLoggedIn).not.toHaveBeenCalled();
  });

  it('does not call the server while the form is invalid', async () => {
    const { calls } = mockServer();
    render(<LoginFirst onLoggedIn={async () => undefined} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Inloggen' }));
    expect(screen.getAllByText('Dit veld is verplicht.')).toHaveLength(2);
    fireEvent.change(screen.getByLabelText(/E-mailadres/), { target: { value: 'anna' } });
    expect(screen.getByText('Vul een geldig e-mailadres in.')).toBeTruthy();
    expect(calls.some((c) => c.url === '/api/authenticate')).toBe(false);
  });

  it('hands the login answer over to the app', async () => {
    mockServer({
      routes: { 'POST /api/authenticate': () => ({ body: { token: 'tok-1', user: { id: 7 } } }) },
    });
    const onLoggedIn = vi.fn(async () => undefined);
    render(<LoginFirst onLoggedIn={onLoggedIn} />);
    await fillAndSubmit('anna@example.nl', 'Geheim123');
    await waitFor(() => expect(onLoggedIn).toHaveBeenCalledWith({ token: 'tok-1', user: { id: 7 } }));
  });

  it('shows the branding of the host name', async () => {
    mockServer({
      routes: {
        'GET /api/portal/branding/hostname/localhost': () => ({
          body: { appname: 'Zonnestroom', appdescription: 'Panelen op elk dak' },
        }),
      },
    });
    render(<LoginFirst onLoggedIn={async () => undefined} />);
    expect(await screen.findByRole('heading', { name: 'Zonnestroom' })).toBeTruthy();
    expect(screen.getByText('Panelen op elk dak')).toBeTruthy();
  });
});
