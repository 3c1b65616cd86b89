// The platform administrator's form transfer (spec 000 "Company admin", spec 002 "export/import of
// vertical data fields"; decision 023): a company's forms and data fields as a spreadsheet (export;
// import with a preview, written by a batch job), and forms of the main company's library added to or
// removed from a company. Everything here runs in platform scope and names its company explicitly.
import {
  type CalculationRule,
  FIELD_TRANSFER_COLUMNS,
  FIELD_TRANSFER_MESSAGES,
  FIELD_TYPES,
  type FieldImportPreview,
  type FieldType,
  fieldNameFromLabel,
  type ImportRowError,
  MAIN_COMPANY_ID,
  MAX_VERTICAL_NAME_LENGTH,
  type ShowRule,
  VERTICAL_TYPE_LABELS,
  VERTICAL_TYPES,
  type Vertical,
  type VerticalType,
  validateFormula,
  zCreateVerticalDataField,
} from '@im/domain';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import Papa from 'papaparse';
import type { Tx } from '../../platform/db/database';
import { company } from '../../platform/db/tables/companies.schema';
import { vertical, verticalDataField } from '../../platform/db/tables/forms.schema';
import { AppError, conflict, notFound, validationError } from '../../platform/errors';
import { writeLog } from '../../platform/events/write-log';
import { headerIndex, writeSpreadsheet } from '../../platform/files/spreadsheet';
import { loadFields } from './verticals';

type VerticalRow = typeof vertical.$inferSelect;
type FieldRow = typeof verticalDataField.$inferSelect;

const M = FIELD_TRANSFER_MESSAGES;

/** 404 unless the company exists and is not in the trash; locks it against a concurrent add. */
export async function requireLiveCompany(
  tx: Tx,
  id: number,
  options: { lock?: boolean } = {},
): Promise<void> {
  const query = tx
    .select({ id: company.id })
    .from(company)
    .where(and(eq(company.id, id), isNull(company.deletedAt)));
  const [found] = options.lock ? await query.for('update') : await query;
  if (!found) throw notFound();
}

// ---------------------------------------------------------------- the company's forms

const fieldsCount = sql<number>`(select count(*)::int from vertical_data_field f where f.vertical_id = "vertical"."id")`;

function serializeVertical(v: VerticalRow, fields: number): Vertical {
  return {
    id: v.id,
    name: v.name,
    type: v.type as VerticalType,
    description: v.description,
    is_recurring: v.isRecurring,
    archived: v.archived,
    fields_count: fields,
    created_at: v.createdAt.toISOString(),
    updated_at: v.updatedAt.toISOString(),
  };
}

/** Every form of the company, live ones first, by name (the admin screen; company 1: the library). */
export async function listCompanyVerticals(tx: Tx, companyId: number): Promise<Vertical[]> {
  const rows = await tx
    .select({ v: vertical, fields: fieldsCount })
    .from(vertical)
    .where(eq(vertical.companyId, companyId))
    .orderBy(asc(vertical.archived), asc(vertical.name), asc(vertical.type), asc(vertical.id));
  return rows.map((r) => serializeVertical(r.v, r.fields));
}

/**
 * Spec 000 addverticaltocompany: a copy of a live form of the main company's library, with its
 * fields, becomes a form of the company. 422 when the form is not in the library, 409 when the
 * company already has a live form of that name and type.
 */
export async function addVerticalToCompany(tx: Tx, companyId: number, verticalId: number): Promise<number> {
  await requireLiveCompany(tx, companyId, { lock: true });
  const [source] = await tx
    .select()
    .from(vertical)
    .where(
      and(eq(vertical.id, verticalId), eq(vertical.companyId, MAIN_COMPANY_ID), eq(vertical.archived, false)),
    );
  if (!source) throw validationError(M.verticalNotInLibrary, { verticalId: [M.verticalNotInLibrary] });
  const [existing] = await tx
    .select({ id: vertical.id })
    .from(vertical)
    .where(
      and(
        eq(vertical.companyId, companyId),
        eq(vertical.name, source.name),
        eq(vertical.type, source.type),
        eq(vertical.archived, false),
      ),
    );
  if (existing) throw conflict(M.companyHasVertical);
  const [row] = await tx
    .insert(vertical)
    .values({
      companyId,
      name: source.name,
      type: source.type,
      description: source.description,
      isRecurring: source.isRecurring,
    })
    .returning({ id: vertical.id });
  const newId = row!.id;
  const fields = await loadFields(tx, [source.id]);
  if (fields.length > 0)
    await tx.insert(verticalDataField).values(
      fields.map(({ id: _id, createdAt: _c, updatedAt: _u, companyId: _co, verticalId: _v, ...f }) => ({
        ...f,
        companyId,
        verticalId: newId,
      })),
    );
  await writeLog(tx, {
    type: 'vertical',
    id: newId,
    action: 'create',
    description: `Formulier ${source.name} toegevoegd uit de bibliotheek`,
    companyId,
  });
  return newId;
}

