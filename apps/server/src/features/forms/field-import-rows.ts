import type { CalculationRule, FieldType, ShowRule, VerticalType } from '@im/domain';

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

export const formKey = (type: string, name: string) => `${type}\u0000${name}`;

export function groupByForm(rows: FieldImportRow[]): Map<string, FieldImportRow[]> {
  const groups = new Map<string, FieldImportRow[]>();
  for (const r of rows) {
    const key = formKey(r.type, r.form);
    const group = groups.get(key);
    if (group) group.push(r);
    else groups.set(key, [r]);
  }
  return groups;
}
