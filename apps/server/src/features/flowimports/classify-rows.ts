import {
  DEFAULT_COUNTRY,
  defaultFlowImportChoice,
  FLOW_IMPORT_FIELDS,
  FLOW_IMPORT_TEXTS,
  type FlowImportChoice,
  type FlowImportField,
  type FlowImportMapping,
  type FlowImportPreviewRow,
  type FlowImportRowStatus,
  fullAddress,
  fullName,
  INVALID_POSTCODE,
  isPlausiblePhone,
  normalizePostcode,
  splitFullName,
  zEmailOrEmpty,
} from '@im/domain';
import { rawRows, type Tx } from '../../platform/db/database';
import type { ImportSheet } from './read-import-file';

/** Column widths of relation, location and flow: a longer value is refused, never cut. */
const MAX_LENGTH: Partial<Record<FlowImportField, number>> = {
  fullname: 300,
  name: 100,
  nameprefix: 50,
  surname: 150,
  email: 254,
  phone: 40,
  mobile: 40,
  address: 200,
  number: 20,
  number_addition: 20,
  postcode: 10,
  city: 100,
  country: 100,
  description: 300,
  reference: 60,
  reference2: 60,
  reference3: 60,
};

export interface ImportAddress {
  address: string;
  number: string;
  number_addition: string;
  postcode: string;
  city: string;
  country: string;
}

/** A row ready to be written: what the import job gets, checked and normalised. */
export interface PreparedRow {
  row: number;
  choice: Exclude<FlowImportChoice, 'skip'>;
  /** The existing relation the flow goes to (choice existing, or the batch's relation link). */
  relationId: number | null;
  /** The existing relation's location at this address, if it has one. */
  locationId: number | null;
  name: string;
  nameprefix: string;
  surname: string;
  email: string;
  phone: string;
  mobile: string;
  location: ImportAddress | null;
  description: string;
}

export interface ClassifiedRow {
  preview: FlowImportPreviewRow;
  prepared: Omit<PreparedRow, 'choice'>;
}

interface Match {
  relation_id: number;
  fullname: string;
  address: string;
  reason: 'email' | 'address' | 'name';
  location_id: number | null;
}

const addressKey = (a: { postcode: string; number: string; number_addition: string }) =>
  `${a.postcode.replace(/\s/g, '').toUpperCase()}|${a.number}|${a.number_addition.toLowerCase()}`;

/** Checks every row against the rules of a relation and its address, in the preview's classes. */
function checkRow(
  cells: string[],
  columns: Map<FlowImportField, number>,
  relationLinked: boolean,
): {
  prepared: Omit<PreparedRow, 'choice' | 'row' | 'relationId' | 'locationId'>;
  errors: Record<string, string>;
} {
  const value = (f: FlowImportField) => {
    const i = columns.get(f);
    return i === undefined ? '' : (cells[i] ?? '').trim();
  };
  const errors: Record<string, string> = {};
  for (const f of FLOW_IMPORT_FIELDS) {
    const max = MAX_LENGTH[f];
    if (max && value(f).length > max) errors[f] = FLOW_IMPORT_TEXTS.tooLong(max);
  }
  const names =
    value('surname') || value('name')
      ? { name: value('name'), nameprefix: value('nameprefix'), surname: value('surname') }
      : splitFullName(value('fullname'));
  if (!names.surname && !names.name && !relationLinked) errors.fullname ??= FLOW_IMPORT_TEXTS.requiredName;
  if (!names.surname && names.name) {
    names.surname = names.name;
    names.name = '';
  }
  const email = zEmailOrEmpty.safeParse(value('email'));
  if (!email.success) errors.email ??= FLOW_IMPORT_TEXTS.invalidEmail;
  for (const f of ['phone', 'mobile'] as const)
    if (value(f) && !isPlausiblePhone(value(f))) errors[f] ??= FLOW_IMPORT_TEXTS.invalidPhone;
  const country = value('country') || DEFAULT_COUNTRY;
  const postcode = normalizePostcode(value('postcode'), country);
  if (postcode === null) errors.postcode ??= INVALID_POSTCODE;
  let number = value('number');
  let addition = value('number_addition');
  // '12a', '12 A', '12-2' in one column: number and addition.
  const split = /^([1-9]\d{0,4})\s*[-/]?\s*([A-Za-z0-9]{1,6})?$/.exec(number);
  if (number && !split) errors.number ??= FLOW_IMPORT_TEXTS.invalidNumber;
  else if (split?.[2] && !addition) {
    number = split[1]!;
    addition = split[2];
  }
  const hasAddress = Boolean(value('address') || number || postcode || value('city'));
  if (relationLinked && (!postcode || !number)) errors.postcode ??= FLOW_IMPORT_TEXTS.requiredAddress;
  const description = [value('description'), value('reference'), value('reference2'), value('reference3')]
    .filter(Boolean)
    .join(' · ');
  return {
    errors,
    prepared: {
      name: names.name,
      nameprefix: names.nameprefix,
      surname: names.surname,
      email: email.success ? email.data : '',
      phone: value('phone'),
      mobile: value('mobile'),
      location: hasAddress
        ? {
            address: value('address'),
            number,
            number_addition: addition,
            postcode: postcode ?? '',
            city: value('city'),
            country,
          }
        : null,
      description,
    },
  };
}

