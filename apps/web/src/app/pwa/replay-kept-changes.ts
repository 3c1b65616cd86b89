import { NOTE_BATCH_MAX } from '@im/domain';
import { api, isApiError, NETWORK_ERROR_STATUS } from '../../api/client';
import {
  isBatchableNote,
  type OutboxItem,
  outboxItems,
  replayOutboxItem,
  replayOutboxNotes,
} from '../../api/outbox';
import {
  type FieldConflict,
  forgetKeptChange,
  isEditorOpen,
  isRefusal,
  type KeptChange,
  keepConflicts,
  keptChanges,
  markKeptChangeRefused,
  type Patch,
} from '../../ui/autosave/autosave-store';

let running: Promise<number> | null = null;

/** How far the round under way is (the shell shows 'n van m verstuurd'); null between rounds. */
export interface ReplayProgress {
  sent: number;
  total: number;
}
let progress: ReplayProgress | null = null;
const progressListeners = new Set<() => void>();
function setProgress(next: ReplayProgress | null): void {
  progress = next;
  for (const listener of progressListeners) listener();
}
export const replayProgress = (): ReplayProgress | null => progress;
export function subscribeReplayProgress(listener: () => void): () => void {
  progressListeners.add(listener);
  return () => progressListeners.delete(listener);
}

/**
 * Sends what waits on this device without its screen (decisions 061 and 069): form changes and task
 * completions kept by the autosave store, and the outbox's new photos and notes, in the order they were
 * made (photos in a lane of their own beside the rest). A network failure stops the round (the next 'online' starts another); a refusal keeps the item with
 * its reason. A form or task change is a PATCH of values (the same twice is the same change); a photo or a
 * note carries its own key, so one sent twice (a crash between the answer and forgetting it) is made once.
 */
export function replayKeptChanges(): Promise<number> {
  running ??= replay().finally(() => {
    running = null;
    setProgress(null);
  });
  return running;
}

/** One change to send: `run` answers how many reached the server. A waiting note may join its neighbours. */
type Step = { at: number; run: () => Promise<number>; note?: OutboxItem };

/** Notes next to each other in a lane go in one request (at most NOTE_BATCH_MAX), still in their order. */
function batchNotes(queue: Step[]): Step[] {
  const out: Step[] = [];
  let run: OutboxItem[] = [];
  const flush = () => {
    if (run.length === 0) return;
    const notes = run;
    out.push({ at: notes[0]!.at, run: () => replayOutboxNotes(notes) });
    run = [];
  };
  for (const step of queue) {
    if (step.note) {
      run.push(step.note);
      if (run.length === NOTE_BATCH_MAX) flush();
    } else {
      flush();
      out.push(step);
    }
  }
  flush();
  return out;
}

/** One round; answers how many changes reached the server. */
async function replay(): Promise<number> {
  const steps: Step[] = [];
  for (const change of keptChanges()) {
    if (!change.replay || change.refused || change.conflicts || isEditorOpen(change.key)) continue;
    steps.push({
      at: change.at,
      run: async () => {
        try {
          return (await replayOne(change)) ? 1 : 0;
        } catch (error) {
          if (isApiError(error, NETWORK_ERROR_STATUS)) throw error;
          if (isRefusal(error)) markKeptChangeRefused(change, (error as Error).message);
          return 0;
        }
      },
    });
  }
  const photos: Step[] = [];
  for (const item of await outboxItems().catch(() => [])) {
    if (item.refused) continue;
    const step: Step = {
      at: item.at,
      run: async () => ((await replayOutboxItem(item)) ? 1 : 0),
      note: isBatchableNote(item) ? item : undefined,
    };
    (item.kind === 'picture' ? photos : steps).push(step);
  }
  const total = steps.length + photos.length;
  let sent = 0;
  if (total > 0) setProgress({ sent, total });
  // Two lanes, each in the order its changes were made: photos (bound by the upload's bandwidth) go up beside
  // the rest (bound by the round trip), so on a slow line 50 photos do not hold up 150 notes, nor the other
  // way round. A photo and a note are separate records: nothing depends on the order between the lanes.
  // A lane sends its changes in the order they were made, with `workers` of them under way at once; the
  // first failure for the network (or 5xx, 401) ends the lane, what is left waits for the next round.
  const lane = async (queue: Step[], workers: number) => {
    let next = 0;
    let isStopped = false;
    const worker = async () => {
      while (!isStopped && next < queue.length) {
        const step = queue[next++]!;
        try {
          sent += await step.run();
        } catch {
          isStopped = true;
          return;
        }
        setProgress({ sent, total });
      }
    };
    await Promise.all(Array.from({ length: workers }, worker));
  };
  const inOrder = (queue: Step[]) => queue.sort((a, b) => a.at - b.at);
  // Photos go up two at a time: while one is processed on the server (and its answer crosses the slow
  // line's round trip), the next one's bytes are already on the way. Two neighbouring photos may be stored
  // in swapped order; each is its own record, made once by its key. The rest goes one at a time, notes
  // next to each other in one request.
  await Promise.all([lane(batchNotes(inOrder(steps)), 1), lane(inOrder(photos), 2)]);
  return sent;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * Fields the office changed since this device read them, to another value than this device's, are not
 * sent: they stay with both values for the user to choose (nothing is overwritten silently). The rest goes.
 */
async function replayOne(change: KeptChange): Promise<boolean> {
  const { path, field } = change.replay!;
  let toSend: Patch = change.patch;
  const conflicts: Record<string, FieldConflict> = {};
  if (change.base) {
    const current = await api.get<Record<string, unknown>>(path);
    const theirs = (field ? (current[field] ?? {}) : current) as Patch;
    for (const [name, mine] of Object.entries(change.patch)) {
      const now = theirs[name];
      if (!same(now, change.base[name]) && !same(now, mine)) conflicts[name] = { mine, theirs: now ?? null };
    }
    toSend = Object.fromEntries(Object.entries(change.patch).filter(([name]) => !(name in conflicts)));
  }
  const isSending = Object.keys(toSend).length > 0;
  if (isSending) await api.patch(path, field ? { [field]: toSend } : toSend);
  if (Object.keys(conflicts).length > 0) keepConflicts(change, conflicts);
  else forgetKeptChange(change);
  return isSending;
}
