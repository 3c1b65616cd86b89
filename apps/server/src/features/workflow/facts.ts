// What rule conditions are checked against: one flow as it is now, in the rule's transaction.
import type { FormValue, RuleCondition, RuleFacts } from '@im/domain';
import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../platform/db/database';
import { flowDataItem, verticalDataField } from '../forms/forms.schema';
import { location } from '../locations/locations.schema';
import { relation } from '../relations/relations.schema';
import type { FlowRecord } from './actions/types';

/** Reads the flow's facts; form values only for the fields the conditions name. */
export async function loadFacts(
  tx: Tx,
  f: FlowRecord,
  conditions: readonly RuleCondition[],
): Promise<RuleFacts> {
  const [rel] = await tx
    .select({
      email: relation.email,
      phone: relation.phone,
      country: relation.country,
      leadSource: relation.leadSource,
    })
    .from(relation)
    .where(eq(relation.id, f.relationId));
  const [loc] = await tx
    .select({ city: location.city, postcode: location.postcode })
    .from(location)
    .where(
      f.locationId
        ? eq(location.id, f.locationId)
        : and(eq(location.relationId, f.relationId), eq(location.isMain, true)),
    )
    .limit(1);
  const fieldIds = [
    ...new Set(
      conditions
        .filter((c) => c.type === 'form' && c.verticaldatafield_id)
        .map((c) => c.verticaldatafield_id!),
    ),
  ];
  const form: Record<number, FormValue[]> = {};
  if (fieldIds.length) {
    const fields = await tx
      .select({
        id: verticalDataField.id,
        verticalId: verticalDataField.verticalId,
        name: verticalDataField.fieldName,
      })
      .from(verticalDataField)
      .where(inArray(verticalDataField.id, fieldIds));
    const items = await tx
      .select({ verticalId: flowDataItem.verticalId, values: flowDataItem.values })
      .from(flowDataItem)
      .where(
        and(
          eq(flowDataItem.flowId, f.id),
          inArray(
            flowDataItem.verticalId,
            fields.map((x) => x.verticalId),
          ),
        ),
      );
    for (const field of fields) {
      form[field.id] = items
        .filter((i) => i.verticalId === field.verticalId)
        .map((i) => (Object.hasOwn(i.values, field.name) ? (i.values[field.name] ?? null) : null));
    }
  }
  return {
    flow: {
      flow_status: f.flowStatus,
      flow_phase_id: f.flowPhaseId,
      lead_source: f.leadSource,
      description: f.description,
      tags: f.tags,
      type: f.type,
      user_id: f.userId,
      office_user_id: f.officeUserId,
      project_user_id: f.projectUserId,
    },
    relation: {
      email: rel?.email ?? '',
      phone: rel?.phone ?? '',
      country: rel?.country ?? '',
      lead_source: rel?.leadSource ?? '',
      city: loc?.city ?? '',
      postcode: loc?.postcode ?? '',
    },
    form,
    flowprofile_id: f.flowprofileId,
    partner_id: f.partnerId,
  };
}
