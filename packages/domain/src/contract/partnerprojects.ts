// The API contract of partner projects and their cockpit (spec 001 sections 3, 4, 5, 7 and 9; decision 062).
import { z } from 'zod';
import { FLOW_STATUSES } from '../flows';
import { zPaginated, zPaginationQuery } from '../pagination';
import { zId } from './common';

/** Spec 001 section 4: the phases of a partner project, in order. */
export const PARTNER_PROJECT_PHASES = [
  'new',
  'import',
  'cold_intake',
  'calculation',
  'quotation',
  'approve_quotation',
  'copy_type_models',
  'warm_intake',
  'start_project',
  'planning',
  'project',
  'after_calculation',
] as const;
export type PartnerProjectPhase = (typeof PARTNER_PROJECT_PHASES)[number];

export const PARTNER_PROJECT_PHASE_LABELS: Record<PartnerProjectPhase, string> = {
  new: 'Nieuw',
  import: 'Importeren',
  cold_intake: 'Koude opname',
  calculation: 'Calculatie',
  quotation: 'Offerte',
  approve_quotation: 'Offerte goedkeuren',
  copy_type_models: 'Typemodellen kopiëren',
  warm_intake: 'Warme opname',
  start_project: 'Project starten',
  planning: 'Planning',
  project: 'Uitvoering',
  after_calculation: 'Nacalculatie',
};

/** The next phase, or null after the last one. */
export function nextPartnerProjectPhase(phase: PartnerProjectPhase): PartnerProjectPhase | null {
  const i = PARTNER_PROJECT_PHASES.indexOf(phase);
  return PARTNER_PROJECT_PHASES[i + 1] ?? null;
}

/** Where a phase stands against the project's current one: passed, current or not started. */
export function partnerProjectPhaseState(
  phase: PartnerProjectPhase,
  current: PartnerProjectPhase,
): 'passed' | 'current' | 'notstarted' {
  const a = PARTNER_PROJECT_PHASES.indexOf(phase);
  const b = PARTNER_PROJECT_PHASES.indexOf(current);
  return a < b ? 'passed' : a === b ? 'current' : 'notstarted';
}

/** Spec 001 section 9. */
export const PARTNER_PROJECT_CALC_METHODS = [
  'per_item_no_group',
  'per_item_group_vertical',
  'per_item_group_type',
  'per_item_group_vertical_and_type',
  'per_vertical_no_group',
  'per_vertical_group_type',
  'per_flowtype_no_group',
  'per_flowtype_group_vertical',
  'per_flowtype_and_vertical',
] as const;
export const PARTNER_PROJECT_INVOICE_METHODS = [
  'partial_fixed',
  'partial_percentage',
  'finished_tasks',
  'finished_flows',
  'finished_verticals',
] as const;
export const PARTNER_PROJECT_THRESHOLD_METHODS = [
  'amount_finished_flows',
  'percentage_finished_flows',
  'amount_finished_tasks',
  'percentage_finished_tasks',
  'amount_invoice_reached',
  'percentage_invoice_reached',
] as const;

/** Dutch texts of partner projects and their bulk actions. */
export const PARTNER_PROJECT_TEXTS = {
  notFound: 'Partnerproject niet gevonden.',
  labelRequired: 'Vul een naam in.',
  partnerRequired: 'Kies een partner.',
  partnerNotFound: 'Partner niet gevonden.',
  flowNotFound: 'Dossier niet gevonden.',
  flowNotInProject: 'Dit dossier hoort niet bij dit project.',
  relationNotFound: 'Relatie niet gevonden.',
  userNotFound: 'Gebruiker niet gevonden.',
  flowprofileNotFound: 'Aanvraagprofiel niet gevonden.',
  invalidDate: 'Vul een geldige datum in.',
  endBeforeStart: 'De einddatum ligt voor de begindatum.',
  deleteConfirm: 'Weet je zeker dat je dit partnerproject wilt verwijderen? De dossiers blijven bestaan.',
  deleted: 'Partnerproject verwijderd.',
  lastPhase: 'Het project is al in de laatste fase.',
  nextPhaseConfirm: 'Het project naar de volgende fase zetten?',
  /** Spec 001 section 5: bulk status edit needs a new status or phase. */
  noStatusSelected: 'Kies een nieuwe status of een nieuwe fase.',
  noFlowsSelected: 'Selecteer eerst een of meer dossiers.',
  noDocumentsSelected: 'Kies een of meer documenten.',
  noItemsSelected: 'Kies een of meer formulieren.',
  noTagsSelected: 'Kies labels om toe te voegen of te verwijderen.',
  noMainFlow: 'Dit project heeft geen hoofddossier.',
  noModelFlow: 'Dit project heeft geen typemodellen.',
  tooManyFlows: 'Te veel dossiers in één keer (maximaal 50.000).',
} as const;

