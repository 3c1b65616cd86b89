import type { CalculationRule, ShowRule } from '@im/domain';
import type { FieldImportRow, ImportField } from './field-import-rows';
import type { FieldRow } from './field-transfer-common';

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
export function planForm(existing: FieldRow[], rows: FieldImportRow[]): FormPlan {
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
