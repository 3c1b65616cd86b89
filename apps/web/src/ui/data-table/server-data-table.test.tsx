import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockFetch } from '../../test/fetch-mock';
import { renderWithProviders } from '../../test/render';
import { ServerDataTable } from './server-data-table';
import { tableStorageKey } from './table-state';

type Row = { id: number; name: string };

function answer(url: string) {
  const params = new URL(url, 'http://x').searchParams;
  const offset = Number(params.get('offset'));
  const limit = Number(params.get('limit'));
  const total = 240;
  const data = Array.from({ length: Math.min(limit, total - offset) }, (_, i) => ({
    id: offset + i + 1,
    name: `Relatie ${offset + i + 1}`,
  }));
  return { body: { data, pagination: { total, offset, limit } } };
}

const columns = [
  { accessor: 'id', title: 'Nr', sortable: true },
  { accessor: 'name', title: 'Naam', sortable: true },
];

describe('server data table', () => {
  it('asks the server for 25 rows with offset, limit and sort, and pages with full numbers', async () => {
    const { calls } = mockFetch((call) => answer(call.url));
    renderWithProviders(
      <ServerDataTable<Row>
        tableKey="test-relations"
        path="/api/relation/querypaginated"
        columns={columns}
        defaultSort={{ column: 'name', direction: 'asc' }}
      />,
    );
    expect(await screen.findByText('Relatie 1')).toBeTruthy();
    expect(calls[0]?.url).toBe('/api/relation/querypaginated?offset=0&limit=25&sort=name');
    expect(screen.getByText('1–25 van 240')).toBeTruthy();
    // 10 pages: the window shows 1..5.
    expect(screen.queryByRole('button', { name: 'Pagina 5' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Pagina 6' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Pagina 4' }));
    expect(await screen.findByText('Relatie 76')).toBeTruthy();
    expect(calls.at(-1)?.url).toBe('/api/relation/querypaginated?offset=75&limit=25&sort=name');
    expect(screen.getByRole('button', { name: 'Pagina 6' })).toBeTruthy();

    const saved = JSON.parse(window.localStorage.getItem(tableStorageKey('test-relations')) ?? '{}');
    expect(saved).toMatchObject({ page: 4, sort: { column: 'name', direction: 'asc' } });
  });

  it('says so when the server capped the total (more matches than it lists)', async () => {
    mockFetch((call) => {
      const reply = answer(call.url);
      return {
        body: { ...reply.body, pagination: { ...reply.body.pagination, total: 250, total_capped: true } },
      };
    });
    renderWithProviders(
      <ServerDataTable<Row> tableKey="test-capped" path="/api/flow/querypaginated" columns={columns} />,
    );
    expect(await screen.findByText('1–25 van meer dan 250')).toBeTruthy();
    expect(
      screen.getByText(
        'Meer dan 250 resultaten gevonden; alleen de eerste 250 worden getoond. Maak de zoekopdracht specifieker.',
      ),
    ).toBeTruthy();
  });

  it('sorts descending with -column and restores saved state on return', async () => {
    window.localStorage.setItem(
      tableStorageKey('test-saved'),
      JSON.stringify({ page: 2, query: 'jan', sort: { column: 'id', direction: 'desc' }, filters: {} }),
    );
    const { calls } = mockFetch((call) => answer(call.url));
    renderWithProviders(
      <ServerDataTable<Row> tableKey="test-saved" path="/api/relation/querypaginated" columns={columns} />,
    );
    await waitFor(() => expect(calls.length).toBeGreaterThan(0));
    expect(calls[0]?.url).toBe('/api/relation/querypaginated?offset=25&limit=25&query=jan&sort=-id');
    expect((screen.getByLabelText('Zoeken') as HTMLInputElement).value).toBe('jan');
  });

  it('starts unsorted when there is no default, and sorts on a header click', async () => {
    const { calls } = mockFetch((call) => answer(call.url));
    renderWithProviders(
      <ServerDataTable<Row> tableKey="test-unsorted" path="/api/flow/querypaginated" columns={columns} />,
    );
    expect(await screen.findByText('Relatie 1')).toBeTruthy();
    expect(calls[0]?.url).toBe('/api/flow/querypaginated?offset=0&limit=25');
    fireEvent.click(screen.getByText('Naam'));
    await waitFor(() =>
      expect(calls.at(-1)?.url).toBe('/api/flow/querypaginated?offset=0&limit=25&sort=name'),
    );
    fireEvent.click(screen.getByText('Naam'));
    await waitFor(() =>
      expect(calls.at(-1)?.url).toBe('/api/flow/querypaginated?offset=0&limit=25&sort=-name'),
    );
  });
});
