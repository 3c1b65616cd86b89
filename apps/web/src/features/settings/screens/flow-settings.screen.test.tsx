import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setToken } from '../../../api/token';
import { createTestSession, renderApp } from '../../../test/render';
import { type MockRoute, mockServer } from '../../../test/server';
import { axeViolations, createTestCompanySettings, createTestFlowSettings } from '../test-factories';

const MODULES = ['BASIS', 'CRM', 'SALES', 'SETTINGS'] as const;

function setup(routes: Record<string, MockRoute> = {}) {
  setToken('t');
  const flowSettings = createTestFlowSettings({
    flowprofiles: [
      { id: 3, name: 'Standaard', standard_calculation_id: null, mailtemplate_ids: {}, template_ids: {} },
      { id: 4, name: 'Warmtepomp', standard_calculation_id: null, mailtemplate_ids: {}, template_ids: {} },
    ],
  });
  const server = mockServer({
    session: createTestSession({ modules: [...MODULES], userrole: 1000 }),
    routes: {
      'GET /api/company/getcurrentflowsettings': () => ({ body: flowSettings }),
      'GET /api/companysettings/1': () => ({ body: createTestCompanySettings() }),
      'GET /api/website': () => ({ body: [] }),
      ...routes,
    },
  });
  return { ...server, flowSettings, ...renderApp('/account/company_flowprofiles') };
}

const phases = () => screen.getAllByTestId('flow-phase').map((el) => el.textContent);

describe('dossier settings', () => {
  it('lists the sub-statuses of a stage and adds one', async () => {
    const { calls } = setup({
      'POST /api/flowphase': (call) => ({
        status: 201,
        body: { id: 999, order: 5, ...(call.body as object) },
      }),
    });
    expect(await screen.findByRole('heading', { name: 'Dossierinstellingen' })).toBeTruthy();
    await waitFor(() => expect(phases()[0]).toContain('Ongelezen'));
    expect(phases()).toHaveLength(5);

    fireEvent.click(screen.getByRole('button', { name: 'Nieuwe substatus' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nieuwe substatus' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Opslaan' }));
    expect(await within(dialog).findByText('Vul een omschrijving in.')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText(/Omschrijving/), {
      target: { value: 'Wacht op subsidie' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Opslaan' }));
    expect(await screen.findByText('Substatus opgeslagen')).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST' && c.url.endsWith('/api/flowphase'))?.body).toEqual({
      description: 'Wacht op subsidie',
      color: 'gray',
      flowstage: 'new',
    });
  });

  it('moves a sub-status down with its arrow button and saves the new order', async () => {
    const { calls, flowSettings } = setup({
      'POST /api/flowphase/reorder': () => ({ body: [] }),
    });
    await waitFor(() => expect(phases()).toHaveLength(5));
    const ids = flowSettings.flowphases.filter((p) => p.flowstage === 'new').map((p) => p.id);
    fireEvent.click(screen.getByRole('button', { name: 'Ongelezen omlaag' }));
    await waitFor(() => expect(phases()[1]).toContain('Ongelezen'));
    const reorder = calls.find((c) => c.url.endsWith('/api/flowphase/reorder'));
    expect(reorder?.body).toEqual({ flowstage: 'new', ids: [ids[1], ids[0], ...ids.slice(2)] });
    expect((screen.getByRole('button', { name: 'Ongelezen omhoog' }) as HTMLButtonElement).disabled).toBe(
      false,
    );
  });

  it('shows the stage chosen and asks before deleting a sub-status', async () => {
    const { calls } = setup({
      'DELETE /api/flowphase/103': () => ({ body: { message: 'Fase verwijderd.' } }),
    });
    await waitFor(() => expect(phases()).toHaveLength(5));
    fireEvent.click(screen.getByRole('combobox', { name: 'Fase' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Offerte' }));
    await waitFor(() => expect(phases()[0]).toContain('Maken offerte'));
    expect(phases()).toHaveLength(8);
    fireEvent.click(screen.getByRole('button', { name: 'Meer acties voor Maken offerte' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Verwijderen' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/Dossiers met deze substatus houden hun fase/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Verwijderen' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE')).toBe(true));
  });

  it("shows the server's refusal to delete the standard request profile", async () => {
    const message =
      'Het is niet mogelijk om het standaard aanvraagprofiel te verwijderen. Kies eerst een ander standaard aanvraagprofiel.';
    setup({ 'DELETE /api/flowprofile/3': () => ({ status: 409, body: { message } }) });
    fireEvent.click(await screen.findByRole('button', { name: 'Standaard verwijderen' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Verwijderen' }));
    expect(await screen.findByText(message)).toBeTruthy();
  });

  it('duplicates a request profile and opens the copy', async () => {
    const { calls } = setup({
      'POST /api/flowprofile/4/duplicate': () => ({
        status: 201,
        body: {
          id: 7,
          name: 'Warmtepomp (kopie)',
          standard_calculation_id: null,
          mailtemplate_ids: {},
          template_ids: {},
        },
      }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Dupliceren: Warmtepomp' }));
    expect(await screen.findByText('Aanvraagprofiel gekopieerd')).toBeTruthy();
    expect(calls.some((c) => c.url.endsWith('/api/flowprofile/4/duplicate'))).toBe(true);
    // The copy's detail screen opens (its read is not mocked here, so it says it could not load).
    expect(await screen.findByText('Het aanvraagprofiel kon niet worden geladen.')).toBeTruthy();
  });

  it('has no accessibility violations', async () => {
    setup();
    await waitFor(() => expect(phases()).toHaveLength(5));
    await screen.findByRole('heading', { name: 'Lijsten voor dossiers' });
    expect(await axeViolations()).toEqual([]);
  });
});
