import { PASSWORD_RESET_SENT_ALERT } from '@im/domain';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../test/render';
import { mockServer } from '../../../test/server';

describe('lost and reset password', () => {
  it('requests the reset mail and shows the spec alert verbatim', async () => {
    const { calls } = mockServer({ routes: { 'POST /api/password/email': () => ({ body: {} }) } });
    renderApp('/lostpassword');
    fireEvent.change(await screen.findByLabelText(/^E-mailadres/), { target: { value: 'anna@warmte.nl' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verstuur link' }));
    expect(await screen.findByText(PASSWORD_RESET_SENT_ALERT)).toBeTruthy();
    expect(calls.find((c) => c.url === '/api/password/email')?.body).toEqual({ email: 'anna@warmte.nl' });
  });

  it('resets with the token of the route and the e-mail of the query, then goes to /login', async () => {
    const { calls } = mockServer({ routes: { 'POST /api/password/reset': () => ({ body: {} }) } });
    const { router } = renderApp('/resetpassword/tok123?email=anna%40warmte.nl');
    expect(((await screen.findByLabelText(/^E-mailadres/)) as HTMLInputElement).value).toBe('anna@warmte.nl');
    fireEvent.change(screen.getByLabelText(/^Nieuw wachtwoord/), { target: { value: 'Nieuw1234' } });
    fireEvent.change(screen.getByLabelText(/^Herhaal wachtwoord/), { target: { value: 'Nieuw1234' } });
    fireEvent.click(screen.getByRole('button', { name: 'Wachtwoord opslaan' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await screen.findByText('Je wachtwoord is gewijzigd. Je kunt nu inloggen.')).toBeTruthy();
    expect(calls.find((c) => c.url === '/api/password/reset')?.body).toEqual({
      token: 'tok123',
      email: 'anna@warmte.nl',
      password: 'Nieuw1234',
      password_confirmation: 'Nieuw1234',
    });
  });

  it('refuses a confirmation that does not match', async () => {
    const { calls } = mockServer();
    renderApp('/resetpassword/tok123?email=anna%40warmte.nl');
    fireEvent.change(await screen.findByLabelText(/^Nieuw wachtwoord/), { target: { value: 'Nieuw1234' } });
    fireEvent.change(screen.getByLabelText(/^Herhaal wachtwoord/), { target: { value: 'Anders1234' } });
    expect(screen.getByText('De wachtwoorden komen niet overeen.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Wachtwoord opslaan' }));
    expect(calls.some((c) => c.url === '/api/password/reset')).toBe(false);
  });
});
