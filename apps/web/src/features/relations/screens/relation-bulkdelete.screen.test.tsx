import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setToken } from '../../../api/token';
import { createTestSession, renderApp } from '../../../test/render';
import { mockServer } from '../../../test/server';
import { createTestInactiveRelations } from '../test-factories';

const found = createTestInactiveRelations(30);

function serve() {
  setToken('t');
  const progress = [40, 100];
  return mockServer({
    session: createTestSession(),
    routes: {
      'POST /api/relation/searchinactiverelations': () => ({ body: { data: found, total: found.length } }),
      'POST /api/relation/bulkdelete': () => ({ body: { batchId: 'b7' } }),
      'GET /api/batch/b7': () => {
        const value = progress.shift() ?? 100;
        return {
          body: {
            id: 'b7',
            progress: value,
            cancelledAt: null,
            finishedAt: value === 100 ? '2026-03-01T10:00:00Z' : null,
          },
        };
      },
    },
  });
}

describe('relation bulk delete', () => {
  it('always applies no_send_invoices, takes days for an age criterion, and sends the criteria list', async () => {
    const { calls } = serve();
    renderApp('/relation_bulkdelete');
    const fixed = await screen.findByText('Geen verstuurde facturen', {}, { timeout: 5000 });
    const fixedRow = fixed.closest('[data-criterion]') as HTMLElement;
    expect(within(fixedRow).getByText('Altijd van toepassing')).toBeTruthy();
    expect(within(fixedRow).queryByRole('button')).toBeNull();

    fireEvent.click(screen.getByRole('combobox', { name: 'Criterium toevoegen' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Dossier ouder dan (dagen)' }));
    const search = screen.getByRole('button', { name: 'Zoeken' });
    expect(search.hasAttribute('disabled')).toBe(true);
    fireEvent.change(screen.getByLabelText('Dossier ouder dan (dagen): Aantal dagen'), {
      target: { value: '365' },
    });
    fireEvent.click(screen.getByRole('combobox', { name: 'Criterium toevoegen' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Geen openstaande acties' }));
    fireEvent.click(screen.getByRole('button', { name: 'Criterium verwijderen: Geen openstaande acties' }));
    fireEvent.click(screen.getByRole('combobox', { name: 'Criterium toevoegen' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Omschrijving dossier bevat' }));
    fireEvent.change(screen.getByLabelText('Omschrijving dossier bevat: Tekst'), {
      target: { value: 'test' },
    });

    fireEvent.click(screen.getByRole('button', { name: 'Zoeken' }));
    expect(await screen.findByText('Gevonden relaties: 30')).toBeTruthy();
    expect(calls.find((c) => c.url === '/api/relation/searchinactiverelations')?.body).toEqual({
      criteria: [
        { tag: 'no_send_invoices' },
        { tag: 'flow_age', amount: 365 },
        { tag: 'with_flow_description', text: 'test' },
      ],
    });
  });

  it('selects all or none across pages, deletes the selection, and follows the batch to 100', async () => {
    const { calls } = serve();
    renderApp('/relation_bulkdelete');
    fireEvent.click(await screen.findByRole('button', { name: 'Zoeken' }, { timeout: 5000 }));
    expect(await screen.findByText('Relatie 1')).toBeTruthy();
    // 25 per page: relation 26 is on page 2.
    expect(screen.queryByText('Relatie 26')).toBeNull();
    const deleteButton = screen.getByRole('button', { name: 'Verwijderen' });
    expect(deleteButton.hasAttribute('disabled')).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Alles selecteren' }));
    expect(screen.getByText('Geselecteerd: 30')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Niets selecteren' }));
    expect(screen.getByText('Geselecteerd: 0')).toBeTruthy();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Relatie 3' }));
    expect(screen.getByText('Geselecteerd: 1')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Alles selecteren' }));
    expect(screen.getByText('Geselecteerd: 30')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Verwijderen' }));
    const confirm = await screen.findByRole('dialog', { name: 'Relaties verwijderen' });
    expect(within(confirm).getByText('Geselecteerde relaties verwijderen (30)?')).toBeTruthy();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Verwijderen' }));

    await waitFor(() => expect(calls.some((c) => c.url === '/api/relation/bulkdelete')).toBe(true));
    expect(calls.find((c) => c.url === '/api/relation/bulkdelete')?.body).toEqual({
      relationIds: found.map((r) => r.id),
    });
    expect(await screen.findByText('Bezig… 40%')).toBeTruthy();
    await waitFor(() => expect(screen.getByText('Klaar.')).toBeTruthy(), { timeout: 4000 });
    const progress = screen.getByRole('progressbar', { name: 'Relaties verwijderen' });
    expect(progress.getAttribute('aria-valuenow')).toBe('100');
  });
});
