import { USER_TYPES, type UserType } from '@im/domain';
import { and, eq, isNull, ne } from 'drizzle-orm';
import { type Database, notifyAfterCommit, type Tx } from '../db/database';
import { session } from '../db/tables/auth.schema';
import { SESSION_END_CHANNEL } from '../events/channel';
import { type AuthContext, effectiveModules } from './auth-context';
import type { SessionCache } from './session-cache';
import { hashToken, newToken } from './tokens';

export interface SessionPolicy {
  idleMinutes: number;
  maxDays: number;
}

// Writing last_used_at on every request would turn each read into a write; a minute is precise enough.
const TOUCH_AFTER_MS = 60_000;

export async function createSession(
  tx: Tx,
  input: {
    userId: number;
    companyId: number;
    impersonatorUserId?: number | null;
    ip?: string;
    userAgent?: string;
  },
  policy: SessionPolicy,
): Promise<string> {
  const token = newToken();
  await tx.insert(session).values({
    tokenHash: hashToken(token),
    userId: input.userId,
    companyId: input.companyId,
    impersonatorUserId: input.impersonatorUserId ?? null,
    ip: input.ip?.slice(0, 64),
    userAgent: input.userAgent?.slice(0, 500),
    expiresAt: new Date(Date.now() + policy.maxDays * 86_400_000),
  });
  return token;
}

interface SessionRow {
  id: number;
  user_id: number;
  company_id: number;
  impersonator_user_id: number | null;
  role: number;
  user_type: string;
  module_blacklist: string[];
  modules: string[];
}

/**
 * Answers the caller for a token, or null when it is unknown, ended, idle too long or past its end.
 * One round trip: `im_resolve_session` (migration 0010) looks the session up across companies and
 * touches it, as a named prepared statement that each connection parses once.
 */
export async function resolveSession(
  db: Database,
  token: string,
  policy: SessionPolicy,
): Promise<AuthContext | null> {
  return lookUpSession(db, hashToken(token), policy);
}

/**
 * `resolveSession` for a request's access check: a token answered in the last seconds comes from the
 * process's cache (session-cache.ts says what makes it forget at once).
 */
export async function resolveCachedSession(
  db: Database,
  cache: SessionCache,
  token: string,
  policy: SessionPolicy,
): Promise<AuthContext | null> {
  const tokenHash = hashToken(token);
  const cached = cache.get(tokenHash);
  if (cached) return cached;
  const generation = cache.current;
  const auth = await lookUpSession(db, tokenHash, policy);
  if (auth) cache.set(tokenHash, auth, generation);
  return auth;
}

async function lookUpSession(
  db: Database,
  tokenHash: string,
  policy: SessionPolicy,
): Promise<AuthContext | null> {
  const result = await db.pool.query<SessionRow>({
    name: 'im_resolve_session',
    text: 'select * from im_resolve_session($1, $2, $3)',
    values: [tokenHash, policy.idleMinutes, TOUCH_AFTER_MS / 1000],
  });
  const row = result.rows[0];
  if (!row) return null;
  const userType = (USER_TYPES as readonly string[]).includes(row.user_type)
    ? (row.user_type as UserType)
    : 'standard';
  return {
    sessionId: row.id,
    userId: row.user_id,
    companyId: row.company_id,
    role: row.role,
    userType,
    modules: effectiveModules(row.modules, row.module_blacklist),
    companyModules: new Set(effectiveModules(row.modules, [])),
    impersonatorUserId: row.impersonator_user_id,
  };
}

/** Tells every server process that sessions of this user ended, so their live streams close at once. */
function announceSessionEnd(tx: Tx, userId: number): void {
  notifyAfterCommit(tx, SESSION_END_CHANNEL, String(userId));
}

export async function endSession(tx: Tx, sessionId: number): Promise<void> {
  const [ended] = await tx
    .update(session)
    .set({ endedAt: new Date() })
    .where(and(eq(session.id, sessionId), isNull(session.endedAt)))
    .returning({ userId: session.userId });
  if (ended) announceSessionEnd(tx, ended.userId);
}

/** Ends every session of a user (but `keepSessionId`), e.g. after a password change or reset. */
export async function endUserSessions(tx: Tx, userId: number, keepSessionId?: number): Promise<void> {
  await tx
    .update(session)
    .set({ endedAt: new Date() })
    .where(
      and(
        eq(session.userId, userId),
        isNull(session.endedAt),
        keepSessionId === undefined ? undefined : ne(session.id, keepSessionId),
      ),
    );
  announceSessionEnd(tx, userId);
}
