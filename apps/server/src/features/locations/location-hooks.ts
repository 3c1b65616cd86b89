// What a higher feature adds to a location's change, registered once per process in features/wiring.ts
// (decision 047). It runs inside the change's transaction: a failure rolls the change back.
import type { Tx } from '../../platform/db/database';

/** A relation's locations changed (its main address may be another): flows refresh their search text. */
export type RelationLocationsChange = (tx: Tx, relationId: number) => Promise<unknown>;

let relationLocationsChange: RelationLocationsChange | null = null;

export function registerRelationLocationsChange(hook: RelationLocationsChange): void {
  relationLocationsChange = hook;
}

/** Fails loudly: without the hook the flows' search text would keep an old address. */
export async function relationLocationsChanged(tx: Tx, relationId: number): Promise<void> {
  if (!relationLocationsChange)
    throw new Error("A relation's location change is not wired (features/wiring.ts).");
  await relationLocationsChange(tx, relationId);
}