/** Spec 000 removeverticalfromcompany: archives the company's form (404 when it is not the company's). */
export async function removeVerticalFromCompany(
  tx: Tx,
  companyId: number,
  verticalId: number,
): Promise<void> {
  await requireLiveCompany(tx, companyId);
  const [v] = await tx
    .select()
    .from(vertical)
    .where(and(eq(vertical.id, verticalId), eq(vertical.companyId, companyId)));
  if (!v) throw notFound(M.verticalNotInLibrary);
  if (v.archived) return;
  await tx.update(vertical).set({ archived: true, updatedAt: new Date() }).where(eq(vertical.id, v.id));
  await writeLog(tx, {
    type: 'vertical',
    id: v.id,
    action: 'delete',
    description: `Formulier ${v.name} gearchiveerd`,
    companyId,
  });
}

// ---------------------------------------------------------------- export

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const flag = (on: boolean) => (on ? 1 : 0);

/** The company's live forms with their fields, by form (name, type) and field order. */
async function liveFormsWithFields(tx: Tx, companyId: number) {
  const forms = await tx
    .select()
    .from(vertical)
    .where(and(eq(vertical.companyId, companyId), eq(vertical.archived, false)))
    .orderBy(asc(vertical.name), asc(vertical.type), asc(vertical.id));
  const fields = await loadFields(
    tx,
    forms.map((f) => f.id),
  );
  const byForm = new Map<number, FieldRow[]>(forms.map((f) => [f.id, []]));
  for (const f of fields) byForm.get(f.verticalId)?.push(f);
  return forms.map((form) => ({ form, fields: byForm.get(form.id)! }));
}

/**
 * The company's live forms and their fields in the columns an import reads back: one row per field
 * (`volgorde` its position in the form), a form without fields as one row with its name and type.
 * xlsx, or csv (`;`, UTF-8 with a byte order mark, as Dutch spreadsheets read it).
 */
export async function exportFields(
  tx: Tx,
  companyId: number,
  format: 'xlsx' | 'csv',
): Promise<{ bytes: Buffer; filename: string; type: string }> {
  const rows: (string | number)[][] = [];
  for (const { form, fields } of await liveFormsWithFields(tx, companyId)) {
    const typeLabel = VERTICAL_TYPE_LABELS[form.type as VerticalType] ?? form.type;
    if (fields.length === 0) rows.push([form.name, typeLabel, ...Array(10).fill('')]);
    fields.forEach((f, i) => {
      rows.push([
        form.name,
        typeLabel,
        f.fieldLabel,
        f.fieldName,
        f.description,
        f.fieldType,
        f.options.join(', '),
        flag(f.selectableInProducts),
        flag(f.allowLocations),
        i + 1,
        JSON.stringify(f.showRules),
        JSON.stringify(f.calculationRules),
      ]);
    });
  }
  const base = `formulieren-${companyId}-${new Date().toISOString().slice(0, 10)}`;
  if (format === 'xlsx')
    return {
      bytes: await writeSpreadsheet('Formulieren', [...FIELD_TRANSFER_COLUMNS], rows),
      filename: `${base}.xlsx`,
      type: XLSX_TYPE,
    };
  const text = Papa.unparse(
    { fields: [...FIELD_TRANSFER_COLUMNS], data: rows.map((r) => r.map(String)) },
    { delimiter: ';', newline: '\r\n' },
  );
  return {
    bytes: Buffer.from(`\uFEFF${text}\r\n`, 'utf8'),
    filename: `${base}.csv`,
    type: 'text/csv; charset=utf-8',
  };
}

// ---------------------------------------------------------------- import: checking the file

