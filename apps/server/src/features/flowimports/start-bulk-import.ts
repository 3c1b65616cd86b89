import { type BulkImport, FLOW_IMPORT_TEXTS, stageOf } from '@im/domain';
import { rawRows, type Tx } from '../../platform/db/database';
import { AppError } from '../../platform/errors';
import type { Jobs } from '../../platform/jobs/jobs';
import { chooseRows } from './classify-rows';
import { FLOW_IMPORT } from './flow-import-jobs';
import type { ImportLinks } from './import-flow-row';
import { previewRows, rememberMapping } from './preview-import';

const refuse = (field: string, message: string) =>
  new AppError('validation', message, { errors: { [field]: [message] } });

/** The links of the import data must be records of the company (another company's id reads as unknown). */
async function checkLinks(tx: Tx, input: BulkImport): Promise<{ projectPartnerId: number | null }> {
  const exists = async (sqlText: string, id: number | null | undefined) =>
    !id || (await rawRows(tx, sqlText, [id])).length > 0;
  if (!(await exists('select 1 from relation where id = $1 and deleted_at is null', input.relation_id)))
    throw refuse('relation_id', 'Deze relatie bestaat niet.');
  if (
    !(await exists('select 1 from organization where id = $1 and deleted_at is null', input.organization_id))
  )
    throw refuse('organization_id', 'Deze organisatie bestaat niet.');
  if (!(await exists('select 1 from partner where id = $1', input.partner_id)))
    throw refuse('partner_id', 'Deze partner bestaat niet.');
  for (const field of ['user_id', 'office_user_id', 'project_user_id'] as const)
    if (!(await exists('select 1 from "user" where id = $1 and deleted_at is null', input[field])))
      throw refuse(field, 'Deze gebruiker bestaat niet.');
  let projectPartnerId: number | null = null;
  if (input.partner_project_id && input.includePartnerProject !== false) {
    const [project] = await rawRows<{ partner_id: number }>(
      tx,
      'select partner_id from partner_project where id = $1',
      [input.partner_project_id],
    );
    if (!project) throw refuse('partner_project_id', FLOW_IMPORT_TEXTS.partnerProjectUnknown);
    if (input.partner_id && input.includePartner !== false && input.partner_id !== project.partner_id)
      throw refuse('partner_project_id', FLOW_IMPORT_TEXTS.partnerProjectOfOtherPartner);
    projectPartnerId = project.partner_id;
  }
  if (input.flow_phase_id) {
    const [phase] = await rawRows<{ flowstage: string }>(
      tx,
      'select flowstage from flow_phase where id = $1',
      [input.flow_phase_id],
    );
    if (!phase) throw refuse('flow_phase_id', 'Deze fase bestaat niet.');
    if (phase.flowstage !== stageOf(statusOf(input)))
      throw refuse('flow_phase_id', 'Deze fase hoort niet bij de gekozen status.');
  }
  return { projectPartnerId };
}

/**
 * The external file (loadexternalfile) becomes the import's: one stored file that every imported flow refers
 * to (decision 066). A path that is not a pending upload of the company is refused; the name typed in the
 * screen (externalFilename) is the name the flows show.
 */
async function claimExternalFile(tx: Tx, input: BulkImport, importId: number): Promise<number | null> {
  if (!input.externalFilepath) return null;
  const name = input.externalFilename?.trim();
  const [file] = await rawRows<{ id: number }>(
    tx,
    `update stored_file set owner_id = $2, filename = coalesce(nullif($3, ''), filename)
     where storage_key = $1 and owner_type = 'flowimport' and owner_id is null returning id`,
    [input.externalFilepath, importId, name ?? ''],
  );
  if (!file) throw refuse('externalFilepath', FLOW_IMPORT_TEXTS.externalFileUnknown);
  return file.id;
}

/** Starting the project brings the flows in at the project stage (spec 001 "start_project"; decision 063). */
const statusOf = (input: BulkImport) =>
  input.start_project && input.partner_project_id ? 'project' : input.status;

/**
 * bulkImport (spec 001 section 7): the file is read and checked again (the preview is never trusted),
 * the choices applied, the mapping remembered, and the rows handed to the import batch. No importable
 * row: the spec's no-flow-selected error.
 */
export async function startBulkImport(
  tx: Tx,
  jobs: Jobs,
  input: BulkImport,
  file: { bytes: Buffer; filename: string },
): Promise<{ batchId: string; importId: number }> {
  const { projectPartnerId } = await checkLinks(tx, input);
  const result = await previewRows(tx, file.bytes, input.file, input.mapping, {
    relationId: input.relation_id ?? null,
  });
  const rows = chooseRows(result.classified, input.choices);
  if (!rows.length) throw refuse('importableFlows', FLOW_IMPORT_TEXTS.noImportableFlows);
  await rememberMapping(tx, result.mapping);
  const [created] = await rawRows<{ id: number }>(
    tx,
    'insert into flow_import (filename, rows) values ($1, $2) returning id',
    [file.filename, rows.length],
  );
  const importId = created!.id;
  const tag = input.event_trigger_tag?.trim();
  const links: ImportLinks = {
    importId,
    withFlows: true,
    status: statusOf(input),
    flowPhaseId: input.flow_phase_id ?? null,
    tags: tag ? [tag] : [],
    partnerId: input.includePartner === false ? projectPartnerId : (input.partner_id ?? projectPartnerId),
    partnerProjectId: projectPartnerId === null ? null : input.partner_project_id!,
    organizationId: input.organization_id ?? null,
    userId: input.user_id ?? null,
    officeUserId: input.office_user_id ?? null,
    projectUserId: input.project_user_id ?? null,
    leadSource: input.lead_source ?? null,
    sharedFileId: await claimExternalFile(tx, input, importId),
  };
  const batchId = await jobs.startBatch(tx, FLOW_IMPORT, { importId, filename: file.filename, rows, links });
  await rawRows(tx, 'update flow_import set batch_id = $2 where id = $1', [importId, batchId]);
  return { batchId, importId };
}
