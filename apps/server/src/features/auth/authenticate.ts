import type { SessionData } from '@im/domain';
import { and, eq, isNull } from 'drizzle-orm';
import { LOGIN_FAILED } from '../../platform/auth/messages';
import { spendVerifyTime, verifyPassword } from '../../platform/auth/passwords';
import { createSession, resolveSession } from '../../platform/auth/sessions';
import {
  isLoginThrottled,
  loginThrottleKeys,
  recordLoginFailure,
  THROTTLED_MESSAGE,
} from '../../platform/auth/throttle';
import { company } from '../../platform/db/tables/companies.schema';
import type { Deps } from '../../platform/deps';
import { AppError } from '../../platform/errors';
import { writeLog } from '../../platform/events/write-log';
import { buildSessionData, findUserByEmail } from '../users';

export interface LoginResult {
  token: string;
  user: SessionData;
}

export function sessionPolicy(deps: Pick<Deps, 'config'>) {
  return { idleMinutes: deps.config.SESSION_IDLE_MINUTES, maxDays: deps.config.SESSION_MAX_DAYS };
}

/** Answers the session data that goes with a fresh token. */
export async function loginResult(deps: Deps, token: string): Promise<LoginResult> {
  const auth = await resolveSession(deps.db, token, sessionPolicy(deps));
  if (!auth) throw new AppError('unauthenticated', LOGIN_FAILED);
  const user = await deps.db.tenant(
    { companyId: auth.companyId, userId: auth.userId, impersonatorUserId: auth.impersonatorUserId },
    (tx) => buildSessionData(tx, auth),
  );
  return { token, user };
}

export async function authenticate(
  deps: Deps,
  input: { email: string; password: string; ip: string; userAgent?: string },
): Promise<LoginResult> {
  const keys = loginThrottleKeys(input.ip, input.email);
  const { db } = deps;
  if (await db.platform((tx) => isLoginThrottled(tx, keys))) {
    throw new AppError('throttled', THROTTLED_MESSAGE, { headers: { 'retry-after': '60' } });
  }
  const found = await db.platform(async (tx) => {
    const u = await findUserByEmail(tx, input.email);
    if (!u) return null;
    const [c] = await tx
      .select({ id: company.id })
      .from(company)
      .where(and(eq(company.id, u.companyId), isNull(company.deletedAt)));
    return c ? u : null;
  });
  let ok = false;
  if (found) ok = await verifyPassword(found.passwordHash, input.password);
  else await spendVerifyTime(input.password);
  if (!found || !ok) {
    await db.platform((tx) => recordLoginFailure(tx, keys));
    throw new AppError('unauthenticated', LOGIN_FAILED);
  }
  const token = await db.tenant({ companyId: found.companyId, userId: found.id }, async (tx) => {
    const t = await createSession(
      tx,
      { userId: found.id, companyId: found.companyId, ip: input.ip, userAgent: input.userAgent },
      sessionPolicy(deps),
    );
    await writeLog(tx, { type: 'user', id: found.id, action: 'login', description: 'Ingelogd' });
    return t;
  });
  return loginResult(deps, token);
}
