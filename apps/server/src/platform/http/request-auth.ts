import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AuthContext } from '../auth/auth-context';
import { resolveCachedSession } from '../auth/sessions';
import type { ReadPlan, Tx } from '../db/database';
import { AppError } from '../errors';
import { isPublic, type RouteAccess } from './access';

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
  interface FastifyInstance {
    /** Every /api route with its declared access, for the access test and the docs. */
    apiRoutes: { method: string; url: string; access: RouteAccess }[];
  }
}

export const NOT_LOGGED_IN = 'U bent niet ingelogd.';
export const NO_ACCESS = 'U heeft geen toegang tot dit onderdeel.';

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+([A-Za-z0-9_-]{20,200})$/.exec(header);
  return match ? match[1]! : null;
}

/** The caller of a guarded route; the access hook has already made sure there is one. */
export function authOf(request: FastifyRequest): AuthContext {
  if (!request.auth) throw new AppError('unauthenticated', NOT_LOGGED_IN);
  return request.auth;
}

/**
 * Runs `fn` in a transaction that sees only the caller's company, attributed to the caller.
 * `snapshot`: read-only, on one snapshot (lists whose total and page must agree).
 */
export function tenantTx<T>(
  request: FastifyRequest,
  fn: (tx: Tx) => Promise<T>,
  options: { snapshot?: boolean } = {},
): Promise<T> {
  const auth = authOf(request);
  return request.server.deps.db.tenant(
    { companyId: auth.companyId, userId: auth.userId, impersonatorUserId: auth.impersonatorUserId },
    fn,
    options,
  );
}

/** A plan's reads as the caller's company in one round trip (`Database.tenantReads`): the hottest reads. */
export function tenantReads<T>(request: FastifyRequest, plan: ReadPlan<T>): Promise<T> {
  const auth = authOf(request);
  return request.server.deps.db.tenantReads(
    { companyId: auth.companyId, userId: auth.userId, impersonatorUserId: auth.impersonatorUserId },
    plan,
  );
}

/**
 * `tenantReads` on the read replica (DATABASE_REPLICA_URL; the primary without one) for a read-heavy list a
 * second's lag cannot hurt: an overview, the pipeline, statistics. Never a read after the caller's own
 * write in the same request, never anything that decides access (docs/decisions/053).
 */
export function replicaReads<T>(request: FastifyRequest, plan: ReadPlan<T>): Promise<T> {
  const auth = authOf(request);
  return request.server.deps.db.replicaReads(
    { companyId: auth.companyId, userId: auth.userId, impersonatorUserId: auth.impersonatorUserId },
    plan,
  );
}

/** `tenantTx` with `snapshot` on the read replica, under `replicaReads`' rule; `fn` only reads. */
export function replicaTx<T>(request: FastifyRequest, fn: (tx: Tx) => Promise<T>): Promise<T> {
  const auth = authOf(request);
  return request.server.deps.db.replicaTenant(
    { companyId: auth.companyId, userId: auth.userId, impersonatorUserId: auth.impersonatorUserId },
    fn,
  );
}

/**
 * Runs `fn` across all companies (platform administration), attributed to the caller so log items
 * name the admin. Only for routes that already required the ADMIN module.
 */
export function platformTx<T>(request: FastifyRequest, fn: (tx: Tx) => Promise<T>): Promise<T> {
  const auth = authOf(request);
  return request.server.deps.db.platform(fn, {
    companyId: auth.companyId,
    userId: auth.userId,
    impersonatorUserId: auth.impersonatorUserId,
  });
}

/** Resolves the caller and enforces the route's declared module and minimum role. */
export function registerAccessControl(app: FastifyInstance): void {
  app.decorateRequest('auth', null);
  const apiRoutes: FastifyInstance['apiRoutes'] = [];
  app.decorate('apiRoutes', apiRoutes);

  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api') || route.url.startsWith('/api/docs')) return;
    const access = route.config?.access;
    if (!access) {
      throw new Error(
        `Route ${route.method} ${route.url} declares no access (module and minimum role, or public)`,
      );
    }
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') apiRoutes.push({ method, url: route.url, access });
    }
  });

  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config?.access;
    if (!access || isPublic(access)) return;
    const token = bearerToken(request);
    const { config, db, sessions } = app.deps;
    request.auth = token
      ? await resolveCachedSession(db, sessions, token, {
          idleMinutes: config.SESSION_IDLE_MINUTES,
          maxDays: config.SESSION_MAX_DAYS,
        })
      : null;
    if (!request.auth) throw new AppError('unauthenticated', NOT_LOGGED_IN);
    // Partner users reach only the routes that say they may, and those narrow to their partner (decision 056).
    if (request.auth.userType === 'partner' && !access.partner) throw new AppError('forbidden', NO_ACCESS);
    if (access.module && !request.auth.modules.has(access.module)) throw new AppError('forbidden', NO_ACCESS);
    if (request.auth.role < access.minRole) throw new AppError('forbidden', NO_ACCESS);
  });
}