/** Existing relations that look like the rows: same e-mail, same postcode and house number, same name. */
async function findMatches(tx: Tx, rows: Omit<PreparedRow, 'choice'>[]): Promise<Map<number, Match>> {
  const emails = [...new Set(rows.map((r) => r.email).filter(Boolean))];
  const postcodes = [...new Set(rows.flatMap((r) => (r.location?.postcode ? [r.location.postcode] : [])))];
  const names = [...new Set(rows.map((r) => fullName(r)).filter(Boolean))];
  // One after the other: the statements share the transaction's connection.
  const byEmail = emails.length
    ? await rawRows<{ id: number; fullname: string; email: string }>(
        tx,
        'select id, fullname, email from relation where deleted_at is null and email = any($1::text[]) order by id',
        [emails],
      )
    : [];
  const byAddress = postcodes.length
    ? await rawRows<{
        id: number;
        fullname: string;
        location_id: number;
        postcode: string;
        number: string;
        number_addition: string;
      }>(
        tx,
        `select r.id, r.fullname, l.id as location_id, l.postcode, l.number, l.number_addition
           from location l join relation r on r.id = l.relation_id
           where l.postcode = any($1::text[]) and r.deleted_at is null order by l.is_main desc, r.id`,
        [postcodes],
      )
    : [];
  const byName = names.length
    ? await rawRows<{ id: number; fullname: string }>(
        tx,
        'select id, fullname from relation where deleted_at is null and fullname = any($1::text[]) order by id',
        [names],
      )
    : [];
  const emailMap = new Map<string, (typeof byEmail)[number]>();
  for (const r of byEmail) if (!emailMap.has(r.email)) emailMap.set(r.email, r);
  const addressMap = new Map<string, (typeof byAddress)[number]>();
  for (const r of byAddress) if (!addressMap.has(addressKey(r))) addressMap.set(addressKey(r), r);
  const nameMap = new Map<string, (typeof byName)[number]>();
  for (const r of byName) if (!nameMap.has(r.fullname)) nameMap.set(r.fullname, r);

  const matches = new Map<number, Match>();
  for (const row of rows) {
    const atAddress =
      row.location?.postcode && row.location.number ? addressMap.get(addressKey(row.location)) : undefined;
    const email = row.email ? emailMap.get(row.email) : undefined;
    const name = nameMap.get(fullName(row));
    const hit = email
      ? { id: email.id, fullname: email.fullname, reason: 'email' as const }
      : atAddress
        ? { id: atAddress.id, fullname: atAddress.fullname, reason: 'address' as const }
        : name
          ? { id: name.id, fullname: name.fullname, reason: 'name' as const }
          : null;
    if (!hit) continue;
    matches.set(row.row, {
      relation_id: hit.id,
      fullname: hit.fullname,
      address: '',
      reason: hit.reason,
      location_id: atAddress && atAddress.id === hit.id ? atAddress.location_id : null,
    });
  }
  const ids = [...new Set([...matches.values()].map((m) => m.relation_id))];
  if (ids.length) {
    const addresses = await rawRows<ImportAddress & { relation_id: number }>(
      tx,
      `select distinct on (relation_id) relation_id, address, number, number_addition, postcode, city, country
       from location where relation_id = any($1::int[]) order by relation_id, is_main desc, id`,
      [ids],
    );
    const shown = new Map(addresses.map((a) => [a.relation_id, addressText(a)]));
    for (const m of matches.values()) m.address = shown.get(m.relation_id) ?? '';
  }
  return matches;
}

