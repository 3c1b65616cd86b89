// Forms (verticals) and their data fields (spec 002 sections 2, 3, 5; decision 023).
import {
  type CreateVertical,
  type CreateVerticalDataField,
  FORM_MESSAGES,
  fieldNameFromLabel,
  type Paginated,
  type UpdateVertical,
  type UpdateVerticalDataField,
  type VERTICAL_SORTS,
  type Vertical,
  type VerticalDataField,
  type VerticalDetail,
  type VerticalPageQuery,
  type VerticalType,
  validateFormula,
} from '@im/domain';
import { and, asc, count, eq, gt, gte, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/database';
import { containsPattern, sortOrder } from '../../platform/db/paginate';
import { vertical, verticalDataField } from '../../platform/db/tables/forms.schema';
import { conflict, notFound, validationError } from '../../platform/errors';
import { writeLog } from '../../platform/events/write-log';

type VerticalRow = typeof vertical.$inferSelect;
type FieldRow = typeof verticalDataField.$inferSelect;

// Named in full: inside the sub-select a bare "id" would be the field's own id.
export const fieldsCount = sql<number>`(select count(*)::int from vertical_data_field f where f.vertical_id = "vertical"."id")`;

export function serializeVertical(v: VerticalRow, fields: number): Vertical {
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

export function serializeField(f: FieldRow): VerticalDataField {
  return {
    id: f.id,
    vertical_id: f.verticalId,
    field_label: f.fieldLabel,
    field_name: f.fieldName,
    description: f.description,
    field_type: f.fieldType as VerticalDataField['field_type'],
    options: f.options,
    calculationrules: f.calculationRules,
    showrules: f.showRules,
    order: f.order,
    selectable_in_products: f.selectableInProducts,
    allow_locations: f.allowLocations,
    created_at: f.createdAt.toISOString(),
    updated_at: f.updatedAt.toISOString(),
  };
}

/** The overview (spec 002 section 2): paged on the server, sortable, archived ones apart. */
export async function queryVerticals(tx: Tx, q: VerticalPageQuery): Promise<Paginated<Vertical>> {
  const where: (SQL | undefined)[] = [eq(vertical.archived, q.archived)];
  if (q.type) where.push(eq(vertical.type, q.type));
  const text = q.query?.trim();
  if (text)
    where.push(
      or(ilike(vertical.name, containsPattern(text)), ilike(vertical.description, containsPattern(text))),
    );
  const condition = and(...where);
  const [total] = await tx.select({ n: count() }).from(vertical).where(condition);
  const order = sortOrder<(typeof VERTICAL_SORTS)[number]>(
    q.sort,
    {
      name: vertical.name,
      type: vertical.type,
      description: vertical.description,
      fields_count: fieldsCount,
      created_at: vertical.createdAt,
    },
    'name',
    vertical.id,
  );
  const rows = await tx
    .select({ v: vertical, fields: fieldsCount })
    .from(vertical)
    .where(condition)
    .orderBy(...order)
    .limit(q.limit)
    .offset(q.offset);
  return {
    data: rows.map((r) => serializeVertical(r.v, r.fields)),
    pagination: { total: total?.n ?? 0, offset: q.offset, limit: q.limit },
  };
}

/** Every live form of the company (pickers), optionally of one type. */
/** Live forms, of one type if given, among `only` if given (a request profile's whitelist). */
export async function listVerticals(
  tx: Tx,
  type?: VerticalType,
  only?: number[] | null,
): Promise<Vertical[]> {
  const rows = await tx
    .select({ v: vertical, fields: fieldsCount })
    .from(vertical)
    .where(
      and(
        eq(vertical.archived, false),
        type ? eq(vertical.type, type) : undefined,
        only ? inArray(vertical.id, only) : undefined,
      ),
    )
    .orderBy(asc(vertical.name), asc(vertical.id));
  return rows.map((r) => serializeVertical(r.v, r.fields));
}

export async function loadFields(tx: Tx, verticalIds: number[]): Promise<FieldRow[]> {
  if (verticalIds.length === 0) return [];
  return tx
    .select()
    .from(verticalDataField)
    .where(sql`${verticalDataField.verticalId} in ${verticalIds}`)
    .orderBy(asc(verticalDataField.verticalId), asc(verticalDataField.order), asc(verticalDataField.id));
}

export async function loadVertical(tx: Tx, id: number): Promise<VerticalDetail | null> {
  const [v] = await tx.select().from(vertical).where(eq(vertical.id, id));
  if (!v) return null;
  const fields = await loadFields(tx, [id]);
  return { ...serializeVertical(v, fields.length), verticaldatafields: fields.map(serializeField) };
}

export async function requireVertical(
  tx: Tx,
  id: number,
  options: { live?: boolean } = {},
): Promise<VerticalRow> {
  const [v] = await tx.select().from(vertical).where(eq(vertical.id, id));
  if (!v) throw notFound(FORM_MESSAGES.verticalNotFound);
  if (options.live && v.archived) throw conflict(FORM_MESSAGES.verticalArchived);
  return v;
}

export async function createVertical(tx: Tx, input: CreateVertical): Promise<number> {
  const [row] = await tx
    .insert(vertical)
    .values({
      name: input.name,
      type: input.type,
      description: input.description,
      isRecurring: input.is_recurring,
    })
    .returning({ id: vertical.id });
  await writeLog(tx, {
    type: 'vertical',
    id: row!.id,
    action: 'create',
    description: `Formulier ${input.name} aangemaakt`,
  });
  return row!.id;
}

export async function updateVertical(tx: Tx, id: number, input: UpdateVertical): Promise<void> {
  const before = await requireVertical(tx, id);
  await tx
    .update(vertical)
    .set({
      name: input.name,
      type: input.type,
      description: input.description,
      isRecurring: input.is_recurring,
      updatedAt: new Date(),
    })
    .where(eq(vertical.id, id));
  await writeLog(tx, {
    type: 'vertical',
    id,
    action: 'update',
    description: `Formulier ${input.name ?? before.name} gewijzigd`,
  });
}

/** Spec 000: deleting a form only archives it (flow data keeps pointing at it). */
export async function archiveVertical(tx: Tx, id: number): Promise<void> {
  const v = await requireVertical(tx, id);
  await tx.update(vertical).set({ archived: true, updatedAt: new Date() }).where(eq(vertical.id, id));
  await writeLog(tx, {
    type: 'vertical',
    id,
    action: 'delete',
    description: `Formulier ${v.name} gearchiveerd`,
  });
}

export async function restoreVertical(tx: Tx, id: number): Promise<void> {
  const v = await requireVertical(tx, id);
  await tx.update(vertical).set({ archived: false, updatedAt: new Date() }).where(eq(vertical.id, id));
  await writeLog(tx, {
    type: 'vertical',
    id,
    action: 'restore',
    description: `Formulier ${v.name} hersteld`,
  });
}

/** A copy of a form with all its fields (name suffixed), for a variant of an existing form. */
export async function duplicateVertical(tx: Tx, id: number): Promise<number> {
  const v = await requireVertical(tx, id);
  const newId = await createVertical(tx, {
    name: `${v.name} (kopie)`.slice(0, 200),
    type: v.type as VerticalType,
    description: v.description,
    is_recurring: v.isRecurring,
  });
  const fields = await loadFields(tx, [id]);
  if (fields.length > 0)
    await tx.insert(verticalDataField).values(
      fields.map(({ id: _id, createdAt: _c, updatedAt: _u, companyId: _co, ...f }) => ({
        ...f,
        verticalId: newId,
      })),
    );
  return newId;
}

// ---------------------------------------------------------------- data fields

function checkRules(
  names: Set<string>,
  ownName: string,
  input: Pick<CreateVerticalDataField, 'calculationrules' | 'showrules' | 'field_type' | 'options'>,
): void {
  const errors: Record<string, string[]> = {};
  if (input.field_type === 'selectbox' && input.options.length === 0)
    errors.options = [FORM_MESSAGES.optionsRequired];
  const known = [...names].filter((n) => n !== ownName);
  input.calculationrules.forEach((rule, i) => {
    const problem = validateFormula(rule.formula, known);
    if (problem) errors[`calculationrules.${i}.formula`] = [problem];
  });
  if (Object.keys(errors).length > 0) throw validationError(Object.values(errors)[0]![0]!, errors);
}

async function fieldNamesOf(tx: Tx, verticalId: number): Promise<Set<string>> {
  const rows = await tx
    .select({ name: verticalDataField.fieldName })
    .from(verticalDataField)
    .where(eq(verticalDataField.verticalId, verticalId));
  return new Set(rows.map((r) => r.name));
}

function uniqueName(wanted: string, taken: Set<string>): string {
  if (!taken.has(wanted)) return wanted;
  for (let i = 2; ; i++) {
    const candidate = `${wanted.slice(0, 95)}_${i}`;
    if (!taken.has(candidate)) return candidate;
  }
}

export async function requireField(tx: Tx, id: number): Promise<FieldRow> {
  const [f] = await tx.select().from(verticalDataField).where(eq(verticalDataField.id, id));
  if (!f) throw notFound(FORM_MESSAGES.fieldNotFound);
  return f;
}

export async function createField(tx: Tx, input: CreateVerticalDataField): Promise<number> {
  await requireVertical(tx, input.vertical_id);
  // Locks the form's fields so concurrent additions get distinct positions and names.
  await tx.execute(sql`select 1 from vertical where id = ${input.vertical_id} for update`);
  const names = await fieldNamesOf(tx, input.vertical_id);
  let fieldName = input.field_name;
  if (fieldName && names.has(fieldName))
    throw validationError(FORM_MESSAGES.fieldNameTaken, { field_name: [FORM_MESSAGES.fieldNameTaken] });
  fieldName ??= uniqueName(fieldNameFromLabel(input.field_label), names);
  checkRules(new Set([...names, fieldName]), fieldName, input);
  const [{ next } = { next: 1 }] = await tx
    .select({ next: sql<number>`coalesce(max(${verticalDataField.order}), 0)::int + 1` })
    .from(verticalDataField)
    .where(eq(verticalDataField.verticalId, input.vertical_id));
  const [row] = await tx
    .insert(verticalDataField)
    .values({
      verticalId: input.vertical_id,
      fieldLabel: input.field_label,
      fieldName,
      description: input.description ?? input.field_label,
      fieldType: input.field_type,
      options: input.options,
      calculationRules: input.calculationrules,
      showRules: input.showrules,
      order: next,
      selectableInProducts: input.selectable_in_products,
      allowLocations: input.allow_locations,
    })
    .returning({ id: verticalDataField.id });
  await touchVertical(
    tx,
    input.vertical_id,
    `Formulierveld ${input.field_label} toegevoegd`,
    'create',
    row!.id,
  );
  return row!.id;
}

async function touchVertical(
  tx: Tx,
  verticalId: number,
  description: string,
  action: 'create' | 'update' | 'delete' | 'duplicate',
  fieldId: number,
) {
  await tx.update(vertical).set({ updatedAt: new Date() }).where(eq(vertical.id, verticalId));
  await writeLog(tx, { type: 'verticaldatafield', id: fieldId, action, description });
}

/** Moves a field to a 1-based position, shifting the ones between (update_reason orderOnly). */
async function moveField(tx: Tx, f: FieldRow, position: number): Promise<void> {
  const fields = await loadFields(tx, [f.verticalId]);
  const others = fields.filter((x) => x.id !== f.id);
  const target = Math.min(Math.max(position, 1), fields.length);
  others.splice(target - 1, 0, f);
  for (const [i, x] of others.entries()) {
    if (x.order !== i + 1)
      await tx
        .update(verticalDataField)
        .set({ order: i + 1 })
        .where(eq(verticalDataField.id, x.id));
  }
}

export async function updateField(tx: Tx, id: number, input: UpdateVerticalDataField): Promise<void> {
  await tx.execute(sql`select 1 from vertical_data_field where id = ${id} for update`);
  const f = await requireField(tx, id);
  if (input.update_reason === 'orderOnly') {
    if (input.order !== undefined) await moveField(tx, f, input.order);
    await touchVertical(tx, f.verticalId, `Volgorde van formulier gewijzigd`, 'update', id);
    return;
  }
  const names = await fieldNamesOf(tx, f.verticalId);
  names.delete(f.fieldName);
  // Spec 002 section 5: description and field name follow the label unless the user changed them.
  const label = input.field_label ?? f.fieldLabel;
  const labelChanged = input.field_label !== undefined && input.field_label !== f.fieldLabel;
  let fieldName = input.field_name ?? f.fieldName;
  if (input.field_name === undefined && labelChanged && f.fieldName === fieldNameFromLabel(f.fieldLabel))
    fieldName = uniqueName(fieldNameFromLabel(label), names);
  if (names.has(fieldName))
    throw validationError(FORM_MESSAGES.fieldNameTaken, { field_name: [FORM_MESSAGES.fieldNameTaken] });
  let description = input.description ?? f.description;
  if (input.description === undefined && labelChanged && f.description === f.fieldLabel) description = label;
  const next = {
    field_type: input.field_type ?? (f.fieldType as CreateVerticalDataField['field_type']),
    options: input.options ?? f.options,
    calculationrules: input.calculationrules ?? f.calculationRules,
    showrules: input.showrules ?? f.showRules,
  };
  checkRules(new Set([...names, fieldName]), fieldName, next);
  await tx
    .update(verticalDataField)
    .set({
      fieldLabel: label,
      fieldName,
      description,
      fieldType: next.field_type,
      options: next.options,
      calculationRules: next.calculationrules,
      showRules: next.showrules,
      selectableInProducts: input.selectable_in_products,
      allowLocations: input.allow_locations,
      updatedAt: new Date(),
    })
    .where(eq(verticalDataField.id, id));
  await touchVertical(tx, f.verticalId, `Formulierveld ${label} gewijzigd`, 'update', id);
}

export async function deleteField(tx: Tx, id: number): Promise<void> {
  const f = await requireField(tx, id);
  await tx.delete(verticalDataField).where(eq(verticalDataField.id, id));
  await tx
    .update(verticalDataField)
    .set({ order: sql`${verticalDataField.order} - 1` })
    .where(and(eq(verticalDataField.verticalId, f.verticalId), gt(verticalDataField.order, f.order)));
  await touchVertical(tx, f.verticalId, `Formulierveld ${f.fieldLabel} verwijderd`, 'delete', id);
}

/** Spec 002 section 2: the copy is inserted directly after the original. */
export async function duplicateField(tx: Tx, id: number): Promise<number> {
  await tx.execute(sql`select 1 from vertical_data_field where id = ${id} for update`);
  const f = await requireField(tx, id);
  const names = await fieldNamesOf(tx, f.verticalId);
  await tx
    .update(verticalDataField)
    .set({ order: sql`${verticalDataField.order} + 1` })
    .where(and(eq(verticalDataField.verticalId, f.verticalId), gte(verticalDataField.order, f.order + 1)));
  const { id: _id, createdAt: _c, updatedAt: _u, companyId: _co, ...rest } = f;
  const [row] = await tx
    .insert(verticalDataField)
    .values({
      ...rest,
      fieldName: uniqueName(`${f.fieldName}_kopie`.slice(0, 100), names),
      order: f.order + 1,
    })
    .returning({ id: verticalDataField.id });
  await touchVertical(tx, f.verticalId, `Formulierveld ${f.fieldLabel} gedupliceerd`, 'duplicate', row!.id);
  return row!.id;
}

/** Every field of the company's live forms, by form and order (the show rules of document widgets). */
export async function listLiveFields(tx: Tx): Promise<VerticalDataField[]> {
  const rows = await tx
    .select({ f: verticalDataField })
    .from(verticalDataField)
    .innerJoin(vertical, eq(vertical.id, verticalDataField.verticalId))
    .where(eq(vertical.archived, false))
    .orderBy(asc(vertical.name), asc(verticalDataField.order), asc(verticalDataField.id));
  return rows.map((r) => serializeField(r.f));
}
