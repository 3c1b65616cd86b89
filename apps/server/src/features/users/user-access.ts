import type { FastifyRequest } from 'fastify';
import type { AuthContext } from '../../platform/auth/auth-context';
import type { Tx } from '../../platform/db/database';
import { authOf } from '../../platform/http/request-auth';

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
