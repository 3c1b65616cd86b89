import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setToken } from '../../../api/token';
import { createTestSession, renderApp } from '../../../test/render';
import { type MockRoute, mockServer } from '../../../test/server';

const user = {
  id: 7,
  name: 'Anna',
  nameprefix: 'de',
  surname: 'Vries',
  email: 'anna@example.nl',
  role: 1000,
  user_type: 'sales',
  simplemode: 0,
};

function setup(routes: Record<string, MockRoute> = {}, path = '/account/user_profile') {
  setToken('t');
  const server = mockServer({
    session: createTestSession(),
    routes: { 'GET /api/user/7': () => ({ body: user }), ...routes },
  });
  renderApp(path);
  return server;
}

describe('user profile', () => {
  const calendars = {
    'GET /api/integrations': () => ({ body: [] }),
    'GET /api/integrations/calendars': () => ({ body: ['outlook'] }),
  };

  it('asks the user a calendar link was made for to link it (decision 074)', async () => {
    setup(calendars, '/account/user_profile?koppel=outlook&voor=7');
    expect(
      await screen.findByText(
        'Je bent gevraagd je Microsoft 365 / Outlook te koppelen. Klik op de knop en geef toestemming met je eigen account.',
      ),
    ).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Koppelen met Microsoft 365 / Outlook' })).toBeTruthy();
  });

  it('tells another user the calendar link is not theirs', async () => {
    setup(calendars, '/account/user_profile?koppel=gcal&voor=8');
    expect(
      await screen.findByText(
        'Deze koppellink is voor een andere gebruiker. Log in als die gebruiker om de agenda te koppelen.',
      ),
    ).toBeTruthy();
  });

  it('shows the own details and PATCHes only the changed fields', async () => {
    const { calls } = setup({ 'PATCH /api/user/7': (c) => ({ body: { ...user, ...(c.body as object) } }) });
    const surname = (await screen.findByLabelText(/^Achternaam/)) as HTMLInputElement;
    expect(surname.value).toBe('Vries');
    expect(screen.getByText(/Manager · Gebruikerstype: Adviseur/)).toBeTruthy();
    fireEvent.change(surname, { target: { value: 'Visser' } });
    fireEvent.click(screen.getByRole('button', { name: 'Opslaan' }));
    expect(await screen.findByText('Je gegevens zijn opgeslagen.')).toBeTruthy();
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ surname: 'Visser' });
  });

  it("shows the server's text when the old password is wrong", async () => {
    const { calls } = setup({
      'POST /api/user/7/updatepassword': () => ({
        status: 422,
        body: { message: 'Het huidige wachtwoord is onjuist.' },
      }),
    });
    fireEvent.change(await screen.findByLabelText(/^Huidig wachtwoord/), { target: { value: 'Fout1234' } });
    fireEvent.change(screen.getByLabelText(/^Nieuw wachtwoord/), { target: { value: 'Nieuw1234' } });
    fireEvent.change(screen.getByLabelText(/^Herhaal wachtwoord/), { target: { value: 'Nieuw1234' } });
    fireEvent.click(screen.getByRole('button', { name: 'Wachtwoord wijzigen' }));
    expect(await screen.findByText('Het huidige wachtwoord is onjuist.')).toBeTruthy();
    expect(calls.find((c) => c.url === '/api/user/7/updatepassword')?.body).toEqual({
      oldpassword: 'Fout1234',
      password: 'Nieuw1234',
      password_confirmation: 'Nieuw1234',
    });
  });

  it('puts a field error of the server on that field only', async () => {
    setup({
      'POST /api/user/7/updatepassword': () => ({
        status: 422,
        body: {
          message: 'Het huidige wachtwoord is onjuist.',
          errors: { oldpassword: ['Het huidige wachtwoord is onjuist.'] },
        },
      }),
    });
    fireEvent.change(await screen.findByLabelText(/^Huidig wachtwoord/), { target: { value: 'Fout1234' } });
    fireEvent.change(screen.getByLabelText(/^Nieuw wachtwoord/), { target: { value: 'Nieuw1234' } });
    fireEvent.change(screen.getByLabelText(/^Herhaal wachtwoord/), { target: { value: 'Nieuw1234' } });
    fireEvent.click(screen.getByRole('button', { name: 'Wachtwoord wijzigen' }));
    expect(await screen.findAllByText('Het huidige wachtwoord is onjuist.')).toHaveLength(1);
    const describedBy = screen.getByLabelText(/^Huidig wachtwoord/).getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(describedBy)?.textContent).toBe('Het huidige wachtwoord is onjuist.');
  });

  it('toggles simple mode between 1 and 0', async () => {
    const { calls } = setup({ 'PATCH /api/user/7': (c) => ({ body: { ...user, ...(c.body as object) } }) });
    const toggle = (await screen.findByRole('switch', {
      name: /^Eenvoudige modus gebruiken/,
    })) as HTMLInputElement;
    expect(toggle.checked).toBe(false);
    fireEvent.click(toggle);
    await waitFor(() => expect(toggle.checked).toBe(true));
    fireEvent.click(toggle);
    await waitFor(() => expect(toggle.checked).toBe(false));
    expect(calls.filter((c) => c.method === 'PATCH').map((c) => c.body)).toEqual([
      { simplemode: 1 },
      { simplemode: 0 },
    ]);
  });
});
