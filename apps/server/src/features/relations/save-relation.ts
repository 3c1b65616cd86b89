import type { CreateRelation } from '@im/domain';
import { DEFAULT_COUNTRY, DEFAULT_LEAD_SOURCE, fullName, nameParts } from '@im/domain';
import { rawRows, type Tx } from '../../platform/db/database';
import { writeLog } from '../../platform/events/write-log';
import { requireFlowProfile } from '../flowprofiles';
import { createFlow } from '../flows';
import { type Coordinates, createLocation } from '../locations';
import { insertOrganization, requireOrganization } from './organization-record';

// A fixed text (every new relation, from the screen, a website's lead or an organization's contact, runs it:
// decision 014); the company, the dates and the search text come from the column defaults and the table's
// trigger, as for any insert.
const INSERT_RELATION_SQL = `insert into relation (name, nameprefix, surname, email, phone, mobile, country,
    lead_source, flowprofile_id, organization_id, lat, lng, buyer_reference, order_reference)
  values ($1, $2, $3, $4, $5, $6, $7, $8, $9::integer, $10::integer, $11::float8, $12::float8, $13, $14)
  returning id`;

/**
 * Creates a relation with the defaults of spec 001 (country Nederland, lead source 'Eigen website'):
 * linked to an organization (an existing one, or a new one by name), with its first location, and
 * unless `createnewflow` is false a flow with the standard request profile or the one given.
 * `coords` are the location's, geocoded before the transaction.
 */
export async function createRelation(
  tx: Tx,
  input: Omit<CreateRelation, 'createnewflow'> & { createnewflow?: boolean },
  coords: Coordinates = null,
): Promise<{ id: number; flowId: number | null }> {
  const names = nameParts(input);
  if (input.flowprofile_id) await requireFlowProfile(tx, input.flowprofile_id);
  let organizationId = input.organization_id ?? null;
  if (organizationId) await requireOrganization(tx, organizationId);
  else if (input.neworganizationname) {
    organizationId = await insertOrganization(tx, {
      name: input.neworganizationname,
      country: input.country || DEFAULT_COUNTRY,
      leadSource: input.lead_source || DEFAULT_LEAD_SOURCE,
    });
  }
  const leadSource = input.lead_source || DEFAULT_LEAD_SOURCE;
  const [created] = await rawRows<{ id: number }>(tx, INSERT_RELATION_SQL, [
    names.name ?? '',
    names.nameprefix ?? '',
    names.surname ?? '',
    input.email ?? '',
    input.phone ?? '',
    input.mobile ?? '',
    input.country || DEFAULT_COUNTRY,
    leadSource,
    input.flowprofile_id ?? null,
    organizationId,
    input.lat ?? null,
    input.lng ?? null,
    input.buyer_reference ?? '',
    input.order_reference ?? '',
  ]);
  const id = created!.id;
  await writeLog(tx, {
    type: 'relation',
    id,
    action: 'create',
    description: `Relatie ${fullName(names)} aangemaakt`,
  });
  let locationId: number | null = null;
  if (input.location) {
    locationId = await createLocation(
      tx,
      { relationId: id },
      {
        ...input.location,
        country: input.location.country || input.country || DEFAULT_COUNTRY,
        is_main: true,
      },
      coords,
    );
  }
  let flowId: number | null = null;
  if (input.createnewflow !== false) {
    const created = await createFlow(tx, {
      relationId: id,
      description: input.flow_description ?? '',
      flowprofileId: input.flowprofile_id ?? null,
      leadSource,
      locationId,
    });
    flowId = created.id;
  }
  return { id, flowId };
}
