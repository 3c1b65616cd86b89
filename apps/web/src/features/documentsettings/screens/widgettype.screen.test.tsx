import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setToken } from '../../../api/token';
import { createTestAdminSession } from '../../../test/admin-factories';
import { renderApp } from '../../../test/render';
import { type MockRoute, mockServer } from '../../../test/server';
import type { DocumentWidgetType } from '../queries';

const createTestWidgetType = (overrides: Partial<DocumentWidgetType> = {}): DocumentWidgetType => ({
  id: 1,
  tag: 'TEXT',
  description: 'Tekst',
  is_active: true,
  available: true,
  widgets: 12,
  created_at: '2026-03-01T10:00:00+01:00',
  updated_at: '2026-03-01T10:00:00+01:00',
  ...overrides,
});

const text = createTestWidgetType();
const rooms = createTestWidgetType({
  id: 2,
  tag: 'ROOMS',
  description: 'Ruimtes',
  available: false,
  widgets: 0,
});

function setup(path: string, routes: Record<string, MockRoute> = {}) {
  setToken('t');
  const server = mockServer({
    session: createTestAdminSession(),
    routes: {
      'GET /api/documentwidgettype': () => ({ body: [text, rooms] }),
      'GET /api/documentwidgettype/1': () => ({ body: text }),
      ...routes,
    },
  });
  return { ...server, ...renderApp(path) };
}

describe('widget types (platform administration)', () => {
  it('lists every type with its availability and use, and opens one', async () => {
    const { calls, router } = setup('/documentwidgettype_overview');
    expect(await screen.findByRole('heading', { name: 'Widgettypes' })).toBeTruthy();
    const roomsRow = (await screen.findByText('ROOMS')).closest('tr') as HTMLElement;
    expect(within(roomsRow).getByText('Komt met formulieren')).toBeTruthy();
    expect(within(roomsRow).getByText('0 widgets')).toBeTruthy();
    const textRow = screen.getByText('TEXT').closest('tr') as HTMLElement;
    expect(within(textRow).getByText('12 widgets')).toBeTruthy();
    expect(calls.find((c) => c.url.startsWith('/api/documentwidgettype'))?.url).toBe(
      '/api/documentwidgettype?all=1',
    );

    fireEvent.click(within(textRow).getByText('Tekst'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/documentwidgettype_detail/1'));
  });

  it('creates a type for a tag that has none yet', async () => {
    const { calls } = setup('/documentwidgettype_overview', {
      'POST /api/documentwidgettype': (c) => ({
        status: 201,
        body: createTestWidgetType({ id: 3, widgets: 0, ...(c.body as object) }),
      }),
    });
    await screen.findByText('ROOMS');
    fireEvent.click(screen.getByRole('button', { name: 'Nieuw widgettype' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nieuw widgettype' });
    fireEvent.click(within(dialog).getByRole('combobox', { name: /^Code/ }));
    // Tags that already have a type are not offered again.
    expect(screen.queryByRole('option', { name: /^TEXT —/ })).toBeNull();
    fireEvent.click(await screen.findByRole('option', { name: 'HEADER1 — Kop 1' }));
    expect((within(dialog).getByLabelText(/^Omschrijving/) as HTMLInputElement).value).toBe('Kop 1');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Aanmaken' }));
    expect(await screen.findByText('Widgettype aangemaakt')).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      tag: 'HEADER1',
      description: 'Kop 1',
      is_active: true,
    });
  });

  it('saves an edit of the description and the active switch', async () => {
    const { calls } = setup('/documentwidgettype_detail/1', {
      'PATCH /api/documentwidgettype/1': (c) => ({ body: { ...text, ...(c.body as object) } }),
    });
    expect(await screen.findByRole('heading', { name: 'Tekst' })).toBeTruthy();
    expect(screen.getByText('12 widgets')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Bewerken' }));
    const dialog = await screen.findByRole('dialog', { name: 'Widgettype bewerken' });
    fireEvent.change(within(dialog).getByLabelText(/^Omschrijving/), { target: { value: 'Vrije tekst' } });
    fireEvent.click(within(dialog).getByRole('switch', { name: /Actief/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Opslaan' }));

    expect(await screen.findByText('Widgettype opgeslagen')).toBeTruthy();
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({
      description: 'Vrije tekst',
      is_active: false,
    });
    expect(await screen.findByRole('heading', { name: 'Vrije tekst' })).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("shows the server's reason when a type in use cannot be deleted", async () => {
    const { router } = setup('/documentwidgettype_detail/1', {
      'DELETE /api/documentwidgettype/1': () => ({
        status: 409,
        body: { message: 'Dit widgettype wordt nog in documenten gebruikt.' },
      }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Verwijderen' }));
    const confirmDialog = await screen.findByRole('dialog', { name: 'Widgettype verwijderen' });
    fireEvent.click(within(confirmDialog).getByRole('button', { name: 'Verwijderen' }));
    expect(await screen.findByText('Dit widgettype wordt nog in documenten gebruikt.')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/documentwidgettype_detail/1');
  });
});
