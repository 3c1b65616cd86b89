// Merge tags (samenvoegcodes): one catalogue and one renderer for mails, messages and (later)
// documents, on the server and in the web app's previews (decision 019). Templates are Liquid
// (liquidjs: no code runs in a template), with escaping on for HTML, strict variables and limits.
import { filters, Liquid } from 'liquidjs';
import { formatEuro } from '../money';

export interface MergeTag {
  /** As written in a template: `{{ relatie.naam }}`. */
  tag: string;
  group: string;
  description: string;
  example: string;
}

const T = (tag: string, group: string, description: string, example: string): MergeTag => ({
  tag,
  group,
  description,
  example,
});

/** Every tag a template may use; later issues (documents, invoices, forms) add their groups here. */
export const MERGE_TAGS: readonly MergeTag[] = [
  T('relatie.naam', 'Klant', 'Volledige naam van de klant', 'Jan de Vries'),
  T('relatie.voornaam', 'Klant', 'Voornaam van de klant', 'Jan'),
  T('relatie.achternaam', 'Klant', 'Achternaam met tussenvoegsel', 'de Vries'),
  T('relatie.email', 'Klant', 'E-mailadres van de klant', 'jan.devries@voorbeeld.nl'),
  T('relatie.telefoon', 'Klant', 'Telefoonnummer van de klant', '06-12345678'),
  T('relatie.adres', 'Klant', 'Straat en huisnummer', 'Oosterstraat 14'),
  T('relatie.postcode', 'Klant', 'Postcode', '9711 NV'),
  T('relatie.plaats', 'Klant', 'Woonplaats', 'Groningen'),
  T('dossier.nummer', 'Dossier', 'Dossiernummer', '1042'),
  T('dossier.omschrijving', 'Dossier', 'Omschrijving van het dossier', '12 zonnepanelen + omvormer'),
  T('dossier.status', 'Dossier', 'Fase van het dossier', 'Offerte'),
  T('dossier.leaddatum', 'Dossier', 'Datum van de aanvraag', '25 november 2026'),
  T(
    'dossier.link',
    'Dossier',
    'Link naar het dossier voor de klant',
    'https://app.voorbeeld.nl/#/customer_flow_detail/…',
  ),
  T(
    'bericht.inhoud',
    'Bericht',
    'Tekst van het bericht aan de klant (mail bij een nieuw bericht)',
    'Goedemorgen, de monteur komt donderdag om 8:00 uur.',
  ),
  T('behandelaar.naam', 'Behandelaar', 'Naam van de behandelaar (sales)', 'Mark Jansen'),
  T('behandelaar.email', 'Behandelaar', 'E-mailadres van de behandelaar', 'mark@voorbeeld.nl'),
  T('gebruiker.naam', 'Afzender', 'Naam van de ingelogde gebruiker die verstuurt', 'Sanne de Vries'),
  T('gebruiker.email', 'Afzender', 'E-mailadres van de afzender', 'sanne@voorbeeld.nl'),
  T('bedrijf.naam', 'Bedrijf', 'Naam van uw bedrijf', 'Zonnestroom Noord B.V.'),
  T(
    'bedrijf.handtekening',
    'Bedrijf',
    'E-mailhandtekening uit het bedrijfsprofiel',
    'Met vriendelijke groet, Zonnestroom Noord',
  ),
  T('document.soort', 'Document', 'Offerte, opdrachtbevestiging of de documentsoort', 'Offerte'),
  T('document.nummer', 'Document', 'Nummer van de offerte of het document', '1042'),
  T('document.titel', 'Document', 'Titel van het document', 'Zonnepanelen dak zuidzijde'),
  T('document.datum', 'Document', 'Datum van het document', '25 november 2026'),
  T('document.geldigtot', 'Document', 'Geldig tot (offerte)', '25 december 2026'),
  T(
    'document.bedrag',
    'Document',
    'Totaal incl. btw (bij een factuur: het bedrag van deze factuur)',
    '€ 7.450,00',
  ),
  T('factuur.nummer', 'Factuur', 'Factuurnummer (ingevuld bij het versturen)', '1043'),
  T('factuur.bedrag', 'Factuur', 'Bedrag van deze factuur incl. btw', '€ 1.724,51'),
  T('factuur.bedrag_excl', 'Factuur', 'Bedrag van deze factuur excl. btw', '€ 1.425,21'),
  T('factuur.btw', 'Factuur', 'Btw van deze factuur', '€ 299,30'),
  T('factuur.vervaldatum', 'Factuur', 'Uiterste betaaldatum', '19 december 2026'),
  T(
    'document.link',
    'Document',
    'Link waarmee de klant het document bekijkt en ondertekent',
    'https://app.voorbeeld.nl/#/customer_quotation_detail/…',
  ),
  T('factuur.openstaand', 'Factuur', 'Openstaand bedrag van de factuur (na betalingen)', '€ 1.210,00'),
  T('factuur.dagen_te_laat', 'Factuur', 'Aantal dagen dat de vervaldatum voorbij is', '11'),
  T('taak.omschrijving', 'Taak', 'Omschrijving van de taak waar de mail over gaat', 'Montage zonnepanelen'),
  T('taak.datum', 'Taak', 'Datum van de taak', '1 december 2026'),
  T('taak.tijd', 'Taak', 'Begintijd van de taak', '08:00'),
  T('taak.eindtijd', 'Taak', 'Eindtijd van de taak', '14:00'),
  T('taak.uitvoerder', 'Taak', 'Wie de taak uitvoert', 'Piet Jansen'),
  T('vandaag', 'Algemeen', 'De datum van vandaag', '25 november 2026'),
];

