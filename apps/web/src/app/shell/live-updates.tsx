import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import { connectLive, emitLiveEvent, queryKeysFor } from '../../api/live';
import { getToken, subscribeToken } from '../../api/token';

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
    return connectLive(token, {
      onEvent(event) {
        for (const queryKey of queryKeysFor(event)) void queryClient.invalidateQueries({ queryKey });
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
  }, [token, queryClient]);
  return null;
}