/** What one row gives of a field; a key left out keeps what the field has (or the default of a new one). */
export interface ImportField {
  field_name: string;
  field_label?: string;
  description?: string;
  field_type?: FieldType;
  options?: string[];
  calculationrules?: CalculationRule[];
  showrules?: ShowRule[];
  selectable_in_products?: boolean;
  allow_locations?: boolean;
  /** The 1-based position the field moves to in its form. */
  order?: number;
}

/** One checked row, ready to write. */
export interface FieldImportRow {
  row: number;
  form: string;
  type: VerticalType;
  /** null: a row that only names its form (a form without fields). */
  field: ImportField | null;
}

const TYPE_WORDS = new Map<string, VerticalType>();
for (const type of VERTICAL_TYPES) {
  const label = VERTICAL_TYPE_LABELS[type];
  TYPE_WORDS.set(type, type);
  TYPE_WORDS.set(label, type);
  TYPE_WORDS.set(label.replace(/s?formulier$/, ''), type);
}

const FLAG_WORDS: Record<string, boolean> = {
  '1': true,
  '0': false,
  ja: true,
  nee: false,
  true: true,
  false: false,
  waar: true,
  onwaar: false,
};

/** The contract's field keys as the file names them, for the messages. */
const COLUMN_OF: Record<string, string> = {
  field_label: 'label',
  field_name: 'veldnaam',
  description: 'omschrijving',
  field_type: 'veldtype',
  options: 'opties',
  calculationrules: 'formules',
  showrules: 'toonregels',
  selectable_in_products: 'selecteerbaar_in_producten',
  allow_locations: 'locaties_toestaan',
};

const FIELD_COLUMNS = FIELD_TRANSFER_COLUMNS.filter((c) => c !== 'formulier' && c !== 'formuliertype');

const formKey = (type: string, name: string) => `${type}\u0000${name}`;

class RowError extends Error {}

function parseJsonList(text: string, column: string): unknown[] {
  if (text === '') return [];
  try {
    const value: unknown = JSON.parse(text);
    if (Array.isArray(value)) return value;
  } catch {
    // reported below
  }
  throw new RowError(`${column}: ${M.json}`);
}

/** The company's live forms by (type, name) (the lowest id when two share both) with their fields. */
async function formsByKey(tx: Tx, companyId: number) {
  const map = new Map<string, { form: VerticalRow; fields: FieldRow[] }>();
  for (const entry of await liveFormsWithFields(tx, companyId)) {
    const key = formKey(entry.form.type, entry.form.name);
    const known = map.get(key);
    if (!known || known.form.id > entry.form.id) map.set(key, entry);
  }
  return map;
}

/**
 * Checks every row of a forms file against the data field rules (the same schema as the save call),
 * the form names and types, duplicate field names and the formulas and show rules (against the
 * form's fields, existing or in the file). Rows in error are reported with their number and left out.
 */
