// The API contract of the bulk flow import (spec 001 sections 3, 5, 7; decision 063).
import { z } from 'zod';
import { zFlag } from '../flags';
import {
  FLOW_IMPORT_CHOICES,
  FLOW_IMPORT_FIELDS,
  FLOW_IMPORT_ROW_STATUSES,
  type FlowImportField,
} from '../flow-import';
import { FLOW_STATUSES } from '../flows';
import { zId } from './common';

const zHeader = z.string().max(200).nullable();
export const zFlowImportMapping = z
  .object(
    Object.fromEntries(FLOW_IMPORT_FIELDS.map((f) => [f, zHeader.optional()])) as Record<
      FlowImportField,
      z.ZodOptional<typeof zHeader>
    >,
  )
  .strict();

export const zFlowImportMatch = z.object({
  relation_id: z.number().int(),
  fullname: z.string(),
  address: z.string(),
  reason: z.enum(['email', 'address', 'name']),
});

export const zFlowImportPreviewRow = z.object({
  /** The row's number in the file (the header is row 1). */
  row: z.number().int(),
  status: z.enum(FLOW_IMPORT_ROW_STATUSES),
  choice: z.enum(FLOW_IMPORT_CHOICES),
  fullname: z.string(),
  address: z.string(),
  email: z.string(),
  /** Per field, the Dutch reason the value is refused. */
  errors: z.record(z.string(), z.string()),
  match: zFlowImportMatch.nullable(),
  duplicate_of: z.number().int().nullable(),
});

/** The answer of loadimportfile and previewimportfile: nothing written yet. */
export const zFlowImportPreview = z.object({
  /** The uploaded file's key, sent back with bulkimport. */
  file: z.string(),
  filename: z.string(),
  columns: z.array(z.string()),
  mapping: zFlowImportMapping,
  total: z.number().int(),
  counts: z.object({
    new: z.number().int(),
    existing: z.number().int(),
    duplicate: z.number().int(),
    refused: z.number().int(),
  }),
  /** Rows that import with the default choices. */
  importable: z.number().int(),
  rows: z.array(zFlowImportPreviewRow),
});

const zFileKey = z.string().regex(/^[0-9a-f-]{36}\.(xlsx|csv)$/, 'Onbekend importbestand.');

export const zFlowImportPreviewRequest = z.object({ file: zFileKey, mapping: zFlowImportMapping });

/** bulkimport: the spec's import data (spec 001 section 3) with the mapping and the choice per row. */
export const zBulkImport = z.object({
  file: zFileKey,
  /** The name of the file as the user chose it (shown in the list of imports). */
  filename: z.string().max(255).optional(),
  mapping: zFlowImportMapping,
  /** Row number -> choice, for rows whose choice differs from the preview's default. */
  choices: z.record(z.string().regex(/^\d+$/), z.enum(FLOW_IMPORT_CHOICES)).default({}),
  status: z.enum(FLOW_STATUSES).default('new'),
  flow_phase_id: zId.nullish(),
  event_trigger_tag: z.string().trim().max(50).nullish(),
  relation_id: zId.nullish(),
  organization_id: zId.nullish(),
  partner_id: zId.nullish(),
  includePartner: zFlag.optional(),
  /** The partner project the flows join (its partner too, when none is given). */
  partner_project_id: zId.nullish(),
  includePartnerProject: zFlag.optional(),
  /** Start the project: the flows come in at the project stage (Uitvoering). */
  start_project: zFlag.optional(),
  user_id: zId.nullish(),
  office_user_id: zId.nullish(),
  project_user_id: zId.nullish(),
  lead_source: z.string().trim().max(100).nullish(),
  externalFilename: z.string().max(255).nullish(),
  externalFilepath: z.string().max(300).nullish(),
});
export type BulkImport = z.infer<typeof zBulkImport>;

export const zBulkImportStarted = z.object({ batchId: z.string(), importId: z.number().int() });

export const zExternalFile = z.object({ externalFilename: z.string(), externalFilepath: z.string() });

export const zFlowImportSummary = z.object({
  id: z.number().int(),
  filename: z.string(),
  status: z.enum(['running', 'done', 'failed', 'undoing', 'undone']),
  batch_id: z.string(),
  undo_batch_id: z.string().nullable(),
  rows: z.number().int(),
  flows_created: z.number().int(),
  relations_created: z.number().int(),
  relations_matched: z.number().int(),
  flows_removed: z.number().int(),
  relations_removed: z.number().int(),
  flows_kept: z.number().int(),
  relations_kept: z.number().int(),
  created_at: z.string(),
  undone_at: z.string().nullable(),
});
export type FlowImportSummary = z.infer<typeof zFlowImportSummary>;

export const zFlowImportPage = z.object({
  data: z.array(zFlowImportSummary),
  pagination: z.object({ total: z.number().int(), offset: z.number().int(), limit: z.number().int() }),
});
export const zFlowImportQuery = z.object({
  offset: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(100).default(10),
});

export const zExportRelationsQuery = z.object({ format: z.enum(['xlsx', 'csv']).default('xlsx') });

export type FlowImportPreview = z.infer<typeof zFlowImportPreview>;
export type FlowImportPreviewRow = z.infer<typeof zFlowImportPreviewRow>;
export type FlowImportMatch = z.infer<typeof zFlowImportMatch>;
export type BulkImportStarted = z.infer<typeof zBulkImportStarted>;
export type ExternalFile = z.infer<typeof zExternalFile>;
export type FlowImportPage = z.infer<typeof zFlowImportPage>;

/** What importrelations answers: with ?preview=1 the counts only, else the started batch. */
export const zRelationImportPreview = z.object({
  rows: z.number().int(),
  create: z.number().int(),
  existing: z.number().int(),
  duplicate: z.number().int(),
  errors: z.array(z.object({ row: z.number().int(), message: z.string() })),
});
export type RelationImportPreview = z.infer<typeof zRelationImportPreview>;
export const zAdminCount = z.object({ count: z.number().int() });
export type AdminCount = z.infer<typeof zAdminCount>;
