import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { createTestFlowRow } from '../test-factories';
import { groupFlowsByPartnerProject } from './flow-groups';
import { RelationStatusBar } from './relation-status-bar';

function steps() {
  const bar = screen.getByRole('list', { name: 'Statusbalk van het hoofddossier' });
  return within(bar)
    .getAllByRole('listitem')
    .map((step) => ({ text: step.textContent, state: step.getAttribute('data-state') }));
}

describe('relation status bar', () => {
  it('shows the six steps with their sub-status, earlier ones done and the current one active', () => {
    renderWithProviders(<RelationStatusBar status="quotation" />);
    expect(steps()).toEqual([
      { text: 'LeadEerste contact maken', state: 'done' },
      { text: 'OpnameInplannen opname', state: 'done' },
      { text: '3OfferteMaken offerte', state: 'active' },
      { text: '4UitvoeringInplannen werkzaamheden', state: 'todo' },
      { text: '5FactuurMaken factuur', state: 'todo' },
      { text: '6Afgerond', state: 'todo' },
    ]);
    expect(screen.getByText('Offerte').closest('li')?.getAttribute('aria-current')).toBe('step');
  });

  it('treats unread as the first step and marks every step of a completed flow done up to the last', () => {
    const { unmount } = renderWithProviders(<RelationStatusBar status="unread" />);
    expect(steps().map((s) => s.state)).toEqual(['active', 'todo', 'todo', 'todo', 'todo', 'todo']);
    unmount();
    renderWithProviders(<RelationStatusBar status="completed" />);
    expect(steps().map((s) => s.state)).toEqual(['done', 'done', 'done', 'done', 'done', 'active']);
  });

  it('has no active step for aftercare or confirmation, which sit between steps', () => {
    const { unmount } = renderWithProviders(<RelationStatusBar status="aftercare" />);
    expect(steps().map((s) => s.state)).toEqual(['done', 'done', 'done', 'done', 'done', 'todo']);
    unmount();
    renderWithProviders(<RelationStatusBar status="confirmation" />);
    expect(steps().map((s) => s.state)).toEqual(['done', 'done', 'done', 'todo', 'todo', 'todo']);
  });

  it('shows a cancelled flow separately instead of on the bar', () => {
    renderWithProviders(<RelationStatusBar status="cancelled" />);
    expect(screen.queryByRole('list')).toBeNull();
    expect(screen.getByTestId('status-cancelled').textContent).toContain('Geannuleerd');
  });

  it('says so when the relation has no flow', () => {
    renderWithProviders(<RelationStatusBar status={null} />);
    expect(screen.getByText('Nog geen dossier')).toBeTruthy();
  });
});

describe('flow groups', () => {
  it("groups by partner project with the flows without one first (label 'algemeen')", () => {
    const groups = groupFlowsByPartnerProject([
      createTestFlowRow({ id: 1, partner_project_id: 8 }),
      createTestFlowRow({ id: 2, partner_project_id: null }),
      createTestFlowRow({ id: 3, partner_project_id: 8 }),
      createTestFlowRow({ id: 4, partner_project_id: 5 }),
    ]);
    expect(groups.map((g) => [g.partnerProjectId, g.flows.map((f) => f.id)])).toEqual([
      [null, [2]],
      [5, [4]],
      [8, [1, 3]],
    ]);
  });
});
