import type { DelayedRule, DomainEvent, RuleRun } from '@im/domain';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { emitLiveEvent } from '../../../api/live';
import { setToken } from '../../../api/token';
import type { MockCall } from '../../../test/fetch-mock';
import { createTestSession, renderWithProviders } from '../../../test/render';
import { type MockRoute, mockServer } from '../../../test/server';
import { createTestDelayedRule, createTestRuleRun, createTestTriggers } from '../test-factories';
import { FlowWorkflowCard } from './flow-workflow-card';

const FLOW = 41;

const runs: RuleRun[] = Array.from({ length: 7 }, (_, i) =>
  createTestRuleRun({
    id: 510 - i,
    rule_description: `Regel ${i + 1}`,
    created_at: `2026-11-26T1${i}:00:00+01:00`,
  }),
);
runs[0] = createTestRuleRun({
  id: 510,
  rule_description: 'Bel de klant',
  outcome: 'skipped',
  reason: 'Niet alle voorwaarden gelden.',
  created_at: '2026-11-26T10:15:00+01:00',
  conditions: [
    { pretty_description: 'Status is gelijk aan Offerte', holds: true, actual: 'quotation' },
    { pretty_description: 'Dossier heeft aanvraagprofiel Warmtepomp', holds: false, actual: '21' },
  ],
});

function setup(delayed: DelayedRule[], extra: Record<string, MockRoute> = {}, ruleRuns = runs) {
  setToken('t');
  const server = mockServer({
    session: createTestSession(),
    routes: {
      [`GET /api/flow/${FLOW}/delayedrules`]: () => ({ body: delayed }),
      [`GET /api/flow/${FLOW}/ruleruns`]: (call) => {
        const params = new URL(call.url, 'http://x').searchParams;
        const offset = Number(params.get('offset'));
        const limit = Number(params.get('limit'));
        return {
          body: {
            data: ruleRuns.slice(offset, offset + limit),
            pagination: { total: ruleRuns.length, offset, limit },
          },
        };
      },
      'GET /api/eventtrigger': () => ({ body: createTestTriggers() }),
      ...extra,
    },
  });
  const router = createMemoryRouter([{ path: '*', element: <FlowWorkflowCard flowId={FLOW} /> }]);
  renderWithProviders(<RouterProvider router={router} />);
  return server;
}

const runCalls = (calls: MockCall[]) => calls.filter((c) => c.url.startsWith(`/api/flow/${FLOW}/ruleruns`));

