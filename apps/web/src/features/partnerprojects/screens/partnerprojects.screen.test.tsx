import type { PartnerProject, ProjectFlow, ProjectFlowPage } from '@im/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setToken } from '../../../api/token';
import { createTestSession, renderApp } from '../../../test/render';
import { mockServer } from '../../../test/server';

const MANAGER = createTestSession({
  modules: ['BASIS', 'CRM', 'SETTINGS', 'PARTNERMANAGEMENT', 'PROJECTMANAGEMENT', 'INVOICE', 'QUOTATION'],
  userrole: 1000,
});

const project: PartnerProject = {
  id: 5,
  company_id: 1,
  partner_id: 3,
  partner_name: 'Woonstichting De Veste',
  label: 'Isolatie 40 woningen',
  status: 'quotation',
  mainflow_id: 90,
  main_flow: { id: 90, number: 1090, description: 'Hoofddossier' },
  start_date: '2026-01-01',
  end_date: null,
  relation_id: null,
  relation_fullname: null,
  user_id: null,
  flowprofile_id: null,
  quotation_calc_method: null,
  invoice_calc_method: null,
  invoice_method: null,
  progress_threshold_method: null,
  progress_threshold_amount: null,
  quotationable_documents: [],
  invoiceable_documents: [],
  model_flows: [],
  flow_types: ['rijwoning'],
  tags: [],
  flows_count: 30,
  flows_by_status: [
    { status: 'new', count: 20 },
    { status: 'project', count: 10 },
  ],
  progress: null,
  created_at: '2026-01-01T10:00:00+01:00',
};

const flowRow = (i: number): ProjectFlow => ({
  id: 100 + i,
  number: 2000 + i,
  description: `Woning ${i}`,
  flow_status: 'new',
  flow_phase_id: null,
  flow_phase_description: null,
  type: 'rijwoning',
  tags: [],
  relation_id: 500 + i,
  relation_fullname: `Huurder ${i}`,
  address: `Dorpsstraat ${i}, Zwolle`,
  updated_at: '2026-11-01T10:00:00+01:00',
});

function setup(overrides: Partial<PartnerProject> = {}) {
  setToken('t');
  const bulk: { path: string; body: unknown }[] = [];
  const flowQueries: string[] = [];
  let polls = 0;
  mockServer({
    session: MANAGER,
    routes: {
      'GET /api/partnerproject/5': () => ({ body: { ...project, ...overrides } }),
      'GET /api/partnerproject/5/getfilteroptions': () => ({
        body: { statusses: ['new', 'project'], flowPhases: [], types: ['rijwoning'], tags: ['spoed'] },
      }),
      'GET /api/partnerproject/5/flows': (call) => {
        flowQueries.push(call.url);
        const params = new URL(call.url, 'http://x').searchParams;
        const offset = Number(params.get('offset') ?? 0);
        const query = params.get('query');
        const page: ProjectFlowPage = query
          ? {
              data: Array.from({ length: 30 }, (_, i) => flowRow(i + 1)).filter((f) =>
                String(f.number).includes(query),
              ),
              pagination: { total: 1, offset, limit: Number(params.get('limit')) },
            }
          : {
              data: Array.from({ length: 25 }, (_, i) => flowRow(offset + i + 1)).filter((f) => f.id <= 130),
              pagination: { total: 30, offset, limit: 25 },
            };
        return { body: page };
      },
      'GET /api/company/getcurrentflowsettings': () => ({ status: 404, body: { message: 'x' } }),
      'POST /api/partnerproject/5/startprojectphase': (call) => {
        bulk.push({ path: 'startprojectphase', body: call.body });
        return { body: { batchId: 'b1', flows: 30 } };
      },
      'GET /api/partnerproject/5/getavailabledocuments': (call) => {
        flowQueries.push(call.url);
        return {
          body: {
            documents: [
              { id: 7, type: 'quotation', title: 'Offerte Dak', number: 12, status: 'draft', flow_id: 129 },
            ],
            flowdataitems: [],
          },
        };
      },
      'POST /api/partnerproject/5/combineflowsintodocument': (call) => {
        bulk.push({ path: 'combineflowsintodocument', body: call.body });
        return { body: { batchId: 'b1', flows: 1, mainDocumentId: 77 } };
      },
      'POST /api/partnerproject/5/editstatusses': (call) => {
        bulk.push({ path: 'editstatusses', body: call.body });
        return { body: { batchId: 'b2', flows: 1 } };
      },
      'GET /api/batch/b1': () => {
        polls += 1;
        return {
          body:
            polls < 2
              ? { id: 'b1', progress: 40, cancelledAt: null, finishedAt: null }
              : { id: 'b1', progress: 100, cancelledAt: null, finishedAt: '2026-12-06T12:00:00+01:00' },
        };
      },
    },
  });
  return { bulk, flowQueries, ...renderApp('/partnerproject_detail/5') };
}

