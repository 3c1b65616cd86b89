import {
  type CreateOrganization,
  DEFAULT_COUNTRY,
  DEFAULT_LEAD_SOURCE,
  type UpdateOrganization,
} from '@im/domain';
import { and, asc, desc, eq, isNull } from 'drizzle-orm';
import type { Tx } from '../../platform/db/database';
import { location } from '../../platform/db/tables/locations.schema';
import { organization } from '../../platform/db/tables/organizations.schema';
import { relation } from '../../platform/db/tables/relations.schema';
import { validationError } from '../../platform/errors';
import { writeLog } from '../../platform/events/write-log';
import { requireFlowProfile } from '../flowprofiles';
import { type Coordinates, createLocation, updateLocation } from '../locations';
import { createRelation, insertOrganization } from '../relations';

const UNKNOWN_RELATION = 'Kies een relatie van dit bedrijf.';

/** 422 unless the id is a live relation of the company. */
async function requireRelation(tx: Tx, id: number): Promise<{ organizationId: number | null }> {
  const [r] = await tx
    .select({ organizationId: relation.organizationId })
    .from(relation)
    .where(and(eq(relation.id, id), isNull(relation.deletedAt)));
  if (!r) throw validationError(UNKNOWN_RELATION, { contactperson_id: [UNKNOWN_RELATION] });
  return r;
}

/** A contact person without an organization joins this one. */
async function linkContactPerson(tx: Tx, organizationId: number, relationId: number): Promise<void> {
  await tx
    .update(relation)
    .set({ organizationId, updatedAt: new Date() })
    .where(and(eq(relation.id, relationId), isNull(relation.organizationId)));
}

/**
 * Creates an organization (defaults country Nederland, lead source 'Eigen website') with its main
 * location; a nested relation becomes its contact person, a relation of the organization, and (unless
 * `createnewflow` is false) gets a flow with the organization's request profile and lead source.
 */
export async function createOrganization(
  tx: Tx,
  input: CreateOrganization,
  coords: Coordinates,
): Promise<number> {
  if (input.flowprofile_id) await requireFlowProfile(tx, input.flowprofile_id);
  if (input.contactperson_id) await requireRelation(tx, input.contactperson_id);
  const country = input.country || DEFAULT_COUNTRY;
  const leadSource = input.lead_source || DEFAULT_LEAD_SOURCE;
  const id = await insertOrganization(tx, {
    name: input.name,
    email: input.email ?? '',
    phone: input.phone ?? '',
    cocNumber: input.coc_number ?? '',
    vatNumber: input.vat_number ?? '',
    oin: input.oin ?? '',
    buyerReference: input.buyer_reference ?? '',
    orderReference: input.order_reference ?? '',
    country,
    leadSource,
    flowprofileId: input.flowprofile_id ?? null,
    contactpersonId: input.contactperson_id ?? null,
    lat: input.lat ?? null,
    lng: input.lng ?? null,
  });
  if (input.location)
    await createLocation(
      tx,
      { organizationId: id },
      { ...input.location, country: input.location.country || country, is_main: true },
      coords,
    );
  if (input.contactperson_id) await linkContactPerson(tx, id, input.contactperson_id);
  else if (input.relation) {
    const contact = await createRelation(tx, {
      ...input.relation,
      country,
      lead_source: leadSource,
      flowprofile_id: input.flowprofile_id ?? null,
      organization_id: id,
      createnewflow: input.createnewflow,
      flow_description: input.flow_description,
    });
    await tx.update(organization).set({ contactpersonId: contact.id }).where(eq(organization.id, id));
  }
  return id;
}

/** Changes an organization; a new contact person must be a relation of the company. False when not found. */
export async function updateOrganization(
  tx: Tx,
  id: number,
  input: UpdateOrganization,
  coords: Coordinates,
): Promise<boolean> {
  const [before] = await tx
    .select()
    .from(organization)
    .where(and(eq(organization.id, id), isNull(organization.deletedAt)))
    .for('update');
  if (!before) return false;
  if (input.flowprofile_id) await requireFlowProfile(tx, input.flowprofile_id);
  if (input.contactperson_id) await requireRelation(tx, input.contactperson_id);
  const set: Partial<typeof organization.$inferInsert> = {
    name: input.name,
    email: input.email,
    phone: input.phone,
    cocNumber: input.coc_number,
    vatNumber: input.vat_number,
    oin: input.oin,
    buyerReference: input.buyer_reference,
    orderReference: input.order_reference,
    country: input.country === undefined ? undefined : input.country || DEFAULT_COUNTRY,
    leadSource: input.lead_source === undefined ? undefined : input.lead_source || DEFAULT_LEAD_SOURCE,
    flowprofileId: input.flowprofile_id,
    contactpersonId: input.contactperson_id,
    lat: input.lat,
    lng: input.lng,
  };
  const changes = Object.fromEntries(
    Object.entries(set).filter(([k, v]) => v !== undefined && v !== before[k as keyof typeof before]),
  );
  await tx
    .update(organization)
    .set({ ...set, updatedAt: new Date() })
    .where(eq(organization.id, id));
  if (input.contactperson_id) await linkContactPerson(tx, id, input.contactperson_id);
  if (input.location) {
    const [main] = await tx
      .select({ id: location.id })
      .from(location)
      .where(eq(location.organizationId, id))
      .orderBy(desc(location.isMain), asc(location.id))
      .limit(1);
    const fields = { ...input.location, country: input.location.country || before.country };
    if (main) await updateLocation(tx, main.id, fields, coords);
    else await createLocation(tx, { organizationId: id }, { ...fields, is_main: true }, coords);
  }
  await writeLog(tx, {
    type: 'organization',
    id,
    action: 'update',
    description:
      'contactpersonId' in changes
        ? `Contactpersoon van organisatie ${before.name} gewijzigd`
        : `Organisatie ${before.name} gewijzigd`,
    changes,
  });
  return true;
}

/** Moves an organization to the trash; its relations stay, unlinked. False when not found. */
export async function deleteOrganization(tx: Tx, id: number): Promise<boolean> {
  const [gone] = await tx
    .update(organization)
    .set({ deletedAt: new Date() })
    .where(and(eq(organization.id, id), isNull(organization.deletedAt)))
    .returning({ name: organization.name });
  if (!gone) return false;
  const unlinked = await tx
    .update(relation)
    .set({ organizationId: null, updatedAt: new Date() })
    .where(eq(relation.organizationId, id))
    .returning({ id: relation.id });
  await writeLog(tx, {
    type: 'organization',
    id,
    action: 'delete',
    description: `Organisatie ${gone.name} verwijderd`,
    changes: { unlinked_relation_ids: unlinked.map((r) => r.id) },
  });
  return true;
}
