// Pictures (spec 002 section 7): rows of the `picture` table, linked to a flow and optionally an
// intake, project, form copy (flow data item) and photo field. Every read and change runs in a tenant
// transaction, so another company's ids are simply not found (404).
import { FORM_MESSAGES, type PhotoLocation, type Picture, type PictureUploadFields } from '@im/domain';
import { and, desc, eq, inArray, isNull, type SQL } from 'drizzle-orm';
import type { Tx } from '../../platform/db/database';
import { isoFast } from '../../platform/db/iso';
import { flow } from '../../platform/db/tables/flows.schema';
import {
  flowDataItem,
  intake,
  picture,
  project,
  vertical,
  verticalDataField,
} from '../../platform/db/tables/forms.schema';
import { type AppError, conflict, notFound, validationError } from '../../platform/errors';
import { writeLog } from '../../platform/events/write-log';
import type { FileStorage } from '../../platform/files/storage';
import type { CustomerFlow as SharedCustomerFlow } from '../../platform/http/customer-link';
import { FLOW_IN_TRASH, FLOW_NOT_FOUND } from '../flows';

export const PICTURE_LINK_TEXTS = {
  linksDisagree: 'De opgegeven koppelingen horen niet bij hetzelfde dossier.',
  fieldNeedsItem: 'Een fotoveld hoort bij een formulier: geef ook flow_data_item_id mee.',
  customerOnly: 'Alleen foto’s die u zelf heeft toegevoegd kunt u verwijderen.',
} as const;

/** The links a picture can be listed (and zipped) by. */
export interface PictureWhere {
  flowId?: number;
  intakeId?: number;
  projectId?: number;
  flowDataItemId?: number;
}

/** The columns a list needs (no storage keys): the list of 300 stays one narrow index scan. */
const LIST_COLUMNS = {
  id: picture.id,
  filename: picture.filename,
  mimeType: picture.mimeType,
  size: picture.size,
  width: picture.width,
  height: picture.height,
  flowId: picture.flowId,
  intakeId: picture.intakeId,
  projectId: picture.projectId,
  verticalId: picture.verticalId,
  flowDataItemId: picture.flowDataItemId,
  fieldName: picture.fieldName,
  lat: picture.lat,
  lng: picture.lng,
  createdAt: picture.createdAt,
};
type ListRow = { [K in keyof typeof LIST_COLUMNS]: (typeof picture.$inferSelect)[K] };

export function toPicture(row: ListRow): Picture {
  return {
    id: row.id,
    filename: row.filename,
    mime_type: row.mimeType,
    size: row.size,
    width: row.width,
    height: row.height,
    flow_id: row.flowId,
    intake_id: row.intakeId,
    project_id: row.projectId,
    vertical_id: row.verticalId,
    flow_data_item_id: row.flowDataItemId,
    field_name: row.fieldName,
    url: `/api/picture/${row.id}`,
    thumbnail_url: `/api/picture/${row.id}/showthumbnail`,
    lat: row.lat,
    lng: row.lng,
    created_at: isoFast(row.createdAt),
  };
}

/** One picture as the list shows it, or null when it is not (or no longer) the company's. */
export async function loadPicture(tx: Tx, id: number): Promise<Picture | null> {
  const [row] = await tx.select(LIST_COLUMNS).from(picture).where(eq(picture.id, id));
  return row ? toPicture(row) : null;
}

/** The one condition of a where: the most specific link given (form copy, intake, project, flow). */
function whereOf(where: PictureWhere): SQL | null {
  if (where.flowDataItemId !== undefined) return eq(picture.flowDataItemId, where.flowDataItemId);
  if (where.intakeId !== undefined) return eq(picture.intakeId, where.intakeId);
  if (where.projectId !== undefined) return eq(picture.projectId, where.projectId);
  if (where.flowId !== undefined) return eq(picture.flowId, where.flowId);
  return null;
}

/**
 * The pictures of a form copy, intake, project or flow, newest first: one query on the link's
 * (link, id) index. For the intake and project details; no check that the owner exists.
 */
export async function listPictures(tx: Tx, where: PictureWhere): Promise<Picture[]> {
  const condition = whereOf(where);
  if (!condition) return [];
  const rows = await tx.select(LIST_COLUMNS).from(picture).where(condition).orderBy(desc(picture.id));
  return rows.map(toPicture);
}

