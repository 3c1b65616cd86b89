import type { SessionData } from '@im/domain';
import { canAccess, dashboardPathFor, isPartnerUser } from '../api/access';
import type { AppRoute } from '../api/route-types';
import { matchRoute, ROUTES } from './route-table';

export type GuardDecision =
  | { type: 'allow'; route: AppRoute; params: Record<string, string | undefined> }
  | { type: 'redirect'; to: string };

const HOME_PATHS = new Set(['', '/']);

/**
 * Spec 001/002: a partner user is sent to the partner version of the flow and document screens (the
 * detail screens of staff would answer nothing to them).
 */
const PARTNER_VERSIONS: Record<string, (id: string) => string> = {
  '/flow_detail/:flowId': (id) => `/flow_partner/${id}`,
  '/quotation_detail/:quotationId': (id) => `/document_partner/${id}?documentType=quotation`,
  '/confirmation_detail/:confirmationId': (id) => `/document_partner/${id}?documentType=confirmation`,
  '/invoice_detail/:invoiceId': (id) => `/document_partner/${id}?documentType=invoice`,
};

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
  const partnerVersion = PARTNER_VERSIONS[route.path];
  const id = Object.values(match.params)[0];
  if (session && isPartnerUser(session) && partnerVersion && id)
    return { type: 'redirect', to: partnerVersion(id) };
  if (route.access === 'staff' && session && !canAccess(route, session))
    // A partner user on a staff screen: forbidden, whatever modules the company has (decision 056).
    return { type: 'redirect', to: isPartnerUser(session) && !route.partner ? '/403' : '/401' };

  return { type: 'allow', route, params: match.params };
}
