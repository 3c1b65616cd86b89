import type { FastifyRequest } from 'fastify';
import type { AuthContext } from '../../platform/auth/auth-context';
import type { Tx } from '../../platform/db/database';
import { AppError } from '../../platform/errors';
import { authOf, NO_ACCESS } from '../../platform/http/request-auth';

export const USER_MANAGER_ROLE = 5000;

/** Platform admins (users of a company with the ADMIN module) manage users of every company. */
export function isPlatformAdmin(auth: AuthContext): boolean {
  return auth.modules.has('ADMIN');
}

/**
 * Runs `fn` with the scope the caller has over user `id`: themselves; a system administrator over
 * their own company's users; a platform admin over everyone. Others see nothing (404).
 */
export function userScopeTx<T>(
  request: FastifyRequest,
  id: number,
  fn: (tx: Tx, scope: 'self' | 'manager' | 'platform') => Promise<T | null>,
): Promise<T | null> {
  const auth = authOf(request);
  const { db } = request.server.deps;
  const actor = {
    companyId: auth.companyId,
    userId: auth.userId,
    impersonatorUserId: auth.impersonatorUserId,
  };
  if (id === auth.userId) return db.tenant(actor, (tx) => fn(tx, 'self'));
  if (isPlatformAdmin(auth)) return db.platform((tx) => fn(tx, 'platform'), actor);
  if (auth.role >= USER_MANAGER_ROLE) return db.tenant(actor, (tx) => fn(tx, 'manager'));
  return Promise.resolve(null);
}

/**
 * Who may create, delete and list users: platform admins (every company) and system administrators
 * of a company with the SETTINGS module (their own company only); null for everyone else.
 */
export function userManagerScope(auth: AuthContext): 'platform' | 'manager' | null {
  if (isPlatformAdmin(auth)) return 'platform';
  if (auth.role >= USER_MANAGER_ROLE && auth.modules.has('SETTINGS')) return 'manager';
  return null;
}

/** Runs `fn` in the caller's user-management scope; 403 when they manage no users. */
export async function userManagerTx<T>(
  request: FastifyRequest,
  fn: (tx: Tx, scope: 'platform' | 'manager') => Promise<T>,
): Promise<T> {
  const auth = authOf(request);
  const scope = userManagerScope(auth);
  if (!scope) throw new AppError('forbidden', NO_ACCESS);
  const { db } = request.server.deps;
  const actor = {
    companyId: auth.companyId,
    userId: auth.userId,
    impersonatorUserId: auth.impersonatorUserId,
  };
  return scope === 'platform'
    ? db.platform((tx) => fn(tx, scope), actor)
    : db.tenant(actor, (tx) => fn(tx, scope));
}