describe("the flow's workflow card", () => {
  it('lists the pending delayed rules with their due time in Amsterdam time; delete after confirmation', async () => {
    const { calls } = setup([createTestDelayedRule()], {
      'DELETE /api/delayedrule/301': () => ({ body: { message: 'Verwijderd.' } }),
    });
    expect(await screen.findByRole('heading', { name: 'Geplande regels' })).toBeTruthy();
    const item = screen.getByTestId('delayed-301');
    expect(within(item).getByText('Herinnering na een week')).toBeTruthy();
    expect(within(item).getByText('Offerte verstuurd')).toBeTruthy();
    expect(within(item).getByText('Gepland op 03-12-2026 09:30')).toBeTruthy();

    const openDelete = async () => {
      fireEvent.click(
        screen.getByRole('button', { name: 'Acties voor geplande regel: Herinnering na een week' }),
      );
      fireEvent.click(await screen.findByRole('menuitem', { name: 'Verwijderen' }));
      return screen.findByRole('dialog', { name: 'Geplande regel verwijderen' });
    };
    let dialog = await openDelete();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Annuleren' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    dialog = await openDelete();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Verwijderen' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual(['/api/delayedrule/301']),
    );
    expect(await screen.findByText('Geplande regel verwijderd')).toBeTruthy();
  });

  it('changes the due time of a pending rule (Amsterdam time in, an ISO moment out)', async () => {
    const { calls } = setup([createTestDelayedRule()], {
      'PATCH /api/delayedrule/301': (call) => ({
        body: createTestDelayedRule(call.body as Partial<DelayedRule>),
      }),
    });
    fireEvent.click(
      await screen.findByRole('button', { name: 'Acties voor geplande regel: Herinnering na een week' }),
    );
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Tijdstip wijzigen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Tijdstip wijzigen' });
    const input = within(dialog).getByLabelText(/Nieuw tijdstip/) as HTMLInputElement;
    expect(input.value).toBe('2026-12-03T09:30');
    fireEvent.change(input, { target: { value: '2026-12-05T14:00' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Opslaan' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PATCH')).toHaveLength(1));
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ due_at: '2026-12-05T13:00:00.000Z' });
    expect(await screen.findByText('Tijdstip gewijzigd')).toBeTruthy();
  });

  it('hides the scheduled part when nothing waits; the why log shows 5 newest first, more on request, conditions on expand', async () => {
    const { calls } = setup([]);
    expect(await screen.findByText('Bel de klant')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Geplande regels' })).toBeNull();
    expect(screen.getAllByTestId(/^rule-run-/).map((r) => r.dataset.testid)).toEqual([
      'rule-run-510',
      'rule-run-509',
      'rule-run-508',
      'rule-run-507',
      'rule-run-506',
    ]);
    const first = screen.getByTestId('rule-run-510');
    expect(within(first).getByText('Overgeslagen')).toBeTruthy();
    expect(within(first).getByText('Niet alle voorwaarden gelden.')).toBeTruthy();
    expect(within(first).getByText('26-11-2026 10:15 · Offerte verstuurd')).toBeTruthy();
    const toggle = within(first).getByRole('button', { name: 'Voorwaarden (2)' });
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(await within(first).findByRole('img', { name: 'Geldt' })).toBeTruthy();
    expect(within(first).getByRole('img', { name: 'Geldt niet' })).toBeTruthy();
    expect(within(first).getByText('(gevonden: 21)')).toBeTruthy();
    expect(within(screen.getByTestId('rule-run-509')).getByText('Uitgevoerd')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Meer tonen' }));
    expect(await screen.findByTestId('rule-run-504')).toBeTruthy();
    expect(runCalls(calls).map((c) => c.url)).toEqual([
      `/api/flow/${FLOW}/ruleruns?offset=0&limit=5`,
      `/api/flow/${FLOW}/ruleruns?offset=5&limit=5`,
    ]);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Meer tonen' })).toBeNull());
  });

  it('says when no rule ran yet, and refetches on any live event of this flow', async () => {
    const { calls } = setup([], {}, []);
    expect(await screen.findByText('Nog geen workflowregels uitgevoerd op dit dossier.')).toBeTruthy();
    const before = runCalls(calls).length;
    const event = (flowId: number, entity: DomainEvent['entity_type']): DomainEvent =>
      ({
        id: 'e1',
        kind: `${entity}.send`,
        entity_type: entity,
        entity_id: 5,
        flow_id: flowId,
        company_id: 12,
        actor_user_id: 8,
        occurred_at: '2026-11-26T10:00:00Z',
      }) as unknown as DomainEvent;
    act(() => emitLiveEvent(event(77, 'quotation')));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(runCalls(calls)).toHaveLength(before);
    act(() => emitLiveEvent(event(FLOW, 'quotation')));
    await waitFor(() => expect(runCalls(calls).length).toBeGreaterThan(before));
  });

  it('dry-runs the rules on the flow, for one trigger or all, with each condition’s outcome', async () => {
    const { calls } = setup([], {
      'POST /api/eventtriggerrule/dryrun': () => ({
        body: [
          {
            rule_id: 1,
            description: 'Herinnering na een week',
            type_label: 'E-mail naar de klant sturen',
            trigger: 'quotation_sent',
            trigger_description: 'Offerte verstuurd',
            would_fire: true,
            due_at: '2026-12-03T09:30:00+01:00',
            reason: 'Alle voorwaarden gelden.',
            conditions: [
              { pretty_description: 'Status is gelijk aan Offerte', holds: true, actual: 'quotation' },
            ],
          },
          {
            rule_id: 2,
            description: '',
            type_label: 'Notificatie aanmaken',
            trigger: 'quotation_sent',
            trigger_description: 'Offerte verstuurd',
            would_fire: false,
            due_at: null,
            reason: 'Niet alle voorwaarden gelden.',
            conditions: [{ pretty_description: 'Tags is gelijk aan spoed', holds: false, actual: '(leeg)' }],
          },
        ],
      }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Proefdraaien' }));
    const dialog = await screen.findByRole('dialog', { name: 'Proefdraaien op dit dossier' });
    fireEvent.click(within(dialog).getByRole('combobox', { name: 'Trigger' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Offerte verstuurd' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Uitvoeren' }));
    await waitFor(() =>
      expect(calls.find((c) => c.url === '/api/eventtriggerrule/dryrun')?.body).toEqual({
        flow_id: FLOW,
        event_trigger_tag: 'quotation_sent',
      }),
    );
    const fires = await within(dialog).findByTestId('dryrun-1');
    expect(within(fires).getByText('Zou uitvoeren')).toBeTruthy();
    expect(within(fires).getByText('Offerte verstuurd · Op 03-12-2026 09:30')).toBeTruthy();
    expect(within(fires).getByRole('img', { name: 'Geldt' })).toBeTruthy();
    const not = within(dialog).getByTestId('dryrun-2');
    expect(within(not).getByText('Notificatie aanmaken')).toBeTruthy();
    expect(within(not).getByText('Zou niet uitvoeren')).toBeTruthy();
    expect(within(not).getByText('Niet alle voorwaarden gelden.')).toBeTruthy();
    expect(within(not).getByRole('img', { name: 'Geldt niet' })).toBeTruthy();
    expect(within(not).getByText('(gevonden: (leeg))')).toBeTruthy();
  });
});
