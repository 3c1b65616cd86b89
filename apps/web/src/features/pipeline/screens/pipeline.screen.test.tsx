import { FLOW_CANCEL_BLOCKED } from '@im/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setToken } from '../../../api/token';
import { createTestSession, renderApp } from '../../../test/render';
import { type MockRoute, mockServer } from '../../../test/server';
import { createTestFlow, createTestFlowSettings, createTestPipelineLead } from '../../flows/test-factories';
import { PIPELINE_PREFERENCES_KEY } from '../preferences';
import { PIPELINE_COLUMNS, type PipelineBoard } from '../types';

// jsdom has no layout and no PointerEvent: columns get fixed rectangles side by side (300 px
// each) and pointer events are mouse events, so dnd-kit sees a real drag from one column to another.
const COLUMN_X = (status: string) => PIPELINE_COLUMNS.indexOf(status as never) * 300;

beforeEach(() => {
  class PointerEventStub extends MouseEvent {
    isPrimary = true;
    pointerId = 1;
  }
  vi.stubGlobal('PointerEvent', PointerEventStub);
  vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
    const column = this.closest('[data-column]')?.getAttribute('data-column');
    const isColumn = this.hasAttribute('data-column');
    const left = column ? COLUMN_X(column) : 0;
    const rect = isColumn
      ? { left, top: 0, width: 280, height: 800 }
      : { left: left + 10, top: 10, width: 260, height: 120 };
    return {
      ...rect,
      x: rect.left,
      y: rect.top,
      right: rect.left + rect.width,
      bottom: rect.top + rect.height,
      toJSON: () => rect,
    };
  });
});
afterEach(() => vi.restoreAllMocks());

/** Cards measure 120 px high (the virtualiser reads offsetHeight). */
function giveCardsHeight() {
  vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockReturnValue(120);
}

function board(): PipelineBoard {
  return {
    columns: PIPELINE_COLUMNS.map((status) => ({
      flow_status: status,
      total: status === 'new' ? 3 : 0,
      total_capped: false,
      leads:
        status === 'new'
          ? [
              createTestPipelineLead({
                id: 1,
                relation_fullname: 'Jan de Boer',
                amount_inc_vat: '1493.82',
                partner: 'Energie Noord',
                partner_project: 'Zon op 80 daken',
                kpi_values: [
                  { value: 8261.5, unit: 'Wp' },
                  { value: 2, unit: 'stuks' },
                ],
              }),
              createTestPipelineLead({ id: 2, relation_fullname: 'Piet Smit', flow_status: 'unread' }),
              createTestPipelineLead({ id: 3, relation_fullname: 'Kees Bakker', amount_inc_vat: '0.10' }),
            ]
          : [],
    })),
  };
}

function setup(routes: Record<string, MockRoute> = {}) {
  setToken('t');
  const server = mockServer({
    session: createTestSession(),
    routes: {
      'GET /api/company/getcurrentflowsettings': () => ({ body: createTestFlowSettings() }),
      'GET /api/user/getleadpipeline': () => ({ body: board() }),
      ...routes,
    },
  });
  return { ...server, ...renderApp('/pipeline') };
}

const column = (label: string) => screen.getByRole('region', { name: label });

async function drag(name: string, to: string) {
  const card = (await screen.findByText(name, {}, { timeout: 15_000 })).closest(
    '[data-lead-id]',
  ) as HTMLElement;
  fireEvent.pointerDown(card, { clientX: 20, clientY: 20, button: 0, isPrimary: true });
  fireEvent.pointerMove(document, { clientX: 40, clientY: 30 });
  fireEvent.pointerMove(document, { clientX: COLUMN_X(to) + 50, clientY: 100 });
  fireEvent.pointerUp(document, { clientX: COLUMN_X(to) + 50, clientY: 100 });
  // dnd-kit swallows every click for 50 ms after a drag (the release's own click): no hand is faster.
  await new Promise((resolve) => setTimeout(resolve, 60));
}

