// The flow data (spec "flowdata"): one per flow, its id is the flow's id (decision 023). Its filled-in
// copies live in flow_data_item; the office's own note on them in flow_data (decision 043).
import {
  type FlowData,
  type FlowDataItemStatus,
  type FlowDataItemType,
  type FlowDataLocationRow,
  FORM_MESSAGES,
  type UpdateFlowData,
} from '@im/domain';
import { asc, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/database';
import { flowData, flowDataItem, vertical } from '../../platform/db/tables/forms.schema';
import { notFound } from '../../platform/errors';
import { writeLog } from '../../platform/events/write-log';
import { findFlow, lockFlow } from '../flows';

/** The flow whose data is asked for: 404 for another company's, a merged-away or unknown flow. */
async function flowOf(tx: Tx, id: number) {
  const f = await findFlow(tx, id);
  if (!f) throw notFound(FORM_MESSAGES.flowDataNotFound);
  return f;
}

function copiesOf(tx: Tx, flowId: number) {
  return tx
    .select({ item: flowDataItem, verticalName: vertical.name })
    .from(flowDataItem)
    .innerJoin(vertical, eq(vertical.id, flowDataItem.verticalId))
    .where(eq(flowDataItem.flowId, flowId))
    .orderBy(asc(flowDataItem.id));
}

/** flowdata get: the note and a summary of each filled-in copy (the copies themselves: flowdataitem). */
export async function getFlowData(tx: Tx, id: number): Promise<FlowData> {
  const f = await flowOf(tx, id);
  const [[row], copies] = await Promise.all([
    tx.select().from(flowData).where(eq(flowData.flowId, f.id)),
    copiesOf(tx, f.id),
  ]);
  return {
    id: f.id,
    flow_id: f.id,
    description: row?.description ?? '',
    flowdataitems: copies.map((c) => ({
      id: c.item.id,
      vertical_id: c.item.verticalId,
      vertical_name: c.verticalName,
      item_type: c.item.itemType as FlowDataItemType,
      status: c.item.status as FlowDataItemStatus,
      locations_count: c.item.locations.length,
    })),
    updated_at: row ? row.updatedAt.toISOString() : null,
  };
}

/** flowdata update: the office's note on the dossier's forms data. A trashed flow is not changed (409). */
export async function updateFlowData(tx: Tx, id: number, input: UpdateFlowData): Promise<FlowData> {
  await flowOf(tx, id);
  const f = await lockFlow(tx, id);
  const [before] = await tx.select().from(flowData).where(eq(flowData.flowId, f.id));
  if ((before?.description ?? '') !== input.description) {
    await tx
      .insert(flowData)
      .values({ flowId: f.id, description: input.description })
      .onConflictDoUpdate({
        target: [flowData.companyId, flowData.flowId],
        set: { description: input.description, updatedAt: sql`now()` },
      });
    await writeLog(tx, {
      type: 'flow',
      id: f.id,
      action: 'update',
      description: `Notitie bij de formuliergegevens van dossier ${f.number} gewijzigd`,
      changes: { flowdata_description: [before?.description ?? '', input.description] },
    });
  }
  return getFlowData(tx, f.id);
}

/**
 * flowdata getLocations: every named location over the flow's filled-in copies (a form whose fields
 * allow locations keeps rooms or spots per copy), by copy and then in the order they were added.
 */
export async function flowDataLocations(tx: Tx, id: number): Promise<FlowDataLocationRow[]> {
  const f = await flowOf(tx, id);
  const copies = await copiesOf(tx, f.id);
  return copies.flatMap((c) =>
    c.item.locations.map((l) => ({
      id: l.id,
      name: l.name,
      values: l.values,
      flow_data_item_id: c.item.id,
      vertical_id: c.item.verticalId,
      vertical_name: c.verticalName,
    })),
  );
}
