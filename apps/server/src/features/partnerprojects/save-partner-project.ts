import {
  type CreatePartnerProject,
  nextPartnerProjectPhase,
  PARTNER_PROJECT_PHASE_LABELS,
  type PartnerProjectPhase,
  PARTNER_PROJECT_TEXTS as T,
  type UpdatePartnerProject,
} from '@im/domain';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/database';
import { flowProfile } from '../../platform/db/tables/flowprofiles.schema';
import { flow } from '../../platform/db/tables/flows.schema';
import { partnerProject } from '../../platform/db/tables/partnerprojects.schema';
import { partner } from '../../platform/db/tables/partners.schema';
import { relation } from '../../platform/db/tables/relations.schema';
import { user } from '../../platform/db/tables/users.schema';
import { conflict, validationError } from '../../platform/errors';
import { writeLog } from '../../platform/events/write-log';
import { createFlow } from '../flows';

const bad = (field: string, message: string) => validationError(message, { [field]: [message] });

/** Every id the input names must be the caller's company's (row-level security hides the others). */
async function checkReferences(tx: Tx, input: UpdatePartnerProject): Promise<void> {
  if (input.partner_id !== undefined) {
    const [p] = await tx.select({ id: partner.id }).from(partner).where(eq(partner.id, input.partner_id));
    if (!p) throw bad('partner_id', T.partnerNotFound);
  }
  if (input.mainflow_id) {
    const [f] = await tx
      .select({ id: flow.id })
      .from(flow)
      .where(and(eq(flow.id, input.mainflow_id), isNull(flow.deletedAt)));
    if (!f) throw bad('mainflow_id', T.flowNotFound);
  }
  if (input.model_flows?.length) {
    const ids = [...new Set(input.model_flows.map((m) => m.id))];
    const found = await tx
      .select({ id: flow.id })
      .from(flow)
      .where(and(inArray(flow.id, ids), isNull(flow.deletedAt)));
    if (found.length !== ids.length) throw bad('model_flows', T.flowNotFound);
  }
  if (input.relation_id) {
    const [r] = await tx
      .select({ id: relation.id })
      .from(relation)
      .where(and(eq(relation.id, input.relation_id), isNull(relation.deletedAt)));
    if (!r) throw bad('relation_id', T.relationNotFound);
  }
  if (input.user_id) {
    const [u] = await tx
      .select({ id: user.id })
      .from(user)
      .where(and(eq(user.id, input.user_id), isNull(user.deletedAt)));
    if (!u) throw bad('user_id', T.userNotFound);
  }
  if (input.flowprofile_id) {
    const [fp] = await tx
      .select({ id: flowProfile.id })
      .from(flowProfile)
      .where(and(eq(flowProfile.id, input.flowprofile_id), isNull(flowProfile.deletedAt)));
    if (!fp) throw bad('flowprofile_id', T.flowprofileNotFound);
  }
}

function columnsOf(input: UpdatePartnerProject) {
  return {
    partnerId: input.partner_id,
    label: input.label,
    status: input.status,
    mainflowId: input.mainflow_id,
    startDate: input.start_date,
    endDate: input.end_date,
    relationId: input.relation_id,
    userId: input.user_id,
    flowprofileId: input.flowprofile_id,
    quotationCalcMethod: input.quotation_calc_method,
    invoiceCalcMethod: input.invoice_calc_method,
    invoiceMethod: input.invoice_method,
    progressThresholdMethod: input.progress_threshold_method,
    progressThresholdAmount:
      input.progress_threshold_amount === undefined
        ? undefined
        : input.progress_threshold_amount === null
          ? null
          : String(input.progress_threshold_amount),
    quotationableDocuments: input.quotationable_documents,
    invoiceableDocuments: input.invoiceable_documents,
    modelFlows: input.model_flows,
    flowTypes: input.flow_types ? [...new Set(input.flow_types)] : undefined,
    tags: input.tags ? [...new Set(input.tags)] : undefined,
  };
}

/** The main flow joins the project (and its partner), so its documents are the project's. */
async function adoptMainFlow(
  tx: Tx,
  projectId: number,
  partnerId: number,
  flowId: number | null | undefined,
) {
  if (!flowId) return;
  await tx
    .update(flow)
    .set({ partnerProjectId: projectId, partnerId, updatedAt: new Date() })
    .where(eq(flow.id, flowId));
}