export async function checkFieldRows(
  tx: Tx,
  companyId: number,
  rows: string[][],
): Promise<{ rows: FieldImportRow[]; errors: ImportRowError[]; preview: FieldImportPreview }> {
  const index = headerIndex(rows[0] ?? []);
  if (!index.has('formulier'))
    throw new AppError('validation', M.formColumnMissing, { errors: { file: [M.formColumnMissing] } });
  if (!index.has('label') && !index.has('veldnaam'))
    throw new AppError('validation', M.labelColumnMissing, { errors: { file: [M.labelColumnMissing] } });
  const cell = (cells: string[], column: string): string | undefined => {
    const at = index.get(column);
    return at === undefined ? undefined : (cells[at] ?? '').trim();
  };
  const existing = await formsByKey(tx, companyId);
  const fieldsOf = new Map(
    [...existing].map(([key, entry]) => [key, new Map(entry.fields.map((f) => [f.fieldName, f]))]),
  );
  const body = rows
    .slice(1)
    .map((cells, i) => ({ cells, row: i + 2 }))
    .filter(({ cells }) => cells.some((c) => c !== ''));

  const errors: ImportRowError[] = [];
  const fail = (row: number, message: string) => errors.push({ row, message: `Rij ${row}: ${message}` });
  const checked: FieldImportRow[] = [];
  /** First row of each (form, field name), for the duplicate message. */
  const seen = new Map<string, number>();

  for (const { cells, row } of body) {
    try {
      const form = cell(cells, 'formulier') ?? '';
      if (form === '') throw new RowError(M.formNameRequired);
      if (form.length > MAX_VERTICAL_NAME_LENGTH) throw new RowError(M.formNameTooLong);
      const typeText = (cell(cells, 'formuliertype') ?? '').toLowerCase();
      const type = typeText === '' ? 'intake' : TYPE_WORDS.get(typeText);
      if (!type) throw new RowError(`${M.unknownFormType}: ${cell(cells, 'formuliertype')}.`);
      const label = cell(cells, 'label') ?? '';
      const nameText = cell(cells, 'veldnaam') ?? '';
      if (label === '' && nameText === '') {
        if (FIELD_COLUMNS.some((c) => (cell(cells, c) ?? '') !== '')) throw new RowError(M.labelRequired);
        checked.push({ row, form, type, field: null });
        continue;
      }
      const fieldName = nameText === '' ? fieldNameFromLabel(label) : nameText;
      const key = `${formKey(type, form)}\u0000${fieldName}`;
      const first = seen.get(key);
      if (first !== undefined) throw new RowError(`${M.fieldNameTaken} (${fieldName}, rij ${first}).`);
      const prior = fieldsOf.get(formKey(type, form))?.get(fieldName);
      if (label === '' && !prior) throw new RowError(M.labelRequired);

      const typeCell = cell(cells, 'veldtype') ?? '';
      let fieldType: FieldType | undefined;
      if (typeCell !== '') {
        fieldType = FIELD_TYPES.find((t) => t === typeCell.toLowerCase());
        if (!fieldType) throw new RowError(`${M.unknownFieldType}: ${typeCell}.`);
      }
      const flagOf = (column: string): boolean | undefined => {
        const text = (cell(cells, column) ?? '').toLowerCase();
        if (text === '') return undefined;
        const value = FLAG_WORDS[text];
        if (value === undefined) throw new RowError(`${column}: ${M.flag}`);
        return value;
      };
      const selectable = flagOf('selecteerbaar_in_producten');
      const locations = flagOf('locaties_toestaan');
      const orderText = cell(cells, 'volgorde') ?? '';
      let order: number | undefined;
      if (orderText !== '') {
        order = Number(orderText);
        if (!Number.isInteger(order) || order < 1 || order > 10_000)
          throw new RowError(`volgorde: ${M.order}`);
      }
      const optionsText = cell(cells, 'opties');
      const showText = cell(cells, 'toonregels');
      const formulaText = cell(cells, 'formules');
      const description = cell(cells, 'omschrijving');
      const input = {
        vertical_id: 1,
        field_label: label || prior?.fieldLabel,
        field_name: fieldName,
        description: description ?? prior?.description,
        field_type: fieldType ?? prior?.fieldType ?? 'text',
        options: optionsText ?? prior?.options ?? [],
        calculationrules:
          formulaText === undefined
            ? (prior?.calculationRules ?? [])
            : parseJsonList(formulaText, 'formules'),
        showrules: showText === undefined ? (prior?.showRules ?? []) : parseJsonList(showText, 'toonregels'),
        selectable_in_products: selectable ?? prior?.selectableInProducts ?? true,
        allow_locations: locations ?? prior?.allowLocations ?? false,
      };
      const parsed = zCreateVerticalDataField.safeParse(input);
      if (!parsed.success) {
        const issue = parsed.error.issues[0]!;
        const [head, ...rest] = issue.path.map(String);
        const column = [COLUMN_OF[head ?? ''] ?? head, ...rest].filter(Boolean).join('.');
        throw new RowError(column ? `${column}: ${issue.message}` : issue.message);
      }
      const f = parsed.data;
      if (f.field_type === 'selectbox' && f.options.length === 0)
        throw new RowError(`opties: Een keuzelijst heeft minstens één optie nodig.`);
      seen.set(key, row);
      checked.push({
        row,
        form,
        type,
        field: {
          field_name: fieldName,
          ...(label !== '' && { field_label: f.field_label }),
          ...(description !== undefined && { description: f.description ?? '' }),
          ...(fieldType !== undefined && { field_type: f.field_type }),
          ...(optionsText !== undefined && { options: f.options }),
          ...(formulaText !== undefined && { calculationrules: f.calculationrules }),
          ...(showText !== undefined && { showrules: f.showrules }),
          ...(selectable !== undefined && { selectable_in_products: selectable }),
          ...(locations !== undefined && { allow_locations: locations }),
          ...(order !== undefined && { order }),
        },
      });
    } catch (err) {
      if (!(err instanceof RowError)) throw err;
      fail(row, err.message);
    }
  }

  // Formulas and show rules may name any field of the form: existing, or a good row of the file.
  const names = new Map<string, Set<string>>();
  for (const [key, entry] of existing) names.set(key, new Set(entry.fields.map((f) => f.fieldName)));
  for (const r of checked) {
    const key = formKey(r.type, r.form);
    if (!names.has(key)) names.set(key, new Set());
    if (r.field) names.get(key)!.add(r.field.field_name);
  }
  const good = checked.filter((r) => {
    if (!r.field) return true;
    const known = names.get(formKey(r.type, r.form))!;
    const problem = ruleProblem(r.field, known);
    if (problem) fail(r.row, problem);
    return !problem;
  });
  errors.sort((a, b) => a.row - b.row);

  const preview: FieldImportPreview = {
    rows: body.length,
    forms_create: 0,
    create: 0,
    update: 0,
    unchanged: 0,
    errors,
  };
  for (const [key, group] of groupByForm(good)) {
    const entry = existing.get(key);
    if (!entry) preview.forms_create++;
    const plan = planForm(entry?.fields ?? [], group);
    preview.create += plan.created;
    preview.update += plan.updated;
    preview.unchanged += plan.unchanged;
  }
  return { rows: good, errors, preview };
}

