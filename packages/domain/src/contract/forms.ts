// The API contract of forms (verticals) and their data fields, flow data items, intakes, projects
// and pictures (spec 002 sections 2–9; decision 023): written once for server and web.
import { z } from 'zod';
import { FIELD_RULE_OPERATORS } from '../documents';
import { zFlag } from '../flags';
import { FIELD_TYPES } from '../forms';
import { zPaginated, zPaginationQuery } from '../pagination';
import { isPhotoLocation, PHOTO_LOCATION_MESSAGES } from '../photo-location';
import {
  FIELD_NAME_PATTERN,
  FLOW_DATA_ITEM_STATUSES,
  FLOW_DATA_ITEM_TYPES,
  FORM_MESSAGES,
  INTAKE_STATUSES,
  MAX_FIELD_LABEL_LENGTH,
  MAX_FIELD_NAME_LENGTH,
  MAX_FIELD_OPTIONS,
  MAX_FORM_RULES,
  MAX_FORM_VALUE_LENGTH,
  MAX_VERTICAL_NAME_LENGTH,
  PROJECT_STATUSES,
  VERTICAL_TYPES,
} from '../verticals';
import { zId } from './common';
import { zShowRule } from './documents';
import { blank } from './flows';
import { zText } from './locations';

export const zVerticalType = z.enum(VERTICAL_TYPES);
export const zFieldType = z.enum(FIELD_TYPES);

// ---------------------------------------------------------------- verticals

