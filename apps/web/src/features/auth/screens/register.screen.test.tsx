import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getToken } from '../../../api/token';
import { createTestSession, renderApp } from '../../../test/render';
import { mockServer } from '../../../test/server';

async function fill(values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) {
    fireEvent.change(await screen.findByLabelText(new RegExp(`^${label}`)), { target: { value } });
  }
}

const valid = {
  Bedrijfsnaam: 'Warmte BV',
  Voornaam: 'Anna',
  Achternaam: 'de Vries',
  'E-mailadres': 'anna@warmte.nl',
  Wachtwoord: 'Sterk123x',
  'Herhaal wachtwoord': 'Sterk123x',
};

describe('register screen', () => {
  it('checks the password rule before calling the server', async () => {
    const { calls } = mockServer();
    renderApp('/register');
    await fill({ ...valid, Wachtwoord: 'zwak', 'Herhaal wachtwoord': 'zwak' });
    fireEvent.click(screen.getByRole('button', { name: 'Account aanmaken' }));
    // The rule is also the field's description; the error adds a second copy.
    expect(
      screen.getAllByText(
        'Het wachtwoord moet minimaal 8 tekens lang zijn en een kleine letter, een hoofdletter en een cijfer bevatten.',
      ).length,
    ).toBeGreaterThan(1);
    expect(calls.some((c) => c.url === '/api/register')).toBe(false);
  });

  it('shows 422 field errors of the server on the fields', async () => {
    mockServer({
      routes: {
        'POST /api/register': () => ({
          status: 422,
          body: {
            message: 'De gegevens zijn ongeldig.',
            errors: { email: ['Dit e-mailadres is al in gebruik.'] },
          },
        }),
      },
    });
    renderApp('/register');
    await fill(valid);
    fireEvent.click(screen.getByRole('button', { name: 'Account aanmaken' }));
    // The reason shows on its field; the general summary is left out so nothing shows twice.
    expect(await screen.findAllByText('Dit e-mailadres is al in gebruik.')).toHaveLength(1);
    const describedBy = screen.getByLabelText(/^E-mailadres/).getAttribute('aria-describedby') ?? '';
    expect(
      document.getElementById(describedBy.split(' ').find((id) => id.endsWith('-error')) ?? '')?.textContent,
    ).toBe('Dit e-mailadres is al in gebruik.');
    expect(screen.queryByText('De gegevens zijn ongeldig.')).toBeNull();
    expect(getToken()).toBeNull();
  });

  it('sends the registration, stores the token of the 201 answer and opens the dashboard', async () => {
    let isRegistered = false;
    const { calls } = mockServer({
      routes: {
        'POST /api/register': () => {
          isRegistered = true;
          return { status: 201, body: { token: 'new-token', user: { id: 3 } } };
        },
        'GET /api/user/getcurrentuser': () =>
          isRegistered
            ? { body: createTestSession({ companyname: 'Warmte BV' }) }
            : { status: 401, body: {} },
      },
    });
    const { router } = renderApp('/register');
    await fill(valid);
    fireEvent.click(screen.getByRole('button', { name: 'Account aanmaken' }));
    expect(await screen.findByText('Bedrijf: Warmte BV')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(calls.find((c) => c.url === '/api/register')?.body).toEqual({
      companyname: 'Warmte BV',
      name: 'Anna',
      surname: 'de Vries',
      email: 'anna@warmte.nl',
      password: 'Sterk123x',
      password_confirmation: 'Sterk123x',
    });
    expect(getToken()).toBe('new-token');
  });
});
