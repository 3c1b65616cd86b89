// What a posted website form becomes (decision 026): one pure function from the posted fields and the
// website's mapping to a structured lead, used by the public endpoint and tested here.
import { z } from 'zod';
import { INVALID_POSTCODE, normalizePostcode } from '../address';
import { DEFAULT_COUNTRY } from '../flows';
import { splitFullName } from '../names';
import {
  MAX_WEBSITE_POSTED_VALUE_LENGTH,
  WEBSITE_CONTACT_TARGETS,
  WEBSITE_MESSAGES,
  WEBSITE_RESERVED_FIELDS,
  type WebsiteTargetField,
} from './constants';

export interface WebsiteMappingRow {
  /** The name of the posted form field. */
  fieldkey: string;
  /** Where its value goes. */
  fieldvalue: WebsiteTargetField;
  /** The value used when the posted value is missing or empty ('' = nothing). */
  nullvalue: string;
  /** "posted=stored" pairs, one per line or comma-separated ("ja=1, nee=0"). */
  valuemapping: string;
}

type PostedScalar = string | number | boolean | null;
/** A posted form: field name to value; a field sent more than once (checkboxes) is a list. */
export type WebsitePosted = Record<string, PostedScalar | PostedScalar[]>;

export interface WebsiteLead {
  relation: {
    name: string;
    nameprefix: string;
    surname: string;
    email: string;
    phone: string;
    mobile: string;
  };
  organization: string;
  location: {
    address: string;
    number: string;
    number_addition: string;
    postcode: string;
    city: string;
    country: string;
  };
  flow: { description: string; tags: string[] };
  /** Values mapped to the note, in mapping order. */
  notes: string[];
  /** Posted fields no mapping row names (besides the reserved honeypot and redirect fields), in posted order. */
  unmapped: { key: string; value: string }[];
  /** Which posted field filled a target, so an error names the field the visitor typed in. */
  sources: Partial<Record<WebsiteTargetField, string>>;
}

/** Column lengths of the records a lead is written into: longer values are cut, never refused. */
const MAX_LENGTH: Partial<Record<WebsiteTargetField, number>> = {
  name: 100,
  nameprefix: 50,
  surname: 150,
  email: 254,
  phone: 40,
  mobile: 40,
  organization: 200,
  address: 200,
  number: 20,
  number_addition: 20,
  postcode: 10,
  city: 100,
  country: 100,
  flow_description: 500,
};

/** The pairs of a value mapping; null when a non-empty entry has no '='. Keys compare case-insensitively. */
export function parseValueMapping(text: string): Map<string, string> | null {
  const pairs = new Map<string, string>();
  for (const entry of text.split(/[\n,]/)) {
    const item = entry.trim();
    if (!item) continue;
    const at = item.indexOf('=');
    if (at <= 0) return null;
    pairs.set(item.slice(0, at).trim().toLowerCase(), item.slice(at + 1).trim());
  }
  return pairs;
}

/** A posted value as text: lists joined with ', ', cut at the posted value limit. */
export function postedText(value: PostedScalar | PostedScalar[] | undefined): string {
  if (value === undefined || value === null) return '';
  const text = Array.isArray(value)
    ? value
        .filter((v) => v !== null && String(v).trim() !== '')
        .map((v) => String(v).trim())
        .join(', ')
    : String(value).trim();
  return text.slice(0, MAX_WEBSITE_POSTED_VALUE_LENGTH);
}

/** One row's value: the posted text through the value mapping, or the null value when that is empty. */
export function mappedValue(row: WebsiteMappingRow, posted: WebsitePosted): string {
  const raw = postedText(Object.hasOwn(posted, row.fieldkey) ? posted[row.fieldkey] : undefined);
  let value = raw;
  if (raw) {
    const pairs = parseValueMapping(row.valuemapping) ?? new Map<string, string>();
    const hit = pairs.get(raw.toLowerCase());
    if (hit !== undefined) value = hit;
  }
  return value || row.nullvalue.trim();
}

