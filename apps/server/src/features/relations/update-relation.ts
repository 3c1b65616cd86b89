import type { UpdateRelation } from '@im/domain';
import { DEFAULT_COUNTRY, DEFAULT_LEAD_SOURCE, nameParts } from '@im/domain';
import { and, asc, desc, eq, isNull } from 'drizzle-orm';
import { deferStatement, rawRows, type Tx } from '../../platform/db/database';
import { flow } from '../../platform/db/tables/flows.schema';
import { location } from '../../platform/db/tables/locations.schema';
import { relation } from '../../platform/db/tables/relations.schema';
import { validationError } from '../../platform/errors';
import { writeLog } from '../../platform/events/write-log';
import { requireFlowProfile } from '../flowprofiles';
import { refreshFlowSearchText } from '../flows';
import { type Coordinates, createLocation, updateLocation } from '../locations';
import { insertOrganization, requireOrganization } from './organization-record';

const UNKNOWN_FLOW = 'Dit dossier hoort niet bij deze relatie.';

/** What a change compares with, locked: a fixed text (every relation change reads it: decision 014). */
const LOCK_RELATION_SQL = `select name, nameprefix, surname, fullname, email, phone, mobile, country,
    lead_source as "leadSource", lat, lng, flowprofile_id as "flowprofileId",
    organization_id as "organizationId", flow_id as "flowId",
    buyer_reference as "buyerReference", order_reference as "orderReference"
  from relation where id = $1 for update`;
type LockedRelation = Pick<
  typeof relation.$inferSelect,
  | 'name'
  | 'nameprefix'
  | 'surname'
  | 'fullname'
  | 'email'
  | 'phone'
  | 'mobile'
  | 'country'
  | 'leadSource'
  | 'lat'
  | 'lng'
  | 'flowprofileId'
  | 'organizationId'
  | 'flowId'
  | 'buyerReference'
  | 'orderReference'
>;

/**
 * Changes a relation. `update_reason` names the special changes of spec 001 section 4: flowchange
 * (`flow_id` becomes the main flow), changeorganization (`organization_id`, null unlinks) and
 * neworganization (creates `neworganizationname` and links it). A given `location` changes the main
 * location (or adds it). False when the relation is not the company's.
 */
export async function updateRelation(
  tx: Tx,
  id: number,
  input: UpdateRelation,
  coords: Coordinates,
): Promise<boolean> {
  const [before] = await rawRows<LockedRelation>(tx, LOCK_RELATION_SQL, [id]);
  if (!before) return false;
  const names = nameParts(input);
  const set: Partial<typeof relation.$inferInsert> = {
    name: names.name,
    nameprefix: names.nameprefix,
    surname: names.surname,
    email: input.email,
    phone: input.phone,
    mobile: input.mobile,
    country: input.country === undefined ? undefined : input.country || DEFAULT_COUNTRY,
    leadSource: input.lead_source === undefined ? undefined : input.lead_source || DEFAULT_LEAD_SOURCE,
    lat: input.lat,
    lng: input.lng,
    buyerReference: input.buyer_reference,
    orderReference: input.order_reference,
  };
  if (input.flowprofile_id !== undefined) {
    if (input.flowprofile_id) await requireFlowProfile(tx, input.flowprofile_id);
    set.flowprofileId = input.flowprofile_id;
  }
  if (input.update_reason === 'flowchange') {
    const [main] = await tx
      .select({ id: flow.id })
      .from(flow)
      .where(and(eq(flow.id, input.flow_id!), eq(flow.relationId, id), isNull(flow.deletedAt)));
    if (!main) throw validationError(UNKNOWN_FLOW, { flow_id: [UNKNOWN_FLOW] });
    set.flowId = main.id;
  }
  if (input.update_reason === 'neworganization') {
    set.organizationId = await insertOrganization(tx, {
      name: input.neworganizationname!,
      country: before.country,
      leadSource: before.leadSource,
    });
  } else if (input.organization_id !== undefined) {
    if (input.organization_id) await requireOrganization(tx, input.organization_id);
    set.organizationId = input.organization_id;
  }
  const changes = Object.fromEntries(
    Object.entries(set).filter(([k, v]) => v !== undefined && v !== before[k as keyof typeof before]),
  );
  // A PATCH that changes nothing writes nothing, not even a log item.
  if (Object.keys(changes).length === 0 && !input.location) return true;
  // Nothing reads its answer: it travels with the transaction's next statement (decision 014).
  await deferStatement(
    tx,
    tx
      .update(relation)
      .set({ ...set, updatedAt: new Date() })
      .where(eq(relation.id, id)),
  );
  if (input.location) {
    const [main] = await tx
      .select({ id: location.id })
      .from(location)
      .where(eq(location.relationId, id))
      .orderBy(desc(location.isMain), asc(location.id))
      .limit(1);
    const fields = { ...input.location, country: input.location.country || before.country };
    if (main) await updateLocation(tx, main.id, fields, coords);
    else await createLocation(tx, { relationId: id }, { ...fields, is_main: true }, coords);
  }
  if (['name', 'nameprefix', 'surname', 'email'].some((k) => k in changes))
    await refreshFlowSearchText(tx, { relationId: id });
  await writeLog(tx, {
    type: 'relation',
    id,
    action: 'update',
    description: `Relatie ${before.fullname} gewijzigd${reasonLabel(input.update_reason)}`,
    changes: { ...changes, ...(input.update_reason ? { update_reason: input.update_reason } : {}) },
  });
  return true;
}

function reasonLabel(reason: UpdateRelation['update_reason']): string {
  switch (reason) {
    case 'flowchange':
      return ': hoofddossier gewijzigd';
    case 'changeorganization':
      return ': organisatie gewijzigd';
    case 'neworganization':
      return ': nieuwe organisatie gekoppeld';
    default:
      return '';
  }
}