describe('pipeline', { timeout: 20_000 }, () => {
  it('loads with the default preferences and shows the card fields', async () => {
    const { calls } = setup();
    const card = (await screen.findByText('Jan de Boer', {}, { timeout: 15_000 })).closest(
      '[data-lead-id]',
    ) as HTMLElement;
    expect(calls.find((c) => c.url.startsWith('/api/user/getleadpipeline'))?.url).toBe(
      '/api/user/getleadpipeline?limit=100&sort=flowstage_asc',
    );
    expect(within(card).getByText('Zonnepanelen')).toBeTruthy();
    expect(within(card).getByText('Eerste contact maken')).toBeTruthy();
    expect(within(card).getByText('Eigen website · Anna de Vries')).toBeTruthy();
    expect(within(card).getByText('Energie Noord · Zon op 80 daken')).toBeTruthy();
    expect(within(card).getByText(/10-01-2026 · \d+ dagen in fase/)).toBeTruthy();
    // The dossier's amount incl. VAT, and the column's sum of its cards to the cent.
    expect(within(card).getByText('€ 1.493,82')).toBeTruthy();
    const piet = within(column('Lead')).getByText('Piet Smit').closest('[data-lead-id]') as HTMLElement;
    expect(within(piet).queryByText(/€/)).toBeNull();
    // The KPI values of its calculation (decision 067); none on a card without them.
    expect(within(card).getByText('8.261,5 Wp')).toBeTruthy();
    expect(within(card).getByText('2 stuks')).toBeTruthy();
    expect(within(card).getByTitle('KPI-waarden (uit de laatste offerte of calculatie)')).toBeTruthy();
    expect(within(piet).queryByTitle('KPI-waarden (uit de laatste offerte of calculatie)')).toBeNull();
    expect(within(column('Lead')).getByTestId('column-amount').textContent).toMatch(/^€\s1\.493,92$/);
    expect(within(column('Opname')).queryByTestId('column-amount')).toBeNull();
  });

  it('moves a card at once and calls changeStatus', async () => {
    const { calls } = setup({
      'POST /api/flow/1/changestatus': () => ({ body: createTestFlow({ id: 1, flow_status: 'intake' }) }),
    });
    await drag('Jan de Boer', 'intake');
    expect(await within(column('Opname')).findByText('Jan de Boer')).toBeTruthy();
    await waitFor(() => expect(calls.some((c) => c.url === '/api/flow/1/changestatus')).toBe(true));
    expect(calls.find((c) => c.url === '/api/flow/1/changestatus')?.body).toEqual({ flow_status: 'intake' });
    expect(within(column('Lead')).queryByText('Jan de Boer')).toBeNull();
  });

  it('tests safe deletion before cancelling and reverts with the returned message', async () => {
    const { calls } = setup({
      'GET /api/flow/1/testsafedeletion': () => ({
        body: { result: 'flow_failure', message: FLOW_CANCEL_BLOCKED },
      }),
    });
    await drag('Jan de Boer', 'cancelled');
    expect(await screen.findByText(FLOW_CANCEL_BLOCKED)).toBeTruthy();
    // The test asks about cancelling (the cancel text), not deleting.
    expect(calls.find((c) => c.url.includes('/testsafedeletion'))?.url).toBe(
      '/api/flow/1/testsafedeletion?for=cancel',
    );
    expect(within(column('Lead')).getByText('Jan de Boer')).toBeTruthy();
    expect(within(column('Geannuleerd')).queryByText('Jan de Boer')).toBeNull();
    expect(calls.some((c) => c.url.includes('/changestatus'))).toBe(false);
  });

  it('asks to confirm a cancel with its reason; declining leaves the card where it was', async () => {
    const { calls } = setup({ 'GET /api/flow/1/testsafedeletion': () => ({ body: { result: 'success' } }) });
    await drag('Jan de Boer', 'cancelled');
    const dialog = await screen.findByRole('dialog', { name: 'Dossier annuleren' });
    expect(within(dialog).getByText('Het dossier van Jan de Boer wordt geannuleerd. Waarom?')).toBeTruthy();
    expect(within(column('Lead')).getByText('Jan de Boer')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Niet annuleren' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Dossier annuleren' })).toBeNull());
    expect(within(column('Lead')).getByText('Jan de Boer')).toBeTruthy();
    expect(within(column('Geannuleerd')).queryByText('Jan de Boer')).toBeNull();
    expect(calls.some((c) => c.url.includes('/rejectflow') || c.url.includes('/changestatus'))).toBe(false);
  });

  it('cancels with the chosen reason through rejectflow, and the undo puts status and phase back', async () => {
    const { calls } = setup({
      'GET /api/flow/1/testsafedeletion': () => ({ body: { result: 'success' } }),
      'POST /api/flow/1/rejectflow': () => ({
        body: createTestFlow({ id: 1, flow_status: 'cancelled', cancel_reason: 'Te duur' }),
      }),
      'POST /api/flow/1/changestatus': () => ({ body: createTestFlow({ id: 1, flow_status: 'new' }) }),
    });
    await drag('Jan de Boer', 'cancelled');
    const dialog = await screen.findByRole('dialog', { name: 'Dossier annuleren' });
    // The company has cancel reasons: one must be chosen.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Dossier annuleren' }));
    expect(await within(dialog).findByText('Kies een reden.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('combobox', { name: /^Reden/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'Te duur' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Dossier annuleren' }));
    expect(await within(column('Geannuleerd')).findByText('Jan de Boer')).toBeTruthy();
    await waitFor(() => expect(calls.some((c) => c.url === '/api/flow/1/rejectflow')).toBe(true));
    expect(calls.find((c) => c.url === '/api/flow/1/rejectflow')?.body).toEqual({ cancel_reason: 'Te duur' });

    fireEvent.click(await screen.findByRole('button', { name: 'Ongedaan maken' }));
    expect(await within(column('Lead')).findByText('Jan de Boer')).toBeTruthy();
    await waitFor(() => expect(calls.some((c) => c.url === '/api/flow/1/changestatus')).toBe(true));
    expect(calls.find((c) => c.url === '/api/flow/1/changestatus')?.body).toEqual({
      flow_status: 'new',
      flow_phase_id: 1,
    });
    expect(within(column('Geannuleerd')).queryByText('Jan de Boer')).toBeNull();
  });

  it('reverts and shows the message when the cancel is refused', async () => {
    setup({
      'GET /api/flow/1/testsafedeletion': () => ({ body: { result: 'success' } }),
      'POST /api/flow/1/rejectflow': () => ({ status: 409, body: { message: FLOW_CANCEL_BLOCKED } }),
    });
    await drag('Jan de Boer', 'cancelled');
    const dialog = await screen.findByRole('dialog', { name: 'Dossier annuleren' });
    fireEvent.click(within(dialog).getByRole('combobox', { name: /^Reden/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'Geen reactie meer' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Dossier annuleren' }));
    expect(await screen.findByText(FLOW_CANCEL_BLOCKED)).toBeTruthy();
    expect(within(column('Lead')).getByText('Jan de Boer')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Ongedaan maken' })).toBeNull();
  });

  it('keeps limit and sort in localStorage pipelinePreferences', async () => {
    const { calls } = setup();
    await screen.findByText('Jan de Boer', {}, { timeout: 5000 });
    fireEvent.click(screen.getByRole('combobox', { name: 'Per kolom' }));
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual([
      '100',
      '250',
      '500',
      '1.000',
      '2.500',
      '100.000',
    ]);
    fireEvent.click(screen.getByRole('option', { name: '2.500' }));
    fireEvent.click(screen.getByRole('combobox', { name: 'Sortering' }));
    expect(await screen.findAllByRole('option')).toHaveLength(10);
    fireEvent.click(screen.getByRole('option', { name: 'Naam (A → Z)' }));
    await waitFor(() => expect(calls.at(-1)?.url).toBe('/api/user/getleadpipeline?limit=2500&sort=name_asc'));
    expect(JSON.parse(window.localStorage.getItem(PIPELINE_PREFERENCES_KEY) ?? '{}')).toEqual({
      limit: 2500,
      sort: 'name_asc',
      userId: null,
      leadSource: null,
      tag: null,
    });
  });

  it('renders a column of 10 000 cards virtualised: only the visible few are in the page', async () => {
    giveCardsHeight();
    const many = Array.from({ length: 10_000 }, (_, i) =>
      createTestPipelineLead({ id: i + 1, relation_fullname: `Klant ${i + 1}` }),
    );
    setup({
      'GET /api/user/getleadpipeline': () => ({
        body: { columns: [{ flow_status: 'new', total: 10_000, leads: many }] },
      }),
    });
    expect(await screen.findByText('Klant 1', {}, { timeout: 5000 })).toBeTruthy();
    const rendered = column('Lead').querySelectorAll('[data-lead-id]').length;
    expect(rendered).toBeGreaterThan(0);
    expect(rendered).toBeLessThan(40);
    expect(within(column('Lead')).getByText('10.000')).toBeTruthy();
    expect(screen.queryByText('Klant 10000')).toBeNull();
  });
});