describe('the partner project cockpit', () => {
  it('shows phases, the progress bar and the paged flow list', { timeout: 20_000 }, async () => {
    setup();
    expect(
      await screen.findByRole('heading', { name: 'Isolatie 40 woningen' }, { timeout: 15_000 }),
    ).toBeTruthy();
    expect(screen.getByRole('listitem', { name: 'Offerte: huidig' })).toBeTruthy();
    expect(screen.getByRole('listitem', { name: 'Calculatie: afgerond' })).toBeTruthy();
    expect(screen.getByRole('listitem', { name: 'Nacalculatie: niet gestart' })).toBeTruthy();
    expect(screen.getByText('Uitvoering 10')).toBeTruthy();
    expect(await screen.findByRole('link', { name: '2001 · Woning 1' })).toBeTruthy();
    expect(screen.getByText('Dossiers (30)')).toBeTruthy();
    expect(screen.getByRole('link', { name: '1090 · Hoofddossier' }).getAttribute('href')).toBe(
      '/flow_detail/90',
    );
  });

  it('selects all matching flows, starts the project phase and shows the progress', {
    timeout: 20_000,
  }, async () => {
    const { bulk } = setup();
    await screen.findByRole('link', { name: '2001 · Woning 1' }, { timeout: 15_000 });
    const actions = screen.getByRole('button', { name: 'Acties' });
    expect((actions as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByLabelText('Selecteer deze pagina'));
    expect(await screen.findByText('25 geselecteerd')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Alle 30 gevonden dossiers selecteren' }));
    expect(await screen.findByText('30 geselecteerd')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Acties' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Projectfase starten' }));
    const dialog = await screen.findByRole('dialog', { name: 'Projectfase starten' });
    expect(within(dialog).getByText('Projectfase starten voor 30 dossiers?')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Starten' }));
    await waitFor(() => expect(bulk).toHaveLength(1));
    expect(bulk[0]).toEqual({ path: 'startprojectphase', body: { allMatching: {} } });
    const progress = await screen.findByRole('dialog', { name: 'Projectfase starten' });
    await waitFor(() => expect(within(progress).getByRole('status').textContent).toBe('Klaar.'), {
      timeout: 5000,
    });
  });

  it('refuses a status edit without a new status or phase', { timeout: 20_000 }, async () => {
    const { bulk } = setup();
    await screen.findByRole('link', { name: '2001 · Woning 1' }, { timeout: 15_000 });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Dossier 2003' }));
    fireEvent.click(screen.getByRole('button', { name: 'Acties' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Statussen wijzigen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Statussen wijzigen' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Starten' }));
    expect(await within(dialog).findByText('Kies een nieuwe status of een nieuwe fase.')).toBeTruthy();
    expect(bulk).toHaveLength(0);
  });

  it('sends the filters to the server', { timeout: 20_000 }, async () => {
    const { flowQueries } = setup();
    await screen.findByRole('link', { name: '2001 · Woning 1' }, { timeout: 15_000 });
    fireEvent.change(screen.getByLabelText('Zoeken'), { target: { value: 'Dorp' } });
    await waitFor(() => expect(flowQueries.some((q) => q.includes('query=Dorp'))).toBe(true), {
      timeout: 3000,
    });
  });

  it('finds the flow to copy from by a server-side search, not in the first page', {
    timeout: 20_000,
  }, async () => {
    const { flowQueries } = setup();
    await screen.findByRole('link', { name: '2001 · Woning 1' }, { timeout: 15_000 });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Dossier 2003' }));
    fireEvent.click(screen.getByRole('button', { name: 'Acties' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Documenten kopiëren' }));
    const dialog = await screen.findByRole('dialog', { name: 'Documenten kopiëren' });
    const input = within(dialog).getByRole('textbox', { name: 'Kopiëren van dossier' });
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: '2029' } });
    fireEvent.click(await screen.findByRole('option', { name: /2029 · Woning 29/ }, { timeout: 5000 }));
    expect(flowQueries.some((q) => q.includes('query=2029') && q.includes('limit=10'))).toBe(true);
    expect(await within(dialog).findByText('Offerte Dak (12) · draft')).toBeTruthy();
    expect(flowQueries.some((q) => q.includes('getavailabledocuments?flow_id=129'))).toBe(true);
  });

  it('asks the term percentage of a partial invoice and shows the threshold', {
    timeout: 20_000,
  }, async () => {
    const { bulk } = setup({
      invoice_method: 'partial_percentage',
      progress_threshold_method: 'amount_finished_flows',
      progress_threshold_amount: 2,
      progress: {
        method: 'amount_finished_flows',
        required: 2,
        current: 3,
        reached: true,
        text: '3 van 30 dossiers afgerond (drempel 2)',
      },
    });
    expect(
      await screen.findByText('3 van 30 dossiers afgerond (drempel 2)', {}, { timeout: 15_000 }),
    ).toBeTruthy();
    await screen.findByRole('link', { name: '2001 · Woning 1' });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Dossier 2003' }));
    fireEvent.click(screen.getByRole('button', { name: 'Acties' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Combineren tot één factuur' }));
    const dialog = await screen.findByRole('dialog', { name: 'Combineren tot één factuur' });
    expect(within(dialog).getByText(/Factuurmethode: Termijn: percentage per dossier/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Starten' }));
    expect(await within(dialog).findByText('Vul een percentage tussen 0 en 100 in.')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Percentage per dossier'), { target: { value: '30' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Starten' }));
    await waitFor(() => expect(bulk).toHaveLength(1));
    expect(bulk[0]).toEqual({
      path: 'combineflowsintodocument',
      body: { kind: 'invoice', partial_amount: 30, selectedFlowIds: [103] },
    });
  });

  it('does not start an invoice before the progress threshold is reached', { timeout: 20_000 }, async () => {
    const { bulk } = setup({
      progress: {
        method: 'amount_finished_flows',
        required: 5,
        current: 3,
        reached: false,
        text: '3 van 30 dossiers afgerond (drempel 5)',
      },
    });
    await screen.findByRole('link', { name: '2001 · Woning 1' }, { timeout: 15_000 });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Dossier 2003' }));
    fireEvent.click(screen.getByRole('button', { name: 'Acties' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Combineren tot één factuur' }));
    const dialog = await screen.findByRole('dialog', { name: 'Combineren tot één factuur' });
    expect(
      within(dialog).getByText(
        'De voortgangsdrempel van het project is nog niet bereikt: 3 van 30 dossiers afgerond (drempel 5).',
      ),
    ).toBeTruthy();
    expect((within(dialog).getByRole('button', { name: 'Starten' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    expect(bulk).toHaveLength(0);
  });
});
