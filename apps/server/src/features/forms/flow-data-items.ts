// Flow data items: filled-in copies of forms on a flow (spec 002 sections 3, 4, 5, 7; decision 023).
// The values are checked against the form's fields and computed by the domain's form engine, the
// same code the browser runs while the user types.
import { randomUUID } from 'node:crypto';
import {
  CIRCULAR_CALCULATION_MESSAGE,
  CircularCalculationError,
  type CreateFlowDataItem,
  DERIVED_AREA_FIELDS,
  evaluateForm,
  type FlowDataItem,
  type FlowDataItemType,
  FORM_MESSAGES,
  FORM_NOT_IN_PROFILE,
  type FormFieldDef,
  type FormValue,
  MAX_LOCATIONS_PER_ITEM,
  type VerticalType,
} from '@im/domain';
import { and, asc, eq, inArray, type SQL } from 'drizzle-orm';
import type { Tx } from '../../platform/db/database';
import { flowDataItem, intake, project, vertical } from '../../platform/db/tables/forms.schema';
import { notFound, validationError } from '../../platform/errors';
import { writeLog } from '../../platform/events/write-log';
import { profileAllowsForm } from '../flowprofiles';
import { lockFlow } from '../flows';
import { deletePicturesOfItem, picturesOfItems } from '../pictures';
import { syncCalculationsWithForms } from './sync-calculations';
import { loadFields, requireVertical } from './verticals';

type ItemRow = typeof flowDataItem.$inferSelect;
type FieldRow = Awaited<ReturnType<typeof loadFields>>[number];

function fieldDefs(fields: FieldRow[]): FormFieldDef[] {
  return fields.map((f) => ({
    field_name: f.fieldName,
    field_type: f.fieldType as FormFieldDef['field_type'],
    options: f.options,
    calculationrules: f.calculationRules,
    showrules: f.showRules,
  }));
}

/** A value as its field takes it: a choice among the options, a number, a day; 422 otherwise. */
function checkValue(f: FieldRow, value: FormValue): FormValue {
  if (value === null || value === '') return value;
  const bad = (message: string) => validationError(message, { [`values.${f.fieldName}`]: [message] });
  switch (f.fieldType) {
    case 'selectbox':
      if (!f.options.includes(String(value))) throw bad(`Kies een van de opties voor ${f.fieldLabel}.`);
      return String(value);
    case 'number': {
      const text = String(value).trim().replace(/\s/g, '');
      if (
        typeof value === 'boolean' ||
        !/^-?(\d{1,3}(\.\d{3})+|\d+)?([.,]\d+)?$/.test(text) ||
        text === '' ||
        text === '-'
      )
        throw bad(`${f.fieldLabel} moet een getal zijn.`);
      return value;
    }
    case 'date':
      if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value) || Number.isNaN(Date.parse(value)))
        throw bad(`${f.fieldLabel} moet een datum zijn (jjjj-mm-dd).`);
      return value;
    case 'checkbox':
      return value === true || value === 1 || value === '1' || value === 'true';
    case 'calculated':
    case 'photo':
    case 'quickr':
    case 'glbl':
      // Computed by the engine / kept as pictures / written by the service (decision 071): a value sent
      // for them is ignored.
      return null;
    default:
      return typeof value === 'string' ? value : String(value);
  }
}

/** The values with the formulas, hidden fields and derived areas computed (422 when circular). */
export function computeValues(
  itemType: FlowDataItemType,
  fields: FieldRow[],
  values: Record<string, FormValue>,
): Record<string, FormValue> {
  try {
    const result = evaluateForm(fieldDefs(fields), values).values;
    if (itemType !== 'form') {
      const derived = DERIVED_AREA_FIELDS[itemType];
      result[derived.output] = derived.compute(result);
    }
    return result;
  } catch (error) {
    if (error instanceof CircularCalculationError)
      throw validationError(CIRCULAR_CALCULATION_MESSAGE, { values: [CIRCULAR_CALCULATION_MESSAGE] });
    throw error;
  }
}