export const zVertical = z.object({
  id: z.number().int(),
  name: z.string(),
  type: zVerticalType,
  description: z.string(),
  /** Whether a RECURRING widget repeats its text per filled-in copy of this form. */
  is_recurring: z.boolean(),
  archived: z.boolean(),
  fields_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Vertical = z.infer<typeof zVertical>;

/** A field's formula: the first rule whose show rules all hold gives the value. */
export const zCalculationRule = z.object({
  formula: zText(2000).min(1, FORM_MESSAGES.formulaRequired),
  showrules: z.array(zShowRule).max(MAX_FORM_RULES).default([]),
});
export type CalculationRule = z.infer<typeof zCalculationRule>;

/** Field rules of a form only name its fields (the product operators are for templates). */
const zFieldShowRule = zShowRule.superRefine((rule, ctx) => {
  if (!(FIELD_RULE_OPERATORS as readonly string[]).includes(rule.operator))
    ctx.addIssue({ code: 'custom', message: FORM_MESSAGES.showRuleOperator, path: ['operator'] });
  if (rule.field_name === '')
    ctx.addIssue({ code: 'custom', message: FORM_MESSAGES.showRuleField, path: ['field_name'] });
});

export const zVerticalDataField = z.object({
  id: z.number().int(),
  vertical_id: z.number().int(),
  field_label: z.string(),
  field_name: z.string(),
  description: z.string(),
  field_type: zFieldType,
  options: z.array(z.string()),
  calculationrules: z.array(zCalculationRule),
  showrules: z.array(zShowRule),
  order: z.number().int(),
  selectable_in_products: z.boolean(),
  allow_locations: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type VerticalDataField = z.infer<typeof zVerticalDataField>;

export const zVerticalDetail = zVertical.extend({ verticaldatafields: z.array(zVerticalDataField) });
export type VerticalDetail = z.infer<typeof zVerticalDetail>;

const zVerticalName = z
  .string({ message: FORM_MESSAGES.nameRequired })
  .trim()
  .min(1, FORM_MESSAGES.nameRequired)
  .max(MAX_VERTICAL_NAME_LENGTH);

export const zCreateVertical = z.object({
  name: zVerticalName,
  type: zVerticalType.default('intake'),
  description: zText(2000).default(''),
  is_recurring: zFlag.default(false),
});
export const zUpdateVertical = z.object({
  name: zVerticalName.optional(),
  type: zVerticalType.optional(),
  description: zText(2000).optional(),
  is_recurring: zFlag.optional(),
});
export type CreateVertical = z.infer<typeof zCreateVertical>;
export type UpdateVertical = z.infer<typeof zUpdateVertical>;

export const VERTICAL_SORTS = ['name', 'type', 'description', 'fields_count', 'created_at'] as const;
export const zVerticalPageQuery = zPaginationQuery.extend({
  sort: z.preprocess(
    blank,
    z.enum([...VERTICAL_SORTS, ...VERTICAL_SORTS.map((s) => `-${s}` as const)]).default('name'),
  ),
  type: z.preprocess(blank, zVerticalType.optional()),
  archived: z.preprocess(blank, zFlag.default(false)),
});
export type VerticalPageQuery = z.infer<typeof zVerticalPageQuery>;
export const zVerticalPage = zPaginated(zVertical);
/** GET /api/vertical: live forms, of one type; with flow_id only those the flow's request profile allows. */
export const zVerticalListQuery = z.object({
  type: z.preprocess(blank, zVerticalType.optional()),
  flow_id: z.preprocess(blank, zId.optional()),
});

const zFieldName = z
  .string()
  .trim()
  .max(MAX_FIELD_NAME_LENGTH)
  .regex(FIELD_NAME_PATTERN, FORM_MESSAGES.fieldNameInvalid);
const zOptions = z.preprocess(
  // Spec 002 section 3: a selectbox keeps its options comma-separated; a list is taken as well.
  (v) =>
    typeof v === 'string'
      ? v
          .split(',')
          .map((s) => s.trim())
          .filter((s) => s !== '')
      : v,
  z.array(zText(200).min(1)).max(MAX_FIELD_OPTIONS),
);

const fieldBody = {
  field_label: z
    .string({ message: FORM_MESSAGES.labelRequired })
    .trim()
    .min(1, FORM_MESSAGES.labelRequired)
    .max(MAX_FIELD_LABEL_LENGTH),
  field_name: zFieldName,
  description: zText(2000),
  field_type: zFieldType,
  options: zOptions,
  calculationrules: z.array(zCalculationRule).max(MAX_FORM_RULES),
  showrules: z.array(zFieldShowRule).max(MAX_FORM_RULES),
  selectable_in_products: zFlag,
  allow_locations: zFlag,
};

export const zCreateVerticalDataField = z.object({
  vertical_id: zId,
  field_label: fieldBody.field_label,
  /** Omitted: made from the label (and it keeps following the label until changed). */
  field_name: fieldBody.field_name.optional(),
  description: fieldBody.description.optional(),
  field_type: fieldBody.field_type.default('text'),
  options: fieldBody.options.default([]),
  calculationrules: fieldBody.calculationrules.default([]),
  showrules: fieldBody.showrules.default([]),
  selectable_in_products: fieldBody.selectable_in_products.default(true),
  allow_locations: fieldBody.allow_locations.default(false),
});
export type CreateVerticalDataField = z.infer<typeof zCreateVerticalDataField>;

export const zUpdateVerticalDataField = z.object({
  field_label: fieldBody.field_label.optional(),
  field_name: fieldBody.field_name.optional(),
  description: fieldBody.description.optional(),
  field_type: fieldBody.field_type.optional(),
  options: fieldBody.options.optional(),
  calculationrules: fieldBody.calculationrules.optional(),
  showrules: fieldBody.showrules.optional(),
  selectable_in_products: fieldBody.selectable_in_products.optional(),
  allow_locations: fieldBody.allow_locations.optional(),
  /** With update_reason orderOnly (spec 002 section 7): move the field to this position (1-based). */
  order: z.coerce.number().int().min(1).max(10_000).optional(),
  update_reason: z.enum(['orderOnly']).optional(),
});
export type UpdateVerticalDataField = z.infer<typeof zUpdateVerticalDataField>;

// ---------------------------------------------------------------- pictures

export const zPicture = z.object({
  id: z.number().int(),
  filename: z.string(),
  mime_type: z.string(),
  size: z.number().int(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  flow_id: z.number().int().nullable(),
  intake_id: z.number().int().nullable(),
  project_id: z.number().int().nullable(),
  vertical_id: z.number().int().nullable(),
  flow_data_item_id: z.number().int().nullable(),
  field_name: z.string().nullable(),
  url: z.string(),
  thumbnail_url: z.string(),
  /** Where it was taken (decision 073), or null. */
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  created_at: z.string(),
});
export type Picture = z.infer<typeof zPicture>;

/** The text fields of POST api/picture (spec 002 section 7), next to the file. */
export const zPictureUploadFields = z
  .object({
    flow_id: z.preprocess(blank, zId.optional()),
    intake_id: z.preprocess(blank, zId.optional()),
    project_id: z.preprocess(blank, zId.optional()),
    vertical_id: z.preprocess(blank, zId.optional()),
    flow_data_item_id: z.preprocess(blank, zId.optional()),
    field_name: z.preprocess(blank, zFieldName.optional()),
    picturable_id: z.preprocess(blank, zId.optional()),
    picturable_type: z.preprocess(blank, z.enum(['flow', 'intake', 'project', 'flowdataitem']).optional()),
    /** Where the photo was taken, read on the device (decision 073): both or neither. */
    lat: z.preprocess(blank, z.coerce.number().optional()),
    lng: z.preprocess(blank, z.coerce.number().optional()),
  })
  .superRefine((v, ctx) => {
    if (v.lat === undefined && v.lng === undefined) return;
    if (v.lat === undefined || v.lng === undefined || !isPhotoLocation(v.lat, v.lng))
      ctx.addIssue({ code: 'custom', message: PHOTO_LOCATION_MESSAGES.invalid, path: ['lat'] });
  });
export type PictureUploadFields = z.infer<typeof zPictureUploadFields>;
export const zPictureListQuery = z.object({
  flow_id: z.preprocess(blank, zId.optional()),
  intake_id: z.preprocess(blank, zId.optional()),
  project_id: z.preprocess(blank, zId.optional()),
  flow_data_item_id: z.preprocess(blank, zId.optional()),
});

// ---------------------------------------------------------------- flow data items

export const zFormValue = z.union([z.string().max(MAX_FORM_VALUE_LENGTH), z.number(), z.boolean(), z.null()]);
export const zFormValues = z
  .record(zText(MAX_FIELD_NAME_LENGTH), zFormValue)
  .refine((v) => Object.keys(v).length <= 1000, 'Te veel velden.');

export const zFlowDataLocation = z.object({
  id: z.string(),
  name: z.string(),
  values: z.record(z.string(), zFormValue),
});
export type FlowDataLocation = z.infer<typeof zFlowDataLocation>;

export const zFlowDataItem = z.object({
  id: z.number().int(),
  flow_id: z.number().int(),
  /** The flow's data (one per flow): its id is the flow's id. */
  flow_data_id: z.number().int(),
  vertical_id: z.number().int(),
  vertical: z.object({ id: z.number().int(), name: z.string(), type: zVerticalType, archived: z.boolean() }),
  item_type: z.enum(FLOW_DATA_ITEM_TYPES),
  intake_id: z.number().int().nullable(),
  project_id: z.number().int().nullable(),
  status: z.enum(FLOW_DATA_ITEM_STATUSES),
  /** What was filled in, with the calculated and hidden fields and derived areas computed. */
  values: z.record(z.string(), zFormValue),
  locations: z.array(zFlowDataLocation),
  pictures: z.array(zPicture),
  sent_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type FlowDataItem = z.infer<typeof zFlowDataItem>;

export const zCreateFlowDataItem = z
  .object({
    vertical_id: zId,
    item_type: z.enum(FLOW_DATA_ITEM_TYPES).default('form'),
    flow_data_id: zId.optional(),
    flow_id: zId.optional(),
    intake_id: zId.optional(),
    project_id: zId.optional(),
  })
  .refine((b) => b.flow_data_id ?? b.flow_id ?? b.intake_id ?? b.project_id, {
    message: FORM_MESSAGES.flowRequired,
    path: ['flow_data_id'],
  });
export type CreateFlowDataItem = z.infer<typeof zCreateFlowDataItem>;
export const zUpdateFlowDataItem = z.object({ values: zFormValues });
export const zFlowDataItemListQuery = z.object({
  flow_id: z.preprocess(blank, zId.optional()),
  intake_id: z.preprocess(blank, zId.optional()),
  project_id: z.preprocess(blank, zId.optional()),
  type: z.preprocess(blank, zVerticalType.optional()),
});
export const zAddLocation = z.object({ name: zText(200).min(1, FORM_MESSAGES.nameRequired) });
export const zRemoveLocation = z.object({ location_id: z.string().min(1).max(64) });
export const zUpdateLocationData = z.object({
  locationData: z.object({ location_id: z.string().min(1).max(64), values: zFormValues }),
});

// ---------------------------------------------------------------- intakes and projects

const zStage = {
  flow_id: z.number().int().nullable(),
  flow_number: z.number().int().nullable(),
  relation_id: z.number().int().nullable(),
  relation_name: z.string(),
  number: z.number().int().nullable(),
  is_template: z.boolean(),
  /** A template's name; an intake's or project's own description. */
  name: z.string(),
  description: z.string(),
  /** The forms it holds (a template: the forms a new one starts with). */
  vertical_ids: z.array(z.number().int()),
  created_at: z.string(),
  updated_at: z.string(),
};

export const zIntake = z.object({
  id: z.number().int(),
  status: z.enum(INTAKE_STATUSES),
  intake_date: z.string().nullable(),
  intaketemplate_id: z.number().int().nullable(),
  ...zStage,
});
export type Intake = z.infer<typeof zIntake>;

const zStageAgendaItem = z.object({
  id: z.number().int(),
  title: z.string(),
  start_date: z.string(),
  end_date: z.string(),
  user_id: z.number().int().nullable(),
});
const zStageTask = z.object({
  id: z.number().int(),
  description: z.string(),
  status: z.string(),
  user_id: z.number().int().nullable(),
  start_date: z.string().nullable(),
  end_date: z.string().nullable(),
});

export const zIntakeDetail = zIntake.extend({
  flowdataitems: z.array(zFlowDataItem),
  agendaitems: z.array(zStageAgendaItem),
  tasks: z.array(zStageTask),
  pictures: z.array(zPicture),
});
export type IntakeDetail = z.infer<typeof zIntakeDetail>;

export const zProject = z.object({
  id: z.number().int(),
  status: z.enum(PROJECT_STATUSES),
  projecttemplate_id: z.number().int().nullable(),
  ...zStage,
});
export type Project = z.infer<typeof zProject>;
export const zProjectDetail = zProject.extend({
  flowdataitems: z.array(zFlowDataItem),
  tasks: z.array(zStageTask),
  pictures: z.array(zPicture),
  attachments: z.array(
    z.object({ id: z.number().int(), filename: z.string(), size: z.number().int(), url: z.string() }),
  ),
  /** Approved or sent quotations and confirmations of the flow (spec 002 section 3). */
  has_approved_document: z.boolean(),
});
export type ProjectDetail = z.infer<typeof zProjectDetail>;

export const zCreateIntake = z.object({
  flow_id: zId.optional(),
  /** createByRelation: a new flow is made for this relation. */
  relation_id: zId.optional(),
  intake_date: z.preprocess(blank, z.iso.datetime({ offset: true }).optional()),
  intaketemplate_id: zId.optional(),
  description: zText(2000).default(''),
  /** A template (settings): a name and its forms, no flow. */
  is_template: zFlag.default(false),
  name: zText(200).default(''),
  vertical_ids: z.array(zId).max(50).optional(),
});
export type CreateIntake = z.infer<typeof zCreateIntake>;
export const zUpdateIntake = z.object({
  status: z.enum(INTAKE_STATUSES).optional(),
  intake_date: z.preprocess(blank, z.iso.datetime({ offset: true }).nullable().optional()),
  description: zText(2000).optional(),
  name: zText(200).optional(),
  vertical_ids: z.array(zId).max(50).optional(),
  /** rollbackstatus: a status moved back (spec 002 section 4). */
  update_reason: z.enum(['rollbackstatus']).optional(),
});
export type UpdateIntake = z.infer<typeof zUpdateIntake>;

export const zCreateProject = z.object({
  flow_id: zId.optional(),
  projecttemplate_id: zId.optional(),
  description: zText(2000).default(''),
  is_template: zFlag.default(false),
  name: zText(200).default(''),
  vertical_ids: z.array(zId).max(50).optional(),
});
export type CreateProject = z.infer<typeof zCreateProject>;
export const zUpdateProject = z.object({
  status: z.enum(PROJECT_STATUSES).optional(),
  description: zText(2000).optional(),
  name: zText(200).optional(),
  vertical_ids: z.array(zId).max(50).optional(),
  update_reason: z.enum(['rollbackstatus', 'markplanned']).optional(),
});
export type UpdateProject = z.infer<typeof zUpdateProject>;

export const zSaveStageAsTemplate = z.object({ name: zText(200).min(1, FORM_MESSAGES.nameRequired) });
export const zResetIntakeToTemplate = z.object({ intaketemplate_id: zId });
export const zResetProjectToTemplate = z.object({ projecttemplate_id: zId });

export const STAGE_SORTS = [
  'number',
  'status',
  'flow_number',
  'relation_name',
  'intake_date',
  'created_at',
] as const;
export const zStagePageQuery = zPaginationQuery.extend({
  sort: z.preprocess(
    blank,
    z.enum([...STAGE_SORTS, ...STAGE_SORTS.map((s) => `-${s}` as const)]).default('-created_at'),
  ),
  status: z.preprocess(blank, z.string().max(20).optional()),
  is_template: z.preprocess(blank, zFlag.default(false)),
  flow_id: z.preprocess(blank, zId.optional()),
});
export type StagePageQuery = z.infer<typeof zStagePageQuery>;
export const zIntakePage = zPaginated(zIntake);
export const zProjectPage = zPaginated(zProject);

// ---------------------------------------------------------------- flow data (one per flow; decision 043)

/** A flow's data: the container of its filled-in copies; its id is the flow's id (decision 023). */
export const zFlowData = z.object({
  id: z.number().int(),
  flow_id: z.number().int(),
  /** The office's own note on the forms data of this dossier (PATCH). */
  description: z.string(),
  flowdataitems: z.array(
    z.object({
      id: z.number().int(),
      vertical_id: z.number().int(),
      vertical_name: z.string(),
      item_type: z.enum(FLOW_DATA_ITEM_TYPES),
      status: z.enum(FLOW_DATA_ITEM_STATUSES),
      locations_count: z.number().int(),
    }),
  ),
  updated_at: z.string().nullable(),
});
export type FlowData = z.infer<typeof zFlowData>;

export const zUpdateFlowData = z.object({
  description: zText(5000),
});
export type UpdateFlowData = z.infer<typeof zUpdateFlowData>;

/** getLocations: every named location over the flow's filled-in copies, by copy and then as added. */
export const zFlowDataLocationRow = zFlowDataLocation.extend({
  flow_data_item_id: z.number().int(),
  vertical_id: z.number().int(),
  vertical_name: z.string(),
});
export const zFlowDataLocations = z.array(zFlowDataLocationRow);
export type FlowDataLocationRow = z.infer<typeof zFlowDataLocationRow>;
