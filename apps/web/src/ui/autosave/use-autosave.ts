import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useSyncExternalStore } from 'react';
import {
  autosaveEntry,
  type Patch,
  type ReplayTarget,
  type SaveFunction,
  type SaveStatus,
} from './autosave-store';

export interface AutosaveOptions<P extends Patch, R> {
  /** One per edited record (and user): what is kept for a reload is found under it. */
  key: string;
  save: (patch: P, options: { keepalive: boolean }) => Promise<R>;
  /** The server's answer to a save, for the editor to show what it stored. */
  onSaved?: (result: R, patch: P, unsaved: Partial<P> | null) => void;
  delayMs?: number;
  /** Where a kept change can be sent after a restart without this screen (decision 061). */
  replay?: ReplayTarget;
  /** The values as the server last gave them: a replay checks the office did not change them since. */
  baseValues?: () => Patch;
}

export interface Autosave<P extends Patch> {
  status: SaveStatus;
  /** Changes the server does not have yet (a reload restores them from storage). */
  unsaved: () => Partial<P> | null;
  change: (patch: Partial<P>) => void;
  flush: () => Promise<void>;
  retry: () => Promise<void>;
}

/**
 * Saves an editor's changes by itself: `delayMs` after the last change, at once when the editor
 * goes away or the tab is hidden or closed; keeps and retries a failed save (ui/autosave/autosave-store.ts).
 */
export function useAutosave<P extends Patch, R>({
  key,
  save,
  onSaved,
  delayMs = 1500,
  replay,
  baseValues,
}: AutosaveOptions<P, R>): Autosave<P> {
  const entry = useMemo(() => autosaveEntry(key), [key]);
  const onSavedRef = useRef(onSaved);
  useLayoutEffect(() => {
    onSavedRef.current = onSaved;
    entry.save = save as SaveFunction;
    entry.delayMs = delayMs;
    entry.replay = replay ?? null;
    entry.baseValues = baseValues ?? null;
  });
  const status = useSyncExternalStore(
    useCallback((listener: () => void) => entry.subscribe(listener), [entry]),
    () => entry.status,
  );
  useEffect(() => {
    const stopListening = entry.onSaved((result, patch, unsaved) =>
      onSavedRef.current?.(result as R, patch as P, unsaved as Partial<P> | null),
    );
    entry.resume();
    return () => {
      stopListening();
      void entry.flush();
    };
  }, [entry]);
  return useMemo(
    () => ({
      status,
      unsaved: () => entry.unsaved as Partial<P> | null,
      change: (patch: Partial<P>) => entry.change(patch),
      flush: () => entry.flush(),
      retry: () => entry.retry(),
    }),
    [entry, status],
  );
}
