import { type FileInfo, type Flow, type FlowStatus, type Lead, stageOf } from '@im/domain';
import { and, asc, eq } from 'drizzle-orm';
import type { Tx } from '../../platform/db/database';
import { storedFile } from '../../platform/files/files.schema';
import { flowProfile } from '../flowprofiles/flowprofiles.schema';
import { loadRelations } from '../relations';

import { loadFlowRowAnyState, loadFlowRows, rawFlowRows, toFlowRow } from './flow-row';
import { lead } from './flows.schema';
import { isoFast } from './iso';

export { loadFlowRowAnyState, loadFlowRows };

function toLead(flowId: number, l: typeof lead.$inferSelect | undefined): Lead {
  const iso = (d: Date | null | undefined) => (d ? isoFast(d) : null);
  return {
    flow_id: flowId,
    date_lead: iso(l?.dateLead),
    date_intake: iso(l?.dateIntake),
    date_quotation: iso(l?.dateQuotation),
    date_confirmation: iso(l?.dateConfirmation),
    date_project: iso(l?.dateProject),
    date_project_start: iso(l?.dateProjectStart),
    date_invoice: iso(l?.dateInvoice),
    date_aftercare: iso(l?.dateAftercare),
    date_archived: iso(l?.dateArchived),
  };
}

/** The lead dates of a flow (a flow always has a row; an empty one is answered if it was lost). */
export async function loadLead(tx: Tx, flowId: number): Promise<Lead> {
  const [row] = await tx.select().from(lead).where(eq(lead.flowId, flowId));
  return toLead(flowId, row);
}

/** Files kept on an owner for a purpose, oldest first, with their download address. */
export async function filesOf(
  tx: Tx,
  ownerType: string,
  ownerId: number,
  purpose: 'flowfile' | 'assistfile',
): Promise<FileInfo[]> {
  const rows = await tx
    .select()
    .from(storedFile)
    .where(
      and(
        eq(storedFile.ownerType, ownerType),
        eq(storedFile.ownerId, ownerId),
        eq(storedFile.purpose, purpose),
      ),
    )
    .orderBy(asc(storedFile.id));
  return rows.map((f) => ({
    id: f.id,
    filename: f.filename,
    mime_type: f.mimeType,
    size: f.size,
    created_at: isoFast(f.createdAt),
    url: `/api/${purpose}/${f.id}`,
  }));
}

const STAGE_FIELDS = {
  new: 'status_leads',
  intake: 'status_intakes',
  quotation: 'status_quotations',
  project: 'status_projects',
  invoice: 'status_invoices',
} as const;

/** The detail of a live or trashed flow; null when it does not exist, was merged away or is not the company's. */
export async function loadFlow(tx: Tx, id: number): Promise<Flow | null> {
  const [raw] = await rawFlowRows(tx, [id], true);
  if (!raw) return null;
  // One connection: the reads go one after the other (pg refuses overlapping queries on a client).
  const [relationDto] = await loadRelations(tx, [raw.relation_id]);
  const leadDto = await loadLead(tx, id);
  const profile = raw.flowprofile_id
    ? await tx
        .select({ id: flowProfile.id, name: flowProfile.name })
        .from(flowProfile)
        .where(eq(flowProfile.id, raw.flowprofile_id))
    : [];
  const files = await filesOf(tx, 'flow', id, 'flowfile');
  const assistfiles = await filesOf(tx, 'flow', id, 'assistfile');
  if (!relationDto) return null;
  const stages: Pick<Flow, (typeof STAGE_FIELDS)[keyof typeof STAGE_FIELDS]> = {
    status_leads: null,
    status_intakes: null,
    status_quotations: null,
    status_projects: null,
    status_invoices: null,
  };
  const stage = stageOf(raw.flow_status as FlowStatus);
  if (stage && stage in STAGE_FIELDS && raw.phase_description !== null)
    stages[STAGE_FIELDS[stage as keyof typeof STAGE_FIELDS]] = raw.phase_description;
  return {
    ...toFlowRow(raw),
    office_user_id: raw.office_user_id,
    project_user_id: raw.project_user_id,
    location_id: raw.location_id,
    cancel_reason: raw.cancel_reason,
    flowstage_start_at: isoFast(raw.flowstage_start_at),
    relation: relationDto,
    lead: leadDto,
    flowprofile: profile[0] ?? null,
    files,
    assistfiles,
    ...stages,
  };
}
