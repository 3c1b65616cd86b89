import { createHmac, timingSafeEqual } from 'node:crypto';
import { PORTAL_TOKEN_PURPOSE, PORTAL_TOKEN_SECONDS, type PortalTokenClaims } from '@im/domain';

/**
 * The portal token (decision 067): `v1.<claims>.<signature>`, both parts base64url. The claims are JSON
 * ({purpose, user_id, company_id, iat, exp}); the signature is HMAC-SHA256 under PORTAL_TOKEN_SECRET over
 * `v1.<claims>`. The portal checks it with the same secret (verifyPortalToken is the reference) and takes the
 * token only before `exp`. It grants nothing in this app: no session is looked up by it.
 */
const VERSION = 'v1';

const sign = (secret: string, body: string) => createHmac('sha256', secret).update(body).digest('base64url');

export function signPortalToken(
  secret: string,
  who: { userId: number; companyId: number },
  nowMs = Date.now(),
): { token: string; claims: PortalTokenClaims } {
  const iat = Math.floor(nowMs / 1000);
  const claims: PortalTokenClaims = {
    purpose: PORTAL_TOKEN_PURPOSE,
    user_id: who.userId,
    company_id: who.companyId,
    iat,
    exp: iat + PORTAL_TOKEN_SECONDS,
  };
  const body = `${VERSION}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}`;
  return { token: `${body}.${sign(secret, body)}`, claims };
}

/** The claims of a token this secret signed for the portal and that has not expired; else null. */
export function verifyPortalToken(
  secret: string,
  token: string,
  nowMs = Date.now(),
): PortalTokenClaims | null {
  const parts = token.split('.');
  if (parts.length !== 3 || parts[0] !== VERSION) return null;
  const body = `${parts[0]}.${parts[1]}`;
  const given = Buffer.from(parts[2]!, 'base64url');
  const wanted = Buffer.from(sign(secret, body), 'base64url');
  if (given.length !== wanted.length || !timingSafeEqual(given, wanted)) return null;
  let claims: PortalTokenClaims;
  try {
    claims = JSON.parse(Buffer.from(parts[1]!, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  if (claims.purpose !== PORTAL_TOKEN_PURPOSE) return null;
  if (typeof claims.exp !== 'number' || Math.floor(nowMs / 1000) >= claims.exp) return null;
  return claims;
}
