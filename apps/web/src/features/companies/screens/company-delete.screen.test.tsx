import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setToken } from '../../../api/token';
import { createTestAdminSession, createTestCompanyDetail, page } from '../../../test/admin-factories';
import { renderApp } from '../../../test/render';
import { type MockRoute, mockServer } from '../../../test/server';

const trashed = createTestCompanyDetail({ deleted_at: '2026-03-02T10:00:00+01:00' });

function setup(path: string, routes: Record<string, MockRoute> = {}) {
  setToken('t');
  const server = mockServer({
    session: createTestAdminSession(),
    routes: {
      'GET /api/company/5': () => ({ body: trashed }),
      'GET /api/company/querytrashed': () => page([]),
      ...routes,
    },
  });
  return { ...server, ...renderApp(path) };
}

describe('/company_delete/{companyId}/{type}', () => {
  it('forceDelete: explains, confirms, and shows a failed job at 100% in red with a message', async () => {
    const { calls } = setup('/company_delete/5/forceDelete', {
      'POST /api/company/5/forcedelete': () => ({ body: { batchId: 'f1' } }),
      'GET /api/batch/f1': () => ({
        body: { id: 'f1', progress: 35, cancelledAt: '2026-03-02T10:01:00Z', finishedAt: null },
      }),
    });
    expect(await screen.findByText(/worden definitief verwijderd/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Definitief verwijderen' }));
    const confirmDialog = await screen.findByRole('dialog', { name: 'Bedrijf definitief verwijderen' });
    fireEvent.click(within(confirmDialog).getByRole('button', { name: 'Definitief verwijderen' }));

    const progress = await screen.findByRole('dialog', {
      name: 'Klimaat Compleet BV wordt definitief verwijderd',
    });
    const message = await within(progress).findByText(
      'Het definitief verwijderen van Klimaat Compleet BV is mislukt.',
    );
    expect(message).toBeTruthy();
    expect(within(progress).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('100');
    expect(calls.filter((c) => c.url === '/api/company/5/forcedelete')).toHaveLength(1);
  });

  it('forceDelete: cancel in the confirmation does nothing', async () => {
    const { calls, router } = setup('/company_delete/5/forceDelete');
    fireEvent.click(await screen.findByRole('button', { name: 'Definitief verwijderen' }));
    const confirmDialog = await screen.findByRole('dialog', { name: 'Bedrijf definitief verwijderen' });
    fireEvent.click(within(confirmDialog).getByRole('button', { name: 'Annuleren' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    expect(router.state.location.pathname).toBe('/company_delete/5/forceDelete');
  });

  it('restore: a toast and back to the trashcan', async () => {
    const { calls, router } = setup('/company_delete/5/restore', {
      'POST /api/company/5/restore': () => ({ body: { message: 'Bedrijf hersteld.' } }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Herstellen' }));
    const confirmDialog = await screen.findByRole('dialog', { name: 'Bedrijf herstellen' });
    fireEvent.click(within(confirmDialog).getByRole('button', { name: 'Herstellen' }));
    expect(await screen.findByText('Klimaat Compleet BV is hersteld.')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/company_trashcan'));
    expect(calls.some((c) => c.method === 'POST' && c.url === '/api/company/5/restore')).toBe(true);
  });

  it('an unknown type is an unknown route', async () => {
    const { router } = setup('/company_delete/5/empty');
    expect(await screen.findByText('Pagina niet gevonden')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/404');
  });
});
