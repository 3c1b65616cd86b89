import { describe, expect, it } from 'vitest';
import { fullAddress, isAddressLookupReady, normalizePostcode } from './address';

describe('normalizePostcode', () => {
  it('writes Dutch postcodes as 1234 AB', () => {
    for (const raw of ['1234ab', '1234 ab', ' 1234  AB ', '1234AB', '1234 aB'])
      expect(normalizePostcode(raw)).toBe('1234 AB');
    expect(normalizePostcode('')).toBe('');
    expect(normalizePostcode(null)).toBe('');
  });

  it('refuses what is no Dutch postcode in a Dutch address, keeps foreign ones', () => {
    for (const raw of ['0123 AB', '123 AB', '1234 A', '1234 ABC', 'abcd'])
      expect(normalizePostcode(raw, 'Nederland')).toBeNull();
    expect(normalizePostcode('48143', 'Duitsland')).toBe('48143');
    expect(normalizePostcode('b-2000 ', 'België')).toBe('B-2000');
  });
});

describe('fullAddress', () => {
  const base = {
    address: 'Dorpsstraat',
    number: '12',
    numberAddition: '',
    postcode: '1234 AB',
    city: 'Zwolle',
    country: 'Nederland',
  };
  it('joins street, number, addition, postcode and city', () => {
    expect(fullAddress(base)).toBe('Dorpsstraat 12, 1234 AB Zwolle');
    expect(fullAddress({ ...base, numberAddition: 'a' })).toBe('Dorpsstraat 12a, 1234 AB Zwolle');
    expect(fullAddress({ ...base, numberAddition: '2' })).toBe('Dorpsstraat 12-2, 1234 AB Zwolle');
    expect(fullAddress({ ...base, postcode: '', city: '' })).toBe('Dorpsstraat 12');
    expect(fullAddress({ ...base, address: '', number: '' })).toBe('1234 AB Zwolle');
    expect(fullAddress({ ...base, country: 'Duitsland', postcode: '48143', city: 'Münster' })).toBe(
      'Dorpsstraat 12, 48143 Münster, Duitsland',
    );
    expect(
      fullAddress({
        address: '',
        number: '',
        numberAddition: '',
        postcode: '',
        city: '',
        country: 'Nederland',
      }),
    ).toBe('');
  });
});

describe('postcode lookup readiness', () => {
  it('asks only with a whole Dutch postcode and a house number', () => {
    expect(isAddressLookupReady('8011 AB', '12')).toBe(true);
    expect(isAddressLookupReady('8011ab', '1')).toBe(true);
    expect(isAddressLookupReady('8011 A', '12')).toBe(false);
    expect(isAddressLookupReady('8011 AB', '')).toBe(false);
    expect(isAddressLookupReady('8011 AB', '12a')).toBe(false);
    expect(isAddressLookupReady('0811 AB', '12')).toBe(false);
  });
});
