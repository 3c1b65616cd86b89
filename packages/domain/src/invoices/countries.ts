// Country names as users type them (Dutch, English, the country's own, or the ISO code) to ISO 3166-1
// alpha-2, for the e-invoice's addresses and the VAT schemes of Peppol electronic addresses.

/** ISO code, then the names it is known by (compared without case, accents, dots and spaces). */
const COUNTRIES: readonly (readonly [string, ...string[]])[] = [
  ['NL', 'Nederland', 'Netherlands', 'The Netherlands', 'Holland', 'Niederlande', 'Pays-Bas'],
  ['BE', 'België', 'Belgie', 'Belgium', 'Belgique', 'Belgien'],
  ['DE', 'Duitsland', 'Germany', 'Deutschland', 'Allemagne'],
  ['LU', 'Luxemburg', 'Luxembourg'],
  ['FR', 'Frankrijk', 'France', 'Frankreich'],
  ['AT', 'Oostenrijk', 'Austria', 'Österreich', 'Osterreich'],
  ['BG', 'Bulgarije', 'Bulgaria'],
  ['CY', 'Cyprus', 'Zypern'],
  ['CZ', 'Tsjechië', 'Tsjechie', 'Czechia', 'Czech Republic', 'Tschechien'],
  ['DK', 'Denemarken', 'Denmark', 'Danmark', 'Dänemark'],
  ['EE', 'Estland', 'Estonia'],
  ['ES', 'Spanje', 'Spain', 'España', 'Espana', 'Spanien'],
  ['FI', 'Finland', 'Suomi', 'Finnland'],
  ['GR', 'Griekenland', 'Greece', 'Griechenland'],
  ['HR', 'Kroatië', 'Kroatie', 'Croatia', 'Hrvatska', 'Kroatien'],
  ['HU', 'Hongarije', 'Hungary', 'Magyarország', 'Ungarn'],
  ['IE', 'Ierland', 'Ireland', 'Irland'],
  ['IT', 'Italië', 'Italie', 'Italy', 'Italia', 'Italien'],
  ['LT', 'Litouwen', 'Lithuania', 'Litauen'],
  ['LV', 'Letland', 'Latvia', 'Lettland'],
  ['MT', 'Malta'],
  ['PL', 'Polen', 'Poland', 'Polska'],
  ['PT', 'Portugal'],
  ['RO', 'Roemenië', 'Roemenie', 'Romania', 'Rumänien'],
  ['SE', 'Zweden', 'Sweden', 'Sverige', 'Schweden'],
  ['SI', 'Slovenië', 'Slovenie', 'Slovenia', 'Slowenien'],
  ['SK', 'Slowakije', 'Slovakia', 'Slowakei'],
  ['GB', 'Verenigd Koninkrijk', 'United Kingdom', 'UK', 'Groot-Brittannië', 'Engeland', 'England'],
  ['CH', 'Zwitserland', 'Switzerland', 'Schweiz', 'Suisse'],
  ['NO', 'Noorwegen', 'Norway', 'Norge', 'Norwegen'],
  ['IS', 'IJsland', 'Iceland'],
  ['LI', 'Liechtenstein'],
];

const key = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[\s.-]+/g, '')
    .toLowerCase();

const BY_NAME = new Map<string, string>(
  COUNTRIES.flatMap(([code, ...names]) => [code, ...names].map((n) => [key(n), code] as const)),
);

/** The ISO 3166-1 alpha-2 code of a country as typed; an empty value is the Netherlands; null when unknown. */
export function countryCode(name: string | null | undefined): string | null {
  const k = key(name ?? '');
  if (k === '') return 'NL';
  return BY_NAME.get(k) ?? null;
}

/** The EU member states. */
export const EU_COUNTRIES: ReadonlySet<string> = new Set(
  'AT BE BG CY CZ DE DK EE ES FI FR GR HR HU IE IT LT LU LV MT NL PL PT RO SE SI SK'.split(' '),
);