/** The pictures of many form copies at once (a flow's form list), per copy, newest first. */
export async function picturesOfItems(tx: Tx, itemIds: readonly number[]): Promise<Map<number, Picture[]>> {
  const byItem = new Map<number, Picture[]>(itemIds.map((id) => [id, []]));
  if (itemIds.length === 0) return byItem;
  const rows = await tx
    .select(LIST_COLUMNS)
    .from(picture)
    .where(inArray(picture.flowDataItemId, [...new Set(itemIds)]))
    .orderBy(desc(picture.id));
  for (const row of rows) byItem.get(row.flowDataItemId!)?.push(toPicture(row));
  return byItem;
}

/** What a picture list or zip is of, with the texts and name that go with it. */
export type PictureOwner = 'flow' | 'intake' | 'project' | 'flowdataitem';

export interface OwnerInfo {
  where: PictureWhere;
  /** The zip's file name, e.g. `opname-12-fotos.zip`. */
  zipName: string;
}

/** The owner of a list or zip, of the caller's company; 404 (with the spec's text) when it is not. */
export async function findOwner(tx: Tx, type: PictureOwner, id: number): Promise<OwnerInfo> {
  if (type === 'flowdataitem') {
    const [row] = await tx.select({ id: flowDataItem.id }).from(flowDataItem).where(eq(flowDataItem.id, id));
    if (!row) throw notFound(FORM_MESSAGES.itemNotFound);
    return { where: { flowDataItemId: id }, zipName: `formulier-${id}-fotos.zip` };
  }
  if (type === 'intake') {
    const [row] = await tx.select({ number: intake.number }).from(intake).where(eq(intake.id, id));
    if (!row) throw notFound(FORM_MESSAGES.intakeNotFound);
    return { where: { intakeId: id }, zipName: `opname-${row.number ?? id}-fotos.zip` };
  }
  if (type === 'project') {
    const [row] = await tx.select({ number: project.number }).from(project).where(eq(project.id, id));
    if (!row) throw notFound(FORM_MESSAGES.projectNotFound);
    return { where: { projectId: id }, zipName: `project-${row.number ?? id}-fotos.zip` };
  }
  const [row] = await tx
    .select({ number: flow.number })
    .from(flow)
    .where(and(eq(flow.id, id), isNull(flow.mergedIntoFlowId)));
  if (!row) throw notFound(FLOW_NOT_FOUND);
  return { where: { flowId: id }, zipName: `dossier-${row.number}-fotos.zip` };
}

/** GET api/picture?...: the owner must be the company's (404), then its pictures, newest first. */
export async function queryPictures(
  tx: Tx,
  query: { flow_id?: number; intake_id?: number; project_id?: number; flow_data_item_id?: number },
): Promise<Picture[]> {
  const [type, id]: [PictureOwner, number | undefined] =
    query.flow_data_item_id !== undefined
      ? ['flowdataitem', query.flow_data_item_id]
      : query.intake_id !== undefined
        ? ['intake', query.intake_id]
        : query.project_id !== undefined
          ? ['project', query.project_id]
          : ['flow', query.flow_id];
  if (id === undefined)
    throw validationError(FORM_MESSAGES.flowRequired, { flow_id: [FORM_MESSAGES.flowRequired] });
  const owner = await findOwner(tx, type, id);
  return listPictures(tx, owner.where);
}

/** The stored files of the pictures of an owner, for the zip, oldest first. */
export async function pictureFiles(
  tx: Tx,
  where: PictureWhere,
): Promise<{ id: number; filename: string; storageKey: string; createdAt: Date }[]> {
  const condition = whereOf(where);
  if (!condition) return [];
  return tx
    .select({
      id: picture.id,
      filename: picture.filename,
      storageKey: picture.storageKey,
      createdAt: picture.createdAt,
    })
    .from(picture)
    .where(condition)
    .orderBy(picture.id);
}

export type PictureRecord = typeof picture.$inferSelect;

