import type { SessionData } from '@im/domain';
import { canAccess, dashboardPathFor, isPartnerUser } from '../api/access';
import type { AppRoute } from '../api/route-types';
import { matchRoute, ROUTES } from './route-table';

export type GuardDecision =
  | { type: 'allow'; route: AppRoute; params: Record<string, string | undefined> }
  | { type: 'redirect'; to: string };

const HOME_PATHS = new Set(['', '/']);

/** Spec 000 section 4: what happens when the user navigates to `pathname`. Pure, so it is unit-tested. */
export function decideRoute(
  pathname: string,
  session: SessionData | null,
  routes: readonly AppRoute[] = ROUTES,
): GuardDecision {
  if (HOME_PATHS.has(pathname)) {
    return { type: 'redirect', to: session ? dashboardPathFor(session) : '/login' };
  }
  const match = matchRoute(pathname, routes);
  if (!match) return { type: 'redirect', to: '/404' };
  const { route } = match;

  if (route.access === 'staff' && !session) return { type: 'redirect', to: '/login' };
  if (session && route.path === '/login') return { type: 'redirect', to: dashboardPathFor(session) };
  if (route.access === 'staff' && session && !canAccess(route, session))
    // A partner user on a staff screen: forbidden, whatever modules the company has (decision 056).
    return { type: 'redirect', to: isPartnerUser(session) && !route.partner ? '/403' : '/401' };

  return { type: 'allow', route, params: match.params };
}