const addressText = (a: ImportAddress) =>
  fullAddress({
    address: a.address,
    number: a.number,
    numberAddition: a.number_addition,
    postcode: a.postcode,
    city: a.city,
    country: a.country,
  });

/**
 * The preview of every row (decision 063): refused with the reason per cell, a duplicate of an earlier
 * row of the file, matching an existing relation, or new. Nothing is written.
 */
export async function classifyRows(
  tx: Tx,
  sheet: ImportSheet,
  mapping: FlowImportMapping,
  links: { relationId: number | null },
): Promise<ClassifiedRow[]> {
  const columns = new Map<FlowImportField, number>();
  for (const f of FLOW_IMPORT_FIELDS) {
    const header = mapping[f];
    const i = header ? sheet.headers.indexOf(header) : -1;
    if (i >= 0) columns.set(f, i);
  }
  const relationLinked = links.relationId !== null;
  const checked = sheet.rows.map(({ row, cells }) => {
    const { prepared, errors } = checkRow(cells, columns, relationLinked);
    return { row, errors, prepared: { ...prepared, row, relationId: links.relationId, locationId: null } };
  });
  const firstSeen = new Map<string, number>();
  const duplicateOf = new Map<number, number>();
  for (const c of checked) {
    if (Object.keys(c.errors).length) continue;
    const p = c.prepared;
    const keys = [
      p.email ? `e:${p.email}` : '',
      p.location?.postcode && p.location.number ? `a:${addressKey(p.location)}` : '',
      !relationLinked && !p.email && !p.location?.postcode ? `n:${fullName(p).toLowerCase()}` : '',
    ].filter(Boolean);
    const earlier = keys.map((k) => firstSeen.get(k)).find((r) => r !== undefined);
    if (earlier !== undefined) duplicateOf.set(c.row, earlier);
    else for (const k of keys) firstSeen.set(k, c.row);
  }
  const matches = relationLinked
    ? new Map<number, Match>()
    : await findMatches(
        tx,
        checked
          .filter((c) => !Object.keys(c.errors).length && !duplicateOf.has(c.row))
          .map((c) => c.prepared),
      );
  return checked.map((c) => {
    const match = matches.get(c.row) ?? null;
    const status: FlowImportRowStatus = Object.keys(c.errors).length
      ? 'refused'
      : duplicateOf.has(c.row)
        ? 'duplicate'
        : match
          ? 'existing'
          : 'new';
    const p = c.prepared;
    return {
      preview: {
        row: c.row,
        status,
        choice: defaultFlowImportChoice(status),
        fullname: fullName(p),
        address: p.location ? addressText(p.location) : '',
        email: p.email,
        errors: c.errors,
        match: match
          ? {
              relation_id: match.relation_id,
              fullname: match.fullname,
              address: match.address,
              reason: match.reason,
            }
          : null,
        duplicate_of: duplicateOf.get(c.row) ?? null,
      },
      prepared: { ...p, locationId: match?.location_id ?? null },
    };
  });
}

/** The rows to write with the user's choices: refused rows never, 'existing' only where a relation matched. */
export function chooseRows(
  classified: ClassifiedRow[],
  choices: Record<string, FlowImportChoice>,
): PreparedRow[] {
  const chosen: PreparedRow[] = [];
  for (const { preview, prepared } of classified) {
    if (preview.status === 'refused') continue;
    const choice = choices[String(preview.row)] ?? preview.choice;
    if (choice === 'skip') continue;
    if (choice === 'existing' && !preview.match) continue;
    chosen.push({
      ...prepared,
      choice,
      // 'create' makes a relation, unless the batch links every flow to one relation (then rows are addresses).
      relationId: choice === 'existing' ? preview.match!.relation_id : prepared.relationId,
      locationId: choice === 'existing' ? prepared.locationId : null,
    });
  }
  return chosen;
}
