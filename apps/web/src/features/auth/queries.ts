import type { Login, RegisterRequest, ResetPasswordRequest } from '@im/domain';
import { CURRENT_USER_REFRESH_MS, type SessionData, zSessionData } from '@im/domain';
import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';
import { api, isApiError, NETWORK_ERROR_STATUS } from '../../api/client';
import { dropOfflineCopies } from '../../api/offline-copies';
import { dropSessionCopy, keepSessionCopy, readSessionCopy } from '../../api/session-copy';
import { getToken, setToken, subscribeToken } from '../../api/token';
import { clearToasts } from '../../ui/toasts';

export type { RegisterRequest, ResetPasswordRequest };
/** The login answer before its session data is checked (zSessionData.safeParse). */
export type AuthAnswer = Omit<Login, 'user'> & { user: unknown };

export const CURRENT_USER_KEY = ['currentuser'] as const;

export function useToken(): string | null {
  return useSyncExternalStore(subscribeToken, getToken, () => null);
}

/**
 * GET /api/user/getcurrentuser; refreshed at most once per 60 s (CURRENT_USER_REFRESH_MS). Without a
 * connection the last answer of this token is used (decision 059), so the installed app opens offline;
 * it is asked again as soon as the connection is back.
 */
export function currentUserQuery(token: string | null) {
  return queryOptions({
    queryKey: [...CURRENT_USER_KEY, token],
    queryFn: async ({ signal }) => {
      try {
        const session = zSessionData.parse(await api.get<unknown>('/api/user/getcurrentuser', { signal }));
        if (token) keepSessionCopy(token, session);
        return session;
      } catch (error) {
        const kept = token && isApiError(error, NETWORK_ERROR_STATUS) ? readSessionCopy(token) : null;
        if (kept) return kept;
        throw error;
      }
    },
    enabled: Boolean(token),
    staleTime: CURRENT_USER_REFRESH_MS,
    // Asked once even when the browser says it is offline: the kept copy answers then.
    networkMode: 'offlineFirst',
    retry: (failures, error) => !isApiError(error, 401) && failures < 2,
  });
}

export type SessionState =
  | { status: 'anonymous' }
  | { status: 'loading' }
  | { status: 'ready'; session: SessionData }
  | { status: 'error'; error: Error };

export function useSessionState(): SessionState {
  const token = useToken();
  const query = useQuery(currentUserQuery(token));
  if (!token) return { status: 'anonymous' };
  if (query.data) return { status: 'ready', session: query.data };
  if (query.isError) return { status: 'error', error: query.error };
  return { status: 'loading' };
}

/** The logged-in user's session; only for screens behind the guard. */
export function useSession(): SessionData {
  const state = useSessionState();
  if (state.status !== 'ready') throw new Error('useSession used outside a logged-in screen');
  return state.session;
}

/** Drops the token and every cached answer, so nothing of this user stays on screen. */
export function useClearSession() {
  const queryClient = useQueryClient();
  return useCallback(() => {
    // The user's kept copies go first: they are found by the session that is about to go.
    void dropOfflineCopies().catch(() => undefined);
    setToken(null);
    dropSessionCopy();
    queryClient.clear();
    clearToasts();
  }, [queryClient]);
}

export function useLogout() {
  const clearSession = useClearSession();
  return useCallback(async () => {
    // Ends the token on the server at once; the local logout happens even when this fails.
    await api.get('/api/authenticate/logout').catch(() => undefined);
    clearSession();
  }, [clearSession]);
}

/** Keeps the session data of a login answer as the current user: that saves a round trip. */
export function rememberLogin(queryClient: QueryClient, answer: AuthAnswer): void {
  const session = zSessionData.safeParse(answer.user);
  if (!session.success) return;
  queryClient.setQueryData(currentUserQuery(answer.token).queryKey, session.data);
  keepSessionCopy(answer.token, session.data);
}

function useStartSession() {
  const queryClient = useQueryClient();
  return (answer: AuthAnswer) => {
    // Queries only: clearing the mutation cache would swallow the caller's own onSuccess.
    queryClient.removeQueries();
    // The login answer carries the session data already; that saves a round trip.
    rememberLogin(queryClient, answer);
    setToken(answer.token);
  };
}

export function useLogin() {
  const startSession = useStartSession();
  return useMutation({
    mutationFn: (body: { email: string; password: string }) =>
      api.post<AuthAnswer>('/api/authenticate', body),
    onSuccess: startSession,
  });
}

/**
 * `onRegistered` runs before the session starts: once the token is set the guard swaps the screen
 * for a loader, and callbacks passed to mutate() of an unmounted screen never fire.
 */
export function useRegister({ onRegistered }: { onRegistered?: () => void } = {}) {
  const startSession = useStartSession();
  return useMutation({
    mutationFn: (body: RegisterRequest) => api.post<AuthAnswer>('/api/register', body),
    onSuccess: (answer) => {
      onRegistered?.();
      startSession(answer);
    },
  });
}

// After a platform admin logs in as another user the guard first goes home, so the new user lands
// on their own dashboard instead of being refused the admin screen that was open.
let isHomeRequested = false;
const homeListeners = new Set<() => void>();

function setHomeRequested(value: boolean): void {
  isHomeRequested = value;
  for (const listener of homeListeners) listener();
}

export function useHomeRequest(): { isRequested: boolean; done: () => void } {
  const isRequested = useSyncExternalStore(
    (listener) => {
      homeListeners.add(listener);
      return () => homeListeners.delete(listener);
    },
    () => isHomeRequested,
    () => false,
  );
  return { isRequested, done: useCallback(() => setHomeRequested(false), []) };
}

/**
 * POST /api/user/{id}/adminlogin (spec 000 section 6): the admin's own session ends, the answer's
 * token replaces it, nothing cached of the admin stays, and the guard goes home.
 */
export function useAdminLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: number) => api.post<AuthAnswer>(`/api/user/${userId}/adminlogin`),
    onSuccess: (answer) => {
      const adminToken = getToken();
      queryClient.clear();
      clearToasts();
      const session = zSessionData.safeParse(answer.user);
      if (session.success) queryClient.setQueryData(currentUserQuery(answer.token).queryKey, session.data);
      setHomeRequested(true);
      setToken(answer.token);
      // The admin is logged out, on the server too; a failure there only leaves an idle session.
      if (adminToken) {
        void fetch('/api/authenticate/logout', {
          headers: { Accept: 'application/json', Authorization: `Bearer ${adminToken}` },
        }).catch(() => undefined);
      }
    },
  });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: (body: { email: string }) => api.post('/api/password/email', body) });
}

export function useResetPassword() {
  return useMutation({ mutationFn: (body: ResetPasswordRequest) => api.post('/api/password/reset', body) });
}
