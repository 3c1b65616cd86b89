// What a higher feature adds to this one, registered once per process in features/wiring.ts
// (decision 047); it runs inside the caller's transaction.
import type { Tx } from '../../platform/db/database';

/** Writes a note on a flow (the planning feature's notes) and answers its id. */
export type NoteWriter = (
  tx: Tx,
  note: { flow_id: number; content: string },
  caller: { userId: number; companyId: number },
) => Promise<number>;

let noteWriter: NoteWriter | null = null;

export function registerNoteWriter(writer: NoteWriter): void {
  noteWriter = writer;
}

export function writeNote(...args: Parameters<NoteWriter>): Promise<number> {
  if (!noteWriter) throw new Error('The flow notes are not wired (features/wiring.ts).');
  return noteWriter(...args);
}
