import { RELATION_DELETE_BLOCKED, type Task } from '@im/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setToken } from '../../../api/token';
import { createTestSession, renderApp } from '../../../test/render';
import { type MockRoute, mockServer } from '../../../test/server';
import { createTestFlowRow, createTestRelationDetail } from '../test-factories';

// Only what the relation's tasks card shows of a task.
const relationTask = {
  id: 5,
  description: 'Panelen leggen',
  type: 'uitvoering',
  status: 'open',
  planning_status: 'unplanned',
  planning_label: 'ongepland',
  display_color: '#2f9e44',
  user_fullname: 'Piet Jansen',
  flow_id: 100,
  flow_number: 1042,
  start_date: null,
  end_date: null,
  following_tasks: [],
  task_contexts: [],
} as unknown as Task;

const detail = createTestRelationDetail({
  id: 12,
  flow_status: 'intake',
  flows: [
    createTestFlowRow({ id: 100, number: 1042, description: 'Zonnepanelen', flow_status: 'intake' }),
    createTestFlowRow({ id: 101, number: 1043, description: 'Laadpaal', partner_project_id: 4 }),
  ],
  trashed_flows: [createTestFlowRow({ id: 102, number: 1044, description: 'Oude aanvraag' })],
});

function serve(routes: Record<string, MockRoute> = {}) {
  setToken('t');
  return mockServer({
    session: createTestSession(),
    routes: {
      'GET /api/relation/12': () => ({ body: detail }),
      'GET /api/location': () => ({ body: [] }),
      'GET /api/note': () => ({ body: [] }),
      'GET /api/action': () => ({ body: [] }),
      'GET /api/agendaitem': () => ({ body: [] }),
      'GET /api/task/getopentasks': (call) => ({
        body: {
          data: call.url.includes('relation_id') ? [relationTask] : [],
          pagination: { total: 1, offset: 0, limit: 100 },
        },
      }),
      'GET /api/portal/config': () => ({
        body: {
          map_tile_url: 'https://tiles.test/{z}/{x}/{y}.png',
          map_attribution: 'OSM',
          map_default_center: [52.5, 6.08],
        },
      }),
      ...routes,
    },
  });
}

describe('relation detail', () => {
  it('shows the status bar, the map and the flows grouped by partner project', async () => {
    serve();
    renderApp('/relation_detail/12');
    expect(await screen.findByRole('heading', { name: 'Jan de Vries' }, { timeout: 5000 })).toBeTruthy();
    const bar = screen.getByRole('list', { name: 'Statusbalk van het hoofddossier' });
    expect(within(bar).getByText('Opname').closest('li')?.getAttribute('aria-current')).toBe('step');
    expect(screen.getByRole('region', { name: 'Kaart' })).toBeTruthy();
    const general = screen.getByRole('region', { name: 'algemeen' });
    expect(within(general).getByRole('link', { name: 'Zonnepanelen' }).getAttribute('href')).toBe(
      '/flow_detail/100',
    );
    expect(
      within(screen.getByRole('region', { name: 'Partnerproject 4' })).getByText('Laadpaal'),
    ).toBeTruthy();
    expect(screen.getByText('Verwijderde dossiers')).toBeTruthy();
    expect(screen.getByText('Oude aanvraag')).toBeTruthy();
    // The tasks of the relation's flows, each linking its flow.
    const tasks = await screen.findByTestId('relation-tasks');
    await within(tasks).findByText('Panelen leggen');
    expect(within(tasks).getByRole('link', { name: 'Dossier 1042' }).getAttribute('href')).toBe(
      '/flow_detail/100',
    );
  });

  it("asks 'Dit item verwijderen?' and shows a 409 refusal as an alert", async () => {
    const { calls } = serve({
      'DELETE /api/relation/12': () => ({ status: 409, body: { message: RELATION_DELETE_BLOCKED } }),
    });
    const { router } = renderApp('/relation_detail/12');
    await screen.findByRole('heading', { name: 'Jan de Vries' }, { timeout: 5000 });
    fireEvent.click(screen.getByRole('button', { name: 'Verwijderen' }));
    const confirm = await screen.findByRole('dialog', { name: 'Relatie verwijderen' });
    expect(within(confirm).getByText('Dit item verwijderen?')).toBeTruthy();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Verwijderen' }));

    expect((await screen.findByRole('alert')).textContent).toBe(RELATION_DELETE_BLOCKED);
    expect(calls.some((c) => c.method === 'DELETE' && c.url === '/api/relation/12')).toBe(true);
    expect(router.state.location.pathname).toBe('/relation_detail/12');
  });

  it('creates a flow for the relation with "Nieuw dossier"', async () => {
    const { calls } = serve({
      'POST /api/flow': () => ({ status: 201, body: createTestFlowRow({ id: 103 }) }),
      'GET /api/company/getcurrentflowsettings': () => ({
        body: {
          lead_sources: ['Eigen website'],
          flow_tags: [],
          cancel_reasons: [],
          standard_flowprofile_id: 3,
          flowprofiles: [{ id: 3, name: 'Standaard' }],
        },
      }),
    });
    renderApp('/relation_detail/12');
    fireEvent.click(await screen.findByRole('button', { name: 'Nieuw dossier' }, { timeout: 5000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Nieuw dossier' });
    fireEvent.change(within(dialog).getByLabelText('Omschrijving'), { target: { value: 'Warmtepomp' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Aanmaken' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.url === '/api/flow')).toBe(true));
    expect(calls.find((c) => c.method === 'POST' && c.url === '/api/flow')?.body).toMatchObject({
      relation_id: 12,
      description: 'Warmtepomp',
      lead_source: 'Eigen website',
      flowprofile_id: 3,
    });
  });

  it('shows a breaking error when the relation cannot be loaded', async () => {
    serve({ 'GET /api/relation/12': () => ({ status: 500, body: { message: 'Databasefout' } }) });
    renderApp('/relation_detail/12');
    const title = await screen.findByText('De relatie kon niet worden geladen', {}, { timeout: 5000 });
    const alert = title.closest('[role="alert"]') as HTMLElement;
    expect(alert.textContent).toContain('Databasefout');
    expect(screen.queryByRole('button', { name: 'Verwijderen' })).toBeNull();
  });
});
