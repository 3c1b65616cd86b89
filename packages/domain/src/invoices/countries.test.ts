import { describe, expect, it } from 'vitest';
import { countryCode } from './countries';
import { isValidOin } from './identifiers';

describe('countryCode', () => {
  it('reads Dutch, English and own names, codes, accents and case; empty is the Netherlands', () => {
    expect(countryCode('Nederland')).toBe('NL');
    expect(countryCode('')).toBe('NL');
    expect(countryCode('Duitsland')).toBe('DE');
    expect(countryCode('deutschland')).toBe('DE');
    expect(countryCode('Belgie')).toBe('BE');
    expect(countryCode('België')).toBe('BE');
    expect(countryCode('be')).toBe('BE');
    expect(countryCode('Verenigd Koninkrijk')).toBe('GB');
  });

  it('answers null for a country it does not know', () => {
    expect(countryCode('Atlantis')).toBeNull();
  });
});

describe('isValidOin', () => {
  it('takes exactly 20 digits', () => {
    expect(isValidOin('00000001003214345000')).toBe(true);
    expect(isValidOin('0000000100321434500')).toBe(false);
    expect(isValidOin('0000000100321434500A')).toBe(false);
  });
});