const zDateOrNull = z.iso.date({ message: PARTNER_PROJECT_TEXTS.invalidDate }).nullable();

export const zSelectableDocument = z.object({
  type: z.string().trim().min(1).max(50),
  id: z.number().int().nullable(),
  selected: z.boolean(),
});
export type SelectableDocument = z.infer<typeof zSelectableDocument>;

export const zModelFlow = z.object({
  id: zId,
  type: z.string().trim().max(50),
  amount: z.number().int().min(0).max(1_000_000),
});
export type ModelFlow = z.infer<typeof zModelFlow>;

const zTag = z.string().trim().min(1).max(100);

export const zPartnerProjectFields = z.object({
  partner_id: zId,
  label: z
    .string({ message: PARTNER_PROJECT_TEXTS.labelRequired })
    .trim()
    .min(1, PARTNER_PROJECT_TEXTS.labelRequired)
    .max(200),
  status: z.enum(PARTNER_PROJECT_PHASES).optional(),
  mainflow_id: zId.nullable().optional(),
  start_date: zDateOrNull.optional(),
  end_date: zDateOrNull.optional(),
  relation_id: zId.nullable().optional(),
  user_id: zId.nullable().optional(),
  flowprofile_id: zId.nullable().optional(),
  quotation_calc_method: z.enum(PARTNER_PROJECT_CALC_METHODS).nullable().optional(),
  invoice_calc_method: z.enum(PARTNER_PROJECT_CALC_METHODS).nullable().optional(),
  invoice_method: z.enum(PARTNER_PROJECT_INVOICE_METHODS).nullable().optional(),
  progress_threshold_method: z.enum(PARTNER_PROJECT_THRESHOLD_METHODS).nullable().optional(),
  progress_threshold_amount: z.number().min(0).max(1_000_000_000).nullable().optional(),
  quotationable_documents: z.array(zSelectableDocument).max(50).optional(),
  invoiceable_documents: z.array(zSelectableDocument).max(50).optional(),
  model_flows: z.array(zModelFlow).max(100).optional(),
  flow_types: z.array(z.string().trim().min(1).max(50)).max(100).optional(),
  tags: z.array(zTag).max(50).optional(),
});

function checkDates(v: { start_date?: string | null; end_date?: string | null }, ctx: z.RefinementCtx) {
  if (v.start_date && v.end_date && v.end_date < v.start_date)
    ctx.addIssue({ code: 'custom', message: PARTNER_PROJECT_TEXTS.endBeforeStart, path: ['end_date'] });
}

export const zCreatePartnerProject = zPartnerProjectFields.superRefine(checkDates);
export const zUpdatePartnerProject = zPartnerProjectFields.partial().superRefine(checkDates);
export type CreatePartnerProject = z.infer<typeof zCreatePartnerProject>;
export type UpdatePartnerProject = z.infer<typeof zUpdatePartnerProject>;

