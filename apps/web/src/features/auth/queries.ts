import { CURRENT_USER_REFRESH_MS, type SessionData, zSessionData } from '@im/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';
import { api, isApiError } from '../../api/client';
import { getToken, setToken, subscribeToken } from '../../api/token';

export interface AuthAnswer {
  token: string;
  user: unknown;
}

export const CURRENT_USER_KEY = ['currentuser'] as const;

export function useToken(): string | null {
  return useSyncExternalStore(subscribeToken, getToken, () => null);
}

/** GET /api/user/getcurrentuser; refreshed at most once per 60 s (CURRENT_USER_REFRESH_MS). */
export function currentUserQuery(token: string | null) {
  return queryOptions({
    queryKey: [...CURRENT_USER_KEY, token],
    queryFn: async ({ signal }) =>
      zSessionData.parse(await api.get<unknown>('/api/user/getcurrentuser', { signal })),
    enabled: Boolean(token),
    staleTime: CURRENT_USER_REFRESH_MS,
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

export function useOptionalSession(): SessionData | null {
  const state = useSessionState();
  return state.status === 'ready' ? state.session : null;
}

/** Drops the token and every cached answer, so nothing of this user stays on screen. */
export function useClearSession() {
  const queryClient = useQueryClient();
  return useCallback(() => {
    setToken(null);
    queryClient.clear();
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

function useStartSession() {
  const queryClient = useQueryClient();
  return (answer: AuthAnswer) => {
    queryClient.clear();
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

export interface RegisterRequest {
  companyname: string;
  name: string;
  surname: string;
  email: string;
  password: string;
  password_confirmation: string;
}

export function useRegister() {
  const startSession = useStartSession();
  return useMutation({
    mutationFn: (body: RegisterRequest) => api.post<AuthAnswer>('/api/register', body),
    onSuccess: startSession,
  });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: (body: { email: string }) => api.post('/api/password/email', body) });
}

export interface ResetPasswordRequest {
  token: string;
  email: string;
  password: string;
  password_confirmation: string;
}

export function useResetPassword() {
  return useMutation({ mutationFn: (body: ResetPasswordRequest) => api.post('/api/password/reset', body) });
}
