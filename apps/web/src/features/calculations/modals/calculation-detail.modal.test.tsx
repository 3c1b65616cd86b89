import { type Calculation, type CalculationRow, zCalculationTotals } from '@im/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { setToken } from '../../../api/token';
import { createTestSession, renderWithProviders } from '../../../test/render';
import { mockServer } from '../../../test/server';
import { useSessionState } from '../../auth/queries';
import { CalculationDetailModal } from './calculation-detail.modal';

const FLOW = 41;

/** The editor keeps unsaved lines per user (autosave), so it needs the session, as behind the app's guard. */
function WhenLoggedIn({ children }: { children: ReactNode }) {
  return useSessionState().status === 'ready' ? children : null;
}

function calculation(id: number): Calculation {
  const totals = zCalculationTotals.parse(
    Object.fromEntries(Object.keys(zCalculationTotals.shape).map((key) => [key, 0])),
  );
  return {
    ...totals,
    id,
    company_id: 1,
    flow_id: FLOW,
    flow: { id: FLOW, description: 'Dossier', relation_id: 3 },
    calculationtemplate: false,
    name: '',
    hash: 'h',
    template_id: null,
    discount: 0,
    unit_amount_manual: null,
    calculationitemColumns: [],
    calculationitemRows: [],
    colspan: 1,
    hasbeensent: false,
    new_number: null,
    origin_cumulatives: false,
    origin_grouping: false,
    rebase_product_amount: false,
    calculationitems: [],
    created_at: '2026-12-01T10:00:00+01:00',
    updated_at: '2026-12-01T10:00:00+01:00',
  };
}

const row = (id: number, document: CalculationRow['document'] = null): CalculationRow => ({
  id,
  flow_id: FLOW,
  calculationtemplate: false,
  name: '',
  items: 3,
  amount_exc_vat: 5000,
  amount_inc_vat: 6050,
  hasbeensent: false,
  updated_at: '2026-12-01T10:00:00+01:00',
  document,
});

function setup(dossierFlowId: number | null) {
  setToken('t');
  const server = mockServer({
    session: createTestSession(),
    routes: {
      'GET /api/calculation/300': () => ({ body: calculation(300) }),
      'GET /api/calculation/indextemplates': () => ({ body: [] }),
      'GET /api/calculation': () => ({
        body: [row(301), row(300, { id: 9, kind: 'quotation', number: 2026009, title: 'Zonnepanelen' })],
      }),
      'POST /api/calculation/300/copyfrom': () => ({ body: calculation(300) }),
    },
  });
  renderWithProviders(
    <WhenLoggedIn>
      <CalculationDetailModal calculationId={300} onClose={() => {}} dossierFlowId={dossierFlowId} />
    </WhenLoggedIn>,
  );
  return server;
}

describe("a document's calculation menu", () => {
  it('takes over a dossier calculation after confirming', async () => {
    const { calls } = setup(FLOW);
    fireEvent.click(await screen.findByRole('button', { name: 'Acties' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Dossiercalculatie overnemen' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Dossiercalculatie overnemen' }));
    // The only dossier calculation is chosen; the quotation's own is not offered.
    const select = (await dialog.findByRole('combobox', {
      name: 'Calculatie van het dossier',
    })) as HTMLInputElement;
    await waitFor(() =>
      expect(select.value.replace(/\s/g, ' ')).toBe('Calculatie 301 · 3 regels · € 6.050,00'),
    );
    fireEvent.click(dialog.getByRole('button', { name: 'Overnemen' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Bevestigen' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'POST').map((c) => [c.url, c.body])).toEqual([
        ['/api/calculation/300/copyfrom', { calculation_id: 301 }],
      ]),
    );
  });

  it('does not offer it for a calculation that is not a document’s', async () => {
    setup(null);
    fireEvent.click(await screen.findByRole('button', { name: 'Acties' }));
    await screen.findByRole('menuitem', { name: 'Calculatie leegmaken' });
    expect(screen.queryByRole('menuitem', { name: 'Dossiercalculatie overnemen' })).toBeNull();
  });
});