export const zPartnerProject = z.object({
  id: z.number().int(),
  company_id: z.number().int(),
  partner_id: z.number().int(),
  partner_name: z.string(),
  label: z.string(),
  status: z.enum(PARTNER_PROJECT_PHASES),
  mainflow_id: z.number().int().nullable(),
  main_flow: z.object({ id: z.number().int(), number: z.number().int(), description: z.string() }).nullable(),
  start_date: z.string().nullable(),
  end_date: z.string().nullable(),
  relation_id: z.number().int().nullable(),
  relation_fullname: z.string().nullable(),
  user_id: z.number().int().nullable(),
  flowprofile_id: z.number().int().nullable(),
  quotation_calc_method: z.string().nullable(),
  invoice_calc_method: z.string().nullable(),
  invoice_method: z.string().nullable(),
  progress_threshold_method: z.string().nullable(),
  progress_threshold_amount: z.number().nullable(),
  quotationable_documents: z.array(zSelectableDocument),
  invoiceable_documents: z.array(zSelectableDocument),
  model_flows: z.array(zModelFlow),
  flow_types: z.array(z.string()),
  tags: z.array(z.string()),
  /** Live flows of the project, the main flow and cancelled flows not counted. */
  flows_count: z.number().int(),
  /** Those flows per flow status, in the status order: the cockpit's phase progress bar. */
  flows_by_status: z.array(z.object({ status: z.enum(FLOW_STATUSES), count: z.number().int() })),
  /** Where the project stands against its progress threshold (decision 066); null without a threshold. */
  progress: z
    .object({
      method: z.string(),
      required: z.number(),
      current: z.number(),
      reached: z.boolean(),
      text: z.string(),
    })
    .nullable(),
  created_at: z.string(),
});
export type PartnerProject = z.infer<typeof zPartnerProject>;
export const zPartnerProjectPage = zPaginated(zPartnerProject);
export type PartnerProjectPage = z.infer<typeof zPartnerProjectPage>;

export const zPartnerProjectQuery = zPaginationQuery.extend({ partnerId: zId.optional() });

export const zPartnerProjectLogItem = z.object({
  id: z.number().int(),
  loggable_type: z.string(),
  loggable_id: z.number().int().nullable(),
  action: z.string(),
  description: z.string(),
  user_fullname: z.string().nullable(),
  created_at: z.string(),
});
export type PartnerProjectLogItem = z.infer<typeof zPartnerProjectLogItem>;
export const zPartnerProjectWithLogItems = zPartnerProject.extend({
  logitems: z.array(zPartnerProjectLogItem),
});
export type PartnerProjectWithLogItems = z.infer<typeof zPartnerProjectWithLogItems>;

export const zUpdatePartnerProjectStatus = z.object({ status: z.enum(PARTNER_PROJECT_PHASES) });

/** getFilterOptions: what the cockpit's filters offer, read from the project's flows. */
export const zPartnerProjectFilterOptions = z.object({
  statusses: z.array(z.enum(FLOW_STATUSES)),
  flowPhases: z.array(z.object({ id: z.number().int(), description: z.string(), flowstage: z.string() })),
  types: z.array(z.string()),
  tags: z.array(z.string()),
});
export type PartnerProjectFilterOptions = z.infer<typeof zPartnerProjectFilterOptions>;

/** The cockpit's flow filters (also the 'all matching' selection of a bulk action). */
export const zProjectFlowFilters = z.object({
  status: z.enum(FLOW_STATUSES).optional(),
  flow_phase_id: zId.optional(),
  type: z.string().max(50).optional(),
  tag: z.string().max(100).optional(),
  query: z.string().max(200).optional(),
  /** One flow by id: the label of a chosen model or copy source (the pickers search by `query`). */
  flow_id: zId.optional(),
});
export type ProjectFlowFilters = z.infer<typeof zProjectFlowFilters>;
export const zProjectFlowQuery = zPaginationQuery.extend(zProjectFlowFilters.shape);

