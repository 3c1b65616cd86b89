import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setToken } from '../../../api/token';
import type { MockCall } from '../../../test/fetch-mock';
import { createTestSession, renderApp } from '../../../test/render';
import { mockServer } from '../../../test/server';
import { tableStorageKey } from '../../../ui/data-table/table-state';
import { createTestFlow, createTestFlowRow, createTestFlowSettings } from '../test-factories';
import { FLOW_TABLE_KEY } from './flow-overview.screen';

const rows = [
  createTestFlowRow({ id: 41 }),
  createTestFlowRow({ id: 42, relation_fullname: 'Piet Smit', unread: true }),
];

function setup() {
  setToken('t');
  const server = mockServer({
    session: createTestSession(),
    routes: {
      'GET /api/company/getcurrentflowsettings': () => ({ body: createTestFlowSettings() }),
      'GET /api/flow/querypaginated': () => ({
        body: { data: rows, pagination: { total: 2, offset: 0, limit: 25 } },
      }),
      'POST /api/flow/getlastseenflows': () => ({ body: [] }),
      'GET /api/relation/search': () => ({ body: [] }),
      'POST /api/relation': () => ({ status: 201, body: { id: 55, fullname: 'Kees van der Berg' } }),
      'POST /api/flow': () => ({ status: 201, body: createTestFlow({ id: 77, relation_id: 55 }) }),
      'GET /api/flow/77': () => ({ body: createTestFlow({ id: 77, relation_id: 55 }) }),
    },
  });
  const app = renderApp('/flow_overview');
  return { ...server, ...app };
}

const tableCalls = (calls: MockCall[]) => calls.filter((c) => c.url.startsWith('/api/flow/querypaginated'));
const lastParams = (calls: MockCall[]) =>
  new URL(tableCalls(calls).at(-1)?.url ?? '', 'http://x').searchParams;

async function choose(label: string, option: string) {
  fireEvent.click(screen.getByRole('combobox', { name: label }));
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

describe('flow overview', () => {
  it('asks 25 rows of all statuses, offers the spec status options and sends the filters', async () => {
    const { calls } = setup();
    // The first render loads the lazy screen: allow it some time.
    expect(await screen.findByText('Piet Smit', {}, { timeout: 5000 })).toBeTruthy();
    expect(tableCalls(calls)[0]?.url).toBe('/api/flow/querypaginated?status=all&offset=0&limit=25&sort=-id');

    fireEvent.click(screen.getByRole('combobox', { name: 'Status' }));
    const options = (await screen.findAllByRole('option')).map((o) => o.textContent);
    expect(options).toEqual([
      'Ongelezen',
      'Lead',
      'Opname',
      'Offerte',
      'Opdracht',
      'Uitvoering',
      'Factuur',
      'Service',
      'Afgerond',
      'Geannuleerd',
      'Alle',
    ]);
    fireEvent.click(screen.getByRole('option', { name: 'Opname' }));
    await waitFor(() => expect(lastParams(calls).get('status')).toBe('intake'));

    await choose('Gebruiker', 'Bram Jansen');
    await waitFor(() => expect(lastParams(calls).get('userId')).toBe('8'));
    await choose('Leadbron', 'Beurs');
    await waitFor(() => expect(lastParams(calls).get('leadSource')).toBe('Beurs'));
    fireEvent.change(screen.getByLabelText('Zoeken'), { target: { value: 'smit' } });
    await waitFor(() => expect(lastParams(calls).get('query')).toBe('smit'));
    expect(Object.fromEntries(lastParams(calls))).toEqual({
      status: 'intake',
      userId: '8',
      leadSource: 'Beurs',
      offset: '0',
      limit: '25',
      query: 'smit',
      sort: '-id',
    });

    const saved = JSON.parse(window.localStorage.getItem(tableStorageKey(FLOW_TABLE_KEY)) ?? '{}');
    expect(saved).toMatchObject({
      query: 'smit',
      filters: { status: 'intake', userId: '8', leadSource: 'Beurs' },
    });
  }, 20_000);

  it('restores the saved state on return and opens a flow on a row click', async () => {
    window.localStorage.setItem(
      tableStorageKey(FLOW_TABLE_KEY),
      JSON.stringify({
        page: 1,
        query: 'jan',
        sort: { column: 'relation_fullname', direction: 'asc' },
        filters: { status: 'unread', userId: '7', leadSource: null },
      }),
    );
    const { calls, router } = setup();
    fireEvent.click(await screen.findByText('Piet Smit', {}, { timeout: 5000 }));
    expect(tableCalls(calls)[0]?.url).toBe(
      '/api/flow/querypaginated?status=unread&userId=7&offset=0&limit=25&query=jan&sort=relation_fullname',
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/flow_detail/42'));
  });

  it("creates a typed '(nieuw)' relation without a flow, then its flow, and opens it", async () => {
    const { calls, router } = setup();
    fireEvent.click(await screen.findByRole('button', { name: 'Nieuw dossier' }, { timeout: 5000 }));
    await screen.findByRole('dialog', { name: 'Nieuw dossier' });
    const relation = screen.getByLabelText(/^Relatie/);
    fireEvent.change(relation, { target: { value: 'Kees van der Berg' } });
    fireEvent.click(await screen.findByText('Kees van der Berg (nieuw)', {}, { timeout: 3000 }));
    // Picking an entry settles asynchronously (the typeahead awaits onCreate).
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    fireEvent.change(screen.getByLabelText('Omschrijving'), { target: { value: 'Zonnepanelen' } });
    fireEvent.click(screen.getByRole('button', { name: 'Aanmaken' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/flow_detail/77'));
    expect(calls.find((c) => c.method === 'POST' && c.url === '/api/relation')?.body).toEqual({
      name: 'Kees',
      nameprefix: 'van der',
      surname: 'Berg',
      lead_source: 'Eigen website',
      createnewflow: false,
    });
    expect(calls.find((c) => c.method === 'POST' && c.url === '/api/flow')?.body).toEqual({
      relation_id: 55,
      description: 'Zonnepanelen',
      lead_source: 'Eigen website',
      flowprofile_id: 3,
      user_id: 7,
    });
  }, 20_000);
});
