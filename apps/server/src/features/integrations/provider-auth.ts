// Tokens of a linked provider (decisions 065, 068, 070): the one place that knows how a provider's token is
// renewed (an OAuth refresh, or the customer's key exchanged again) and how its API is called.
import { clientKeyToken, type OAuthTokens, refreshTokens } from '../../platform/integrations/oauth';
import { callbackUrl, type IntegrationContext } from './integration-context';
import type { LinkedProvider } from './linked-provider';
import { type ProviderHttp, providerHttp } from './provider-http';

/** A fresh token from what the connection keeps sealed: the refresh token (OAuth) or the client key. */
export function renewToken(
  ctx: IntegrationContext,
  provider: LinkedProvider,
  credential: string,
): Promise<OAuthTokens> {
  const auth = provider.auth(ctx.config);
  if (!auth) throw new Error(`${provider.service} is not configured`);
  if (auth.kind === 'clientkey') return clientKeyToken(auth.tokenUrl, credential, ctx.timeoutMs);
  return refreshTokens(
    { ...auth.endpoints, redirectUri: callbackUrl(ctx.config, provider.service) },
    credential,
    ctx.timeoutMs,
  );
}

/** The package's API with a token: its base address, its headers and its way of naming an error. */
export function providerHttpFor(
  ctx: IntegrationContext,
  provider: LinkedProvider,
  accessToken: string,
): ProviderHttp {
  return providerHttp({
    baseUrl: provider.apiBase(ctx.config),
    accessToken,
    timeoutMs: ctx.timeoutMs,
    headers: provider.apiHeaders(ctx.config),
    errorText: (b) => provider.errorText(b),
  });
}
