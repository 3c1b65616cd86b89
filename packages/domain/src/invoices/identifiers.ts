// Checks of the identifiers an invoice carries: IBAN (ISO 13616), KvK number and VAT identifier.
// Pure functions, no dependencies; the texts are the ones the screens and the API show.

export const IDENTIFIER_ERRORS = {
  iban: 'Dit is geen geldig IBAN-nummer.',
  kvk: 'Een KvK-nummer bestaat uit 8 cijfers.',
  vat: 'Dit is geen geldig btw-identificatienummer.',
  oin: 'Een OIN bestaat uit 20 cijfers.',
} as const;

/** IBAN lengths per country (SWIFT IBAN registry); other countries only get the generic 15–34. */
const IBAN_LENGTHS: ReadonlyMap<string, number> = new Map(
  (
    'AD24 AE23 AL28 AT20 AZ28 BA20 BE16 BG22 BH22 BR29 BY28 CH21 CR22 CY28 CZ24 DE22 DK18 DO28 EE20 EG29 ' +
    'ES24 FI18 FO18 FR27 GB22 GE22 GI23 GL18 GR27 GT28 HR21 HU28 IE22 IL23 IQ23 IS26 IT27 JO30 KW30 KZ20 ' +
    'LB28 LC32 LI21 LT20 LU20 LV21 MC27 MD24 ME22 MK19 MR27 MT31 MU30 NL18 NO15 PK24 PL28 PS29 PT25 QA29 ' +
    'RO24 RS22 SA24 SC31 SE24 SI19 SK24 SM27 ST25 SV28 TL23 TN24 TR26 UA29 VA22 VG24 XK20'
  )
    .split(' ')
    .map((entry) => [entry.slice(0, 2), Number(entry.slice(2))] as const),
);

/**
 * The remainder modulo 97 of a string of digits and capital letters, each letter read as two
 * digits (A = 10 … Z = 35) as ISO 13616 does; digit by digit, so any length works.
 */
function mod97(s: string): number {
  let rest = 0;
  for (const ch of s) {
    const code = ch.charCodeAt(0);
    const value = code >= 65 && code <= 90 ? code - 55 : code - 48;
    rest = value >= 10 ? (rest * 100 + value) % 97 : (rest * 10 + value) % 97;
  }
  return rest;
}

/** Upper case, without spaces: 'nl91 abna 0417 1643 00' becomes 'NL91ABNA0417164300'. */
export function normalizeIban(s: string): string {
  return s.replace(/\s+/g, '').toUpperCase();
}

/** An IBAN whose length fits its country and whose check digits pass the mod-97 check. */
export function isValidIban(s: string): boolean {
  const iban = normalizeIban(s);
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(iban)) return false;
  const expected = IBAN_LENGTHS.get(iban.slice(0, 2));
  if (expected !== undefined && iban.length !== expected) return false;
  // A Dutch IBAN: 4 letters of the bank, then 10 digits.
  if (iban.startsWith('NL') && !/^NL\d{2}[A-Z]{4}\d{10}$/.test(iban)) return false;
  return mod97(iban.slice(4) + iban.slice(0, 4)) === 1;
}

/** A KvK (Chamber of Commerce) number: exactly 8 digits. */
export function isValidKvk(s: string): boolean {
  return /^\d{8}$/.test(s.trim());
}

/** Upper case, without spaces and dots: 'nl 0000.99998.b57' becomes 'NL000099998B57'. */
export function normalizeVatId(s: string): string {
  return s.replace(/[\s.]+/g, '').toUpperCase();
}

/** The Belastingdienst's eleven-test: weights 9 … 2 and -1 for the last digit, sum divisible by 11. */
function passesElevenTest(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < 9; i++) sum += Number(digits[i]) * (i < 8 ? 9 - i : -1);
  return sum % 11 === 0 && !/^0+$/.test(digits);
}

/**
 * A Dutch VAT identifier: NL, 9 digits, B, 2 digits. The 9 digits pass the eleven-test (the classic
 * numbers), or, for the numbers given to sole proprietors since 2020, the whole identifier passes
 * the mod-97 check read like an IBAN (N = 23, L = 21, B = 11; remainder 1).
 */
export function isValidDutchVatId(s: string): boolean {
  const vat = normalizeVatId(s);
  const match = /^NL(\d{9})B\d{2}$/.exec(vat);
  if (!match) return false;
  return passesElevenTest(match[1]!) || mod97(vat) === 1;
}

/**
 * A VAT identifier: a Dutch one checked strictly, any other only on its form (two letters for the
 * country, then 2 to 12 letters or digits).
 */
export function isValidVatId(s: string): boolean {
  const vat = normalizeVatId(s);
  if (vat.startsWith('NL')) return isValidDutchVatId(vat);
  return /^[A-Z]{2}[A-Z0-9]{2,12}$/.test(vat);
}

/** An OIN (Organisatie-identificatienummer of a Dutch government body, Logius): exactly 20 digits. */
export function isValidOin(s: string): boolean {
  return /^\d{20}$/.test(s.trim());
}
