import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setToken } from '../../../api/token';
import { createTestUserRow, page } from '../../../test/admin-factories';
import { createTestSession, renderApp } from '../../../test/render';
import { mockServer } from '../../../test/server';

const companyAdmin = createTestSession({ currentuser_id: 20, userrole: 5000, currentcompany_id: 5 });

describe('settings: company users', () => {
  it("lists the own company's users without company filter and edits one in a dialog", async () => {
    setToken('t');
    const jan = createTestUserRow();
    const { calls } = mockServer({
      session: companyAdmin,
      routes: {
        'GET /api/user/querypaginated': () => page([jan, createTestUserRow({ id: 20, fullname: 'Ik Zelf' })]),
        'GET /api/company/getmodules': () => ({
          body: [
            { id: 1, tag: 'BASIS', purchased: true },
            { id: 2, tag: 'CRM', purchased: true },
          ],
        }),
        'PATCH /api/user/9': (c) => ({ body: { ...jan, ...(c.body as object) } }),
      },
    });
    renderApp('/account/company_users');
    expect(await screen.findByText('Jan van Dijk')).toBeTruthy();
    expect(calls.find((c) => c.url.startsWith('/api/user/querypaginated'))?.url).not.toContain('company_id');
    // No company column, and no delete for oneself.
    expect(screen.queryByText('Bedrijf')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Ik Zelf verwijderen' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Jan van Dijk verwijderen' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Jan van Dijk bewerken' }));
    const dialog = await screen.findByRole('dialog', { name: 'Jan van Dijk bewerken' });
    fireEvent.click(within(dialog).getByRole('switch', { name: 'CRM geblokkeerd' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Opslaan' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ module_blacklist: ['CRM'] });
  });

  it('makes a calendar link for a user without a linked calendar, shown to copy (getAuthUrlForUser)', async () => {
    setToken('t');
    const jan = createTestUserRow();
    const url = 'https://app.test/#/account/user_profile?koppel=gcal&voor=9';
    const { calls } = mockServer({
      session: companyAdmin,
      routes: {
        'GET /api/user/querypaginated': () => page([jan]),
        'GET /api/company/getmodules': () => ({ body: [{ id: 1, tag: 'BASIS', purchased: true }] }),
        'GET /api/integrations/listforuser/9': () => ({ body: [] }),
        'GET /api/integrations/calendars': () => ({ body: ['gcal'] }),
        'GET /api/integrations/gcal/getauthurlforuser/9': () => ({ body: { url, user_id: 9 } }),
      },
    });
    renderApp('/account/company_users');
    fireEvent.click(await screen.findByRole('button', { name: 'Jan van Dijk bewerken' }));
    const dialog = await screen.findByRole('dialog', { name: 'Jan van Dijk bewerken' });
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Koppellink voor Google Agenda' }));
    const field = (await within(dialog).findByLabelText(
      'Koppellink voor Google Agenda (stuur deze naar de gebruiker)',
    )) as HTMLInputElement;
    expect(field.value).toBe(url);
    expect(calls.some((c) => c.url === '/api/integrations/gcal/getauthurlforuser/9')).toBe(true);
  });
});
