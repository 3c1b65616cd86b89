import { DEFAULT_COUNTRY } from './flows';

const DUTCH_POSTCODE = /^([1-9]\d{3})\s*([A-Za-z]{2})$/;
const DUTCH_NAMES = new Set(['', 'nederland', 'nl', 'the netherlands', 'netherlands']);

export const INVALID_POSTCODE = 'Vul een geldige postcode in, bijvoorbeeld 1234 AB.';

export function isDutch(country: string | null | undefined): boolean {
  return DUTCH_NAMES.has((country ?? '').trim().toLowerCase());
}

/**
 * A Dutch postcode in its written form '1234 AB' ('1234ab', '1234 ab' and '1234  AB' all become it).
 * Null for something that is no Dutch postcode in a Dutch address; other countries keep their own
 * format, trimmed and in capitals.
 */
export function normalizePostcode(
  raw: string | null | undefined,
  country: string = DEFAULT_COUNTRY,
): string | null {
  const value = (raw ?? '').trim();
  if (!value) return '';
  const dutch = DUTCH_POSTCODE.exec(value);
  if (dutch) return `${dutch[1]} ${dutch[2]!.toUpperCase()}`;
  return isDutch(country) ? null : value.toUpperCase().replace(/\s+/g, ' ');
}

export interface AddressParts {
  address: string;
  number: string;
  numberAddition: string;
  postcode: string;
  city: string;
  country: string;
}

/** 'Dorpsstraat 12a, 1234 AB Zwolle'; an addition that is not one letter gets a hyphen (12-2); a foreign country is added. */
export function fullAddress(p: AddressParts): string {
  const addition = p.numberAddition.trim();
  const house = p.number.trim()
    ? `${p.number.trim()}${addition ? (/^[A-Za-z]$/.test(addition) ? addition : `-${addition}`) : ''}`
    : '';
  const street = [p.address.trim(), house].filter(Boolean).join(' ');
  const place = [p.postcode.trim(), p.city.trim()].filter(Boolean).join(' ');
  const parts = [street, place];
  if (!isDutch(p.country)) parts.push(p.country.trim());
  return parts.filter(Boolean).join(', ');
}

/** A house number as the postcode lookup takes it: digits only, no leading zero. */
export const HOUSE_NUMBER = /^[1-9]\d{0,4}$/;

/**
 * Postcode and house number look up street and city (PDOK Locatieserver, decision 036): the form asks
 * once both are complete, so a half-typed postcode never leaves the browser.
 */
export function isAddressLookupReady(postcode: string, number: string): boolean {
  return DUTCH_POSTCODE.test(postcode.trim()) && HOUSE_NUMBER.test(number.trim());
}

export const ADDRESS_LOOKUP_TEXTS = {
  invalidNumber: 'Vul een huisnummer in (alleen cijfers).',
  notFound: 'Geen adres gevonden bij deze postcode en dit huisnummer. Vul straat en plaats zelf in.',
  unavailable: 'Het adres kan nu niet worden opgezocht. Vul straat en plaats zelf in.',
  disabled: 'Adressen opzoeken staat uit op deze server. Vul straat en plaats zelf in.',
} as const;