/** Merges sent values into stored ones; an unknown field name is refused (422). */
export function mergeValues(
  fields: FieldRow[],
  stored: Record<string, FormValue>,
  sent: Record<string, FormValue>,
  options: { itemType: FlowDataItemType; onlyLocationFields?: boolean } = { itemType: 'form' },
): Record<string, FormValue> {
  const byName = new Map(fields.map((f) => [f.fieldName, f]));
  const derivedOutput = options.itemType === 'form' ? null : DERIVED_AREA_FIELDS[options.itemType].output;
  const next = { ...stored };
  for (const [name, value] of Object.entries(sent)) {
    const f = byName.get(name);
    if (!f) {
      if (name === derivedOutput) continue;
      throw validationError(`Onbekend veld: ${name}.`, { [`values.${name}`]: ['Onbekend veld.'] });
    }
    if (options.onlyLocationFields && !f.allowLocations)
      throw validationError(FORM_MESSAGES.allowLocations, {
        [`values.${name}`]: [FORM_MESSAGES.allowLocations],
      });
    next[name] = checkValue(f, value);
  }
  return next;
}

function serializeItem(
  row: ItemRow,
  v: { id: number; name: string; type: string; archived: boolean },
  pictures: FlowDataItem['pictures'],
): FlowDataItem {
  return {
    id: row.id,
    flow_id: row.flowId,
    flow_data_id: row.flowId,
    vertical_id: row.verticalId,
    vertical: { id: v.id, name: v.name, type: v.type as VerticalType, archived: v.archived },
    item_type: row.itemType as FlowDataItemType,
    intake_id: row.intakeId,
    project_id: row.projectId,
    status: row.status as FlowDataItem['status'],
    values: row.values,
    locations: row.locations,
    pictures,
    sent_at: row.sentAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** Items with their form and photos, in creation order. */
export async function listItems(
  tx: Tx,
  where: { flowId?: number; intakeId?: number; projectId?: number; type?: VerticalType; ids?: number[] },
): Promise<FlowDataItem[]> {
  const conditions: (SQL | undefined)[] = [
    where.flowId !== undefined ? eq(flowDataItem.flowId, where.flowId) : undefined,
    where.intakeId !== undefined ? eq(flowDataItem.intakeId, where.intakeId) : undefined,
    where.projectId !== undefined ? eq(flowDataItem.projectId, where.projectId) : undefined,
    where.type !== undefined ? eq(vertical.type, where.type) : undefined,
    where.ids !== undefined ? inArray(flowDataItem.id, where.ids.length ? where.ids : [0]) : undefined,
  ];
  const rows = await tx
    .select({
      item: flowDataItem,
      v: { id: vertical.id, name: vertical.name, type: vertical.type, archived: vertical.archived },
    })
    .from(flowDataItem)
    .innerJoin(vertical, eq(vertical.id, flowDataItem.verticalId))
    .where(and(...conditions))
    .orderBy(asc(flowDataItem.id));
  if (rows.length === 0) return [];
  const pictures = await picturesOfItems(
    tx,
    rows.map((r) => r.item.id),
  );
  return rows.map((r) => serializeItem(r.item, r.v, pictures.get(r.item.id) ?? []));
}

export async function loadItem(tx: Tx, id: number): Promise<FlowDataItem | null> {
  return (await listItems(tx, { ids: [id] }))[0] ?? null;
}

/** The customer's side of a change: only a copy of the link's flow (else 404), only while open (else 422). */
export interface CustomerScope {
  flowId: number;
}

async function lockItem(tx: Tx, id: number, customer?: CustomerScope): Promise<ItemRow> {
  const [row] = await tx
    .select()
    .from(flowDataItem)
    .where(and(eq(flowDataItem.id, id), customer ? eq(flowDataItem.flowId, customer.flowId) : undefined))
    .for('update');
  if (!row) throw notFound(FORM_MESSAGES.itemNotFound);
  if (customer && row.status === 'sent') throw validationError(FORM_MESSAGES.itemSent);
  return row;
}

/** Where a new item goes: its flow, from the flow data id (the flow's id), an intake or a project. */
async function targetOf(
  tx: Tx,
  input: CreateFlowDataItem,
): Promise<{ flowId: number; intakeId: number | null; projectId: number | null }> {
  let flowId = input.flow_data_id ?? input.flow_id ?? null;
  let intakeId: number | null = null;
  let projectId: number | null = null;
  if (input.intake_id !== undefined) {
    const [i] = await tx.select().from(intake).where(eq(intake.id, input.intake_id));
    if (!i) throw notFound(FORM_MESSAGES.intakeNotFound);
    if (i.flowId === null) throw validationError(FORM_MESSAGES.isTemplate);
    intakeId = i.id;
    flowId ??= i.flowId;
    if (flowId !== i.flowId) throw validationError(FORM_MESSAGES.wrongVerticalType);
  }
  if (input.project_id !== undefined) {
    const [p] = await tx.select().from(project).where(eq(project.id, input.project_id));
    if (!p) throw notFound(FORM_MESSAGES.projectNotFound);
    if (p.flowId === null) throw validationError(FORM_MESSAGES.isTemplate);
    projectId = p.id;
    flowId ??= p.flowId;
    if (flowId !== p.flowId) throw validationError(FORM_MESSAGES.wrongVerticalType);
  }
  if (flowId === null) throw validationError(FORM_MESSAGES.flowRequired);
  return { flowId, intakeId, projectId };
}

export async function createItem(tx: Tx, input: CreateFlowDataItem): Promise<number> {
  const target = await targetOf(tx, input);
  const f = await lockFlow(tx, target.flowId);
  const v = await requireVertical(tx, input.vertical_id, { live: true });
  if (!(await profileAllowsForm(tx, f.id, v.id)))
    throw validationError(FORM_NOT_IN_PROFILE, { vertical_id: [FORM_NOT_IN_PROFILE] });
  if ((target.intakeId && v.type !== 'intake') || (target.projectId && v.type !== 'project'))
    throw validationError(FORM_MESSAGES.wrongVerticalType, {
      vertical_id: [FORM_MESSAGES.wrongVerticalType],
    });
  const fields = await loadFields(tx, [v.id]);
  const [row] = await tx
    .insert(flowDataItem)
    .values({
      flowId: f.id,
      verticalId: v.id,
      itemType: input.item_type,
      intakeId: target.intakeId,
      projectId: target.projectId,
      values: computeValues(input.item_type, fields, {}),
    })
    .returning({ id: flowDataItem.id });
  await writeLog(tx, {
    type: 'flowdataitem',
    id: row!.id,
    action: 'create',
    description: `Formulier ${v.name} toegevoegd`,
    flowId: f.id,
  });
  return row!.id;
}

/**
 * An edit (autosave): merged, checked and computed. A sent item stays editable for staff; the customer
 * (`customer`: updatebycustomer) edits only an open copy of their own flow.
 */
export async function updateItemValues(
  tx: Tx,
  id: number,
  values: Record<string, FormValue>,
  options: { customer?: CustomerScope } = {},
): Promise<void> {
  const row = await lockItem(tx, id, options.customer);
  const fields = await loadFields(tx, [row.verticalId]);
  const itemType = row.itemType as FlowDataItemType;
  const merged = mergeValues(fields, row.values, values, { itemType });
  const computed = computeValues(itemType, fields, merged);
  await tx
    .update(flowDataItem)
    .set({ values: computed, updatedAt: new Date() })
    .where(eq(flowDataItem.id, id));
  await syncCalculationsWithForms(tx, row.flowId);
  await writeLog(tx, {
    type: 'flowdataitem',
    id,
    action: 'update',
    description: options.customer ? 'Formulier ingevuld door klant' : 'Formulier bijgewerkt',
    flowId: row.flowId,
    eventOnly: !options.customer,
  });
}

/**
 * open -> sent (submitted; the customer can no longer edit) or back to open (rollBackStatus). The
 * customer (`customer`: sendbycustomer) sends only an open copy of their own flow.
 */
export async function setItemStatus(
  tx: Tx,
  id: number,
  status: 'open' | 'sent',
  customer?: CustomerScope,
): Promise<void> {
  const row = await lockItem(tx, id, customer);
  await tx
    .update(flowDataItem)
    .set({ status, sentAt: status === 'sent' ? new Date() : null, updatedAt: new Date() })
    .where(eq(flowDataItem.id, id));
  await writeLog(tx, {
    type: 'flowdataitem',
    id,
    action: 'status',
    description:
      status === 'sent'
        ? customer
          ? 'Formulier ingediend door klant'
          : 'Formulier gemarkeerd als ingediend'
        : 'Formulier teruggezet naar open',
    flowId: row.flowId,
    changes: { status: [row.status, status], ...(customer ? { by: 'customer' } : {}) },
  });
}

/** Deletes the copy and its photos; answers the stored files to remove after commit. */
export async function deleteItem(tx: Tx, id: number): Promise<string[]> {
  const row = await lockItem(tx, id);
  const files = await deletePicturesOfItem(tx, id);
  await tx.delete(flowDataItem).where(eq(flowDataItem.id, id));
  await syncCalculationsWithForms(tx, row.flowId);
  await writeLog(tx, {
    type: 'flowdataitem',
    id,
    action: 'delete',
    description: 'Formulier verwijderd',
    flowId: row.flowId,
  });
  return files;
}

/** The photos of the copies an intake or project holds (deleted with it); answers their files. */
export async function deleteItemPicturesOf(
  tx: Tx,
  where: { intakeId?: number; projectId?: number },
): Promise<string[]> {
  const rows = await tx
    .select({ id: flowDataItem.id })
    .from(flowDataItem)
    .where(
      where.intakeId
        ? eq(flowDataItem.intakeId, where.intakeId)
        : eq(flowDataItem.projectId, where.projectId ?? 0),
    );
  const files: string[] = [];
  for (const r of rows) files.push(...(await deletePicturesOfItem(tx, r.id)));
  return files;
}

/** A merged flow's forms, intakes and projects move to the flow it was merged into. */
export async function moveFormsOnMerge(tx: Tx, sourceId: number, targetId: number): Promise<void> {
  await tx.update(flowDataItem).set({ flowId: targetId }).where(eq(flowDataItem.flowId, sourceId));
  await tx.update(intake).set({ flowId: targetId }).where(eq(intake.flowId, sourceId));
  await tx.update(project).set({ flowId: targetId }).where(eq(project.flowId, sourceId));
}

// ---------------------------------------------------------------- locations

async function locationFields(tx: Tx, row: ItemRow): Promise<FieldRow[]> {
  const fields = await loadFields(tx, [row.verticalId]);
  if (!fields.some((f) => f.allowLocations)) throw validationError(FORM_MESSAGES.allowLocations);
  return fields;
}

export async function addLocation(tx: Tx, id: number, name: string): Promise<void> {
  const row = await lockItem(tx, id);
  await locationFields(tx, row);
  if (row.locations.length >= MAX_LOCATIONS_PER_ITEM)
    throw validationError(`Maximaal ${MAX_LOCATIONS_PER_ITEM} locaties.`);
  const locations = [...row.locations, { id: randomUUID(), name, values: {} }];
  await tx.update(flowDataItem).set({ locations, updatedAt: new Date() }).where(eq(flowDataItem.id, id));
  await writeLog(tx, {
    type: 'flowdataitem',
    id,
    action: 'update',
    description: `Locatie ${name} toegevoegd`,
    flowId: row.flowId,
  });
}

export async function removeLocation(tx: Tx, id: number, locationId: string): Promise<void> {
  const row = await lockItem(tx, id);
  const location = row.locations.find((l) => l.id === locationId);
  if (!location) throw notFound(FORM_MESSAGES.locationNotFound);
  const locations = row.locations.filter((l) => l.id !== locationId);
  await tx.update(flowDataItem).set({ locations, updatedAt: new Date() }).where(eq(flowDataItem.id, id));
  await writeLog(tx, {
    type: 'flowdataitem',
    id,
    action: 'update',
    description: `Locatie ${location.name} verwijderd`,
    flowId: row.flowId,
  });
}

/** The per-location values of the fields that allow locations. */
export async function updateLocationData(
  tx: Tx,
  id: number,
  data: { location_id: string; values: Record<string, FormValue> },
): Promise<void> {
  const row = await lockItem(tx, id);
  const fields = await locationFields(tx, row);
  const location = row.locations.find((l) => l.id === data.location_id);
  if (!location) throw notFound(FORM_MESSAGES.locationNotFound);
  const values = mergeValues(fields, location.values, data.values, {
    itemType: 'form',
    onlyLocationFields: true,
  });
  const locations = row.locations.map((l) => (l.id === data.location_id ? { ...l, values } : l));
  await tx.update(flowDataItem).set({ locations, updatedAt: new Date() }).where(eq(flowDataItem.id, id));
  await writeLog(tx, {
    type: 'flowdataitem',
    id,
    action: 'update',
    description: 'Locatiegegevens bijgewerkt',
    flowId: row.flowId,
    eventOnly: true,
  });
}