/** The first formula or show rule of the row that names an unknown field or does not read. */
function ruleProblem(field: ImportField, known: Set<string>): string | null {
  const others = [...known].filter((n) => n !== field.field_name);
  for (const rule of field.calculationrules ?? []) {
    const problem = validateFormula(rule.formula, others);
    if (problem) return `formules: ${problem}`;
  }
  const showRules = [
    ...(field.showrules ?? []),
    ...(field.calculationrules ?? []).flatMap((r) => r.showrules),
  ];
  for (const rule of showRules) {
    if (!known.has(rule.field_name)) return `toonregels: ${M.unknownShowRuleField}: ${rule.field_name}.`;
  }
  return null;
}

function groupByForm(rows: FieldImportRow[]): Map<string, FieldImportRow[]> {
  const groups = new Map<string, FieldImportRow[]>();
  for (const r of rows) {
    const key = formKey(r.type, r.form);
    const group = groups.get(key);
    if (group) group.push(r);
    else groups.set(key, [r]);
  }
  return groups;
}

// ---------------------------------------------------------------- import: planning and writing

interface FieldValues {
  fieldLabel: string;
  fieldName: string;
  description: string;
  fieldType: string;
  options: string[];
  calculationRules: CalculationRule[];
  showRules: ShowRule[];
  selectableInProducts: boolean;
  allowLocations: boolean;
}

interface Slot {
  id: number | null;
  before: FieldValues | null;
  oldOrder: number | null;
  values: FieldValues;
}

/** JSON with sorted keys: jsonb keeps its own key order, so a plain stringify would see changes. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_k, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
}

const valuesOf = (f: FieldRow): FieldValues => ({
  fieldLabel: f.fieldLabel,
  fieldName: f.fieldName,
  description: f.description,
  fieldType: f.fieldType,
  options: f.options,
  calculationRules: f.calculationRules,
  showRules: f.showRules,
  selectableInProducts: f.selectableInProducts,
  allowLocations: f.allowLocations,
});

function applyGiven(v: FieldValues, f: ImportField): FieldValues {
  return {
    fieldLabel: f.field_label ?? v.fieldLabel,
    fieldName: v.fieldName,
    description: f.description ?? v.description,
    fieldType: f.field_type ?? v.fieldType,
    options: f.options ?? v.options,
    calculationRules: f.calculationrules ?? v.calculationRules,
    showRules: f.showrules ?? v.showRules,
    selectableInProducts: f.selectable_in_products ?? v.selectableInProducts,
    allowLocations: f.allow_locations ?? v.allowLocations,
  };
}

interface FormPlan {
  inserts: { values: FieldValues; order: number }[];
  updates: { id: number; values: FieldValues; order: number }[];
  created: number;
  updated: number;
  unchanged: number;
}

/**
 * What rows do to one form's fields, in the file's order: a field is found by its name and updated,
 * or added at the end; a row with `volgorde` then moves its field to that position. The positions
 * end up 1..n (kept dense, as decision 023 wants); only what differs is written.
 */
