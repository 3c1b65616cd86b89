// What rule conditions are checked against: flows as they are now, read in bulk for a batch of events.
import type { FormValue, RuleCondition, RuleFacts } from '@im/domain';
import { and, eq, inArray, isNull, or } from 'drizzle-orm';
import type { Tx } from '../../platform/db/database';
import { flow } from '../../platform/db/tables/flows.schema';
import { flowDataItem, verticalDataField } from '../../platform/db/tables/forms.schema';
import { location } from '../../platform/db/tables/locations.schema';
import { relation } from '../../platform/db/tables/relations.schema';
import type { FlowRecord } from './actions/types';

/** Live flows by id with their facts; form values only for the form fields the conditions name. */
export async function loadFlowFacts(
  tx: Tx,
  flowIds: number[],
  conditions: readonly RuleCondition[],
): Promise<Map<number, { flow: FlowRecord; facts: RuleFacts }>> {
  const out = new Map<number, { flow: FlowRecord; facts: RuleFacts }>();
  const ids = [...new Set(flowIds)];
  if (!ids.length) return out;
  const flows = await tx
    .select()
    .from(flow)
    .where(and(inArray(flow.id, ids), isNull(flow.deletedAt)));
  if (!flows.length) return out;
  const relations = await tx
    .select({
      id: relation.id,
      email: relation.email,
      phone: relation.phone,
      country: relation.country,
      leadSource: relation.leadSource,
    })
    .from(relation)
    .where(
      inArray(
        relation.id,
        flows.map((f) => f.relationId),
      ),
    );
  const locationIds = flows.map((f) => f.locationId).filter((id): id is number => id !== null);
  const locations = await tx
    .select({
      id: location.id,
      relationId: location.relationId,
      isMain: location.isMain,
      city: location.city,
      postcode: location.postcode,
    })
    .from(location)
    .where(
      or(
        locationIds.length ? inArray(location.id, locationIds) : undefined,
        and(
          inArray(
            location.relationId,
            flows.map((f) => f.relationId),
          ),
          eq(location.isMain, true),
        ),
      ),
    );
  const fieldIds = [
    ...new Set(
      conditions
        .filter((c) => c.type === 'form' && c.verticaldatafield_id)
        .map((c) => c.verticaldatafield_id!),
    ),
  ];
  const fields = fieldIds.length
    ? await tx
        .select({
          id: verticalDataField.id,
          verticalId: verticalDataField.verticalId,
          name: verticalDataField.fieldName,
        })
        .from(verticalDataField)
        .where(inArray(verticalDataField.id, fieldIds))
    : [];
  const items = fields.length
    ? await tx
        .select({
          flowId: flowDataItem.flowId,
          verticalId: flowDataItem.verticalId,
          values: flowDataItem.values,
        })
        .from(flowDataItem)
        .where(
          and(
            inArray(flowDataItem.flowId, ids),
            inArray(
              flowDataItem.verticalId,
              fields.map((x) => x.verticalId),
            ),
          ),
        )
    : [];
  for (const f of flows) {
    const rel = relations.find((r) => r.id === f.relationId);
    const loc =
      (f.locationId !== null ? locations.find((l) => l.id === f.locationId) : undefined) ??
      locations.find((l) => l.relationId === f.relationId && l.isMain);
    const form: Record<number, FormValue[]> = {};
    for (const field of fields) {
      form[field.id] = items
        .filter((i) => i.flowId === f.id && i.verticalId === field.verticalId)
        .map((i) => (Object.hasOwn(i.values, field.name) ? (i.values[field.name] ?? null) : null));
    }
    out.set(f.id, {
      flow: f,
      facts: {
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
      },
    });
  }
  return out;
}

/** One live flow's facts (a delayed rule when due, the dry run). */
export async function loadFacts(
  tx: Tx,
  f: FlowRecord,
  conditions: readonly RuleCondition[],
): Promise<RuleFacts> {
  const found = (await loadFlowFacts(tx, [f.id], conditions)).get(f.id);
  if (!found) throw new Error(`Flow ${f.id} is not live`);
  return found.facts;
}
