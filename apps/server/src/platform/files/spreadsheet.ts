import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { AppError } from '../errors';

export const ONLY_SPREADSHEETS = 'Let op! Alleen xlsx- en csv-bestanden kunnen worden ingelezen.';
export const MAX_SPREADSHEET_BYTES = 10 * 1024 * 1024;
export const MAX_SPREADSHEET_ROWS = 50_000;

const ZIP = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') {
    if (value instanceof Date) return value.toISOString().slice(0, 10);
    if ('result' in value) return cellText((value as ExcelJS.CellFormulaValue).result as ExcelJS.CellValue);
    if ('richText' in value) return (value as ExcelJS.CellRichTextValue).richText.map((r) => r.text).join('');
    if ('text' in value) return String((value as ExcelJS.CellHyperlinkValue).text);
    return '';
  }
  return String(value);
}

/**
 * The first sheet of an xlsx file, or a csv file (UTF-8, `;` or `,` detected), as rows of trimmed
 * cell texts; row 1 is the header (empty rows stay, so row numbers match the file). Anything else is refused with 415, by content, never by name.
 */
export async function readSpreadsheet(bytes: Buffer): Promise<string[][]> {
  let rows: string[][];
  if (bytes.subarray(0, 4).equals(ZIP)) {
    const workbook = new ExcelJS.Workbook();
    try {
      await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
    } catch {
      throw new AppError('unsupported_media_type', ONLY_SPREADSHEETS);
    }
    const sheet = workbook.worksheets[0];
    rows = [];
    sheet?.eachRow({ includeEmpty: true }, (row, number) => {
      const values = row.values as ExcelJS.CellValue[];
      rows[number - 1] = values.slice(1).map((v) => cellText(v).trim());
    });
    rows = Array.from(rows, (r) => r ?? []);
  } else {
    const text = bytes.toString('utf8').replace(/^\uFEFF/, '');
    // Binary files (images, PDFs, office formats) are not text: refuse them.
    if (text.includes('\u0000') || text.includes('\uFFFD') || /^%PDF-/.test(text)) {
      throw new AppError('unsupported_media_type', ONLY_SPREADSHEETS);
    }
    const parsed = Papa.parse<string[]>(text, { delimiter: '', skipEmptyLines: 'greedy' });
    rows = parsed.data.map((r) => r.map((c) => String(c ?? '').trim()));
  }
  if (rows.length > MAX_SPREADSHEET_ROWS + 1) {
    throw new AppError(
      'validation',
      `Een bestand heeft hoogstens ${MAX_SPREADSHEET_ROWS.toLocaleString('nl-NL')} regels.`,
      {
        errors: { file: [`Hoogstens ${MAX_SPREADSHEET_ROWS} regels.`] },
      },
    );
  }
  return rows;
}

/** Header name -> column index, case-insensitive. */
export function headerIndex(header: string[]): Map<string, number> {
  return new Map(header.map((h, i) => [h.trim().toLowerCase(), i]));
}

/** An xlsx workbook of one sheet from a header and rows. */
export async function writeSpreadsheet(
  sheetName: string,
  header: string[],
  rows: (string | number | null)[][],
): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(sheetName);
  sheet.addRow(header);
  sheet.getRow(1).font = { bold: true };
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
