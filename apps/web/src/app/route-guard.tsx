import type { SessionData } from '@im/domain';
import { Button, Center, Loader, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation } from 'react-router';
import { isApiError } from '../api/client';
import type { AppRoute } from '../api/route-types';
import {
  currentUserQuery,
  useClearSession,
  useHomeRequest,
  useSessionState,
  useToken,
} from '../features/auth';
import { NotFoundScreen } from '../features/errors';
import { closeAllModals } from '../ui/modal-manager';
import { decideRoute } from './guard';
import { AuthLayout } from './layouts/auth-layout';
import { PublicPageLayout } from './layouts/public-page-layout';

// The shell (menu, top bar, search, live channel) loads after login: the login screen does not wait for it.
const AppShellLayout = lazy(() => import('./shell/app-shell').then((m) => ({ default: m.AppShellLayout })));

export function FullPageLoader() {
  const { t } = useTranslation();
  return (
    <Center mih="60vh">
      <Loader aria-label={t('app.loading')} />
    </Center>
  );
}

function SessionError({ onRetry, onLogout }: { onRetry: () => void; onLogout: () => void }) {
  const { t } = useTranslation();
  return (
    <Center mih="60vh" p="md">
      <Stack align="center">
        <Text>{t('app.sessionFailed')}</Text>
        <Button onClick={onRetry}>{t('app.retry')}</Button>
        <Button variant="subtle" onClick={onLogout}>
          {t('topbar.logout')}
        </Button>
      </Stack>
    </Center>
  );
}

function RouteLayout({
  route,
  session,
  children,
}: {
  route: AppRoute;
  session: SessionData | null;
  children: ReactNode;
}) {
  if (route.layout === 'auth') return <AuthLayout>{children}</AuthLayout>;
  if (route.layout === 'bare') return <>{children}</>;
  // Shell routes always have a session here; public pages get the shell when one exists.
  if (session) return <AppShellLayout session={session}>{children}</AppShellLayout>;
  return <PublicPageLayout>{children}</PublicPageLayout>;
}

/** Root element of the router: runs the guard of spec 000 section 4 on every route change. */
export function RouteGuard() {
  const location = useLocation();
  const token = useToken();
  const queryClient = useQueryClient();
  const sessionState = useSessionState();
  const clearSession = useClearSession();
  const { isRequested: isHomeRequested, done: endHomeRequest } = useHomeRequest();
  const isGoingHome = isHomeRequested && location.pathname !== '/';
  const session = sessionState.status === 'ready' ? sessionState.session : null;
  const isUnauthorized = sessionState.status === 'error' && isApiError(sessionState.error, 401);
  const isSettled = sessionState.status === 'anonymous' || sessionState.status === 'ready';
  const decision = isSettled ? decideRoute(location.pathname, session) : null;
  const isAllowed = decision?.type === 'allow';

  // A 401 while loading the current user: log out; the guard then leads to /login.
  useEffect(() => {
    if (isUnauthorized) clearSession();
  }, [isUnauthorized, clearSession]);

  // Refresh the session on navigation, throttled by the query's 60 s staleTime.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs per navigation (location.key)
  useEffect(() => {
    if (token) void queryClient.prefetchQuery(currentUserQuery(token));
  }, [location.key]);

  // A requested trip home (after a log-in as another user) ends once home is reached.
  useEffect(() => {
    if (isHomeRequested && location.pathname === '/') endHomeRequest();
  }, [isHomeRequested, endHomeRequest, location.pathname]);

  // Open modals close on every successful route change.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs per navigation (location.key)
  useEffect(() => {
    if (isAllowed) closeAllModals();
  }, [location.key, isAllowed]);

  if (isGoingHome) return <Navigate to="/" replace />;
  if (sessionState.status === 'error' && !isUnauthorized) {
    return (
      <SessionError
        onRetry={() => void queryClient.refetchQueries({ queryKey: currentUserQuery(token).queryKey })}
        onLogout={clearSession}
      />
    );
  }
  if (!decision) return <FullPageLoader />;
  if (decision.type === 'redirect') return <Navigate to={decision.to} replace />;

  return (
    <RouteLayout route={decision.route} session={session}>
      <Suspense fallback={<FullPageLoader />}>
        <Outlet />
      </Suspense>
    </RouteLayout>
  );
}

/** The element of one route of the table: its screen, or the 404 page while it is not built. */
export function RouteScreen({ route }: { route: AppRoute }) {
  const Screen = route.Screen ?? NotFoundScreen;
  return <Screen />;
}