export async function findPicture(tx: Tx, id: number): Promise<PictureRecord> {
  const [row] = await tx.select().from(picture).where(eq(picture.id, id));
  if (!row) throw notFound(FORM_MESSAGES.pictureNotFound);
  return row;
}

/** Where a new picture goes: the flow, and the intake, project, form copy and field it belongs to. */
export interface PictureTarget {
  flowId: number;
  flowNumber: number;
  intakeId: number | null;
  projectId: number | null;
  verticalId: number | null;
  flowDataItemId: number | null;
  fieldName: string | null;
}

function disagree(field: string): AppError {
  return validationError(PICTURE_LINK_TEXTS.linksDisagree, { [field]: [PICTURE_LINK_TEXTS.linksDisagree] });
}

/** A photo field of the form copy's form, else 422 `fieldNotPhoto`. */
async function requirePhotoField(tx: Tx, verticalId: number, fieldName: string): Promise<void> {
  const [field] = await tx
    .select({ fieldType: verticalDataField.fieldType })
    .from(verticalDataField)
    .where(and(eq(verticalDataField.verticalId, verticalId), eq(verticalDataField.fieldName, fieldName)));
  if (field?.fieldType !== 'photo')
    throw validationError(FORM_MESSAGES.fieldNotPhoto, { field_name: [FORM_MESSAGES.fieldNotPhoto] });
}

/**
 * Resolves the links of an upload within the company: the flow is `flow_id` or that of the form copy,
 * intake or project given (`picturable_type`/`picturable_id` name one of them as well). Unknown ids and
 * another company's answer 404; links of different flows 422; a trashed flow 409; a `field_name` must
 * be a photo field of the form copy's form (422 `fieldNotPhoto`).
 */
export async function resolveTarget(tx: Tx, input: PictureUploadFields): Promise<PictureTarget> {
  const ids = { ...input };
  if (input.picturable_type && input.picturable_id !== undefined) {
    const key = (
      {
        flow: 'flow_id',
        intake: 'intake_id',
        project: 'project_id',
        flowdataitem: 'flow_data_item_id',
      } as const
    )[input.picturable_type];
    ids[key] ??= input.picturable_id;
  }
  let flowId: number | null = null;
  let intakeId: number | null = null;
  let projectId: number | null = null;
  let verticalId: number | null = null;
  let itemId: number | null = null;

  if (ids.flow_data_item_id !== undefined) {
    const [item] = await tx
      .select({
        id: flowDataItem.id,
        flowId: flowDataItem.flowId,
        verticalId: flowDataItem.verticalId,
        intakeId: flowDataItem.intakeId,
        projectId: flowDataItem.projectId,
      })
      .from(flowDataItem)
      .where(eq(flowDataItem.id, ids.flow_data_item_id));
    if (!item) throw notFound(FORM_MESSAGES.itemNotFound);
    ({ flowId, verticalId, intakeId, projectId } = item);
    itemId = item.id;
  }
  if (ids.intake_id !== undefined) {
    const [row] = await tx
      .select({ id: intake.id, flowId: intake.flowId })
      .from(intake)
      .where(eq(intake.id, ids.intake_id));
    if (!row) throw notFound(FORM_MESSAGES.intakeNotFound);
    if (row.flowId === null)
      throw validationError(FORM_MESSAGES.isTemplate, { intake_id: [FORM_MESSAGES.isTemplate] });
    if ((flowId !== null && flowId !== row.flowId) || (intakeId !== null && intakeId !== row.id))
      throw disagree('intake_id');
    flowId = row.flowId;
    intakeId = row.id;
  }
  if (ids.project_id !== undefined) {
    const [row] = await tx
      .select({ id: project.id, flowId: project.flowId })
      .from(project)
      .where(eq(project.id, ids.project_id));
    if (!row) throw notFound(FORM_MESSAGES.projectNotFound);
    if (row.flowId === null)
      throw validationError(FORM_MESSAGES.isTemplate, { project_id: [FORM_MESSAGES.isTemplate] });
    if ((flowId !== null && flowId !== row.flowId) || (projectId !== null && projectId !== row.id))
      throw disagree('project_id');
    flowId = row.flowId;
    projectId = row.id;
  }
  if (ids.flow_id !== undefined) {
    if (flowId !== null && flowId !== ids.flow_id) throw disagree('flow_id');
    flowId = ids.flow_id;
  }
  if (flowId === null)
    throw validationError(FORM_MESSAGES.flowRequired, { flow_id: [FORM_MESSAGES.flowRequired] });
  if (ids.vertical_id !== undefined) {
    if (verticalId !== null && verticalId !== ids.vertical_id) throw disagree('vertical_id');
    if (verticalId === null) {
      const [v] = await tx.select({ id: vertical.id }).from(vertical).where(eq(vertical.id, ids.vertical_id));
      if (!v) throw notFound(FORM_MESSAGES.verticalNotFound);
      verticalId = v.id;
    }
  }
  const [f] = await tx
    .select({ number: flow.number, deletedAt: flow.deletedAt })
    .from(flow)
    .where(and(eq(flow.id, flowId), isNull(flow.mergedIntoFlowId)));
  if (!f) throw notFound(FLOW_NOT_FOUND);
  if (f.deletedAt) throw conflict(FLOW_IN_TRASH);

  const fieldName = ids.field_name ?? null;
  if (fieldName !== null) {
    if (itemId === null || verticalId === null)
      throw validationError(PICTURE_LINK_TEXTS.fieldNeedsItem, {
        flow_data_item_id: [PICTURE_LINK_TEXTS.fieldNeedsItem],
      });
    await requirePhotoField(tx, verticalId, fieldName);
  }
  return { flowId, flowNumber: f.number, intakeId, projectId, verticalId, flowDataItemId: itemId, fieldName };
}

