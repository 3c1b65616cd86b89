import type { FlowRow, Location, Relation, RelationDetail } from '@im/domain';
import { type ReadPlan, readPlan, runPlan, type Tx } from '../../platform/db/database';
import { toIso } from '../../platform/http/dates';
import { flowRowsOfRelationRead, relationsRead } from '../flows';
import { locationsOfRelationRead } from '../locations';

const RELATION_FILES_SQL = `select id, filename, mime_type, size::float8 as size, created_at from stored_file
  where owner_type = 'relation' and owner_id = $1 order by id`;

/** Files kept on a relation (assist files the flows feature stores with owner_type 'relation'). */
function relationFilesRead(relationId: number) {
  return {
    text: RELATION_FILES_SQL,
    values: [relationId],
    map: (rows: { id: number; filename: string; mime_type: string; size: number; created_at: Date }[]) =>
      rows.map((f) => ({
        id: f.id,
        filename: f.filename,
        mime_type: f.mime_type,
        size: f.size,
        created_at: toIso(f.created_at),
        url: `/api/assistfile/${f.id}`,
      })),
  };
}

/** The relation with its flows, trashed flows, locations and files; null when it is not the company's. */
export async function loadRelationDetail(tx: Tx, id: number): Promise<RelationDetail | null> {
  return runPlan(tx, relationDetailPlan(id));
}

/**
 * The relation detail's sections, read in one round trip (for another company's id each of them is
 * empty: row-level security); `tenantReads` runs it with the set-up in that same round trip.
 */
export function relationDetailPlan(id: number): ReadPlan<RelationDetail | null> {
  return readPlan(
    [
      relationsRead([id]),
      flowRowsOfRelationRead(id, 'both'),
      locationsOfRelationRead(id),
      relationFilesRead(id),
    ],
    ([[base], flows, locations, files]) => relationDetail(base, flows, locations, files),
  );
}

/**
 * The detail of a relation created in this transaction, reading only what it can have: no files and no
 * trashed flows yet, a flow only when the create made one, a location only when it gave one (three
 * statements fewer for a bare create, docs/decisions/014 twelfth round). Answers what `relationDetailPlan`
 * would (relations.api.test.ts compares them).
 */
export function createdRelationPlan(
  id: number,
  made: { flow: boolean; location: boolean },
): ReadPlan<RelationDetail | null> {
  const flows = made.flow ? flowRowsOfRelationRead(id, 'live') : null;
  const locations = made.location ? locationsOfRelationRead(id) : null;
  return {
    reads: [relationsRead([id]), ...(flows ? [flows] : []), ...(locations ? [locations] : [])],
    combine: (parts) => {
      const rest = parts.slice(1);
      return relationDetail(
        (parts[0] as Relation[])[0],
        flows ? (rest.shift() as FlowRow[]) : [],
        locations ? (rest.shift() as Location[]) : [],
        [],
      );
    },
  };
}

function relationDetail(
  base: Relation | undefined,
  flows: FlowRow[],
  locations: Location[],
  files: RelationDetail['files'],
): RelationDetail | null {
  return base
    ? {
        ...base,
        flows: flows.filter((f) => f.deleted_at === null),
        trashed_flows: flows.filter((f) => f.deleted_at !== null),
        locations,
        files,
      }
    : null;
}
