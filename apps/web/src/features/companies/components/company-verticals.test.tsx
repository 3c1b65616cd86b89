import { FIELD_TRANSFER_MESSAGES, type FieldImportPreview, type Vertical } from '@im/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { setToken } from '../../../api/token';
import {
  createTestAdminSession,
  createTestCompanyDetail,
  page,
  testModules,
} from '../../../test/admin-factories';
import { renderApp } from '../../../test/render';
import { type MockRoute, mockServer } from '../../../test/server';

function vertical(overrides: Partial<Vertical> = {}): Vertical {
  return {
    id: 40,
    name: 'Zonnepanelen opname',
    type: 'intake',
    description: '',
    is_recurring: false,
    archived: false,
    fields_count: 4,
    created_at: '2026-03-01T10:00:00+01:00',
    updated_at: '2026-03-01T10:00:00+01:00',
    ...overrides,
  };
}

const LIBRARY = [
  vertical({ id: 1, name: 'Zonnepanelen opname', fields_count: 6 }),
  vertical({ id: 2, name: 'Warmtepomp uitvoering', type: 'project', fields_count: 3 }),
  vertical({ id: 3, name: 'Oud formulier', archived: true }),
];

function setup(routes: Record<string, MockRoute> = {}, own: Vertical[] = []) {
  setToken('t');
  const company = createTestCompanyDetail();
  const server = mockServer({
    session: createTestAdminSession(),
    routes: {
      [`GET /api/company/${company.id}`]: () => ({ body: company }),
      'GET /api/module': () => ({ body: testModules() }),
      'GET /api/subscription': () => ({ body: [] }),
      'GET /api/user/querypaginated': () => page([]),
      'GET /api/company/querypaginated': () => page([]),
      'GET /api/company/5/verticals': () => ({ body: own }),
      'GET /api/company/1/verticals': () => ({ body: LIBRARY }),
      ...routes,
    },
  });
  return { ...server, ...renderApp(`/company_detail/${company.id}`) };
}

const formsCard = async () => {
  const heading = await screen.findByRole('heading', { name: 'Formulieren' });
  return within(heading.closest('.mantine-Card-root') as HTMLElement);
};

