/** Dutch surname prefixes (tussenvoegsels), longest first so 'van der' wins over 'van'. */
const PREFIXES = [
  'van de',
  'van der',
  'van den',
  'van het',
  "van 't",
  'in de',
  'in het',
  "in 't",
  'op de',
  'op den',
  'op het',
  'uit de',
  'uit den',
  'aan de',
  'aan den',
  'bij de',
  'de la',
  'van',
  'de',
  'den',
  'der',
  'het',
  "'t",
  'te',
  'ten',
  'ter',
  'op',
  'in',
  'uit',
  'le',
  'la',
  'du',
  'da',
  'di',
].sort((a, b) => b.split(' ').length - a.split(' ').length || b.length - a.length);

export interface SplitName {
  name: string;
  nameprefix: string;
  surname: string;
}

/**
 * Splits a typed full name into first name, prefix and surname: 'Jan van der Berg' → Jan / van der
 * / Berg. One word is a surname; a prefix is only recognised between first name and surname.
 */
export function splitFullName(fullName: string): SplitName {
  const words = fullName.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return { name: '', nameprefix: '', surname: '' };
  if (words.length === 1) return { name: '', nameprefix: '', surname: words[0]! };
  const name = words[0]!;
  const rest = words.slice(1);
  for (const prefix of PREFIXES) {
    const parts = prefix.split(' ');
    const candidate = rest.slice(0, parts.length).join(' ').toLowerCase();
    if (candidate === prefix && rest.length > parts.length) {
      return {
        name,
        nameprefix: rest.slice(0, parts.length).join(' '),
        surname: rest.slice(parts.length).join(' '),
      };
    }
  }
  return { name, nameprefix: '', surname: rest.join(' ') };
}

export function fullName(parts: {
  name?: string | null;
  nameprefix?: string | null;
  surname?: string | null;
}): string {
  return [parts.name, parts.nameprefix, parts.surname].filter((p) => p?.trim()).join(' ');
}
