import { describe, expect, it } from 'vitest';
import { columnAmount, columnOf, findLead, patchLead, placeLead } from './board-state';
import type { PipelineBoard, PipelineLead } from './types';

const lead = (id: number, flow_status: PipelineLead['flow_status']) =>
  ({ id, flow_id: id, flow_status, relation_fullname: `R${id}` }) as PipelineLead;

const board = (): PipelineBoard => ({
  columns: [
    {
      flow_status: 'new',
      total: 3,
      total_capped: false,
      leads: [lead(1, 'unread'), lead(2, 'new'), lead(3, 'new')],
    },
    { flow_status: 'intake', total: 1, total_capped: false, leads: [lead(4, 'intake')] },
    { flow_status: 'cancelled', total: 0, total_capped: false, leads: [] },
  ],
});

describe('pipeline board moves', () => {
  it('puts unread flows in the new column', () => {
    expect(columnOf('unread')).toBe('new');
    expect(columnOf('quotation')).toBe('quotation');
  });

  it('moves a card on top of the target column, fixing totals, and keeps untouched columns', () => {
    const before = board();
    const after = placeLead(before, 2, 'intake', { ...lead(2, 'intake') });
    expect(after.columns[0]?.leads.map((l) => l.id)).toEqual([1, 3]);
    expect(after.columns[0]?.total).toBe(2);
    expect(after.columns[1]?.leads.map((l) => l.id)).toEqual([2, 4]);
    expect(after.columns[1]?.total).toBe(2);
    expect(after.columns[2]).toBe(before.columns[2]);
  });

  it('puts a card back at its old place (revert)', () => {
    const before = board();
    const origin = findLead(before, 2);
    expect(origin).toMatchObject({ column: 'new', index: 1 });
    const moved = placeLead(before, 2, 'cancelled', lead(2, 'cancelled'));
    const back = placeLead(moved, 2, origin!.column, origin!.lead, origin!.index);
    expect(back.columns.map((c) => [c.total, c.leads.map((l) => `${l.id}:${l.flow_status}`)])).toEqual(
      before.columns.map((c) => [c.total, c.leads.map((l) => `${l.id}:${l.flow_status}`)]),
    );
  });

  it('patches one card', () => {
    const after = patchLead(board(), 4, { flow_phase_description: 'Inplannen' });
    expect(after.columns[1]?.leads[0]?.flow_phase_description).toBe('Inplannen');
  });
});

describe('column amount', () => {
  it('sums the cards with an amount to the cent, null when none has one', () => {
    const priced = (id: number, amount_inc_vat: string | null) => ({ ...lead(id, 'new'), amount_inc_vat });
    expect(columnAmount([priced(1, '0.10'), priced(2, '0.20'), priced(3, null)])).toBe('0.30');
    expect(columnAmount([priced(1, '1493.82'), priced(2, '-12.10')])).toBe('1481.72');
    expect(columnAmount([priced(1, null)])).toBeNull();
    expect(columnAmount([])).toBeNull();
  });
});
