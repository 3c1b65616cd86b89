import { type FlowStatus, fullName, stageOf } from '@im/domain';
import { and, asc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Tx } from '../../platform/db/database';
import { storedFile } from '../../platform/files/files.schema';
import { flowProfile } from '../flowprofiles/flowprofiles.schema';
import { fullAddress } from '../locations';
import { loadRelations, zRelation } from '../relations';
import { lead } from './flows.schema';
import { epochMs, isoFast, isoFastOrNull } from './iso';

export const zFlowPhaseRef = z.object({ id: z.number().int(), description: z.string(), color: z.string() });

/** `FlowRow` of docs/api/crm.md: one flow in a list. */
export const zFlowRow = z.object({
  id: z.number().int(),
  hash: z.string(),
  number: z.number().int(),
  description: z.string(),
  flow_status: z.string(),
  flow_phase_id: z.number().int().nullable(),
  flow_phase: zFlowPhaseRef.nullable(),
  user_id: z.number().int().nullable(),
  user_fullname: z.string(),
  relation_id: z.number().int(),
  relation_fullname: z.string(),
  address: z.string(),
  lead_source: z.string(),
  tags: z.array(z.string()),
  type: z.string(),
  partner_id: z.number().int().nullable(),
  partner_project_id: z.number().int().nullable(),
  flowprofile_id: z.number().int().nullable(),
  lead_date: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  deleted_at: z.string().nullable(),
  unread: z.boolean(),
});
export type FlowRow = z.infer<typeof zFlowRow>;

export const zLead = z.object({
  flow_id: z.number().int(),
  date_lead: z.string().nullable(),
  date_intake: z.string().nullable(),
  date_quotation: z.string().nullable(),
  date_confirmation: z.string().nullable(),
  date_project: z.string().nullable(),
  date_project_start: z.string().nullable(),
  date_invoice: z.string().nullable(),
  date_aftercare: z.string().nullable(),
  date_archived: z.string().nullable(),
});
export type LeadDto = z.infer<typeof zLead>;

export const zFileInfo = z.object({
  id: z.number().int(),
  filename: z.string(),
  mime_type: z.string(),
  size: z.number().int(),
  created_at: z.string(),
  url: z.string(),
});
export type FileInfo = z.infer<typeof zFileInfo>;

/** `Flow` of docs/api/crm.md: the detail. */
export const zFlow = zFlowRow.extend({
  office_user_id: z.number().int().nullable(),
  project_user_id: z.number().int().nullable(),
  location_id: z.number().int().nullable(),
  cancel_reason: z.string().nullable(),
  flowstage_start_at: z.string(),
  relation: zRelation,
  lead: zLead,
  flowprofile: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  files: z.array(zFileInfo),
  assistfiles: z.array(zFileInfo),
  status_leads: z.string().nullable(),
  status_intakes: z.string().nullable(),
  status_quotations: z.string().nullable(),
  status_projects: z.string().nullable(),
  status_invoices: z.string().nullable(),
});
export type FlowDto = z.infer<typeof zFlow>;

interface RawFlowRow extends Record<string, unknown> {
  id: number;
  hash: string;
  number: number;
  description: string;
  flow_status: string;
  flow_phase_id: number | null;
  phase_description: string | null;
  phase_color: string | null;
  user_id: number | null;
  user_name: string | null;
  user_nameprefix: string | null;
  user_surname: string | null;
  relation_id: number;
  relation_fullname: string | null;
  lead_source: string;
  tags: string[];
  type: string;
  partner_id: number | null;
  partner_project_id: number | null;
  flowprofile_id: number | null;
  office_user_id: number | null;
  project_user_id: number | null;
  location_id: number | null;
  cancel_reason: string | null;
  flowstage_start_at: number;
  date_lead: number | null;
  created_at: number;
  updated_at: number;
  deleted_at: number | null;
  l_address: string | null;
  l_number: string | null;
  l_number_addition: string | null;
  l_postcode: string | null;
  l_city: string | null;
  l_country: string | null;
}

/**
 * Flows by id with what a row shows: phase, handler, relation name, the flow's address (its own
 * location, else the relation's main one) and lead date. Merged-away flows are never returned.
 */
