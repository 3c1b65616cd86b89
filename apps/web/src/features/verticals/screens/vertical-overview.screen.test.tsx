import type { Vertical } from '@im/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setToken } from '../../../api/token';
import { createTestSession, renderApp } from '../../../test/render';
import { type MockRoute, mockServer } from '../../../test/server';
import { createTestVertical, createTestVerticalDetail } from '../test-factories';

const PATH = '/api/vertical/querypaginated';

function setup(routes: Record<string, MockRoute> = {}, rows?: Vertical[]) {
  setToken('t');
  const data = rows ?? [
    createTestVertical(),
    createTestVertical({
      id: 4,
      name: 'Uitvoering zonnepanelen',
      type: 'project',
      description: '',
      fields_count: 12,
      created_at: '2025-12-31T23:30:00.000Z',
    }),
  ];
  const server = mockServer({
    session: createTestSession(),
    routes: {
      [`GET ${PATH}`]: () => ({ body: { data, pagination: { total: data.length, offset: 0, limit: 25 } } }),
      ...routes,
    },
  });
  return { ...server, ...renderApp('/vertical_overview') };
}

const tableCalls = (calls: { url: string }[]) => calls.filter((c) => c.url.startsWith(PATH));

describe('vertical overview', () => {
  it('lists the forms with their Dutch type, field count and a dd-mm-jjjj date, and sorts on the server', async () => {
    const { calls } = setup();
    expect(await screen.findByText('Opname warmtepomp')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Formulieren' })).toBeTruthy();
    expect(tableCalls(calls)[0]?.url).toBe(`${PATH}?offset=0&limit=25&sort=name`);

    const table = within(screen.getByRole('table'));
    // Sortable headers are buttons to assistive technology; read the header cells themselves.
    const headers = [...screen.getByRole('table').querySelectorAll('thead th')].map((h) =>
      h.textContent?.trim(),
    );
    expect(headers).toEqual(['Naam', 'Type', 'Omschrijving', 'Velden', 'Aangemaakt', 'Acties']);
    expect(table.getByText('opnameformulier')).toBeTruthy();
    expect(table.getByText('uitvoeringsformulier')).toBeTruthy();
    expect(table.getByText('12')).toBeTruthy();
    // The fifth column: a European date, in Dutch time (23:30 UTC on 31 December is already 1 January).
    const rows = table.getAllByRole('row').slice(1);
    const dates = rows.map((row) => within(row).getAllByRole('cell')[4]?.textContent);
    expect(dates).toEqual(['02-03-2026', '01-01-2026']);

    fireEvent.click(table.getByText('Naam'));
    await waitFor(() => expect(tableCalls(calls).at(-1)?.url).toBe(`${PATH}?offset=0&limit=25&sort=-name`));
    fireEvent.click(table.getByText('Aangemaakt'));
    await waitFor(() => expect(tableCalls(calls).at(-1)?.url).toMatch(/&sort=-?created_at$/));
    // The last column is not sortable: clicking it asks nothing new.
    const count = tableCalls(calls).length;
    fireEvent.click(table.getByText('Acties'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(tableCalls(calls).length).toBe(count);
  });

  it('archives a form only after confirmation (DELETE) and shows the server message', async () => {
    const { calls } = setup({
      'DELETE /api/vertical/3': () => ({ body: { message: 'Formulier is gearchiveerd.' } }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Archiveren: Opname warmtepomp' }));
    const dialog = await screen.findByRole('dialog', { name: 'Formulier archiveren' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Annuleren' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Archiveren: Opname warmtepomp' }));
    const again = await screen.findByRole('dialog', { name: 'Formulier archiveren' });
    fireEvent.click(within(again).getByRole('button', { name: 'Archiveren' }));
    expect(await screen.findByText('Formulier is gearchiveerd.')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual(['/api/vertical/3']);
  });

  it('shows the archived forms behind the toggle, with Herstellen', async () => {
    const archived = createTestVertical({ id: 9, name: 'Oud formulier', archived: true });
    const { calls } = setup(
      {
        [`GET ${PATH}`]: (call) => ({
          body: {
            data: call.url.includes('archived=1') ? [archived] : [createTestVertical()],
            pagination: { total: 1, offset: 0, limit: 25 },
          },
        }),
        'POST /api/vertical/9/restore': () => ({
          body: createTestVerticalDetail({ id: 9, name: 'Oud formulier' }),
        }),
      },
      [],
    );
    await screen.findByText('Opname warmtepomp');
    fireEvent.click(screen.getByRole('switch', { name: 'Gearchiveerd' }));
    expect(await screen.findByText('Oud formulier')).toBeTruthy();
    expect(tableCalls(calls).at(-1)?.url).toBe(`${PATH}?archived=1&offset=0&limit=25&sort=name`);
    expect(screen.queryByRole('button', { name: 'Archiveren: Oud formulier' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Herstellen: Oud formulier' }));
    await waitFor(() => expect(calls.some((c) => c.url === '/api/vertical/9/restore')).toBe(true));
    expect(await screen.findByText('Formulier hersteld')).toBeTruthy();
  });

  it('creates a form as opnameformulier by default and opens its detail', async () => {
    const created = createTestVerticalDetail({ id: 15, name: 'Opname airco', verticaldatafields: [] });
    const { calls, router } = setup({
      'POST /api/vertical': () => ({ status: 201, body: created }),
      'GET /api/vertical/15': () => ({ body: created }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Nieuw formulier' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nieuw formulier' });
    const form = within(dialog);
    expect((form.getByRole('combobox', { name: 'Type' }) as HTMLInputElement).value).toBe('opnameformulier');
    fireEvent.click(form.getByRole('button', { name: 'Opslaan' }));
    expect(await form.findByText('Vul een naam in.')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    fireEvent.change(form.getByRole('textbox', { name: 'Naam' }), { target: { value: ' Opname airco ' } });
    fireEvent.click(form.getByRole('checkbox', { name: /Herhalend/ }));
    fireEvent.click(form.getByRole('button', { name: 'Opslaan' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/vertical_detail/15'));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      name: 'Opname airco',
      type: 'intake',
      description: '',
      is_recurring: true,
    });
    expect(await screen.findByRole('heading', { name: 'Opname airco' })).toBeTruthy();
  });
});