describe('company detail: forms', () => {
  beforeAll(() => {
    // jsdom has no object URLs; the download helper makes one for the file.
    Object.assign(URL, { createObjectURL: () => 'blob:export', revokeObjectURL: () => {} });
  });

  it('lists the forms with type, fields and archived flag, and adds one from the library', async () => {
    let own = [vertical(), vertical({ id: 41, name: 'Service oud', type: 'aftercare', archived: true })];
    const { calls } = setup(
      {
        'PATCH /api/company/5/addverticaltocompany': () => {
          own = [
            ...own,
            vertical({ id: 42, name: 'Warmtepomp uitvoering', type: 'project', fields_count: 3 }),
          ];
          return { body: own };
        },
      },
      own,
    );
    const card = await formsCard();
    const rows = await card.findAllByRole('row');
    expect(rows.map((r) => r.textContent)).toEqual([
      'NaamTypeVelden',
      'Zonnepanelen opnameopnameformulier4Verwijderen',
      'Service oudGearchiveerdserviceformulier4',
    ]);

    fireEvent.click(card.getByRole('combobox', { name: 'Formulier uit de bibliotheek' }));
    // The library's live forms the company does not have yet.
    const options = (await screen.findAllByRole('option')).map((o) => o.textContent);
    expect(options).toEqual(['Warmtepomp uitvoering (uitvoeringsformulier)']);
    fireEvent.click(screen.getByRole('option', { name: 'Warmtepomp uitvoering (uitvoeringsformulier)' }));
    fireEvent.click(card.getByRole('button', { name: 'Formulier toevoegen' }));
    expect(await screen.findByText('Formulier Warmtepomp uitvoering is toegevoegd.')).toBeTruthy();
    expect(await card.findByText('uitvoeringsformulier')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'PATCH').map((c) => [c.url, c.body])).toEqual([
      ['/api/company/5/addverticaltocompany', { verticalId: 2 }],
    ]);
  });

  it("shows the server's refusal of a form the company already has", async () => {
    setup(
      {
        'PATCH /api/company/5/addverticaltocompany': () => ({
          status: 409,
          body: { message: FIELD_TRANSFER_MESSAGES.companyHasVertical },
        }),
      },
      [],
    );
    const card = await formsCard();
    expect(await card.findByText('Dit bedrijf heeft nog geen formulieren.')).toBeTruthy();
    fireEvent.click(card.getByRole('combobox', { name: 'Formulier uit de bibliotheek' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Zonnepanelen opname (opnameformulier)' }));
    fireEvent.click(card.getByRole('button', { name: 'Formulier toevoegen' }));
    const alert = await screen.findByRole('dialog', { name: 'Let op' });
    expect(within(alert).getByText(FIELD_TRANSFER_MESSAGES.companyHasVertical)).toBeTruthy();
  });

  it('archives a form after confirmation, and not when cancelled', async () => {
    let own = [vertical()];
    const { calls } = setup(
      {
        'PATCH /api/company/5/removeverticalfromcompany': () => {
          own = own.map((v) => ({ ...v, archived: true }));
          return { body: own };
        },
      },
      own,
    );
    const card = await formsCard();
    fireEvent.click(await card.findByRole('button', { name: 'Formulier Zonnepanelen opname verwijderen' }));
    let dialog = await screen.findByRole('dialog', { name: 'Formulier verwijderen' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Annuleren' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.some((c) => c.method === 'PATCH')).toBe(false);

    fireEvent.click(card.getByRole('button', { name: 'Formulier Zonnepanelen opname verwijderen' }));
    dialog = await screen.findByRole('dialog', { name: 'Formulier verwijderen' });
    expect(within(dialog).getByText(/Het wordt gearchiveerd/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Verwijderen' }));
    expect(await screen.findByText('Formulier Zonnepanelen opname is verwijderd.')).toBeTruthy();
    expect(await card.findByText('Gearchiveerd')).toBeTruthy();
    expect(card.queryByRole('button', { name: 'Formulier Zonnepanelen opname verwijderen' })).toBeNull();
    expect(calls.filter((c) => c.method === 'PATCH').map((c) => [c.url, c.body])).toEqual([
      ['/api/company/5/removeverticalfromcompany', { verticalId: 40 }],
    ]);
  });

  it('exports the forms as a file', async () => {
    const { calls } = setup({ 'GET /api/company/5/exportverticaldatafields': () => ({ body: {} }) }, []);
    const card = await formsCard();
    fireEvent.click(card.getByRole('button', { name: 'Exporteren' }));
    await waitFor(() =>
      expect(calls.some((c) => c.url === '/api/company/5/exportverticaldatafields')).toBe(true),
    );
  });

  it('previews an import with its row errors, then starts it as a batch with progress', async () => {
    const preview: FieldImportPreview = {
      rows: 3,
      forms_create: 1,
      create: 1,
      update: 1,
      unchanged: 0,
      errors: [{ row: 3, message: 'Rij 3: Onbekend veldtype: tekstveld.' }],
    };
    const batches = [
      { id: 'b7', progress: 50, cancelledAt: null, finishedAt: null },
      { id: 'b7', progress: 100, cancelledAt: null, finishedAt: '2026-03-02T10:00:00Z' },
    ];
    let own: Vertical[] = [];
    const { calls } = setup(
      {
        'POST /api/company/5/importverticaldatafields': (call) => {
          if (call.url.includes('preview=1')) return { body: preview };
          own = [vertical({ name: 'Warmtepomp', fields_count: 1 })];
          return { body: { batchId: 'b7' } };
        },
        'GET /api/company/5/verticals': () => ({ body: own }),
        'GET /api/batch/b7': () => ({ body: batches.length > 1 ? batches.shift() : batches[0] }),
        'GET /api/company/5/importverticaldatafields/b7': () => ({
          body: {
            finished: true,
            forms_created: 1,
            created: 1,
            updated: 1,
            unchanged: 0,
            skipped: preview.errors,
          },
        }),
      },
      own,
    );
    const card = await formsCard();
    await card.findByText('Dit bedrijf heeft nog geen formulieren.');
    const fileInput = document.querySelector('input[type="file"]') as HTMLInputElement;
    fireEvent.change(fileInput, {
      target: { files: [new File(['formulier;label'], 'formulieren.csv', { type: 'text/csv' })] },
    });

    const dialog = within(await screen.findByRole('dialog', { name: 'Formulieren importeren' }));
    expect(
      dialog.getByText('3 regels: 1 nieuwe formulieren, 1 nieuwe velden, 1 velden gewijzigd, 0 ongewijzigd.'),
    ).toBeTruthy();
    expect(dialog.getByText('1 regels bevatten fouten en worden overgeslagen.')).toBeTruthy();
    const errorRows = dialog.getAllByRole('row').map((r) => r.textContent);
    expect(errorRows).toEqual(['RijMelding', '3Onbekend veldtype: tekstveld.']);

    fireEvent.click(dialog.getByRole('button', { name: 'Importeren starten' }));
    expect(await screen.findByText('Bezig… 50%', {}, { timeout: 3000 })).toBeTruthy();
    const progress = screen.getByRole('dialog', { name: 'Formulieren importeren' });
    expect(await within(progress).findByText('Klaar.', {}, { timeout: 4000 })).toBeTruthy();
    expect(
      await screen.findByText(
        '1 formulieren aangemaakt, 1 velden toegevoegd, 1 bijgewerkt, 1 regels overgeslagen.',
      ),
    ).toBeTruthy();
    expect(await card.findByText('Warmtepomp')).toBeTruthy();
    const posts = calls.filter((c) => c.method === 'POST').map((c) => c.url);
    expect(posts).toEqual([
      '/api/company/5/importverticaldatafields?preview=1',
      '/api/company/5/importverticaldatafields',
    ]);
    expect(calls.find((c) => c.method === 'POST')?.body).toBeInstanceOf(FormData);
  });
});