async function rawFlowRows(tx: Tx, ids: readonly number[], withTrashed: boolean): Promise<RawFlowRow[]> {
  if (ids.length === 0) return [];
  const result = await tx.execute<RawFlowRow>(sql`
    select f.id, f.hash, f.number, f.description, f.flow_status, f.flow_phase_id,
      p.description as phase_description, p.color as phase_color,
      f.user_id, u.name as user_name, u.nameprefix as user_nameprefix, u.surname as user_surname,
      f.relation_id, r.fullname as relation_fullname, f.lead_source, f.tags, f.type, f.partner_id,
      f.partner_project_id, f.flowprofile_id, f.office_user_id, f.project_user_id, f.location_id,
      f.cancel_reason, ${epochMs(sql`f.flowstage_start_at`)} as flowstage_start_at,
      ${epochMs(sql`ld.date_lead`)} as date_lead, ${epochMs(sql`f.created_at`)} as created_at,
      ${epochMs(sql`f.updated_at`)} as updated_at, ${epochMs(sql`f.deleted_at`)} as deleted_at,
      coalesce(fl.address, rl.address) as l_address, coalesce(fl.number, rl.number) as l_number,
      coalesce(fl.number_addition, rl.number_addition) as l_number_addition,
      coalesce(fl.postcode, rl.postcode) as l_postcode, coalesce(fl.city, rl.city) as l_city,
      coalesce(fl.country, rl.country) as l_country
    from flow f
    join relation r on r.id = f.relation_id
    left join flow_phase p on p.id = f.flow_phase_id
    left join "user" u on u.id = f.user_id
    left join lateral (select date_lead from lead where flow_id = f.id limit 1) ld on true
    left join location fl on fl.id = f.location_id
    left join lateral (
      select address, number, number_addition, postcode, city, country from location
      where relation_id = f.relation_id and fl.id is null order by is_main desc, id limit 1
    ) rl on true
    where f.id = any(${sql.param([...ids])}::int[]) and f.merged_into_flow_id is null
      ${withTrashed ? sql`` : sql`and f.deleted_at is null`}`);
  return result.rows;
}

function toFlowRow(r: RawFlowRow): FlowRow {
  return {
    id: r.id,
    hash: r.hash,
    number: r.number,
    description: r.description,
    flow_status: r.flow_status,
    flow_phase_id: r.flow_phase_id,
    flow_phase:
      r.flow_phase_id && r.phase_description !== null
        ? { id: r.flow_phase_id, description: r.phase_description, color: r.phase_color ?? 'gray' }
        : null,
    user_id: r.user_id,
    user_fullname:
      r.user_id && r.user_name !== null
        ? fullName({ name: r.user_name, nameprefix: r.user_nameprefix ?? '', surname: r.user_surname ?? '' })
        : '',
    relation_id: r.relation_id,
    relation_fullname: r.relation_fullname ?? '',
    address:
      r.l_address === null
        ? ''
        : fullAddress({
            address: r.l_address,
            number: r.l_number ?? '',
            numberAddition: r.l_number_addition ?? '',
            postcode: r.l_postcode ?? '',
            city: r.l_city ?? '',
            country: r.l_country ?? '',
          }),
    lead_source: r.lead_source,
    tags: r.tags,
    type: r.type,
    partner_id: r.partner_id,
    partner_project_id: r.partner_project_id,
    flowprofile_id: r.flowprofile_id,
    lead_date: isoFastOrNull(r.date_lead),
    created_at: isoFast(r.created_at),
    updated_at: isoFast(r.updated_at),
    deleted_at: isoFastOrNull(r.deleted_at),
    unread: r.flow_status === 'unread',
  };
}

/** Live flows by id, in the order given, skipping ids that are gone or not the company's. */
export async function loadFlowRows(tx: Tx, ids: readonly number[]): Promise<FlowRow[]> {
  const byId = new Map((await rawFlowRows(tx, ids, false)).map((r) => [r.id, r]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [toFlowRow(row)] : [];
  });
}

/** One flow's row, live or trashed; null when it is gone, merged away or not the company's. */
export async function loadFlowRowAnyState(tx: Tx, id: number): Promise<FlowRow | null> {
  const [row] = await rawFlowRows(tx, [id], true);
  return row ? toFlowRow(row) : null;
}

function toLead(flowId: number, l: typeof lead.$inferSelect | undefined): LeadDto {
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
export async function loadLead(tx: Tx, flowId: number): Promise<LeadDto> {
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
export async function loadFlow(tx: Tx, id: number): Promise<FlowDto | null> {
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
  const stages: Pick<FlowDto, (typeof STAGE_FIELDS)[keyof typeof STAGE_FIELDS]> = {
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
