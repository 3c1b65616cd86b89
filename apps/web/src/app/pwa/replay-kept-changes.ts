import { api, isApiError, NETWORK_ERROR_STATUS } from '../../api/client';
import {
  forgetKeptChange,
  isEditorOpen,
  isRefusal,
  keptChanges,
  markKeptChangeRefused,
} from '../../ui/autosave/autosave-store';

let running: Promise<void> | null = null;

/**
 * Sends the changes kept on this device whose screen is not open (decision 061): a form filled in
 * offline, the app closed, and started again with a connection. Oldest first; a network failure stops
 * the round (the next 'online' starts another); a refusal keeps the change with its reason. A PATCH of
 * the same values is the same change, so a change sent twice (a crash between the answer and forgetting
 * it) is applied once.
 */
export function replayKeptChanges(): Promise<void> {
  running ??= replay().finally(() => {
    running = null;
  });
  return running;
}

async function replay(): Promise<void> {
  for (const change of keptChanges()) {
    if (!change.replay || change.refused || isEditorOpen(change.key)) continue;
    const { path, field } = change.replay;
    try {
      await api.patch(path, field ? { [field]: change.patch } : change.patch);
      forgetKeptChange(change);
    } catch (error) {
      if (isApiError(error, NETWORK_ERROR_STATUS)) return;
      if (isRefusal(error)) markKeptChangeRefused(change, (error as Error).message);
    }
  }
}
