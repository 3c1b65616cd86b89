import { type ModuleTag, moduleFlagKey, type SessionData } from '@im/domain';
import type { RouteSpec } from './route-types';

/** The company owns the module (whatever the user's blacklist says). */
export function companyHasModule(session: SessionData, tag: ModuleTag): boolean {
  return session.modules.includes(tag) || (session as Record<string, unknown>)[moduleFlagKey(tag)] === true;
}

/** The company owns the module and it is not on the user's own module blacklist. */
export function hasModule(session: SessionData, tag: ModuleTag): boolean {
  return companyHasModule(session, tag) && !session.module_blacklist.includes(tag);
}

/** Module and minimum role of a logged-in route (spec 000 section 4). */
export function canAccess(
  route: Pick<RouteSpec, 'module' | 'minRole' | 'partner'>,
  session: SessionData,
): boolean {
  if (isPartnerUser(session) && !route.partner) return false;
  if (route.module && !hasModule(session, route.module)) return false;
  return session.userrole >= route.minRole;
}

/** A partner user sees only their partner's flows and documents (spec 000 section 6, decision 056). */
export function isPartnerUser(session: SessionData): boolean {
  return session.user_type === 'partner';
}

/** Where "home" leads for this user: the dashboard chosen by ADMIN module and altDashboard. */
export function dashboardPathFor(session: SessionData): string {
  if (hasModule(session, 'ADMIN')) return '/dashboardadmin';
  switch (session.altDashboard) {
    case 'partner':
      return '/dashboard_partner';
    case 'alternativev1':
      return '/dashboard2';
    case 'v1':
      return '/dashboardv1';
    case 'salesv1':
      return '/dashboard_sales';
    case 'projectv1':
      return '/dashboard_project';
    case 'sales':
    case 'project':
      return `/dashboard?usecase=${session.altDashboard}`;
    default:
      return '/dashboard';
  }
}
