import type { FlowStatus, Relation, RelationDetail } from '@im/domain';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/database';
import { storedFile } from '../../platform/files/files.schema';
import { toIso } from '../../platform/http/dates';
import { flowRowsOfRelation } from '../flows/flow-row';
import { flow } from '../flows/flows.schema';
import { addressOf, loadLocations, mainLocationsOf } from '../locations/location-dto';
import { location } from '../locations/locations.schema';
import { organization } from '../organizations/organizations.schema';
import { relation } from './relations.schema';

/** The main flow of each relation: its chosen `flow_id` while that flow is live, else the newest live flow. */
async function mainFlowsOf(tx: Tx, ids: readonly number[]) {
  const rows = await tx
    .selectDistinctOn([flow.relationId], {
      relationId: flow.relationId,
      id: flow.id,
      status: flow.flowStatus,
    })
    .from(flow)
    .innerJoin(relation, eq(relation.id, flow.relationId))
    .where(and(inArray(flow.relationId, [...ids]), isNull(flow.deletedAt), isNull(flow.mergedIntoFlowId)))
    .orderBy(flow.relationId, sql`${flow.id} = ${relation.flowId} desc nulls last`, sql`${flow.id} desc`);
  return new Map(rows.map((r) => [r.relationId, r]));
}

/** Relations by id, in the order given, skipping ids that are not the company's. */
export async function loadRelations(tx: Tx, ids: readonly number[]): Promise<Relation[]> {
  if (ids.length === 0) return [];
  const rows = await tx
    .select({ r: relation, orgName: organization.name })
    .from(relation)
    .leftJoin(organization, eq(organization.id, relation.organizationId))
    .where(inArray(relation.id, [...ids]));
  // One connection: its queries run one after the other anyway.
  const locations = await mainLocationsOf(tx, 'relation', ids);
  const flows = await mainFlowsOf(tx, ids);
  const byId = new Map(rows.map((row) => [row.r.id, row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    if (!row) return [];
    const { r } = row;
    const main = flows.get(id);
    return [
      {
        id: r.id,
        name: r.name,
        nameprefix: r.nameprefix,
        surname: r.surname,
        fullname: r.fullname ?? '',
        email: r.email,
        phone: r.phone,
        mobile: r.mobile,
        country: r.country,
        lead_source: r.leadSource,
        flowprofile_id: r.flowprofileId,
        organization_id: r.organizationId,
        organization:
          r.organizationId && row.orgName !== null ? { id: r.organizationId, name: row.orgName } : null,
        flow_id: main?.id ?? null,
        flow_status: (main?.status ?? null) as FlowStatus | null,
        lat: r.lat,
        lng: r.lng,
        address: addressOf(locations.get(id)),
        created_at: toIso(r.createdAt),
        updated_at: toIso(r.updatedAt),
        deleted_at: r.deletedAt ? toIso(r.deletedAt) : null,
      },
    ];
  });
}

/** Files kept on a relation (assist files the flows feature stores with owner_type 'relation'). */
export async function relationFiles(tx: Tx, relationId: number) {
  const rows = await tx
    .select()
    .from(storedFile)
    .where(and(eq(storedFile.ownerType, 'relation'), eq(storedFile.ownerId, relationId)))
    .orderBy(asc(storedFile.id));
  return rows.map((f) => ({
    id: f.id,
    filename: f.filename,
    mime_type: f.mimeType,
    size: f.size,
    created_at: toIso(f.createdAt),
    url: `/api/assistfile/${f.id}`,
  }));
}

/** The relation with its flows, trashed flows, locations and files; null when it is not the company's. */
export async function loadRelationDetail(tx: Tx, id: number): Promise<RelationDetail | null> {
  const [base] = await loadRelations(tx, [id]);
  if (!base) return null;
  return {
    ...base,
    flows: await flowRowsOfRelation(tx, base.id, 'live'),
    trashed_flows: await flowRowsOfRelation(tx, base.id, 'trashed'),
    locations: await loadLocations(tx, eq(location.relationId, id)),
    files: await relationFiles(tx, id),
  };
}
