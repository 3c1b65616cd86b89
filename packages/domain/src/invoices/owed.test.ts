import { describe, expect, it } from 'vitest';
import { triggersOfEvent } from '../workflow/triggers';
import { invoiceOwed } from '.';

describe('invoiceOwed', () => {
  it('is billed minus the payments, exact to the cent, never below zero', () => {
    expect(invoiceOwed('1493.83', ['1000.01']).toFixed(2)).toBe('493.82');
    // 0.1 + 0.2 style sums stay exact.
    expect(invoiceOwed('0.30', ['0.10', '0.20']).isZero()).toBe(true);
    expect(invoiceOwed(100, []).toFixed(2)).toBe('100.00');
    expect(invoiceOwed('10', ['12.5']).toFixed(2)).toBe('0.00');
  });
});

describe("'factuur vervallen'", () => {
  it('fires on the invoice.overdue event only', () => {
    expect(triggersOfEvent({ kind: 'invoice.overdue', changes: { owed: '10.00' } })).toEqual([
      'invoice_overdue',
    ]);
    expect(triggersOfEvent({ kind: 'invoice.update', changes: { payment_reminder: 'reminder' } })).toEqual(
      [],
    );
    expect(triggersOfEvent({ kind: 'quotation.overdue', changes: null })).toEqual([]);
  });
});
