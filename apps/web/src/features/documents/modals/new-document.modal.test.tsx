import type { CalculationRow } from '@im/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { setToken } from '../../../api/token';
import { createTestSession, renderWithProviders } from '../../../test/render';
import { mockServer } from '../../../test/server';
import { useSessionState } from '../../auth';
import { createTestDocument } from '../test-factories';
import { NewDocumentModal } from './new-document.modal';

const FLOW = 41;

const row = (overrides: Partial<CalculationRow>): CalculationRow => ({
  id: 1,
  flow_id: FLOW,
  calculationtemplate: false,
  name: '',
  items: 2,
  amount_exc_vat: 5000,
  amount_inc_vat: 6050,
  hasbeensent: false,
  updated_at: '2026-12-01T10:00:00+01:00',
  document: null,
  ...overrides,
});

/** The modal is only ever shown behind the guard, with a session. */
function LoggedIn({ children }: { children: ReactNode }) {
  return useSessionState().status === 'ready' ? children : null;
}

function setup(calculations: CalculationRow[]) {
  setToken('t');
  const server = mockServer({
    session: createTestSession({ modules: ['BASIS', 'CRM', 'SALES', 'QUOTATION'] }),
    routes: {
      'GET /api/calculation': () => ({ body: calculations }),
      'GET /api/quotation/indextemplates': () => ({ body: [] }),
      'POST /api/quotation': () => ({ status: 201, body: createTestDocument({ id: 77 }) }),
    },
  });
  const router = createMemoryRouter([
    {
      path: '*',
      element: (
        <LoggedIn>
          <NewDocumentModal kind="quotation" flowId={FLOW} onClose={() => {}} />
        </LoggedIn>
      ),
    },
  ]);
  renderWithProviders(<RouterProvider router={router} />);
  return { ...server, router };
}

/** Money is formatted with a non-breaking space after the euro sign. */
const spaced = (text: string | null) => (text ?? '').replace(/\s/g, ' ');

const posted = (calls: { method: string; url: string; body: unknown }[]) =>
  calls.filter((c) => c.method === 'POST' && c.url === '/api/quotation').map((c) => c.body);

describe('a new quotation on a flow with calculations', () => {
  it('asks which calculation when the flow has several, and sends the chosen one', async () => {
    const { calls, router } = setup([
      row({ id: 12, amount_inc_vat: 9075, items: 1 }),
      row({ id: 11, amount_inc_vat: 6050 }),
      // A quotation's own copy is not offered.
      row({ id: 10, document: { id: 5, kind: 'quotation', number: 2026001, title: 'Zonnepanelen' } }),
    ]);
    const dialog = within(await screen.findByRole('dialog', { name: 'Nieuwe offerte' }));
    const select = await dialog.findByRole('combobox', { name: /^Calculatie/ });
    fireEvent.click(dialog.getByRole('button', { name: 'Aanmaken' }));
    expect(
      await dialog.findByText('Dit dossier heeft meer calculaties: kies welke u gebruikt.'),
    ).toBeTruthy();
    expect(posted(calls)).toEqual([]);

    fireEvent.click(select);
    const options = (await screen.findAllByRole('option')).map((o) => spaced(o.textContent));
    expect(options).toEqual([
      'Calculatie 12 · 1 regels · € 9.075,00',
      'Calculatie 11 · 2 regels · € 6.050,00',
      'Zonder dossiercalculatie (template of standaardcalculatie)',
    ]);
    fireEvent.click(screen.getByRole('option', { name: /Calculatie 11/ }));
    fireEvent.click(dialog.getByRole('button', { name: 'Aanmaken' }));
    await waitFor(() => expect(posted(calls)).toEqual([{ flow_id: FLOW, calculation_id: 11 }]));
    await waitFor(() => expect(router.state.location.pathname).toBe('/quotation_detail/77'));
  });

  it('uses the only dossier calculation without asking, and can start without it', async () => {
    const { calls } = setup([row({ id: 11 })]);
    const dialog = within(await screen.findByRole('dialog', { name: 'Nieuwe offerte' }));
    const select = (await dialog.findByRole('combobox', { name: /^Calculatie/ })) as HTMLInputElement;
    expect(spaced(select.value)).toBe('Calculatie 11 · 2 regels · € 6.050,00');
    fireEvent.click(select);
    fireEvent.click(await screen.findByRole('option', { name: /Zonder dossiercalculatie/ }));
    fireEvent.click(dialog.getByRole('button', { name: 'Aanmaken' }));
    await waitFor(() => expect(posted(calls)).toEqual([{ flow_id: FLOW, calculation_id: null }]));
  });

  it('shows no calculation choice on a flow without one', async () => {
    const { calls } = setup([]);
    const dialog = within(await screen.findByRole('dialog', { name: 'Nieuwe offerte' }));
    await waitFor(() => expect(calls.some((c) => c.url.startsWith('/api/calculation?'))).toBe(true));
    expect(dialog.queryByRole('combobox', { name: /^Calculatie/ })).toBeNull();
    fireEvent.click(dialog.getByRole('button', { name: 'Aanmaken' }));
    await waitFor(() => expect(posted(calls)).toEqual([{ flow_id: FLOW }]));
  });
});
