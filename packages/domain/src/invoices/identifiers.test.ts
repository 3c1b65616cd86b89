import { describe, expect, it } from 'vitest';
import {
  IDENTIFIER_ERRORS,
  isValidDutchVatId,
  isValidIban,
  isValidKvk,
  isValidVatId,
  normalizeIban,
  normalizeVatId,
} from './identifiers';

describe('IBAN', () => {
  it('normalizes to capitals without spaces', () => {
    expect(normalizeIban(' nl91 abna 0417 1643 00 ')).toBe('NL91ABNA0417164300');
  });

  it('accepts IBANs whose check digits pass mod 97, written any way', () => {
    for (const iban of [
      'NL91ABNA0417164300',
      'NL91 ABNA 0417 1643 00',
      'nl91abna0417164300',
      'NL20INGB0001234567',
      'NL18RABO0123459876',
      'DE89370400440532013000',
      'BE68539007547034',
      'GB29NWBK60161331926819',
      'FR1420041010050500013M02606',
    ]) {
      expect(isValidIban(iban), iban).toBe(true);
    }
  });

  it('refuses a wrong check digit, a wrong length or a malformed Dutch account', () => {
    for (const iban of [
      'NL91ABNA0417164301', // last digit changed
      'NL19ABNA0417164300', // check digits swapped
      'NL91ABNA041716430', // 17 characters, NL has 18
      'NL91ABNA04171643000', // 19
      'NL9112340417164300', // bank code must be letters
      'DE8937040044053201300', // 21, DE has 22
      'XX00', // far too short
      'NL91-ABNA-0417-1643-00', // dashes are not spaces
      '',
    ]) {
      expect(isValidIban(iban), iban).toBe(false);
    }
  });

  it('checks only the generic length of a country it does not know', () => {
    // 'ZZ' is no IBAN country; with valid check digits the generic 15–34 applies.
    const body = 'ZZ00ABCD1234567';
    const check = 98 - Number(BigInt(toDigits(`${body.slice(4)}ZZ00`)) % 97n);
    expect(isValidIban(`ZZ${String(check).padStart(2, '0')}${body.slice(4)}`)).toBe(true);
    expect(isValidIban('ZZ00ABCD1234')).toBe(false);
  });
});

describe('KvK number', () => {
  it('is exactly 8 digits', () => {
    expect(isValidKvk('12345678')).toBe(true);
    expect(isValidKvk(' 69599084 ')).toBe(true);
    expect(isValidKvk('1234567')).toBe(false);
    expect(isValidKvk('123456789')).toBe(false);
    expect(isValidKvk('1234 5678')).toBe(false);
    expect(isValidKvk('1234567a')).toBe(false);
  });
});

describe('VAT identifier', () => {
  it('normalizes to capitals without spaces and dots', () => {
    expect(normalizeVatId('nl 0000.99998.b57')).toBe('NL000099998B57');
  });

  it('accepts Dutch numbers that pass the eleven-test', () => {
    for (const vat of ['NL804732267B01', 'NL123456782B01', 'NL001234560B01', 'nl8547.65438.b02']) {
      expect(isValidDutchVatId(vat), vat).toBe(true);
    }
  });

  it('accepts the sole-proprietor numbers that pass mod 97 instead', () => {
    // 000099998 fails the eleven-test, but NL000099998B57 read like an IBAN leaves 1 after mod 97.
    expect(isValidDutchVatId('NL000099998B57')).toBe(true);
    expect(isValidDutchVatId('NL000099998B58')).toBe(false);
  });

  it('refuses Dutch numbers with a wrong check or form', () => {
    for (const vat of [
      'NL123456789B01', // fails both checks
      'NL804732268B01', // last digit changed
      'NL000000000B01', // all zeros
      'NL80473226B01', // 8 digits
      'NL804732267B1', // one digit after the B
      'NL804732267A01', // A instead of B
      '804732267B01', // no country
    ]) {
      expect(isValidDutchVatId(vat), vat).toBe(false);
    }
  });

  it('checks a Dutch identifier strictly and others on their form only', () => {
    expect(isValidVatId('NL804732267B01')).toBe(true);
    expect(isValidVatId('NL123456789B01')).toBe(false);
    expect(isValidVatId('BE0123456749')).toBe(true);
    expect(isValidVatId('DE 123.456.789')).toBe(true);
    expect(isValidVatId('FRXX123456789')).toBe(true);
    expect(isValidVatId('ATU12345678')).toBe(true);
    expect(isValidVatId('DE1')).toBe(false);
    expect(isValidVatId('D123456789')).toBe(false);
    expect(isValidVatId('DE1234567890123')).toBe(false);
    expect(isValidVatId('DE-123456789')).toBe(false);
  });
});

describe('texts', () => {
  it('are Dutch', () => {
    expect(IDENTIFIER_ERRORS).toEqual({
      iban: 'Dit is geen geldig IBAN-nummer.',
      kvk: 'Een KvK-nummer bestaat uit 8 cijfers.',
      vat: 'Dit is geen geldig btw-identificatienummer.',
      oin: 'Een OIN bestaat uit 20 cijfers.',
    });
  });
});

function toDigits(s: string): string {
  return [...s].map((ch) => (/[A-Z]/.test(ch) ? String(ch.charCodeAt(0) - 55) : ch)).join('');
}
