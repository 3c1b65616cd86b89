import type { Incident, IncidentType } from '@im/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setToken } from '../../../api/token';
import type { MockCall } from '../../../test/fetch-mock';
import { createTestSession, renderApp } from '../../../test/render';
import { mockServer } from '../../../test/server';

const LONG = `Omvormer geeft de foutmelding Grid fault ${'en levert niets meer op '.repeat(8)}`.trim();

function createTestIncident(overrides: Partial<Incident> = {}): Incident {
  return {
    id: 5,
    incident_type_id: 2,
    incident_type: { id: 2, name: 'Storing', showable_months: 12 },
    user_id: null,
    user_fullname: '',
    flow_id: 41,
    flow_number: 1042,
    relation_id: 9,
    relation_fullname: 'Piet Smit',
    status: 'open',
    content: LONG,
    response: '',
    remarks: '',
    classification: '',
    reported_by: 'user',
    hash: 'AAAAAAAAAAAAAAAAAAAAAA',
    resolved_at: null,
    created_at: '2026-05-04T09:30:00+02:00',
    updated_at: '2026-05-04T09:30:00+02:00',
    ...overrides,
  };
}

const types: IncidentType[] = [
  { id: 2, name: 'Storing', showable_months: 12, incidents_count: 1, created_at: '', updated_at: '' },
  { id: 3, name: 'Klacht', showable_months: 6, incidents_count: 0, created_at: '', updated_at: '' },
];

function setup(userrole = 1000) {
  // No saved table state from another test: the defaults of the role apply.
  window.localStorage.clear();
  setToken('t');
  const server = mockServer({
    session: createTestSession({ userrole }),
    routes: {
      'GET /api/incident/querypaginated': () => ({
        body: {
          data: [
            createTestIncident(),
            createTestIncident({
              id: 6,
              status: 'ongoing',
              user_id: 8,
              user_fullname: 'Bram Jansen',
              content: 'Lekkage',
            }),
          ],
          pagination: { total: 2, offset: 0, limit: 25 },
        },
      }),
      'GET /api/incidenttype': () => ({ body: types }),
      'POST /api/incident/5/resolve': () => ({ body: createTestIncident({ status: 'resolved' }) }),
    },
  });
  const app = renderApp('/incident_overview');
  return { ...server, ...app };
}

const tableCalls = (calls: MockCall[]) =>
  calls.filter((c) => c.url.startsWith('/api/incident/querypaginated'));
const lastParams = (calls: MockCall[]) =>
  new URL(tableCalls(calls).at(-1)?.url ?? '', 'http://x').searchParams;

describe('incident overview', () => {
  it('asks open incidents, all of them for a manager, newest first, 25 a page; shows the columns', async () => {
    const { calls } = setup(1000);
    const row = (await screen.findByText('Lekkage', {}, { timeout: 5000 })).closest('tr')!;
    expect(tableCalls(calls)[0]?.url).toBe(
      '/api/incident/querypaginated?status=open&scope=all&offset=0&limit=25&sort=-created_at',
    );
    expect(within(row).getByText('Bram Jansen')).toBeTruthy();
    expect(within(row).getByText('In behandeling')).toBeTruthy();
    // Content is shortened to 128 characters in the list; the flow is a link to its detail.
    const shortened = `${LONG.slice(0, 128)}…`;
    const first = screen.getByText(shortened).closest('tr')!;
    expect(within(first).getByText('Niet toegewezen')).toBeTruthy();
    expect(within(first).getByText('Open')).toBeTruthy();
    expect(within(first).getByText('Storing')).toBeTruthy();
    expect(within(first).getByText('04-05-2026 09:30')).toBeTruthy();
    expect(within(first).getByRole('link', { name: 'Dossier 1042' }).getAttribute('href')).toBe(
      '/flow_detail/41',
    );

    fireEvent.click(screen.getByRole('combobox', { name: 'Status' }));
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual([
      'Open',
      'In behandeling',
      'Opgelost',
      'Alle',
    ]);
    fireEvent.click(screen.getByRole('option', { name: 'Opgelost' }));
    await waitFor(() => expect(lastParams(calls).get('status')).toBe('resolved'));
    fireEvent.click(screen.getByRole('combobox', { name: 'Type' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Klacht' }));
    await waitFor(() => expect(lastParams(calls).get('incident_type_id')).toBe('3'));
  });

  it('below role 1000 starts with own incidents and offers own plus unassigned', async () => {
    const { calls } = setup(100);
    await screen.findByText('Lekkage', {}, { timeout: 5000 });
    expect(lastParams(calls).get('scope')).toBe('own');
    fireEvent.click(screen.getByRole('combobox', { name: 'Tonen' }));
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual([
      'Mijn incidenten',
      'Mijn en niet toegewezen incidenten',
    ]);
    fireEvent.click(screen.getByRole('option', { name: 'Mijn en niet toegewezen incidenten' }));
    await waitFor(() => expect(lastParams(calls).get('scope')).toBe('all'));
  });

  it('resolves an incident only after the confirmation prompt', async () => {
    const { calls } = setup(1000);
    await screen.findByText('Lekkage', {}, { timeout: 5000 });
    const resolveCalls = () =>
      calls.filter((c) => c.method === 'POST' && c.url === '/api/incident/5/resolve');
    const openMenu = async () => {
      fireEvent.click(screen.getByRole('button', { name: `Acties voor incident: ${LONG.slice(0, 60)}` }));
      // Only the changes that apply to an open incident, then edit, assign and delete.
      const items = await screen.findAllByRole('menuitem');
      expect(items.map((i) => i.textContent)).toEqual([
        'Oplossen',
        'In behandeling nemen',
        'Bewerken',
        'Toewijzen',
        'Verwijderen',
      ]);
      fireEvent.click(screen.getByRole('menuitem', { name: 'Oplossen' }));
      return screen.findByRole('dialog', { name: 'Oplossen' });
    };

    let dialog = await openMenu();
    expect(within(dialog).getByText('Dit incident als opgelost markeren?')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Annuleren' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Oplossen' })).toBeNull());
    expect(resolveCalls()).toHaveLength(0);

    dialog = await openMenu();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Oplossen' }));
    await waitFor(() => expect(resolveCalls()).toHaveLength(1));
    expect(await screen.findByText('Incident opgelost')).toBeTruthy();
  });
});
