import type { ModuleTag } from '@im/domain';

/**
 * What a route needs, declared where the route is defined (`config: { access }`). A route under
 * /api without it fails at start-up; `public` names why no login is needed.
 */
export type RouteAccess =
  | { public: string }
  | {
      /** null: any logged-in user, whatever the company's modules. */
      module: ModuleTag | null;
      minRole: number;
      /**
       * A partner user (user type partner) may call it; the route itself narrows what it answers to
       * the partner's own records. Every other route answers 403 to a partner user (decision 056).
       */
      partner?: true;
    };

export const anyUser: RouteAccess = { module: null, minRole: 0 };

export function publicRoute(reason: string): RouteAccess {
  return { public: reason };
}

export function moduleRoute(module: ModuleTag, minRole = 100): RouteAccess {
  return { module, minRole };
}

/** A route a partner user may call too (it answers only their partner's records, or only their own). */
export function partnerRoute(module: ModuleTag | null, minRole = 100): RouteAccess {
  return { module, minRole, partner: true };
}

/** `anyUser` that a partner user may call as well (their own session, logout). */
export const anyUserOrPartner: RouteAccess = { module: null, minRole: 0, partner: true };

export function isPublic(access: RouteAccess): access is { public: string } {
  return 'public' in access;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
}

/**
 * Per address, for routes whose secret link is the credential (customer pages, calendar feeds): a
 * person opens a page now and then; a script guessing secrets is stopped.
 */
export const PUBLIC_LINK_RATE_LIMIT = { max: 60, timeWindow: '1 minute' };

/** The shape of a customer hash in a path (at least 128 random bits, URL-safe). */
export const CUSTOMER_HASH = /^[A-Za-z0-9_-]{16,64}$/;
