import { and, eq, isNull } from 'drizzle-orm';
import type { Tx } from '../../platform/db/database';
import { flow } from '../../platform/db/tables/flows.schema';
import { conflict, notFound } from '../../platform/errors';

export const FLOW_NOT_FOUND = 'Dossier niet gevonden.';
export const FLOW_IN_TRASH = 'Dit dossier staat in de prullenbak. Herstel het eerst.';
export const FLOW_NOT_IN_TRASH = 'Dit dossier staat niet in de prullenbak.';

export type FlowRecord = typeof flow.$inferSelect;

/**
 * Locks a flow of the caller's company for a change. A merged-away flow does not exist any more
 * (404, like another company's); `live` refuses a trashed flow and `trashed` a live one (409).
 */
export async function lockFlow(
  tx: Tx,
  id: number,
  state: 'live' | 'trashed' | 'any' = 'live',
): Promise<FlowRecord> {
  const [row] = await tx
    .select()
    .from(flow)
    .where(and(eq(flow.id, id), isNull(flow.mergedIntoFlowId)))
    .for('update');
  if (!row) throw notFound(FLOW_NOT_FOUND);
  if (state === 'live' && row.deletedAt) throw conflict(FLOW_IN_TRASH);
  if (state === 'trashed' && !row.deletedAt) throw conflict(FLOW_NOT_IN_TRASH);
  return row;
}

/** Reads a flow without locking; null when it is gone, merged away or not the company's. */
export async function findFlow(tx: Tx, id: number): Promise<FlowRecord | null> {
  const [row] = await tx
    .select()
    .from(flow)
    .where(and(eq(flow.id, id), isNull(flow.mergedIntoFlowId)));
  return row ?? null;
}
