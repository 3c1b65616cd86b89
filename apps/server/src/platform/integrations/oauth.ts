import { createHash, randomBytes } from 'node:crypto';

/**
 * OAuth 2.0 authorization-code flow with PKCE (RFC 6749, RFC 7636), the one place every provider's link goes
 * through (decision 065). Providers differ only in their endpoints and extra parameters.
 */
export interface OAuthEndpoints {
  authorizeUrl: string;
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  scope?: string;
  /** Extra query parameters of the authorize address (a provider's `prompt`, `access_type`...). */
  extraAuthorizeParams?: Record<string, string>;
}

export interface OAuthTokens {
  accessToken: string;
  /** Absent when the provider kept the old one (a refresh may answer without a new refresh token). */
  refreshToken: string | null;
  expiresAt: Date;
}

/** What the token endpoint said when it refused: `invalid_grant` means the link is gone (revoked, expired). */
export class OAuthError extends Error {
  constructor(
    readonly code: string,
    readonly status: number | null,
    description: string,
  ) {
    super(description || code);
  }
  get revoked(): boolean {
    return this.code === 'invalid_grant' || this.code === 'unauthorized_client' || this.status === 401;
  }
}

export function newState(): string {
  return randomBytes(24).toString('base64url');
}

export function pkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(48).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  return { verifier, challenge };
}

export function authorizeAddress(ep: OAuthEndpoints, state: string, challenge: string): string {
  const url = new URL(ep.authorizeUrl);
  url.searchParams.set('client_id', ep.clientId);
  url.searchParams.set('redirect_uri', ep.redirectUri);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('state', state);
  url.searchParams.set('code_challenge', challenge);
  url.searchParams.set('code_challenge_method', 'S256');
  if (ep.scope) url.searchParams.set('scope', ep.scope);
  for (const [k, v] of Object.entries(ep.extraAuthorizeParams ?? {})) url.searchParams.set(k, v);
  return url.toString();
}

async function tokenCall(
  tokenUrl: string,
  params: Record<string, string>,
  timeoutMs: number,
): Promise<OAuthTokens> {
  let res: Response;
  try {
    res = await fetch(tokenUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams(params),
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (err) {
    throw new OAuthError('unreachable', null, err instanceof Error ? err.message : String(err));
  }
  const text = await res.text();
  let body: Record<string, unknown> = {};
  try {
    body = JSON.parse(text) as Record<string, unknown>;
  } catch {
    // a non-JSON answer: judged by its status below
  }
  if (!res.ok || typeof body.access_token !== 'string') {
    const code =
      typeof body.error === 'string' ? body.error : res.ok ? 'invalid_response' : `http_${res.status}`;
    const description = typeof body.error_description === 'string' ? body.error_description : '';
    throw new OAuthError(code, res.status, description);
  }
  const seconds = Number(body.expires_in ?? 3600);
  return {
    accessToken: body.access_token,
    refreshToken: typeof body.refresh_token === 'string' ? body.refresh_token : null,
    expiresAt: new Date(Date.now() + (Number.isFinite(seconds) ? seconds : 3600) * 1000),
  };
}

export function exchangeCode(
  ep: OAuthEndpoints,
  code: string,
  verifier: string,
  timeoutMs: number,
): Promise<OAuthTokens> {
  return tokenCall(
    ep.tokenUrl,
    {
      grant_type: 'authorization_code',
      code,
      redirect_uri: ep.redirectUri,
      code_verifier: verifier,
      client_id: ep.clientId,
      client_secret: ep.clientSecret,
    },
    timeoutMs,
  );
}

export function refreshTokens(
  ep: OAuthEndpoints,
  refreshToken: string,
  timeoutMs: number,
): Promise<OAuthTokens> {
  return tokenCall(
    ep.tokenUrl,
    {
      grant_type: 'refresh_token',
      refresh_token: refreshToken,
      client_id: ep.clientId,
      client_secret: ep.clientSecret,
    },
    timeoutMs,
  );
}

/**
 * A token for a key the customer made in the package (SnelStart's `grant_type=clientkey` with the
 * koppelsleutel; decision 068): no consent screen and no refresh token: the key itself gets the next token.
 */
export function clientKeyToken(tokenUrl: string, clientKey: string, timeoutMs: number): Promise<OAuthTokens> {
  return tokenCall(tokenUrl, { grant_type: 'clientkey', clientkey: clientKey }, timeoutMs);
}

/** A token is refreshed this long before it expires, so a call never starts with one about to lapse. */
export const REFRESH_MARGIN_MS = 60_000;
