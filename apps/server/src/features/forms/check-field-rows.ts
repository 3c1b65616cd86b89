import {
  FIELD_TRANSFER_COLUMNS,
  FIELD_TYPES,
  type FieldImportPreview,
  type FieldType,
  fieldNameFromLabel,
  type ImportRowError,
  MAX_VERTICAL_NAME_LENGTH,
  VERTICAL_TYPE_LABELS,
  VERTICAL_TYPES,
  type VerticalType,
  validateFormula,
  zCreateVerticalDataField,
} from '@im/domain';
import type { Tx } from '../../platform/db/database';
import { AppError } from '../../platform/errors';
import { headerIndex } from '../../platform/files/spreadsheet';
import { type FieldImportRow, formKey, groupByForm, type ImportField } from './field-import-rows';
import { type FieldRow, liveFormsWithFields, M, type VerticalRow } from './field-transfer-common';
import { planForm } from './plan-field-import';

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
