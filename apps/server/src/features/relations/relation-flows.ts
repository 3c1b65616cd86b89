import { fullName } from '@im/domain';
import { and, desc, eq, isNotNull, isNull } from 'drizzle-orm';
import { z } from 'zod';
import type { Tx } from '../../platform/db/database';
import { toIso } from '../../platform/http/dates';
import { flowPhase } from '../flowphases/flowphases.schema';
import { flow, lead } from '../flows/flows.schema';
import { fullAddress } from '../locations/address';
import { location } from '../locations/locations.schema';
import { user } from '../users/users.schema';

/**
 * `FlowRow` of docs/api/crm.md, for the relation detail's flow lists. The flows feature owns the flow
 * lists; this is the same shape, read for one relation.
 */
export const zFlowRow = z.object({
  id: z.number().int(),
  hash: z.string(),
  number: z.number().int(),
  description: z.string(),
  flow_status: z.string(),
  flow_phase_id: z.number().int().nullable(),
  flow_phase: z.object({ id: z.number().int(), description: z.string(), color: z.string() }).nullable(),
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

/** Live (or trashed) flows of a relation, newest first; merged-away flows are in neither list. */
export async function flowRowsOf(
  tx: Tx,
  relation: { id: number; fullname: string; address: string },
  which: 'live' | 'trashed',
): Promise<FlowRow[]> {
  const rows = await tx
    .select({
      f: flow,
      phase: { id: flowPhase.id, description: flowPhase.description, color: flowPhase.color },
      userName: user.name,
      userPrefix: user.nameprefix,
      userSurname: user.surname,
      dateLead: lead.dateLead,
      loc: location,
    })
    .from(flow)
    .leftJoin(flowPhase, eq(flowPhase.id, flow.flowPhaseId))
    .leftJoin(user, eq(user.id, flow.userId))
    .leftJoin(lead, eq(lead.flowId, flow.id))
    .leftJoin(location, eq(location.id, flow.locationId))
    .where(
      and(
        eq(flow.relationId, relation.id),
        isNull(flow.mergedIntoFlowId),
        which === 'live' ? isNull(flow.deletedAt) : isNotNull(flow.deletedAt),
      ),
    )
    .orderBy(desc(flow.id));
  return rows.map(({ f, phase, loc, ...r }) => ({
    id: f.id,
    hash: f.hash,
    number: f.number,
    description: f.description,
    flow_status: f.flowStatus,
    flow_phase_id: f.flowPhaseId,
    flow_phase: phase?.id ? phase : null,
    user_id: f.userId,
    user_fullname: fullName({ name: r.userName, nameprefix: r.userPrefix, surname: r.userSurname }),
    relation_id: f.relationId,
    relation_fullname: relation.fullname,
    address: loc ? fullAddress(loc) : relation.address,
    lead_source: f.leadSource,
    tags: f.tags,
    type: f.type,
    partner_id: f.partnerId,
    partner_project_id: f.partnerProjectId,
    flowprofile_id: f.flowprofileId,
    lead_date: r.dateLead ? toIso(r.dateLead) : null,
    created_at: toIso(f.createdAt),
    updated_at: toIso(f.updatedAt),
    deleted_at: f.deletedAt ? toIso(f.deletedAt) : null,
    unread: f.flowStatus === 'unread',
  }));
}
