import { type FileInfo, type Flow, type FlowStatus, type Lead, type Relation, stageOf } from '@im/domain';
import { and, asc, eq } from 'drizzle-orm';
import { type RawRead, type ReadPlan, readPlan, runPlan, type Tx } from '../../platform/db/database';
import { epochMsText, isoFast } from '../../platform/db/iso';
import { storedFile } from '../../platform/db/tables/files.schema';
import { lead } from '../../platform/db/tables/flows.schema';
import { loadFlowRowAnyState, loadFlowRows, type RawFlowRow, rawFlowRowRead, toFlowRow } from './flow-row';
import { relationOfFlowRead } from './relation-row';

export { loadFlowRowAnyState, loadFlowRows };

type LeadDates = Partial<Record<keyof typeof lead.$inferSelect, Date | number | null>>;

function toLead(flowId: number, l: LeadDates | undefined): Lead {
  const iso = (d: Date | number | null | undefined) => (d === null || d === undefined ? null : isoFast(d));
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

interface FlowExtras extends Record<string, unknown> {
  /** Lead dates as epoch milliseconds; null when the flow's lead row was lost. */
  lead: Record<string, number | null> | null;
  profile_name: string | null;
  files: {
    id: number;
    filename: string;
    mime_type: string;
    size: number;
    purpose: string;
    created_at: number;
  }[];
}

const FLOW_EXTRAS_SQL = `
  select
    (select json_build_object(
        'dateLead', ${epochMsText('l.date_lead')}, 'dateIntake', ${epochMsText('l.date_intake')},
        'dateQuotation', ${epochMsText('l.date_quotation')}, 'dateConfirmation', ${epochMsText('l.date_confirmation')},
        'dateProject', ${epochMsText('l.date_project')}, 'dateProjectStart', ${epochMsText('l.date_project_start')},
        'dateInvoice', ${epochMsText('l.date_invoice')}, 'dateAftercare', ${epochMsText('l.date_aftercare')},
        'dateArchived', ${epochMsText('l.date_archived')})
      from lead l where l.flow_id = $1 limit 1) as lead,
    (select p.name from flow_profile p where p.id = (select flowprofile_id from flow where id = $1)) as profile_name,
    (select coalesce(json_agg(json_build_object('id', f.id, 'filename', f.filename, 'mime_type', f.mime_type,
        'size', f.size, 'purpose', f.purpose, 'created_at', ${epochMsText('f.created_at')}) order by f.id), '[]')
      from stored_file f where ((f.owner_type = 'flow' and f.owner_id = $1)
          -- A file shared by many flows (an import's external file, decision 066) by its reference row.
          or f.id in (select s.stored_file_id from flow_shared_file s where s.flow_id = $1))
        and f.purpose in ('flowfile', 'assistfile')) as files`;

/** The detail's lead dates, flow profile and files in one statement (one read instead of four). */
function flowExtrasRead(id: number): RawRead<FlowExtras> {
  return { text: FLOW_EXTRAS_SQL, values: [id], map: (rows: FlowExtras[]) => rows[0]! };
}

function fileInfo(f: FlowExtras['files'][number]): FileInfo {
  return {
    id: f.id,
    filename: f.filename,
    mime_type: f.mime_type,
    size: f.size,
    created_at: isoFast(f.created_at),
    url: `/api/${f.purpose}/${f.id}`,
  };
}

/** The detail of a live or trashed flow; null when it does not exist, was merged away or is not the company's. */
export async function loadFlow(tx: Tx, id: number): Promise<Flow | null> {
  return runPlan(tx, flowDetailPlan(id));
}

/**
 * The flow, its relation and its extras in one round trip (each is empty for another company's flow);
 * `tenantReads` runs it with the set-up in that same round trip.
 */
export function flowDetailPlan(id: number): ReadPlan<Flow | null> {
  return readPlan(
    [rawFlowRowRead(id), relationOfFlowRead(id), flowExtrasRead(id)],
    ([raw, relationDto, extras]) => toFlow(id, raw, relationDto, extras),
  );
}

function toFlow(
  id: number,
  raw: RawFlowRow | undefined,
  relationDto: Relation | undefined,
  extras: FlowExtras,
): Flow | null {
  if (!raw) return null;
  const leadDto = toLead(id, extras.lead ?? undefined);
  const profile =
    raw.flowprofile_id && extras.profile_name !== null
      ? [{ id: raw.flowprofile_id, name: extras.profile_name }]
      : [];
  const files = extras.files.filter((f) => f.purpose === 'flowfile').map(fileInfo);
  const assistfiles = extras.files.filter((f) => f.purpose === 'assistfile').map(fileInfo);
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