const KNOWN = new Set(MERGE_TAGS.map((t) => t.tag));
export type MergeData = Record<string, unknown>;

export const MERGE_TAG_TEXTS = {
  unknown: (tags: string[]) =>
    `Onbekende samenvoegcode${tags.length > 1 ? 's' : ''}: ${tags.map((t) => `{{ ${t} }}`).join(', ')}.`,
  syntax: (detail: string) => `De samenvoegcodes kloppen niet: ${detail}`,
} as const;

/** Example values of every tag, nested as the renderer expects (`relatie.naam` -> relatie: { naam }). */
export function exampleMergeData(): MergeData {
  const data: MergeData = {};
  for (const t of MERGE_TAGS) setPath(data, t.tag, t.example);
  return data;
}

export function setPath(data: MergeData, tag: string, value: unknown): void {
  const parts = tag.split('.');
  let node = data;
  for (const part of parts.slice(0, -1)) {
    node[part] ??= {};
    node = node[part] as MergeData;
  }
  node[parts.at(-1)!] = value;
}

const DATE = new Intl.DateTimeFormat('nl-NL', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'Europe/Amsterdam',
});

/** A date in Dutch ("25 november 2026"); a value that is no date stays as it is. */
export function dutchDate(value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  const d = value instanceof Date ? value : new Date(String(value));
  return Number.isNaN(d.getTime()) ? String(value) : DATE.format(d);
}

/**
 * A merge value is data, never template source: a `{{` or `{%` in it gets a zero-width space between
 * its two characters, so a text rendered once and rendered again (a mail draft edited and sent) shows
 * the value as written instead of running it (decision 034).
 */
export const defuseLiquid = (value: string): string => value.replace(/\{(?=[{%])/g, '{\u200b');

/**
 * A tag filled in by a later rendering: an invoice gets its number and due date only when it is sent, so
 * the composed mail keeps `{{ document.nummer }}` and sending fills it in (decision 030). Only the server
 * makes these, as merge values; it is written out as the tag itself, never defused.
 */
export class LaterMergeTag {
  constructor(readonly tag: string) {}
  toString(): string {
    return `{{ ${this.tag} }}`;
  }
}

function engine(html: boolean): Liquid {
  const liquid = new Liquid({
    strictVariables: true,
    strictFilters: true,
    ownPropertyOnly: true,
    // Every output: escaped for HTML, and defused; `raw` below is no way around it.
    outputEscape(this: unknown, value: unknown): string {
      if (value instanceof LaterMergeTag) return value.toString();
      if (html) return defuseLiquid((filters.escape as (v: unknown) => string).call(this, value));
      return defuseLiquid(value === null || value === undefined ? '' : String(value));
    },
    parseLimit: 100_000,
    renderLimit: 1_000,
    memoryLimit: 10_000_000,
    cache: 100,
  });
  liquid.registerFilter('raw', (value: unknown) => value);
  liquid.registerFilter('datum', dutchDate);
  liquid.registerFilter('bedrag', (value: unknown) => formatEuro(String(value ?? '0')));
  return liquid;
}

// Made on first use, so a bundle that never renders a template leaves liquidjs out.
let engines: { html: Liquid; text: Liquid } | undefined;
const engineFor = (html: boolean) => {
  engines ??= { html: engine(true), text: engine(false) };
  return html ? engines.html : engines.text;
};

/** The tags a template uses that the catalogue does not know, or a syntax error; empty when fine. */
/**
 * A RECURRING widget repeats its text per filled-in copy of a form: `{{ formulier.<veldnaam> }}` is
 * that copy's value of the field (decision 023); any field name of the company's forms may follow.
 */
export const FORM_MERGE_NAMESPACE = 'formulier';

export function checkMergeTags(template: string): string | null {
  let used: string[];
  try {
    used = engineFor(false).globalVariablesSync(template).map(String);
  } catch (err) {
    return MERGE_TAG_TEXTS.syntax(err instanceof Error ? err.message.split(',')[0]! : String(err));
  }
  let paths: string[];
  try {
    paths = engineFor(false).fullVariablesSync(template).map(String);
  } catch {
    paths = used;
  }
  const unknown = [
    ...new Set(
      paths.filter(
        (p) =>
          !p.startsWith(`${FORM_MERGE_NAMESPACE}.`) &&
          !KNOWN.has(p) &&
          ![...KNOWN].some((k) => k.startsWith(`${p}.`)),
      ),
    ),
  ];
  return unknown.length ? MERGE_TAG_TEXTS.unknown(unknown) : null;
}

/**
 * Fills a template. `html`: values are escaped (the template itself is trusted, sanitised HTML);
 * plain text (a subject) is not. A tag without a value renders empty; an unknown tag was refused
 * when the template was saved, and renders empty here rather than failing a send.
 */
export function renderMergeTags(template: string, data: MergeData, options: { html: boolean }): string {
  const complete = exampleShape(data);
  return engineFor(options.html).parseAndRenderSync(template, complete, {
    strictVariables: false,
  });
}

/** Every catalogue path present (empty when the data has no value), so strict rendering never fails on a known tag. */
function exampleShape(data: MergeData): MergeData {
  const full: MergeData = {};
  for (const t of MERGE_TAGS) setPath(full, t.tag, '');
  return deepMerge(full, data);
}

function deepMerge(target: MergeData, source: MergeData): MergeData {
  for (const [key, value] of Object.entries(source)) {
    if (
      value &&
      typeof value === 'object' &&
      !Array.isArray(value) &&
      !(value instanceof Date) &&
      !(value instanceof LaterMergeTag)
    )
      target[key] = deepMerge((target[key] as MergeData) ?? {}, value as MergeData);
    else target[key] = value ?? '';
  }
  return target;
}
