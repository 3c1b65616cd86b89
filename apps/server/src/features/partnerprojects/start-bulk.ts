import {
  type BulkStarted,
  PARTNER_PROJECT_INVOICE_TEXTS as I,
  type ProjectFlowFilters,
  PARTNER_PROJECT_TEXTS as T,
} from '@im/domain';
import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../platform/db/database';
import { flowDataItem } from '../../platform/db/tables/forms.schema';
import { forbidden, validationError } from '../../platform/errors';
import type { Jobs } from '../../platform/jobs/jobs';
import { createDocument, findDocument } from '../documents';
import { type BulkAction, emptyCalculationLines } from './bulk-actions';
import { resolveSelection } from './project-flows';
import { loadProjectProgress } from './project-invoicing';
import { PARTNER_PROJECT_BULK } from './project-jobs';
import { liveFlowExists } from './query-partner-projects';
import { projectRow } from './save-partner-project';

const bad = (field: string, message: string) => validationError(message, { [field]: [message] });

interface Selection {
  selectedFlowIds?: number[];
  allMatching?: ProjectFlowFilters;
}

/**
 * Checks a bulk action's own input before its flows (spec 001 section 5: a status edit needs a new status
 * or phase; nothing selected is refused), and completes what the job needs from the project.
 */
export async function checkBulk(
  tx: Tx,
  projectId: number,
  input: Record<string, unknown>,
  action: BulkAction | 'combine',
  selection: Selection,
  modules: ReadonlySet<string>,
): Promise<{ bulk: BulkAction | CombineStart; flowIds: number[] }> {
  const project = (await projectRow(tx, projectId))!;
  if (action !== 'combine') {
    if (action.action === 'editstatusses' && !action.newFlowStatus && !action.newFlowPhaseId)
      throw bad('newFlowStatus', T.noStatusSelected);
    if (action.action === 'copydocuments' || action.action === 'copyflowdataitems') {
      if (!(await liveFlowExists(tx, action.copyFromFlowId))) throw bad('copyFromFlowId', T.flowNotFound);
    }
    if (action.action === 'copydocuments') {
      if (action.selectedDocuments.length === 0) throw bad('selectedDocuments', T.noDocumentsSelected);
      for (const ref of action.selectedDocuments) {
        const doc = await findDocument(tx, ref.type, ref.id).catch(() => null);
        if (!doc || doc.flowId !== action.copyFromFlowId)
          throw bad('selectedDocuments', T.noDocumentsSelected);
      }
    }
    if (action.action === 'copyflowdataitems') {
      const ids = [...new Set(action.selectedFlowDataItemIds)];
      const found = ids.length
        ? await tx
            .select({ id: flowDataItem.id })
            .from(flowDataItem)
            .where(and(inArray(flowDataItem.id, ids), eq(flowDataItem.flowId, action.copyFromFlowId)))
        : [];
      if (ids.length === 0 || found.length !== ids.length)
        throw bad('selectedFlowDataItemIds', T.noItemsSelected);
    }
    if (action.action === 'updatetags' && action.addableTags.length + action.removableTags.length === 0)
      throw bad('addableTags', T.noTagsSelected);
    if (action.action === 'copyfrommodels') {
      if (project.modelFlows.length === 0) throw bad('model_flows', T.noModelFlow);
      action.modelFlows = project.modelFlows;
    }
  } else {
    const kind = input.kind as 'quotation' | 'invoice';
    // The document's own module as well as the cockpit's (decision 066).
    if (kind === 'invoice' && !modules.has('INVOICE')) throw forbidden(I.invoiceModuleMissing);
    if (kind === 'quotation' && !modules.has('QUOTATION')) throw forbidden(I.quotationModuleMissing);
    if (!project.mainflowId || !(await liveFlowExists(tx, project.mainflowId)))
      throw bad('mainflow_id', T.noMainFlow);
    if (kind === 'invoice') {
      const partial = input.partial_amount as number | undefined;
      if (project.invoiceMethod === 'partial_fixed' && !partial)
        throw bad('partial_amount', I.partialAmountRequired);
      if (project.invoiceMethod === 'partial_percentage' && (!partial || partial > 100))
        throw bad('partial_amount', I.partialPercentageRequired);
      const progress = await loadProjectProgress(
        tx,
        projectId,
        project.progressThresholdMethod,
        project.progressThresholdAmount === null ? null : Number(project.progressThresholdAmount),
      );
      if (progress && !progress.reached)
        throw bad('progress_threshold_amount', `${I.thresholdNotReached}: ${progress.text}.`);
    }
  }
  const flowIds = await resolveSelection(tx, projectId, selection);
  if (action !== 'combine') return { bulk: action, flowIds };
  const kind = input.kind as 'quotation' | 'invoice';
  return {
    bulk: {
      action,
      kind,
      calcMethod: kind === 'invoice' ? project.invoiceCalcMethod : project.quotationCalcMethod,
      invoiceMethod: kind === 'invoice' ? project.invoiceMethod : null,
      partialAmount:
        kind === 'invoice' && project.invoiceMethod?.startsWith('partial_')
          ? ((input.partial_amount as number | undefined) ?? null)
          : null,
    },
    flowIds,
  };
}

type CombineStart = {
  action: 'combine';
  kind: 'quotation' | 'invoice';
  calcMethod: string | null;
  invoiceMethod: string | null;
  partialAmount: number | null;
};

/**
 * Records the batch with its flows in the request's transaction. Combining first makes the one document on
 * the main flow (empty lines), whose id the answer carries; the job adds each flow's lines to it.
 */
export async function startBulk(
  tx: Tx,
  jobs: Jobs,
  projectId: number,
  checked: Awaited<ReturnType<typeof checkBulk>>,
): Promise<BulkStarted> {
  let bulk: BulkAction;
  let mainDocumentId: number | undefined;
  if (checked.bulk.action === 'combine' && !('mainDocumentId' in checked.bulk)) {
    const project = (await projectRow(tx, projectId))!;
    const kind = checked.bulk.kind;
    const doc = await createDocument(tx, kind, {
      flow_id: project.mainflowId!,
      calculation_id: null,
      title: `${kind === 'invoice' ? 'Factuur' : 'Offerte'} ${project.label}`.slice(0, 200),
    });
    await emptyCalculationLines(tx, doc.calculation_id!);
    mainDocumentId = doc.id;
    bulk = {
      ...checked.bulk,
      mainDocumentId: doc.id,
      calculationId: doc.calculation_id!,
      projectId,
    };
  } else bulk = checked.bulk as BulkAction;
  const batchId = await jobs.startBatch(tx, PARTNER_PROJECT_BULK, {
    projectId,
    flowIds: checked.flowIds,
    bulk,
  });
  return { batchId, flows: checked.flowIds.length, ...(mainDocumentId ? { mainDocumentId } : {}) };
}
