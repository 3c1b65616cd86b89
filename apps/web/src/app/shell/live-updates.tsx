import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import { connectLive, emitLiveEvent, queryKeysFor } from '../../api/live';
import { getToken, subscribeToken } from '../../api/token';

/** Events that arrive together (a bulk change, a busy office) refetch once. */
const COALESCE_MS = 250;

/**
 * Keeps the live channel open while someone is logged in: each event refetches the queries that show
 * its entity (only those on screen refetch at once), and screens may listen for more
 * (`subscribeLiveEvents`). Renders nothing.
 */
export function LiveUpdates() {
  const queryClient = useQueryClient();
  const token = useSyncExternalStore(subscribeToken, getToken, () => null);

  useEffect(() => {
    if (!token) return;
    const pending = new Map<string, string[]>();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const flush = () => {
      timer = undefined;
      for (const queryKey of pending.values()) void queryClient.invalidateQueries({ queryKey });
      pending.clear();
    };
    const stop = connectLive(token, {
      onEvent(event) {
        for (const key of queryKeysFor(event)) pending.set(JSON.stringify(key), key);
        timer ??= setTimeout(flush, COALESCE_MS);
        emitLiveEvent(event);
      },
      onReady(refetch) {
        if (refetch) void queryClient.invalidateQueries();
      },
      onUnauthorized() {
        // The session ended elsewhere; the next call of the app answers 401 and leads to the login.
        void queryClient.invalidateQueries();
      },
    });
    return () => {
      stop();
      clearTimeout(timer);
    };
  }, [token, queryClient]);
  return null;
}
