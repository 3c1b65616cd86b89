import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { FLOW_IMPORT_MAX_BYTES, FLOW_IMPORT_MAX_ROWS, FLOW_IMPORT_TEXTS } from '@im/domain';
import ExcelJS from 'exceljs';
import type { FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import Papa from 'papaparse';
import { AppError } from '../../platform/errors';
import type { FileStorage } from '../../platform/files/storage';
import { formatBytes, receiveUploadBuffer } from '../../platform/files/upload';

export interface ImportSheet {
  headers: string[];
  /** Data rows (the header excluded), each with its row number in the file. */
  rows: { row: number; cells: string[] }[];
}

const tooLarge = () =>
  new AppError('payload_too_large', FLOW_IMPORT_TEXTS.tooLarge(formatBytes(FLOW_IMPORT_MAX_BYTES)));
const wrongType = () => new AppError('unsupported_media_type', FLOW_IMPORT_TEXTS.wrongType);
const invalid = (message: string) => new AppError('validation', message, { errors: { file: [message] } });

/**
 * The uploaded spreadsheet, at most FLOW_IMPORT_MAX_BYTES: a request that declares a larger body is refused
 * before a byte of it is read; one that does not stops being read at the limit.
 */
export async function receiveImportFile(
  request: FastifyRequest,
): Promise<{ filename: string; bytes: Buffer; ext: 'xlsx' | 'csv' }> {
  const declared = Number(request.headers['content-length'] ?? 0);
  if (declared > FLOW_IMPORT_MAX_BYTES + 64 * 1024) throw tooLarge();
  const received = await receiveUploadBuffer(request, FLOW_IMPORT_MAX_BYTES).catch((err: unknown) => {
    if (err instanceof AppError && err.code === 'payload_too_large') throw tooLarge();
    throw err;
  });
  return { ...received, ext: await kindOf(received.bytes) };
}

/** xlsx or csv, by content: file-type knows the binary formats; a csv is text it does not recognise. */
async function kindOf(bytes: Buffer): Promise<'xlsx' | 'csv'> {
  if (bytes.length === 0) throw invalid(FLOW_IMPORT_TEXTS.empty);
  const detected = await fileTypeFromBuffer(bytes.subarray(0, 4100));
  if (detected?.ext === 'xlsx') return 'xlsx';
  if (detected?.ext === 'cfb' || detected?.ext === 'xls')
    throw new AppError('unsupported_media_type', FLOW_IMPORT_TEXTS.oldXls);
  if (detected?.ext === 'zip') throw invalid(FLOW_IMPORT_TEXTS.brokenXlsx);
  if (detected) throw wrongType();
  const head = bytes.subarray(0, 65536).toString('utf8');
  // biome-ignore lint/suspicious/noControlCharactersInRegex: binary content is what it refuses
  if (/[\u0000-\u0008\u000e-\u001a]/.test(head) || head.includes('\uFFFD')) throw wrongType();
  return 'csv';
}

const storageKey = (companyId: number, file: string) => `flowimports/${companyId}/${file}`;

/** Keeps the file for the preview with another mapping and for the import itself. */
export async function keepImportFile(
  storage: FileStorage,
  companyId: number,
  bytes: Buffer,
  ext: 'xlsx' | 'csv',
): Promise<string> {
  const file = `${randomUUID()}.${ext}`;
  await storage.put(storageKey(companyId, file), Readable.from([bytes]));
  return file;
}

export async function loadImportFile(storage: FileStorage, companyId: number, file: string): Promise<Buffer> {
  const stream = await storage.get(storageKey(companyId, file));
  if (!stream) throw new AppError('gone', FLOW_IMPORT_TEXTS.fileGone);
  const parts: Buffer[] = [];
  for await (const chunk of stream) parts.push(chunk as Buffer);
  return Buffer.concat(parts);
}

export async function dropImportFile(storage: FileStorage, companyId: number, file: string): Promise<void> {
  await storage.delete(storageKey(companyId, file));
}

function cellText(cell: ExcelJS.Cell): string {
  const value = cell.value;
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') {
    if (value instanceof Date) return value.toISOString().slice(0, 10);
    if ('formula' in value || 'sharedFormula' in value) {
      // Formulas: the value Excel calculated and saved with the file; without one the file is refused.
      const result = (value as ExcelJS.CellFormulaValue).result;
      if (result === undefined || result === null || (typeof result === 'object' && 'error' in result))
        throw invalid(FLOW_IMPORT_TEXTS.formula(cell.address));
      return result instanceof Date ? result.toISOString().slice(0, 10) : String(result);
    }
    if ('richText' in value) return (value as ExcelJS.CellRichTextValue).richText.map((r) => r.text).join('');
    if ('text' in value) return String((value as ExcelJS.CellHyperlinkValue).text);
    if ('error' in value) return '';
    return '';
  }
  return String(value);
}

/** The first sheet of the file: a header row and the rows under it, empty rows left out. */
export async function parseImportFile(bytes: Buffer, ext: 'xlsx' | 'csv'): Promise<ImportSheet> {
  let all: { row: number; cells: string[] }[] = [];
  if (ext === 'xlsx') {
    const workbook = new ExcelJS.Workbook();
    try {
      await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
    } catch {
      throw invalid(FLOW_IMPORT_TEXTS.brokenXlsx);
    }
    const sheet = workbook.worksheets[0];
    if (sheet && sheet.rowCount > FLOW_IMPORT_MAX_ROWS + 1)
      throw invalid(FLOW_IMPORT_TEXTS.tooManyRows(FLOW_IMPORT_MAX_ROWS));
    sheet?.eachRow({ includeEmpty: false }, (row, number) => {
      const cells: string[] = [];
      row.eachCell({ includeEmpty: true }, (cell, col) => {
        cells[col - 1] = cellText(cell).trim();
      });
      all.push({ row: number, cells: Array.from(cells, (c) => c ?? '') });
    });
  } else {
    const text = bytes.toString('utf8').replace(/^\uFEFF/, '');
    const parsed = Papa.parse<string[]>(text, { delimiter: '', skipEmptyLines: false });
    all = parsed.data.map((cells, i) => ({ row: i + 1, cells: cells.map((c) => String(c ?? '').trim()) }));
  }
  all = all.filter((r) => r.cells.some((c) => c !== ''));
  if (all.length === 0) throw invalid(FLOW_IMPORT_TEXTS.empty);
  if (all.length > FLOW_IMPORT_MAX_ROWS + 1)
    throw invalid(FLOW_IMPORT_TEXTS.tooManyRows(FLOW_IMPORT_MAX_ROWS));
  const [header, ...rows] = all;
  if (rows.length === 0) throw invalid(FLOW_IMPORT_TEXTS.noRows);
  const seen = new Map<string, number>();
  // Headers name the columns in the mapping: an empty or repeated header gets a name of its own.
  const headers = header!.cells.map((h, i) => {
    const base = h || `Kolom ${i + 1}`;
    const n = (seen.get(base) ?? 0) + 1;
    seen.set(base, n);
    return n === 1 ? base : `${base} (${n})`;
  });
  return { headers, rows };
}
