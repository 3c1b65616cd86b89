import { rawRows, type Tx } from '../../platform/db/database';

/**
 * Removes what one chunk of an import's rows made (decision 063): its flows, the relations it created and
 * the locations it added, with their log items; nothing else. A flow that got other work since the import
 * (a log item of its own that the import did not write) is kept, and so is a relation that still has a flow
 * or got other work; the import's counts say how many were kept.
 */
export async function undoImportChunk(
  tx: Tx,
  importId: number,
  afterRow: number,
  limit: number,
): Promise<{ rows: number; lastRow: number | null }> {
  const rows = await rawRows<{
    row: number;
    flow_id: number | null;
    relation_id: number | null;
    relation_created: boolean;
    location_id: number | null;
    location_created: boolean;
  }>(
    tx,
    `select row, flow_id, relation_id, relation_created, location_id, location_created from flow_import_row
     where import_id = $1 and row > $2 order by row limit $3`,
    [importId, afterRow, limit],
  );
  if (!rows.length) return { rows: 0, lastRow: null };
  const flowIds = rows.flatMap((r) => (r.flow_id ? [r.flow_id] : []));
  const worked = await rawRows<{ id: number }>(
    tx,
    `select distinct loggable_id as id from log_item
     where loggable_type = 'flow' and loggable_id = any($1::int[])
       and (changes is null or changes->>'flow_import_id' is distinct from $2::text)`,
    [flowIds, String(importId)],
  );
  const keptFlows = new Set(worked.map((w) => w.id));
  const removedFlows = (
    await rawRows<{ id: number }>(tx, 'delete from flow where id = any($1::int[]) returning id', [
      flowIds.filter((id) => !keptFlows.has(id)),
    ])
  ).map((r) => r.id);

  const createdRelations = [
    ...new Set(rows.filter((r) => r.relation_created && r.relation_id).map((r) => r.relation_id!)),
  ];
  const removedRelations = (
    await rawRows<{ id: number }>(
      tx,
      `delete from relation r where r.id = any($1::int[])
         and not exists (select 1 from flow f where f.relation_id = r.id)
         and not exists (select 1 from log_item l where l.loggable_type = 'relation' and l.loggable_id = r.id
           and (l.changes is null or l.changes->>'flow_import_id' is distinct from $2::text))
       returning r.id`,
      [createdRelations, String(importId)],
    )
  ).map((r) => r.id);
  // Addresses the import added to relations that stay: gone unless a flow still uses them.
  const addedLocations = rows
    .filter((r) => r.location_created && r.location_id && !removedRelations.includes(r.relation_id!))
    .map((r) => r.location_id!);
  if (addedLocations.length)
    await rawRows(
      tx,
      `delete from location l where l.id = any($1::int[]) and not exists (select 1 from flow f where f.location_id = l.id)`,
      [addedLocations],
    );
  await rawRows(
    tx,
    `delete from log_item where (loggable_type = 'flow' and loggable_id = any($1::int[]))
       or (loggable_type = 'relation' and loggable_id = any($2::int[]))`,
    [removedFlows, removedRelations],
  );
  await rawRows(
    tx,
    `update flow_import set flows_removed = flows_removed + $2, relations_removed = relations_removed + $3,
       flows_kept = flows_kept + $4, relations_kept = relations_kept + $5 where id = $1`,
    [
      importId,
      removedFlows.length,
      removedRelations.length,
      flowIds.length - removedFlows.length,
      createdRelations.length - removedRelations.length,
    ],
  );
  return { rows: rows.length, lastRow: rows[rows.length - 1]!.row };
}
