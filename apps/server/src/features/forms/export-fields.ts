import { FIELD_TRANSFER_COLUMNS, VERTICAL_TYPE_LABELS, type VerticalType } from '@im/domain';
import Papa from 'papaparse';
import type { Tx } from '../../platform/db/database';
import { writeSpreadsheet } from '../../platform/files/spreadsheet';
import { liveFormsWithFields } from './field-transfer-common';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const flag = (on: boolean) => (on ? 1 : 0);

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
