import { type FlowImportMapping, type FlowImportPreview, guessFlowImportMapping } from '@im/domain';
import { rawRows, type Tx } from '../../platform/db/database';
import { type ClassifiedRow, classifyRows } from './classify-rows';
import { type ImportSheet, parseImportFile } from './read-import-file';

/** The company's remembered mapping (the one its last import used). */
export async function rememberedMapping(tx: Tx): Promise<FlowImportMapping> {
  const [row] = await rawRows<{ mapping: FlowImportMapping }>(
    tx,
    'select mapping from flow_import_mapping limit 1',
    [],
  );
  return row?.mapping ?? {};
}

export async function rememberMapping(tx: Tx, mapping: FlowImportMapping): Promise<void> {
  await rawRows(
    tx,
    `insert into flow_import_mapping (mapping) values ($1::jsonb)
     on conflict (company_id) do update set mapping = excluded.mapping, updated_at = now()`,
    [JSON.stringify(mapping)],
  );
}

export function extOf(file: string): 'xlsx' | 'csv' {
  return file.endsWith('.xlsx') ? 'xlsx' : 'csv';
}

/** Reads the kept file and classifies its rows with the mapping given, or the remembered or guessed one. */
export async function previewRows(
  tx: Tx,
  bytes: Buffer,
  file: string,
  mapping: FlowImportMapping | null,
  links: { relationId: number | null } = { relationId: null },
): Promise<{ sheet: ImportSheet; mapping: FlowImportMapping; classified: ClassifiedRow[] }> {
  const sheet = await parseImportFile(bytes, extOf(file));
  const used = mapping
    ? Object.fromEntries(
        Object.entries(mapping).map(([f, h]) => [f, h && sheet.headers.includes(h) ? h : null]),
      )
    : guessFlowImportMapping(sheet.headers, await rememberedMapping(tx));
  return { sheet, mapping: used, classified: await classifyRows(tx, sheet, used, links) };
}

export function previewOf(
  file: string,
  filename: string,
  result: Awaited<ReturnType<typeof previewRows>>,
): FlowImportPreview {
  const counts = { new: 0, existing: 0, duplicate: 0, refused: 0 };
  let importable = 0;
  const rows = result.classified.map((c) => {
    counts[c.preview.status] += 1;
    if (c.preview.choice !== 'skip') importable += 1;
    return c.preview;
  });
  return {
    file,
    filename,
    columns: result.sheet.headers,
    mapping: result.mapping,
    total: rows.length,
    counts,
    importable,
    rows,
  };
}
