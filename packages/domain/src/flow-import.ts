// Bulk import of flows from a spreadsheet (spec 001 sections 2, 3, 5; decision 063): the fields a file's
// columns map onto, the header names recognised for them, and every Dutch text of the import.

/** The fields a column can be mapped onto, in the order the mapping screen shows them. */
export const FLOW_IMPORT_FIELDS = [
  'fullname',
  'name',
  'nameprefix',
  'surname',
  'email',
  'phone',
  'mobile',
  'address',
  'number',
  'number_addition',
  'postcode',
  'city',
  'country',
  'description',
  'reference',
  'reference2',
  'reference3',
] as const;
export type FlowImportField = (typeof FLOW_IMPORT_FIELDS)[number];

export const FLOW_IMPORT_FIELD_LABELS: Record<FlowImportField, string> = {
  fullname: 'Volledige naam',
  name: 'Voornaam',
  nameprefix: 'Tussenvoegsel',
  surname: 'Achternaam',
  email: 'E-mail',
  phone: 'Telefoon',
  mobile: 'Mobiel',
  address: 'Straat',
  number: 'Huisnummer',
  number_addition: 'Toevoeging',
  postcode: 'Postcode',
  city: 'Plaats',
  country: 'Land',
  description: 'Omschrijving dossier',
  reference: 'Referentie 1',
  reference2: 'Referentie 2',
  reference3: 'Referentie 3',
};

/** Header names (lower case, without spaces, dashes and underscores) recognised for each field. */
const HEADER_SYNONYMS: Record<FlowImportField, readonly string[]> = {
  fullname: ['fullname', 'naam', 'volledigenaam', 'klant', 'klantnaam', 'bewoner', 'relatie', 'name full'],
  name: ['name', 'voornaam', 'firstname', 'voorletters'],
  nameprefix: ['nameprefix', 'tussenvoegsel', 'tussenv', 'prefix'],
  surname: ['surname', 'achternaam', 'lastname'],
  email: ['email', 'emailadres', 'mail'],
  phone: ['phone', 'telefoon', 'telefoonnummer', 'tel'],
  mobile: ['mobile', 'mobiel', 'mobielnummer', 'gsm'],
  address: ['address', 'straat', 'straatnaam', 'adres', 'street'],
  number: ['number', 'huisnummer', 'nr', 'housenumber'],
  number_addition: ['numberaddition', 'toevoeging', 'huisnummertoevoeging', 'addition'],
  postcode: ['postcode', 'zipcode', 'postalcode', 'zip'],
  city: ['city', 'plaats', 'woonplaats', 'stad'],
  country: ['country', 'land'],
  description: ['description', 'omschrijving', 'dossieromschrijving', 'werkzaamheden'],
  reference: ['reference', 'referentie', 'referentie1', 'reference1', 'kenmerk'],
  reference2: ['reference2', 'referentie2', 'kenmerk2'],
  reference3: ['reference3', 'referentie3', 'kenmerk3'],
};

const squash = (header: string) => header.toLowerCase().replace(/[\s_\-.]+/g, '');

/** Column mapping: field -> the header name of the column it reads (null: not imported). */
export type FlowImportMapping = Partial<Record<FlowImportField, string | null>>;

/**
 * The mapping for a file's headers: a remembered mapping where its header is present, else the column
 * whose header is a known name of the field. Each column is used once.
 */
export function guessFlowImportMapping(
  headers: string[],
  remembered: FlowImportMapping = {},
): FlowImportMapping {
  const mapping: FlowImportMapping = {};
  const used = new Set<string>();
  const present = new Set(headers);
  for (const field of FLOW_IMPORT_FIELDS) {
    const kept = remembered[field];
    if (kept && present.has(kept) && !used.has(kept)) {
      mapping[field] = kept;
      used.add(kept);
    }
  }
  for (const field of FLOW_IMPORT_FIELDS) {
    if (field in mapping) continue;
    const hit = headers.find((h) => h && !used.has(h) && HEADER_SYNONYMS[field].includes(squash(h)));
    mapping[field] = hit ?? null;
    if (hit) used.add(hit);
  }
  return mapping;
}

