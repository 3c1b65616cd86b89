import { describe, expect, it } from 'vitest';
import { invoiceDueLabel, showsVat6 } from './index';

describe('invoiceDueLabel', () => {
  it('writes the days until the due date out in Dutch, singular for one', () => {
    expect(invoiceDueLabel('sent', '2026-12-19', '2026-12-05')).toEqual({
      text: 'over 14 dagen',
      color: null,
      overdue_days: 0,
    });
    expect(invoiceDueLabel('sent', '2026-12-06', '2026-12-05').text).toBe('over 1 dag');
    expect(invoiceDueLabel('sent', '2026-12-05', '2026-12-05').text).toBe('vandaag');
  });

  it('keeps the overdue days in red and the settled words', () => {
    expect(invoiceDueLabel('sent', '2026-12-04', '2026-12-05')).toEqual({
      text: '1 dag te laat',
      color: 'red',
      overdue_days: 1,
    });
    expect(invoiceDueLabel('sent', '2026-11-25', '2026-12-05').text).toBe('10 dagen te laat');
    expect(invoiceDueLabel('paid', '2026-11-25', '2026-12-05').text).toBe('betaald');
    expect(invoiceDueLabel('sent', null, '2026-12-05').text).toBe('DRAFT');
  });
});

describe('showsVat6', () => {
  it('shows the 6 % columns only when a row has a 6 % amount, also a negative one', () => {
    const row = (exc_6: number, vat_6: number) => ({ exc_6, vat_6 });
    expect(showsVat6([row(0, 0), row(0, 0)])).toBe(false);
    expect(showsVat6([])).toBe(false);
    expect(showsVat6([row(0, 0), row(-100, -6)])).toBe(true);
    expect(showsVat6([row(0, 0.01)])).toBe(true);
  });
});
