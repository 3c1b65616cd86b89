// The API contract of the platform administrator's form transfer (spec 000 "Company admin", spec 002
// "export/import of vertical data fields"): a company's forms and their data fields as a spreadsheet
// (export, and import with a preview as a batch job), and adding or removing a form of the main
// company's library to a company.
import { z } from 'zod';
import { zId } from './common';
import { zImportRowError } from './product-import';

/**
 * The columns of the export, in order, and what an import reads (only `formulier` and `label` or
 * `veldnaam` are required; a missing column keeps what an existing field has). One row per field; a
 * form without fields is one row with only `formulier` and `formuliertype`.
 */
export const FIELD_TRANSFER_COLUMNS = [
  'formulier',
  'formuliertype',
  'label',
  'veldnaam',
  'omschrijving',
  'veldtype',
  'opties',
  'selecteerbaar_in_producten',
  'locaties_toestaan',
  'volgorde',
  'toonregels',
  'formules',
] as const;
export type FieldTransferColumn = (typeof FIELD_TRANSFER_COLUMNS)[number];

export const FIELD_TRANSFER_MESSAGES = {
  formColumnMissing: 'De kolom formulier ontbreekt in de eerste regel.',
  labelColumnMissing: 'De kolommen label en veldnaam ontbreken in de eerste regel.',
  formNameRequired: 'Vul een formuliernaam in.',
  formNameTooLong: 'Een formuliernaam is hoogstens 200 tekens.',
  unknownFormType: 'Onbekend formuliertype',
  unknownFieldType: 'Onbekend veldtype',
  fieldNameTaken: 'Veldnaam bestaat al in dit formulier',
  labelRequired: 'Vul een label in.',
  flag: 'vul 1 of 0 in.',
  order: 'vul een geheel getal vanaf 1 in.',
  json: 'geen geldige JSON-lijst.',
  unknownShowRuleField: 'Onbekend veld in toonregel',
  nothingToImport: 'Het bestand bevat geen regels die kunnen worden ingelezen.',
  verticalNotInLibrary: 'Formulier niet gevonden.',
  companyHasVertical: 'Dit bedrijf heeft dit formulier al.',
} as const;

/** `?preview=1` of importverticaldatafields: what the file would do, nothing written. */
export const zFieldImportPreview = z.object({
  /** Rows read (blank rows left out), with the ones in error. */
  rows: z.number().int(),
  /** Forms the import makes (no live form of that name and type yet). */
  forms_create: z.number().int(),
  create: z.number().int(),
  update: z.number().int(),
  unchanged: z.number().int(),
  /** Rows with an error: skipped by the import. */
  errors: z.array(zImportRowError),
});
export type FieldImportPreview = z.infer<typeof zFieldImportPreview>;

/** What an import batch did: its counts so far and the rows it skipped. */
export const zFieldImportResult = z.object({
  finished: z.boolean(),
  forms_created: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  skipped: z.array(zImportRowError),
});
export type FieldImportResult = z.infer<typeof zFieldImportResult>;

export const zFieldImportResultParams = z.object({ id: zId, batchId: z.uuid() });

export const zFieldExportQuery = z.object({ format: z.enum(['xlsx', 'csv']).default('xlsx') });

/** addverticaltocompany / removeverticalfromcompany. */
export const zVerticalToCompany = z.object({ verticalId: zId });
export type VerticalToCompany = z.infer<typeof zVerticalToCompany>;
