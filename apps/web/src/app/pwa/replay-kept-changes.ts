import { api, isApiError, NETWORK_ERROR_STATUS } from '../../api/client';
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

/**
 * Sends the changes kept on this device whose screen is not open (decision 061): a form filled in
 * offline, the app closed, and started again with a connection. Oldest first; a network failure stops
 * the round (the next 'online' starts another); a refusal keeps the change with its reason. A PATCH of
 * the same values is the same change, so a change sent twice (a crash between the answer and forgetting
 * it) is applied once.
 */
export function replayKeptChanges(): Promise<number> {
  running ??= replay().finally(() => {
    running = null;
  });
  return running;
}

/** One round; answers how many changes reached the server. */
async function replay(): Promise<number> {
  let sent = 0;
  for (const change of keptChanges()) {
    if (!change.replay || change.refused || change.conflicts || isEditorOpen(change.key)) continue;
    try {
      if (await replayOne(change)) sent += 1;
    } catch (error) {
      if (isApiError(error, NETWORK_ERROR_STATUS)) return sent;
      if (isRefusal(error)) markKeptChangeRefused(change, (error as Error).message);
    }
  }
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
  if (change.base && field) {
    const current = await api.get<Record<string, unknown>>(path);
    const theirs = (current[field] ?? {}) as Patch;
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