/** What the preview says of a row. */
export const FLOW_IMPORT_ROW_STATUSES = ['new', 'existing', 'duplicate', 'refused'] as const;
export type FlowImportRowStatus = (typeof FLOW_IMPORT_ROW_STATUSES)[number];
/** What the user chose for a row: a new relation, the matched relation, or not at all. */
export const FLOW_IMPORT_CHOICES = ['create', 'existing', 'skip'] as const;
export type FlowImportChoice = (typeof FLOW_IMPORT_CHOICES)[number];

export function defaultFlowImportChoice(status: FlowImportRowStatus): FlowImportChoice {
  if (status === 'new') return 'create';
  if (status === 'existing') return 'existing';
  return 'skip';
}

/** Files up to this size are read; a larger one is refused before it is read (its declared length). */
export const FLOW_IMPORT_MAX_BYTES = 20 * 1024 * 1024;
export const FLOW_IMPORT_MAX_ROWS = 20_000;
/** Rows per chunk of the import job: each chunk is one transaction with its progress. */
export const FLOW_IMPORT_CHUNK = 500;

export const FLOW_IMPORT_TEXTS = {
  confirm: 'Weet je zeker dat je deze dossiers wilt importeren?',
  noImportableFlows: 'Er is geen dossier geselecteerd om te importeren.',
  partnerProjectUnknown: 'Dit partnerproject bestaat niet.',
  partnerProjectOfOtherPartner: 'Dit partnerproject hoort bij een andere partner.',
  externalFileUnknown: 'Deze bijlage bestaat niet (meer); voeg het bestand opnieuw toe.',
  wrongType:
    'Dit bestand kan niet worden ingelezen. Kies een Excel-bestand (xlsx of xls) of een csv-bestand.',
  brokenXlsx:
    'Dit Excel-bestand is beschadigd en kan niet worden gelezen. Sla het opnieuw op in Excel en probeer het nog eens.',
  oldXls:
    'Oude Excel-bestanden (xls) kunnen niet worden gelezen. Sla het bestand in Excel op als xlsx of csv en probeer het opnieuw.',
  tooLarge: (limit: string) => `Het bestand is te groot. Een importbestand is hoogstens ${limit}.`,
  tooManyRows: (max: number) =>
    `Het bestand heeft te veel regels. Importeer hoogstens ${max.toLocaleString('nl-NL')} regels per keer.`,
  empty: 'Het bestand is leeg: er staat geen kopregel met daaronder gegevens in.',
  noRows: 'Het bestand heeft een kopregel maar geen regels met gegevens.',
  formula: (cell: string) =>
    `Cel ${cell} bevat een formule zonder berekende waarde. Open het bestand in Excel, sla het op en probeer het opnieuw.`,
  fileGone: 'Het importbestand is niet meer beschikbaar. Lees het bestand opnieuw in.',
  requiredName: 'Naam ontbreekt: vul een volledige naam of een achternaam in.',
  requiredAddress: 'Adres ontbreekt: vul postcode en huisnummer in.',
  invalidEmail: 'Vul een geldig e-mailadres in.',
  invalidPhone: 'Vul een geldig telefoonnummer in (alleen cijfers, spaties, +, - en haakjes).',
  invalidNumber: 'Vul een huisnummer in (alleen cijfers).',
  tooLong: (max: number) => `Hoogstens ${max} tekens.`,
  duplicateOf: (row: number) => `Staat ook in regel ${row} van het bestand.`,
  matchReason: { email: 'zelfde e-mailadres', address: 'zelfde postcode en huisnummer', name: 'zelfde naam' },
  alreadyUndone: 'Deze import is al ongedaan gemaakt.',
  notFinished: 'Deze import is nog bezig. Wacht tot hij klaar is.',
  notFound: 'Deze import bestaat niet.',
  undone: (flows: number | string, relations: number | string) =>
    `${flows} dossiers en ${relations} relaties van deze import zijn verwijderd.`,
  kept: (flows: number | string, relations: number | string) =>
    `${flows} dossiers en ${relations} relaties zijn behouden omdat er sinds de import aan is gewerkt.`,
} as const;

/** A phone number as people type it: digits with spaces, +, -, dots and brackets; 6 to 15 digits. */
export function isPlausiblePhone(value: string): boolean {
  if (!/^[0-9+\-\s().]+$/.test(value)) return false;
  const digits = value.replace(/\D/g, '').length;
  return digits >= 6 && digits <= 15;
}