export interface StoredPictureFiles {
  storageKey: string;
  thumbnailKey: string;
  filename: string;
  mimeType: string;
  size: number;
  width: number;
  height: number;
}

/** Inserts the picture row and logs the upload (type picture, action upload, with its flow). */
export async function insertPicture(
  tx: Tx,
  target: PictureTarget,
  files: StoredPictureFiles,
  uploadedBy: 'user' | 'customer',
  location: PhotoLocation | null = null,
): Promise<Picture> {
  const [row] = await tx
    .insert(picture)
    .values({
      lat: location?.lat ?? null,
      lng: location?.lng ?? null,
      flowId: target.flowId,
      intakeId: target.intakeId,
      projectId: target.projectId,
      verticalId: target.verticalId,
      flowDataItemId: target.flowDataItemId,
      fieldName: target.fieldName,
      ...files,
      uploadedBy,
    })
    .returning(LIST_COLUMNS);
  await writeLog(tx, {
    type: 'picture',
    id: row!.id,
    action: 'upload',
    description:
      uploadedBy === 'customer'
        ? `Foto ${files.filename} door de klant toegevoegd aan dossier ${target.flowNumber}`
        : `Foto ${files.filename} toegevoegd aan dossier ${target.flowNumber}`,
    changes: {
      filename: files.filename,
      ...(target.flowDataItemId === null ? {} : { flow_data_item_id: target.flowDataItemId }),
      ...(target.fieldName === null ? {} : { field_name: target.fieldName }),
    },
    flowId: target.flowId,
  });
  return toPicture(row!);
}

/** Deletes one picture (404 when it is not the company's) and logs it; answers its storage keys. */
export async function deletePicture(tx: Tx, id: number, by: 'user' | 'customer' = 'user'): Promise<string[]> {
  const [row] = await tx.delete(picture).where(eq(picture.id, id)).returning({
    filename: picture.filename,
    flowId: picture.flowId,
    storageKey: picture.storageKey,
    thumbnailKey: picture.thumbnailKey,
  });
  if (!row) throw notFound(FORM_MESSAGES.pictureNotFound);
  await writeLog(tx, {
    type: 'picture',
    id,
    action: 'delete',
    description:
      by === 'customer' ? `Foto ${row.filename} door de klant verwijderd` : `Foto ${row.filename} verwijderd`,
    flowId: row.flowId,
  });
  return [row.storageKey, row.thumbnailKey];
}

/**
 * Deletes the pictures of a form copy, intake, project or flow in the caller's transaction (before the
 * row itself goes: the database's cascade would leave the stored files behind) and answers the storage
 * keys, to remove with `removePictureFiles` once the transaction has committed.
 */
