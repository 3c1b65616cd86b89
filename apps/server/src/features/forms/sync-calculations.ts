// Form values feed the calculation (spec 002 sections 3 and 5; decision 023): a product with data
// origin `fromobject` takes its amount from a form field (alternativeamount_id) of the flow, summed
// over the filled-in copies of that form (rooms add up); its toggle fields (togglefield_id, 2, 3 with
// their operator and value) decide whether the line is selected. Only calculations not yet sent
// follow the forms: a sent quotation never changes.
import { type FormValue, showRuleHolds, toNumber } from '@im/domain';
import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Tx } from '../../platform/db/database';
import { calculation, calculationItem } from '../../platform/db/tables/calculations.schema';
import { flowDataItem, verticalDataField } from '../../platform/db/tables/forms.schema';
import { product } from '../../platform/db/tables/products.schema';
import { recalculate } from '../calculations';

type Toggle = { fieldId: number | null; operator: string; value: string };

/** The flow's value of a field over its copies (the selected one, or all not blacklisted). */
function valuesOf(
  items: { id: number; verticalId: number; values: Record<string, FormValue> }[],
  field: { verticalId: number; fieldName: string },
  line: { flowdataitemSelected: number | null; flowdataitemBlacklist: string },
): FormValue[] {
  const blacklist = new Set(
    line.flowdataitemBlacklist
      .split(',')
      .map((s) => Number(s.trim()))
      .filter(Boolean),
  );
  return items
    .filter((i) => i.verticalId === field.verticalId)
    .filter((i) => (line.flowdataitemSelected ? i.id === line.flowdataitemSelected : !blacklist.has(i.id)))
    .map((i) => i.values[field.fieldName] ?? null);
}

/** Brings the unsent calculations of a flow in line with its forms; answers the ids it recalculated. */
export async function syncCalculationsWithForms(tx: Tx, flowId: number): Promise<number[]> {
  const lines = await tx
    .select({
      id: calculationItem.id,
      calculationId: calculationItem.calculationId,
      productAmount: calculationItem.productAmount,
      selected: calculationItem.selected,
      flowdataitemSelected: calculationItem.flowdataitemSelected,
      flowdataitemBlacklist: calculationItem.flowdataitemBlacklist,
      amountFieldId: product.alternativeamountId,
      toggles: {
        t1: product.togglefieldId,
        o1: product.togglefieldOperator,
        v1: product.togglefieldValue,
        t2: product.toggle2fieldId,
        o2: product.toggle2fieldOperator,
        v2: product.toggle2fieldValue,
        t3: product.toggle3fieldId,
        o3: product.toggle3fieldOperator,
        v3: product.toggle3fieldValue,
      },
    })
    .from(calculationItem)
    .innerJoin(calculation, eq(calculation.id, calculationItem.calculationId))
    .innerJoin(product, eq(product.id, calculationItem.productId))
    .where(
      and(
        eq(calculation.flowId, flowId),
        eq(calculation.hasbeensent, false),
        eq(calculation.isTemplate, false),
        eq(product.dataOrigin, 'fromobject'),
        isNotNull(calculationItem.productId),
      ),
    );
  if (lines.length === 0) return [];
  const fieldIds = new Set<number>();
  for (const l of lines)
    for (const id of [l.amountFieldId, l.toggles.t1, l.toggles.t2, l.toggles.t3]) if (id) fieldIds.add(id);
  const fields = fieldIds.size
    ? await tx
        .select({
          id: verticalDataField.id,
          verticalId: verticalDataField.verticalId,
          fieldName: verticalDataField.fieldName,
        })
        .from(verticalDataField)
        .where(inArray(verticalDataField.id, [...fieldIds]))
    : [];
  const fieldById = new Map(fields.map((f) => [f.id, f]));
  const items = await tx
    .select({ id: flowDataItem.id, verticalId: flowDataItem.verticalId, values: flowDataItem.values })
    .from(flowDataItem)
    .where(eq(flowDataItem.flowId, flowId));
  const changed = new Set<number>();
  for (const line of lines) {
    const next: { productAmount?: string; selected?: boolean } = {};
    const amountField = line.amountFieldId ? fieldById.get(line.amountFieldId) : undefined;
    if (amountField) {
      const total = valuesOf(items, amountField, line).reduce<number>((sum, v) => sum + toNumber(v), 0);
      const amount = String(Math.round(total * 10_000) / 10_000);
      if (Number(line.productAmount) !== Number(amount)) next.productAmount = amount;
    }
    const toggles: Toggle[] = [
      { fieldId: line.toggles.t1, operator: line.toggles.o1, value: line.toggles.v1 },
      { fieldId: line.toggles.t2, operator: line.toggles.o2, value: line.toggles.v2 },
      { fieldId: line.toggles.t3, operator: line.toggles.o3, value: line.toggles.v3 },
    ].filter((t) => t.fieldId && fieldById.has(t.fieldId));
    if (toggles.length > 0) {
      const on = toggles.every((t) => {
        const field = fieldById.get(t.fieldId!)!;
        return valuesOf(items, field, line).some((v) =>
          showRuleHolds(
            { field_name: field.fieldName, operator: t.operator as 'issame', field_value: t.value },
            { [field.fieldName]: v },
          ),
        );
      });
      if (on !== line.selected) next.selected = on;
    }
    if (Object.keys(next).length === 0) continue;
    await tx
      .update(calculationItem)
      .set({ ...next, updatedAt: new Date() })
      .where(eq(calculationItem.id, line.id));
    changed.add(line.calculationId);
  }
  for (const id of changed) await recalculate(tx, id, { store: true });
  return [...changed];
}
