import { FLOW_DELETE_BLOCKED, MERGE_FLOW_CONFIRM } from '@im/domain';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setToken } from '../../../api/token';
import { createTestSession, renderApp } from '../../../test/render';
import { type MockRoute, mockServer } from '../../../test/server';
import { readLastFlows } from '../last-flows';
import { createTestFlow, createTestFlowSettings } from '../test-factories';

const source = createTestFlow({ id: 41, number: 1041 });
const target = createTestFlow({ id: 42, number: 1042, relation_fullname: 'Piet Smit' });

function setup(routes: Record<string, MockRoute> = {}, path = '/flow_detail/41') {
  setToken('t');
  const server = mockServer({
    session: createTestSession(),
    routes: {
      'GET /api/company/getcurrentflowsettings': () => ({ body: createTestFlowSettings() }),
      'GET /api/flow/41': () => ({ body: source }),
      'GET /api/flow/42': () => ({ body: target }),
      ...routes,
    },
  });
  return { ...server, ...renderApp(path) };
}

const findTitle = (number: number) =>
  screen.findByRole('heading', { name: `Dossier ${number}` }, { timeout: 5000 });

async function openAction(name: string) {
  fireEvent.click(screen.getByRole('button', { name: 'Acties' }));
  fireEvent.click(await screen.findByRole('menuitem', { name }));
}

describe('flow detail', () => {
  it('shows the stage blocks and the customer link, and records the flow in lastFlows', async () => {
    setup({ 'GET /api/flow/41': () => ({ body: { ...source, flow_status: 'quotation' } }) });
    await findTitle(1041);
    const blocks = screen.getAllByRole('listitem').map((item) => item.getAttribute('aria-label'));
    expect(blocks.slice(0, 4)).toEqual([
      'Aanvraag: Afgerond',
      'Opname: Afgerond',
      'Offerte: Actief',
      'Opdracht: Nog niet',
    ]);
    const link = screen.getByRole('link', { name: 'Bekijk als klant' });
    expect(link.getAttribute('href')).toBe('#/customer_flow_detail/hash-41?preview=1');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(readLastFlows()).toEqual([{ companyId: 12, flowId: 41 }]);
  });

  it("shows the company's info box on a lead", async () => {
    const infobox = 'Bel binnen een dag terug.\nVraag naar het dak.';
    setup({
      'GET /api/company/getcurrentflowsettings': () => ({
        body: createTestFlowSettings({ custom_lead_infobox: infobox }),
      }),
      'GET /api/flow/41': () => ({ body: { ...source, flow_status: 'new' } }),
    });
    await findTitle(1041);
    expect((await screen.findByTestId('lead-infobox')).textContent).toBe(infobox);
  });

  it('merge needs a target, asks the exact question, then opens the target', async () => {
    const { calls, router } = setup({
      'GET /api/flow/querywithdisplaynamewithaddress': () => ({
        body: [
          { id: 41, number: 1041, displayname: 'Jan de Boer - Dorpsstraat 12, Zwolle (#1041)' },
          { id: 42, number: 1042, displayname: 'Piet Smit - Kerkweg 3, Zwolle (#1042)' },
        ],
      }),
      'POST /api/flow/41/mergeflow': () => ({ body: target }),
    });
    await findTitle(1041);
    await openAction('Samenvoegen');
    const dialog = await screen.findByRole('dialog', { name: 'Dossier samenvoegen' });
    fireEvent.click(screen.getByRole('button', { name: 'Samenvoegen' }));
    expect(await screen.findByText('Kies een dossier.')).toBeTruthy();
    expect(screen.queryByText(MERGE_FLOW_CONFIRM)).toBeNull();

    fireEvent.change(screen.getByLabelText(/^Samenvoegen met/), { target: { value: 'Zwolle' } });
    const option = await screen.findByText('Piet Smit - Kerkweg 3, Zwolle (#1042)', {}, { timeout: 3000 });
    // The flow itself is no merge target.
    expect(screen.queryByText('Jan de Boer - Dorpsstraat 12, Zwolle (#1041)')).toBeNull();
    fireEvent.click(option);
    fireEvent.click(screen.getByRole('button', { name: 'Samenvoegen' }));

    expect(await screen.findByText(MERGE_FLOW_CONFIRM)).toBeTruthy();
    expect(MERGE_FLOW_CONFIRM).toBe(
      'Dit zal dit dossier samen voegen met het geselecteerde dossier. Dit dossier is daarna niet meer toegankelijk. Doorgaan?',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Bevestigen' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/flow_detail/42'));
    expect(calls.find((c) => c.url === '/api/flow/41/mergeflow')?.body).toEqual({ targetflow_id: 42 });
    expect(dialog.isConnected).toBe(false);
  }, 20_000);

  it('shows a breaking error when the flow cannot be loaded (merged away)', async () => {
    setup({ 'GET /api/flow/41': () => ({ status: 404, body: { message: 'Niet gevonden.' } }) });
    expect(
      await screen.findByText('Het dossier kon niet worden geladen.', {}, { timeout: 5000 }),
    ).toBeTruthy();
    expect(screen.getByText(/Dit dossier bestaat niet \(meer\)/)).toBeTruthy();
    expect(readLastFlows()).toEqual([]);
  });

  it('shows the refusal when a flow with sent invoices is deleted', async () => {
    const { calls } = setup({
      'DELETE /api/flow/41': () => ({ status: 409, body: { message: FLOW_DELETE_BLOCKED } }),
    });
    await findTitle(1041);
    await openAction('Verwijderen');
    expect(await screen.findByText('Dit item verwijderen?')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Verwijderen' }));
    expect(await screen.findByText(FLOW_DELETE_BLOCKED)).toBeTruthy();
    expect(calls.some((c) => c.method === 'DELETE' && c.url === '/api/flow/41')).toBe(true);
  });

  it('changes the status with a phase of the new stage', async () => {
    const { calls } = setup({
      'POST /api/flow/41/changestatus': (call) => ({ body: { ...source, ...(call.body as object) } }),
    });
    await findTitle(1041);
    fireEvent.click(screen.getByRole('button', { name: 'Status wijzigen' }));
    await screen.findByRole('dialog', { name: 'Status wijzigen' });
    fireEvent.click(screen.getByRole('combobox', { name: 'Status' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Opname' }));
    // Another status starts at its first phase, as on the board.
    const firstPhase = createTestFlowSettings().flowphases.find(
      (p) => p.flowstage === 'intake' && p.order === 0,
    );
    expect((screen.getByRole('combobox', { name: 'Fase' }) as HTMLInputElement).value).toBe(
      firstPhase?.description,
    );
    fireEvent.click(screen.getByRole('combobox', { name: 'Fase' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Opname ingepland' }));
    fireEvent.click(screen.getByRole('button', { name: 'Opslaan' }));
    await waitFor(() => expect(calls.some((c) => c.url === '/api/flow/41/changestatus')).toBe(true));
    const phaseId = createTestFlowSettings().flowphases.find((p) => p.description === 'Opname ingepland')?.id;
    expect(calls.find((c) => c.url === '/api/flow/41/changestatus')?.body).toEqual({
      flow_status: 'intake',
      flow_phase_id: phaseId,
    });
  }, 20_000);
});
