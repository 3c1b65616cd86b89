import { describe, expect, it } from 'vitest';
import { AMBIGUOUS_DECIMAL, NOT_A_NUMBER, zDecimal } from './decimal-input';

const amount = zDecimal({ min: -1_000_000_000, max: 1_000_000_000, scale: 4 });
const read = (v: unknown) => {
  const r = amount.safeParse(v);
  return r.success ? r.data : r.error.issues[0]!.message;
};

describe('zDecimal: a Dutch thousands separator never becomes a decimal point', () => {
  it('reads Dutch notation whole', () => {
    expect(read('1.000,50')).toBe('1000.5');
    expect(read('-1.234.567,8')).toBe('-1234567.8');
    expect(read('1.500.000')).toBe('1500000');
    expect(read('12,5')).toBe('12.5');
    expect(read('1500')).toBe('1500');
  });

  it('reads a dot as the decimal point where it cannot be a thousands separator', () => {
    expect(read('12.50')).toBe('12.5');
    expect(read('0.500')).toBe('0.5');
    expect(read('1500.250')).toBe('1500.25');
    expect(read('0.001')).toBe('0.001');
    expect(read(1.5)).toBe('1.5');
  });

  it('refuses the ambiguous and the malformed', () => {
    expect(read('1.500')).toBe(AMBIGUOUS_DECIMAL);
    expect(read('-2.500')).toBe(AMBIGUOUS_DECIMAL);
    for (const bad of ['1.50,5', '1,000.50', '1,2,3', '12.34.5', '1.000.00', ',', '1e5', 'abc', ''])
      expect([bad, read(bad)]).toEqual([bad, NOT_A_NUMBER]);
  });
});