export const zProjectFlow = z.object({
  id: z.number().int(),
  number: z.number().int(),
  description: z.string(),
  flow_status: z.enum(FLOW_STATUSES),
  flow_phase_id: z.number().int().nullable(),
  flow_phase_description: z.string().nullable(),
  type: z.string(),
  tags: z.array(z.string()),
  relation_id: z.number().int(),
  relation_fullname: z.string(),
  address: z.string(),
  updated_at: z.string(),
});
export type ProjectFlow = z.infer<typeof zProjectFlow>;
export const zProjectFlowPage = zPaginated(zProjectFlow);
export type ProjectFlowPage = z.infer<typeof zProjectFlowPage>;

export const zUsedVerticals = z.array(
  z.object({ id: z.number().int(), name: z.string(), count: z.number().int() }),
);
export const zUsedFlowTypes = z.array(z.object({ type: z.string(), count: z.number().int() }));
/** getProjectPresets: the choices the project's settings form offers. */
export const zProjectPresets = z.object({
  phases: z.array(z.object({ value: z.enum(PARTNER_PROJECT_PHASES), label: z.string() })),
  quotation_calc_methods: z.array(z.string()),
  invoice_calc_methods: z.array(z.string()),
  invoice_methods: z.array(z.string()),
  progress_threshold_methods: z.array(z.string()),
  document_types: z.array(z.string()),
});
export type ProjectPresets = z.infer<typeof zProjectPresets>;

/** createByPartnerProject: a new flow in the project for a relation. */
export const zCreateFlowInProject = z.object({
  relation_id: zId,
  description: z.string().trim().max(500).optional(),
  type: z.string().trim().max(50).optional(),
});

/** Which flows a bulk action takes: the ticked ones, or every flow matching the filters. */
export const zFlowSelection = z.object({
  selectedFlowIds: z.array(zId).max(50_000).optional(),
  allMatching: zProjectFlowFilters.optional(),
});

export const zEditStatusses = zFlowSelection.extend({
  newFlowStatus: z.enum(FLOW_STATUSES).nullable().optional(),
  newFlowPhaseId: zId.nullable().optional(),
});
export const zCopyDocuments = zFlowSelection.extend({
  copyFromFlowId: zId,
  selectedDocuments: z
    .array(z.object({ type: z.enum(['quotation', 'confirmation', 'invoice', 'document']), id: zId }))
    .max(20),
  newStatus: z.enum(FLOW_STATUSES).nullable().optional(),
});
export const zCopyFlowDataItems = zFlowSelection.extend({
  copyFromFlowId: zId,
  selectedFlowDataItemIds: z.array(zId).max(50),
});
export const zCombineFlows = zFlowSelection.extend({
  kind: z.enum(['quotation', 'invoice']),
  /**
   * An invoice under a partial invoice method (decision 066): partial_fixed the amount excl. VAT per flow,
   * partial_percentage the percentage of each flow's lines. Ignored otherwise.
   */
  partial_amount: z.number().positive().max(1_000_000_000).optional(),
});
export const zUpdateTags = zFlowSelection.extend({
  addableTags: z.array(zTag).max(20).default([]),
  removableTags: z.array(zTag).max(20).default([]),
});

export const zBulkStarted = z.object({
  batchId: z.string(),
  flows: z.number().int(),
  mainDocumentId: z.number().int().optional(),
});
export type BulkStarted = z.infer<typeof zBulkStarted>;

/** getDocumentsFromFlows / getAvailableDocuments: documents of a flow a bulk copy can take. */
export const zFlowDocumentChoice = z.object({
  id: z.number().int(),
  type: z.enum(['quotation', 'confirmation', 'invoice', 'document']),
  title: z.string(),
  number: z.number().int().nullable(),
  status: z.string(),
  flow_id: z.number().int(),
});
export const zFlowDataItemChoice = z.object({
  id: z.number().int(),
  vertical_id: z.number().int(),
  vertical_name: z.string(),
  status: z.string(),
  flow_id: z.number().int(),
});
export const zAvailableDocuments = z.object({
  documents: z.array(zFlowDocumentChoice),
  flowdataitems: z.array(zFlowDataItemChoice),
});
export type AvailableDocuments = z.infer<typeof zAvailableDocuments>;
export const zAvailableDocumentsQuery = z.object({ flow_id: zId });
