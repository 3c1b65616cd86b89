// The flow data item a Quickr or Glbl call acts on (decision 071): the company's own (another company's id is
// 404, as one that does not exist), of a live flow, on a form with a field of that kind; its address is the
// flow's location, else the customer's main address. The results go into the item's values under the spec's
// names, so the form shows them and its formulas can read them.
import { type FlowDataItemType, type FormValue, SOLAR_TEXTS } from '@im/domain';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/database';
import { flow } from '../../platform/db/tables/flows.schema';
import { flowDataItem, verticalDataField } from '../../platform/db/tables/forms.schema';
import { location } from '../../platform/db/tables/locations.schema';
import { notFound, validationError } from '../../platform/errors';
import { computeValues, loadFields } from '../forms';
import type { QuickrAddress } from './quickr';

export interface SolarItem {
  id: number;
  companyId: number;
  flowId: number;
  flowNumber: number;
  values: Record<string, FormValue>;
}

/** The item, locked for the caller's transaction; 404 when it is not there, 422 without a field of `kind`. */
export async function lockSolarItem(tx: Tx, id: number, kind: 'quickr' | 'glbl'): Promise<SolarItem> {
  const [row] = await tx
    .select({
      id: flowDataItem.id,
      companyId: flowDataItem.companyId,
      flowId: flowDataItem.flowId,
      verticalId: flowDataItem.verticalId,
      values: flowDataItem.values,
      flowNumber: flow.number,
    })
    .from(flowDataItem)
    .innerJoin(flow, eq(flow.id, flowDataItem.flowId))
    .where(and(eq(flowDataItem.id, id), isNull(flow.deletedAt)))
    .for('update', { of: flowDataItem });
  if (!row) throw notFound(SOLAR_TEXTS.itemNotFound);
  const [field] = await tx
    .select({ id: verticalDataField.id })
    .from(verticalDataField)
    .where(and(eq(verticalDataField.verticalId, row.verticalId), eq(verticalDataField.fieldType, kind)))
    .limit(1);
  if (!field) {
    const message = kind === 'quickr' ? SOLAR_TEXTS.noQuickrField : SOLAR_TEXTS.noGlblField;
    throw validationError(message, { flowDataItemId: [message] });
  }
  return row;
}

/**
 * Merges `patch` (only the service's own fields) into the item's values and computes the form's formulas
 * again, so a calculated field that reads a Quickr figure is stored with it.
 */
export async function writeSolarValues(tx: Tx, id: number, patch: Record<string, FormValue>): Promise<void> {
  const [row] = await tx
    .select({
      values: flowDataItem.values,
      verticalId: flowDataItem.verticalId,
      itemType: flowDataItem.itemType,
    })
    .from(flowDataItem)
    .where(eq(flowDataItem.id, id));
  if (!row) return;
  const fields = await loadFields(tx, [row.verticalId]);
  let values: Record<string, FormValue> = { ...row.values, ...patch };
  try {
    values = computeValues(row.itemType as FlowDataItemType, fields, values);
  } catch {
    // A circular form stays as it was typed; the service's figures are kept all the same.
  }
  await tx.update(flowDataItem).set({ values, updatedAt: new Date() }).where(eq(flowDataItem.id, id));
}

/** The address of the flow: its own location, else the customer's main one; 422 without postcode and number. */
export async function addressOfFlow(tx: Tx, flowId: number): Promise<QuickrAddress> {
  const [own] = await tx
    .select({ locationId: flow.locationId, relationId: flow.relationId })
    .from(flow)
    .where(eq(flow.id, flowId));
  const pick = async (where: ReturnType<typeof eq>) => {
    const [l] = await tx
      .select()
      .from(location)
      .where(where)
      .orderBy(sql`${location.isMain} desc`, location.id)
      .limit(1);
    return l;
  };
  const place =
    (own?.locationId ? await pick(eq(location.id, own.locationId)) : undefined) ??
    (own?.relationId ? await pick(eq(location.relationId, own.relationId)) : undefined);
  if (!place?.postcode || !place.number)
    throw validationError(SOLAR_TEXTS.noAddress, { flowDataItemId: [SOLAR_TEXTS.noAddress] });
  return {
    street: place.address,
    number: place.number,
    addition: place.numberAddition,
    postcode: place.postcode,
    city: place.city,
  };
}

export const textOr = (v: FormValue | undefined): string | null =>
  v === null || v === undefined || v === '' ? null : String(v);
export const numberOr = (v: FormValue | undefined): number | null =>
  typeof v === 'number'
    ? v
    : typeof v === 'string' && v.trim() !== '' && !Number.isNaN(Number(v))
      ? Number(v)
      : null;
