import type { LibrarySetDetail, ModuleTag } from '@im/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setToken } from '../../../api/token';
import { createTestSession, renderApp } from '../../../test/render';
import { mockServer } from '../../../test/server';

const detail: LibrarySetDetail = {
  id: 3,
  name: 'Warmtepompen – standaardproducten',
  description: 'Hybride en volledig elektrische warmtepompen.',
  tags: ['warmtepomp'],
  items_count: 2,
  kinds: [
    { kind: 'form', count: 1 },
    { kind: 'product', count: 1 },
  ],
  updated_at: '2026-12-01T10:00:00+01:00',
  library_items: [
    {
      id: 31,
      library_set_id: 3,
      kind: 'product',
      name: 'Hybride warmtepomp 4 kW',
      description: '',
      data: {},
      order: 1,
    },
    {
      id: 32,
      library_set_id: 3,
      kind: 'form',
      name: 'Opname woning',
      description: 'Dak en meterkast',
      data: {},
      order: 2,
    },
  ],
};
const { library_items: _items, ...row } = detail;

function serve(modules: ModuleTag[]) {
  return mockServer({
    session: createTestSession({ modules }),
    routes: {
      'GET /api/libraryset': () => ({
        body: { data: [row], pagination: { total: 1, offset: 0, limit: 24 } },
      }),
      'GET /api/libraryset/3': () => ({ body: detail }),
      'POST /api/libraryset/3/import': () => ({
        body: {
          message: '1 onderdeel geïmporteerd.',
          created: [{ kind: 'form', id: 7, name: 'Opname woning' }],
          skipped: [],
        },
      }),
    },
  });
}

describe('library sets screen', () => {
  it('shows the sets with what they hold and imports the chosen items', async () => {
    setToken('t');
    const { calls } = serve(['BASIS', 'CRM', 'SETTINGS']);
    renderApp('/account/company_library');
    const card = await screen.findByRole('listitem', { name: 'Warmtepompen – standaardproducten' });
    expect(within(card).getByText('1 × Formulier')).toBeTruthy();
    expect(within(card).getByText('warmtepomp')).toBeTruthy();
    // A company does not curate the shared sets.
    expect(screen.queryByRole('button', { name: 'Nieuwe set' })).toBeNull();
    expect(within(card).queryByRole('button', { name: 'Set verwijderen' })).toBeNull();

    fireEvent.click(within(card).getByRole('button', { name: 'Bekijken en importeren' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Importeren: Warmtepompen – standaardproducten',
    });
    await within(dialog).findByText('Opname woning');
    fireEvent.click(within(dialog).getByRole('checkbox', { name: /Hybride warmtepomp 4 kW/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: '1 onderdeel importeren' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ item_ids: [32] }));
    expect(await within(dialog).findByText('Formulier: Opname woning')).toBeTruthy();
  });

  it('lets the platform administrator create and delete sets', async () => {
    setToken('t');
    serve(['BASIS', 'ADMIN', 'SETTINGS']);
    renderApp('/account/company_library');
    const card = await screen.findByRole('listitem', { name: 'Warmtepompen – standaardproducten' });
    expect(within(card).getByRole('button', { name: 'Set verwijderen' })).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'Onderdeel toevoegen' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Nieuwe set' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nieuwe set' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Opslaan' }));
    expect(await within(dialog).findByText('Vul een naam in.')).toBeTruthy();
  });
});
