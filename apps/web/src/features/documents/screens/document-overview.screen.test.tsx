import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setToken } from '../../../api/token';
import { createTestSession, renderApp } from '../../../test/render';
import { mockServer } from '../../../test/server';
import { createTestDocumentRow } from '../test-factories';

const MODULES = ['BASIS', 'CRM', 'SALES', 'SETTINGS', 'QUOTATION', 'CONFIRMATION', 'PROJECT'] as const;

function setup(path: string, kind: string) {
  setToken('t');
  return {
    ...mockServer({
      session: createTestSession({ modules: [...MODULES] }),
      routes: {
        [`GET /api/${kind}`]: () => ({
          body: {
            data: [
              createTestDocumentRow({ kind: kind as 'quotation' }),
              createTestDocumentRow({
                id: 6,
                kind: kind as 'quotation',
                number: 2026002,
                title: 'Zonnepanelen',
                status: 'approved',
                amount_inc_vat: 5445.5,
                relation_fullname: 'Piet Smit',
              }),
            ],
            pagination: { total: 2, offset: 0, limit: 25 },
          },
        }),
      },
    }),
    ...renderApp(path),
  };
}

describe('document overviews', () => {
  it('lists quotations newest first with status badge, euro amount and date, and filters by status', async () => {
    const { calls, router } = setup('/quotation_overview', 'quotation');
    expect(await screen.findByText('Warmtepomp Dorpsstraat')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Offertes' })).toBeTruthy();
    expect(screen.getByText('Piet Smit')).toBeTruthy();
    const table = within(screen.getByRole('table'));
    expect(table.getByText('verstuurd')).toBeTruthy();
    expect(table.getByText('goedgekeurd')).toBeTruthy();
    expect(table.getByText('€ 12.100,00')).toBeTruthy();
    expect(table.getAllByText('02-03-2026').length).toBe(2);
    const first = calls.find((c) => c.url.startsWith('/api/quotation?'));
    expect(first?.url).toBe('/api/quotation?offset=0&limit=25&sort=-documentdate');

    fireEvent.click(screen.getByRole('combobox', { name: 'Status' }));
    const options = (await screen.findAllByRole('option')).map((o) => o.textContent);
    expect(options).toEqual(['concept', 'verstuurd', 'goedgekeurd', 'afgekeurd', 'alle']);
    fireEvent.click(screen.getByRole('option', { name: 'verstuurd' }));
    await waitFor(() =>
      expect(calls.at(-1)?.url).toBe('/api/quotation?status=sent&offset=0&limit=25&sort=-documentdate'),
    );

    fireEvent.click(screen.getByText('Zonnepanelen'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/quotation_detail/6'));
  });

  it('shows the document type on the document overview', async () => {
    setup('/document_overview', 'document');
    expect(await screen.findByRole('heading', { name: 'Documenten' })).toBeTruthy();
    expect(screen.getByText('Documentsoort')).toBeTruthy();
  });
});