function planForm(existing: FieldRow[], rows: FieldImportRow[]): FormPlan {
  const slots: Slot[] = [...existing]
    .sort((a, b) => a.order - b.order || a.id - b.id)
    .map((f) => ({ id: f.id, before: valuesOf(f), oldOrder: f.order, values: valuesOf(f) }));
  const byName = new Map(slots.map((s) => [s.values.fieldName, s]));
  const touched: Slot[] = [];
  for (const { field } of rows) {
    if (!field) continue;
    let slot = byName.get(field.field_name);
    if (slot) {
      slot.values = applyGiven(slot.values, field);
    } else {
      const label = field.field_label ?? field.field_name;
      slot = {
        id: null,
        before: null,
        oldOrder: null,
        values: applyGiven(
          {
            fieldLabel: label,
            fieldName: field.field_name,
            description: label,
            fieldType: 'text',
            options: [],
            calculationRules: [],
            showRules: [],
            selectableInProducts: true,
            allowLocations: false,
          },
          field,
        ),
      };
      slots.push(slot);
      byName.set(field.field_name, slot);
    }
    touched.push(slot);
    if (field.order !== undefined) {
      slots.splice(slots.indexOf(slot), 1);
      slots.splice(Math.min(field.order, slots.length + 1) - 1, 0, slot);
    }
  }
  const plan: FormPlan = { inserts: [], updates: [], created: 0, updated: 0, unchanged: 0 };
  const changed = new Set<Slot>();
  slots.forEach((slot, i) => {
    const order = i + 1;
    if (slot.id === null) plan.inserts.push({ values: slot.values, order });
    else if (slot.oldOrder !== order || canonical(slot.before) !== canonical(slot.values)) {
      plan.updates.push({ id: slot.id, values: slot.values, order });
      changed.add(slot);
    }
  });
  for (const slot of touched) {
    if (slot.id === null) plan.created++;
    else if (changed.has(slot)) plan.updated++;
    else plan.unchanged++;
  }
  return plan;
}

export interface FieldImportCounts {
  formsCreated: number;
  created: number;
  updated: number;
  unchanged: number;
}

/**
 * Writes checked rows into the company's forms: a form is found by name and type among the live
 * ones (else made), its fields by name (else added). Run in chunks by the import batch; each chunk
 * reads the forms as the chunks before it left them.
 */
export async function writeFieldRows(
  tx: Tx,
  companyId: number,
  rows: FieldImportRow[],
): Promise<FieldImportCounts> {
  const counts: FieldImportCounts = { formsCreated: 0, created: 0, updated: 0, unchanged: 0 };
  for (const group of groupByForm(rows).values()) {
    const { form: name, type } = group[0]!;
    const [found] = await tx
      .select()
      .from(vertical)
      .where(
        and(
          eq(vertical.companyId, companyId),
          eq(vertical.name, name),
          eq(vertical.type, type),
          eq(vertical.archived, false),
        ),
      )
      .orderBy(asc(vertical.id))
      .limit(1)
      .for('update');
    let formId = found?.id;
    if (formId === undefined) {
      const [created] = await tx
        .insert(vertical)
        .values({ companyId, name, type })
        .returning({ id: vertical.id });
      formId = created!.id;
      counts.formsCreated++;
      await writeLog(tx, {
        type: 'vertical',
        id: formId,
        action: 'create',
        description: `Formulier ${name} aangemaakt uit een bestand`,
        companyId,
      });
    }
    const plan = planForm(formId === found?.id ? await loadFields(tx, [formId]) : [], group);
    counts.created += plan.created;
    counts.updated += plan.updated;
    counts.unchanged += plan.unchanged;
    if (plan.inserts.length === 0 && plan.updates.length === 0) continue;
    const now = new Date();
    for (const u of plan.updates)
      await tx
        .update(verticalDataField)
        .set({ ...u.values, order: u.order, updatedAt: now })
        .where(and(eq(verticalDataField.id, u.id), eq(verticalDataField.companyId, companyId)));
    if (plan.inserts.length > 0)
      await tx
        .insert(verticalDataField)
        .values(plan.inserts.map((i) => ({ ...i.values, order: i.order, companyId, verticalId: formId })));
    await tx.update(vertical).set({ updatedAt: now }).where(eq(vertical.id, formId));
    await writeLog(tx, {
      type: 'vertical',
      id: formId,
      action: 'import',
      description: `Formulier ${name}: ${plan.created} velden toegevoegd en ${plan.updated} bijgewerkt uit een bestand`,
      changes: { rows: group.map((r) => r.row) },
      companyId,
    });
  }
  return counts;
}
