// What documents show of a flow's forms (decision 023): the ROOMS table, a RECURRING widget's text per
// filled-in copy, and the VERTICALPHOTOS grid (thumbnails as data: URLs, so the PDF needs no network).
import { FORM_MERGE_NAMESPACE, type FormValue, type RenderRoom, roundTo2 } from '@im/domain';
import { and, asc, eq, isNotNull } from 'drizzle-orm';
import type { Tx } from '../../platform/db/database';
import { flowDataItem, picture, vertical } from '../../platform/db/tables/forms.schema';
import type { FileStorage } from '../../platform/files/storage';
import { loadFields } from './verticals';

/** Fields the ROOMS table shows as the room's own columns, not among its details. */
const ROOM_SIZE_FIELDS = new Set(['length', 'width', 'adjustment', 'area', 'ruimte', 'naam']);
/** The most photos a VERTICALPHOTOS widget carries (a PDF stays a few MB). */
export const MAX_WIDGET_PHOTOS = 24;

type FieldRow = Awaited<ReturnType<typeof loadFields>>[number];

/** A value as a document shows it: numbers Dutch, a checkbox ja/nee. */
export function shownValue(field: Pick<FieldRow, 'fieldType'>, value: FormValue | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  if (field.fieldType === 'checkbox') return value === true || value === '1' || value === 1 ? 'ja' : 'nee';
  if (typeof value === 'number') return value.toLocaleString('nl-NL', { maximumFractionDigits: 2 });
  return String(value);
}

export interface FlowForms {
  rooms: RenderRoom[];
  /** Per form id: the merge data of each filled-in copy (`formulier.<veldnaam>`). */
  copies: Map<number, Record<string, Record<string, string>>[]>;
  /** Each filled-in copy's values (for the form-field show rules of widgets). */
  values: Record<string, FormValue>[];
}

/** The flow's forms as documents read them; empty for a template (no flow). */
export async function flowFormsForDocuments(tx: Tx, flowId: number | null): Promise<FlowForms> {
  const empty: FlowForms = { rooms: [], copies: new Map(), values: [] };
  if (flowId === null) return empty;
  const items = await tx
    .select()
    .from(flowDataItem)
    .where(eq(flowDataItem.flowId, flowId))
    .orderBy(asc(flowDataItem.id));
  if (items.length === 0) return empty;
  const fields = await loadFields(tx, [...new Set(items.map((i) => i.verticalId))]);
  const fieldsOf = (verticalId: number) => fields.filter((f) => f.verticalId === verticalId);
  const rooms: RenderRoom[] = [];
  const copies = new Map<number, Record<string, Record<string, string>>[]>();
  for (const item of items) {
    const own = fieldsOf(item.verticalId);
    const shown = Object.fromEntries(own.map((f) => [f.fieldName, shownValue(f, item.values[f.fieldName])]));
    copies.set(item.verticalId, [...(copies.get(item.verticalId) ?? []), { [FORM_MERGE_NAMESPACE]: shown }]);
    if (item.itemType !== 'room') continue;
    const area = item.values.area;
    rooms.push({
      name: String(item.values.ruimte || item.values.naam || `Ruimte ${rooms.length + 1}`),
      area: typeof area === 'number' ? roundTo2(area) : null,
      details: own
        .filter((f) => !ROOM_SIZE_FIELDS.has(f.fieldName) && f.fieldType !== 'photo' && shown[f.fieldName])
        .map((f) => ({ label: f.fieldLabel, value: shown[f.fieldName]! })),
    });
  }
  return { rooms, copies, values: items.map((i) => i.values) };
}

/** The photos of the flow's forms (of one form when given), newest last, as data: URLs of thumbnails. */
export async function formPhotos(
  tx: Tx,
  storage: FileStorage,
  flowId: number | null,
  verticalId: number | null,
): Promise<{ src: string; caption: string }[]> {
  if (flowId === null) return [];
  const rows = await tx
    .select({
      key: picture.thumbnailKey,
      filename: picture.filename,
      form: vertical.name,
      field: picture.fieldName,
    })
    .from(picture)
    .innerJoin(flowDataItem, eq(flowDataItem.id, picture.flowDataItemId))
    .innerJoin(vertical, eq(vertical.id, flowDataItem.verticalId))
    .where(
      and(
        eq(picture.flowId, flowId),
        isNotNull(picture.flowDataItemId),
        verticalId === null ? undefined : eq(flowDataItem.verticalId, verticalId),
      ),
    )
    .orderBy(asc(picture.id))
    .limit(MAX_WIDGET_PHOTOS);
  const photos: { src: string; caption: string }[] = [];
  for (const row of rows) {
    const stream = await storage.get(row.key);
    if (!stream) continue;
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    const bytes = Buffer.concat(chunks);
    const mime = bytes[0] === 0x89 ? 'image/png' : bytes[0] === 0x52 ? 'image/webp' : 'image/jpeg';
    photos.push({ src: `data:${mime};base64,${bytes.toString('base64')}`, caption: row.form });
  }
  return photos;
}
