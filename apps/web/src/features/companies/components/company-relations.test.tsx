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

describe('company detail: relations', () => {
  it('resets all leads after its confirm dialog and says how many', { timeout: 20_000 }, async () => {
    setToken('t');
    const company = createTestCompanyDetail();
    const resets: string[] = [];
    mockServer({
      session: createTestAdminSession(),
      routes: {
        [`GET /api/company/${company.id}`]: () => ({ body: company }),
        'GET /api/module': () => ({ body: testModules() }),
        'GET /api/subscription': () => ({ body: [] }),
        'GET /api/user/querypaginated': () => page([]),
        'GET /api/company/querypaginated': () => page([]),
        [`GET /api/company/${company.id}/verticals`]: () => ({ body: [] }),
        'GET /api/company/1/verticals': () => ({ body: [] }),
        [`POST /api/company/${company.id}/resetallleads`]: (call) => {
          resets.push(call.url);
          return { body: { count: 12 } };
        },
      },
    });
    renderApp(`/company_detail/${company.id}`);
    fireEvent.click(
      await screen.findByRole('button', { name: 'Alle leads terugzetten' }, { timeout: 15_000 }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Alle leads terugzetten' });
    expect(
      within(dialog).getByText(/nog lead zijn \(ongelezen of nieuw\) terugzetten naar open/),
    ).toBeTruthy();
    expect(resets).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: /Bevestigen|Ja|Doorgaan|OK/i }));
    await waitFor(() => expect(resets).toHaveLength(1));
    expect(await screen.findByText('12 leads teruggezet naar open.')).toBeTruthy();
  });
});
