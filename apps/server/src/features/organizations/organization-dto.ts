import type { Organization } from '@im/domain';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/database';
import { location } from '../../platform/db/tables/locations.schema';
import { organization } from '../../platform/db/tables/organizations.schema';
import { relation } from '../../platform/db/tables/relations.schema';
import { toIso } from '../../platform/http/dates';
import { addressOf, loadLocations, mainLocationsOf } from '../locations';
import { loadRelations } from '../relations';

const MAX_DETAIL_RELATIONS = 1000;

/** Live organizations by id, in the order given, skipping ids that are not the company's. */
export async function loadOrganizations(tx: Tx, ids: readonly number[]): Promise<Organization[]> {
  if (ids.length === 0) return [];
  const rows = await tx
    .select({
      o: organization,
      contactName: relation.fullname,
      relationsCount: sql<number>`(select count(*)::int from ${relation} r
        where r.organization_id = ${organization.id} and r.deleted_at is null)`,
    })
    .from(organization)
    .leftJoin(relation, and(eq(relation.id, organization.contactpersonId), isNull(relation.deletedAt)))
    .where(and(inArray(organization.id, [...ids]), isNull(organization.deletedAt)));
  const locations = await mainLocationsOf(tx, 'organization', ids);
  const byId = new Map(rows.map((r) => [r.o.id, r]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    if (!row) return [];
    const { o } = row;
    return [
      {
        id: o.id,
        name: o.name,
        email: o.email,
        phone: o.phone,
        coc_number: o.cocNumber,
        vat_number: o.vatNumber,
        oin: o.oin,
        buyer_reference: o.buyerReference,
        order_reference: o.orderReference,
        country: o.country,
        lead_source: o.leadSource,
        flowprofile_id: o.flowprofileId,
        contactperson_id: o.contactpersonId,
        contactperson:
          o.contactpersonId && row.contactName !== null
            ? { id: o.contactpersonId, fullname: row.contactName }
            : null,
        lat: o.lat,
        lng: o.lng,
        address: addressOf(locations.get(id)),
        relations_count: row.relationsCount,
        created_at: toIso(o.createdAt),
        updated_at: toIso(o.updatedAt),
      },
    ];
  });
}

export async function loadOrganizationDetail(tx: Tx, id: number) {
  const [base] = await loadOrganizations(tx, [id]);
  if (!base) return null;
  const members = await tx
    .select({ id: relation.id })
    .from(relation)
    .where(and(eq(relation.organizationId, id), isNull(relation.deletedAt)))
    .orderBy(asc(relation.fullname), asc(relation.id))
    .limit(MAX_DETAIL_RELATIONS);
  return {
    ...base,
    relations: await loadRelations(
      tx,
      members.map((m) => m.id),
    ),
    locations: await loadLocations(tx, eq(location.organizationId, id)),
  };
}
