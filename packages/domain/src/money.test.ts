import { describe, expect, it } from 'vitest';
import { sumMoney, toCents } from './money';

describe('money', () => {
  it('adds without binary floating point error and rounds half-up to cents', () => {
    expect(sumMoney(['0.1', '0.2']).toString()).toBe('0.3');
    expect(toCents('2.345')).toBe(2.35);
    expect(toCents('-2.345')).toBe(-2.35);
    expect(toCents('1.0049')).toBe(1);
  });
});