export async function createPartnerProject(tx: Tx, input: CreatePartnerProject): Promise<number> {
  await checkReferences(tx, input);
  const [row] = await tx
    .insert(partnerProject)
    .values({ ...columnsOf(input), partnerId: input.partner_id, label: input.label })
    .returning({ id: partnerProject.id });
  const id = row!.id;
  let mainflowId = input.mainflow_id ?? null;
  // A project for a relation (the partner's contact) without a main flow gets one on that relation: the
  // combined quotation or invoice needs a flow to live on (decision 062).
  if (mainflowId === null && input.relation_id) {
    const main = await createFlow(tx, {
      relationId: input.relation_id,
      description: `Hoofddossier ${input.label}`.slice(0, 500),
      flowprofileId: input.flowprofile_id ?? null,
      userId: input.user_id ?? null,
    });
    mainflowId = main.id;
    await tx.update(partnerProject).set({ mainflowId }).where(eq(partnerProject.id, id));
  }
  await adoptMainFlow(tx, id, input.partner_id, mainflowId);
  await writeLog(tx, {
    type: 'partnerproject',
    id,
    action: 'create',
    description: `Partnerproject ${input.label} aangemaakt`,
  });
  return id;
}

async function lockProject(tx: Tx, id: number) {
  const [current] = await tx.select().from(partnerProject).where(eq(partnerProject.id, id)).for('update');
  return current ?? null;
}

/** PATCH partnerproject: false when the project is not the company's. */
export async function updatePartnerProject(
  tx: Tx,
  id: number,
  input: UpdatePartnerProject,
): Promise<boolean> {
  const current = await lockProject(tx, id);
  if (!current) return false;
  await checkReferences(tx, input);
  const start = input.start_date === undefined ? current.startDate : input.start_date;
  const end = input.end_date === undefined ? current.endDate : input.end_date;
  if (start && end && end < start) throw bad('end_date', T.endBeforeStart);
  await tx
    .update(partnerProject)
    .set({ ...columnsOf(input), updatedAt: new Date() })
    .where(eq(partnerProject.id, id));
  const partnerId = input.partner_id ?? current.partnerId;
  if (input.partner_id !== undefined && input.partner_id !== current.partnerId)
    await tx
      .update(flow)
      .set({ partnerId, updatedAt: new Date() })
      .where(and(eq(flow.partnerProjectId, id), isNull(flow.deletedAt)));
  if (input.mainflow_id !== undefined && input.mainflow_id !== current.mainflowId)
    await adoptMainFlow(tx, id, partnerId, input.mainflow_id);
  await writeLog(tx, {
    type: 'partnerproject',
    id,
    action: 'update',
    description: `Partnerproject ${input.label ?? current.label} gewijzigd`,
    changes: { ...input },
  });
  return true;
}

/** Deleting a project unlinks its flows: they are the company's work and stay (decision 062). */
export async function deletePartnerProject(tx: Tx, id: number): Promise<boolean> {
  const current = await lockProject(tx, id);
  if (!current) return false;
  const unlinked = await tx
    .update(flow)
    .set({ partnerProjectId: null, updatedAt: new Date() })
    .where(eq(flow.partnerProjectId, id))
    .returning({ id: flow.id });
  await tx.delete(partnerProject).where(eq(partnerProject.id, id));
  await writeLog(tx, {
    type: 'partnerproject',
    id,
    action: 'delete',
    description: `Partnerproject ${current.label} verwijderd`,
    changes: { flows: unlinked.length },
  });
  return true;
}

/** updateStatus: the project to a phase; `next` moves one step forward (after the screen's confirmation). */
export async function updatePartnerProjectStatus(
  tx: Tx,
  id: number,
  to: PartnerProjectPhase | 'next',
): Promise<boolean> {
  const current = await lockProject(tx, id);
  if (!current) return false;
  const from = current.status as PartnerProjectPhase;
  const status = to === 'next' ? nextPartnerProjectPhase(from) : to;
  if (status === null) throw conflict(T.lastPhase);
  if (status === from) return true;
  await tx.update(partnerProject).set({ status, updatedAt: sql`now()` }).where(eq(partnerProject.id, id));
  await writeLog(tx, {
    type: 'partnerproject',
    id,
    action: 'status',
    description: `Fase van partnerproject ${current.label} gewijzigd van ${PARTNER_PROJECT_PHASE_LABELS[from] ?? from} naar ${PARTNER_PROJECT_PHASE_LABELS[status]}`,
    changes: { status: [from, status] },
  });
  return true;
}

export async function projectRow(tx: Tx, id: number) {
  const [row] = await tx.select().from(partnerProject).where(eq(partnerProject.id, id));
  return row ?? null;
}
