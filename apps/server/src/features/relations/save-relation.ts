import type { CreateRelation } from '@im/domain';
import { DEFAULT_COUNTRY, DEFAULT_LEAD_SOURCE, fullName, nameParts } from '@im/domain';
import type { Tx } from '../../platform/db/database';
import { requireFlowProfile } from '../flowprofiles/flowprofile-record';
import { createFlow } from '../flows/create-flow';
import { type Coordinates, createLocation } from '../locations/save-location';
import { writeLog } from '../logitems';
import { insertOrganization, requireOrganization } from '../organizations/organization-record';
import { relation } from './relations.schema';

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
  const [created] = await tx
    .insert(relation)
    .values({
      name: names.name ?? '',
      nameprefix: names.nameprefix ?? '',
      surname: names.surname ?? '',
      email: input.email ?? '',
      phone: input.phone ?? '',
      mobile: input.mobile ?? '',
      country: input.country || DEFAULT_COUNTRY,
      leadSource,
      flowprofileId: input.flowprofile_id ?? null,
      organizationId,
      lat: input.lat ?? null,
      lng: input.lng ?? null,
    })
    .returning({ id: relation.id });
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
