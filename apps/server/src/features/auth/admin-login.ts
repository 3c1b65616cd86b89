import { PROTECTED_MESSAGE, PROTECTED_USER_ID } from '@im/domain';
import { and, eq, isNull } from 'drizzle-orm';
import type { AuthContext } from '../../platform/auth/auth-context';
import { createSession } from '../../platform/auth/sessions';
import { company } from '../../platform/db/tables/companies.schema';
import type { Deps } from '../../platform/deps';
import { AppError, notFound } from '../../platform/errors';
import { writeLog } from '../../platform/events/write-log';
import { displayName, findUserById } from '../users';
import { type LoginResult, loginResult, sessionPolicy } from './authenticate';

export const NO_NESTED_IMPERSONATION = 'U bent al ingelogd als een andere gebruiker. Log eerst uit.';

/**
 * A platform admin logs in as another user. The new session carries the target's identity and role
 * (never more) and remembers the admin, so every change in it is logged under both.
 */
export async function adminLogin(
  deps: Deps,
  admin: AuthContext,
  targetId: number,
  meta: { ip: string; userAgent?: string },
): Promise<LoginResult> {
  if (targetId === PROTECTED_USER_ID) throw new AppError('conflict', PROTECTED_MESSAGE);
  if (admin.impersonatorUserId !== null) throw new AppError('conflict', NO_NESTED_IMPERSONATION);
  if (targetId === admin.userId) throw new AppError('conflict', PROTECTED_MESSAGE);
  const target = await deps.db.platform(async (tx) => {
    const u = await findUserById(tx, targetId);
    if (!u) return null;
    const [c] = await tx
      .select({ id: company.id })
      .from(company)
      .where(and(eq(company.id, u.companyId), isNull(company.deletedAt)));
    return c ? u : null;
  });
  if (!target) throw notFound();
  const actor = { companyId: target.companyId, userId: target.id, impersonatorUserId: admin.userId };
  const token = await deps.db.tenant(actor, async (tx) => {
    const t = await createSession(
      tx,
      { userId: target.id, companyId: target.companyId, impersonatorUserId: admin.userId, ...meta },
      sessionPolicy(deps),
    );
    await writeLog(tx, {
      type: 'user',
      id: target.id,
      action: 'adminlogin',
      description: `Platformbeheerder ${admin.userId} is ingelogd als ${displayName(target)}`,
    });
    return t;
  });
  return loginResult(deps, token);
}