export function applyWebsiteMapping(
  posted: WebsitePosted,
  mapping: readonly WebsiteMappingRow[],
): WebsiteLead {
  const values: Partial<Record<WebsiteTargetField, string>> = {};
  const sources: WebsiteLead['sources'] = {};
  const notes: string[] = [];
  const tags: string[] = [];
  for (const row of mapping) {
    const value = mappedValue(row, posted);
    if (!value) {
      if (!values[row.fieldvalue]) sources[row.fieldvalue] ??= row.fieldkey;
      continue;
    }
    if (row.fieldvalue === 'note') notes.push(value);
    else if (row.fieldvalue === 'flow_tags') {
      for (const tag of value.split(',').map((t) => t.trim())) {
        if (tag && !tags.some((t) => t.toLowerCase() === tag.toLowerCase())) tags.push(tag);
      }
    } else if (!values[row.fieldvalue]) {
      // The first row with a value wins (a form may offer two fields for the same thing).
      const max = MAX_LENGTH[row.fieldvalue];
      values[row.fieldvalue] = max ? value.slice(0, max).trim() : value;
      sources[row.fieldvalue] = row.fieldkey;
    }
  }
  const mappedKeys = new Set(mapping.map((r) => r.fieldkey));
  const unmapped = Object.keys(posted)
    .filter((key) => !mappedKeys.has(key) && !WEBSITE_RESERVED_FIELDS.includes(key))
    .map((key) => ({ key, value: postedText(posted[key]) }))
    .filter((f) => f.value !== '');

  // Name parts win; otherwise the full name is split like the relation form splits it.
  const split = values.fullname ? splitFullName(values.fullname) : null;
  const hasParts = Boolean(values.name || values.nameprefix || values.surname);
  const name = hasParts
    ? { name: values.name ?? '', nameprefix: values.nameprefix ?? '', surname: values.surname ?? '' }
    : { name: split?.name ?? '', nameprefix: split?.nameprefix ?? '', surname: split?.surname ?? '' };
  if (!hasParts && sources.fullname) sources.surname = sources.fullname;
  const country = values.country || DEFAULT_COUNTRY;
  const postcode = values.postcode ? (normalizePostcode(values.postcode, country) ?? values.postcode) : '';
  return {
    relation: {
      name: name.name.slice(0, MAX_LENGTH.name),
      nameprefix: name.nameprefix.slice(0, MAX_LENGTH.nameprefix),
      surname: name.surname.slice(0, MAX_LENGTH.surname),
      email: (values.email ?? '').toLowerCase(),
      phone: values.phone ?? '',
      mobile: values.mobile ?? '',
    },
    organization: values.organization ?? '',
    location: {
      address: values.address ?? '',
      number: values.number ?? '',
      number_addition: values.number_addition ?? '',
      postcode,
      city: values.city ?? '',
      country,
    },
    flow: { description: values.flow_description ?? '', tags },
    notes,
    unmapped,
    sources,
  };
}

const zLeadEmail = z.email();

/**
 * What is wrong with a lead, by posted field name (empty: nothing): a reachable lead has an e-mail
 * address or a phone number, a given e-mail address is valid, a Dutch postcode is one.
 */
export function checkWebsiteLead(lead: WebsiteLead): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  const add = (target: WebsiteTargetField, message: string) => {
    const field = lead.sources[target] ?? target;
    errors[field] = [...(errors[field] ?? []), message];
  };
  const { email, phone, mobile } = lead.relation;
  if (!email && !phone && !mobile) add('email', WEBSITE_MESSAGES.noContact);
  if (email && !zLeadEmail.safeParse(email).success) add('email', 'Vul een geldig e-mailadres in.');
  if (lead.location.postcode && normalizePostcode(lead.location.postcode, lead.location.country) === null)
    add('postcode', INVALID_POSTCODE);
  return errors;
}

/** Whether a mapping can deliver a reachable lead: a row to the e-mail address or a phone number. */
export function mapsContactField(mapping: readonly WebsiteMappingRow[]): boolean {
  return mapping.some((row) => WEBSITE_CONTACT_TARGETS.includes(row.fieldvalue));
}

/** The text of the lead's note on the flow: mapped note values, then every unmapped field as "key: value". */
export function websiteLeadNote(lead: WebsiteLead, extraLines: readonly string[] = []): string | null {
  const lines = [...lead.notes, ...extraLines, ...lead.unmapped.map((f) => `${f.key}: ${f.value}`)];
  return lines.length ? `Websiteformulier:\n${lines.join('\n')}` : null;
}

/** A postcode to compare addresses by: upper-case, without spaces. */
export function compactPostcode(postcode: string): string {
  return postcode.toUpperCase().replace(/\s+/g, '');
}