export async function deletePicturesOf(tx: Tx, where: PictureWhere): Promise<string[]> {
  const condition = whereOf(where);
  if (!condition) return [];
  const rows = await tx
    .delete(picture)
    .where(condition)
    .returning({ storageKey: picture.storageKey, thumbnailKey: picture.thumbnailKey });
  return rows.flatMap((r) => [r.storageKey, r.thumbnailKey]);
}

export async function deletePicturesOfItem(tx: Tx, flowDataItemId: number): Promise<string[]> {
  return deletePicturesOf(tx, { flowDataItemId });
}

/** Removes stored picture files after the rows are gone; a file that cannot be removed is only logged. */
export async function removePictureFiles(
  storage: FileStorage,
  keys: readonly string[],
  log?: { warn: (obj: object, msg: string) => void },
): Promise<void> {
  for (const key of keys) {
    await storage
      .delete(key)
      .catch((err: Error) => log?.warn({ key, err: err.message }, 'picture file not removed'));
  }
}

/** Moves a merged flow's pictures to the flow it was merged into (a flow merge step). */
export async function movePicturesOnMerge(tx: Tx, sourceId: number, targetId: number): Promise<void> {
  await tx.update(picture).set({ flowId: targetId }).where(eq(picture.flowId, sourceId));
}

// ---------------------------------------------------------------- customer (flow hash)

/** What the customer calls need of the link's flow (customerpages' flowByHash answers it). */
export type CustomerFlow = Pick<SharedCustomerFlow, 'id' | 'number' | 'companyId'>;

/**
 * Where a customer's photo goes: a form copy of the link's flow (else 404), still open (a sent one 422
 * `itemSent`), and a photo field of its form. `lock`: hold the copy until the transaction ends.
 */
export async function customerTarget(
  tx: Tx,
  f: CustomerFlow,
  input: { flow_data_item_id: number; field_name: string; vertical_id?: number | undefined },
  lock = false,
): Promise<PictureTarget> {
  const query = tx
    .select({
      id: flowDataItem.id,
      verticalId: flowDataItem.verticalId,
      intakeId: flowDataItem.intakeId,
      projectId: flowDataItem.projectId,
      status: flowDataItem.status,
    })
    .from(flowDataItem)
    .where(and(eq(flowDataItem.id, input.flow_data_item_id), eq(flowDataItem.flowId, f.id)));
  const [item] = lock ? await query.for('update') : await query;
  if (!item) throw notFound(FORM_MESSAGES.itemNotFound);
  if (item.status !== 'open') throw validationError(FORM_MESSAGES.itemSent);
  if (input.vertical_id !== undefined && input.vertical_id !== item.verticalId) throw disagree('vertical_id');
  await requirePhotoField(tx, item.verticalId, input.field_name);
  return {
    flowId: f.id,
    flowNumber: f.number,
    intakeId: item.intakeId,
    projectId: item.projectId,
    verticalId: item.verticalId,
    flowDataItemId: item.id,
    fieldName: input.field_name,
  };
}

/** A picture of the link's flow (else 404). */
export async function customerPicture(tx: Tx, f: CustomerFlow, id: number): Promise<PictureRecord> {
  const [row] = await tx
    .select()
    .from(picture)
    .where(and(eq(picture.id, id), eq(picture.flowId, f.id)));
  if (!row) throw notFound(FORM_MESSAGES.pictureNotFound);
  return row;
}

/**
 * The customer removes a photo of the link's flow (else 404): only one they uploaded themselves (409
 * otherwise), on a form copy that is still open (422 `itemSent`). Answers the storage keys.
 */
export async function removeByCustomer(tx: Tx, f: CustomerFlow, id: number): Promise<string[]> {
  const row = await customerPicture(tx, f, id);
  if (row.uploadedBy !== 'customer') throw conflict(PICTURE_LINK_TEXTS.customerOnly);
  if (row.flowDataItemId !== null) {
    const [item] = await tx
      .select({ status: flowDataItem.status })
      .from(flowDataItem)
      .where(eq(flowDataItem.id, row.flowDataItemId))
      .for('update');
    if (item && item.status !== 'open') throw validationError(FORM_MESSAGES.itemSent);
  }
  return deletePicture(tx, id, 'customer');
}
