import { hasPortalFlag, PORTAL_TEXTS, PORTAL_TOKEN_PARAM, type PortalLink } from '@im/domain';
import { eq } from 'drizzle-orm';
import type { AuthContext } from '../../platform/auth/auth-context';
import { signPortalToken } from '../../platform/auth/portal-token';
import type { Config } from '../../platform/config';
import type { Tx } from '../../platform/db/database';
import { user } from '../../platform/db/tables/users.schema';
import { conflict, forbidden } from '../../platform/errors';

/**
 * The side menu's portal link (spec 000 section 2, decision 067): for a user with the experimental feature
 * flag `portal`, the environment's PORTAL_URL with a fresh signed token naming the user and the company of
 * this session, valid 5 minutes. The session token stays out of every URL.
 */
export async function issuePortalLink(
  tx: Tx,
  auth: AuthContext,
  config: Pick<Config, 'PORTAL_URL' | 'PORTAL_TOKEN_SECRET'>,
  nowMs = Date.now(),
): Promise<PortalLink> {
  const [row] = await tx
    .select({ flags: user.experimentalFeatureFlags })
    .from(user)
    .where(eq(user.id, auth.userId));
  if (!row || !hasPortalFlag(row.flags)) throw forbidden(PORTAL_TEXTS.notEnabled);
  if (!config.PORTAL_URL || !config.PORTAL_TOKEN_SECRET) throw conflict(PORTAL_TEXTS.notConfigured);
  const { token, claims } = signPortalToken(
    config.PORTAL_TOKEN_SECRET,
    { userId: auth.userId, companyId: auth.companyId },
    nowMs,
  );
  const url = new URL(config.PORTAL_URL);
  url.searchParams.set(PORTAL_TOKEN_PARAM, token);
  return { url: url.toString(), token, expires_at: new Date(claims.exp * 1000).toISOString() };
}
