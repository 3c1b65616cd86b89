// Linking an accounting package (spec 000 section 7: getExactAuthUrl / getSnelstartAuthUrl answer authUrl,
// opened in a window; decision 065). The state and the PKCE verifier are kept server-side; the public
// callback finds the round by its state alone, uses it once, and never trusts anything else it is sent.
import { type AccountingService, INTEGRATION_TEXTS, isAccountingService } from '@im/domain';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/database';
import {
  accountingSettings,
  integrationConnection,
  integrationOauthState,
} from '../../platform/db/tables/integrations.schema';
import { AppError, conflict } from '../../platform/errors';
import {
  authorizeAddress,
  clientKeyToken,
  exchangeCode,
  newState,
  OAuthError,
  type OAuthTokens,
  pkcePair,
} from '../../platform/integrations/oauth';
import type { AccountingProvider } from './accounting-provider';
import { labelOf, linkedAccounting, providerProblem } from './connections';
import { callbackUrl, type IntegrationContext } from './integration-context';
import { writeIntegrationLog } from './integration-log';
import { pruneOauthRounds, takeOauthRound } from './oauth-rounds';
import { providerHttpFor } from './provider-auth';

export function accountingProvider(ctx: IntegrationContext, service: AccountingService): AccountingProvider {
  const provider = ctx.accounting[service];
  if (!provider?.auth(ctx.config)) throw conflict(INTEGRATION_TEXTS.notConfigured(labelOf(service)));
  return provider;
}

/**
 * One company, one package (decision 068): linking is refused while this package is active, or while another
 * package is linked at all (a lapsed link of the same package may be linked again).
 */
async function refuseSecondLink(tx: Tx, service: AccountingService): Promise<void> {
  const linked = await linkedAccounting(tx);
  if (linked && (linked.status === 'active' || linked.service !== service))
    throw conflict(
      linked.service === service
        ? INTEGRATION_TEXTS.alreadyLinked(labelOf(service))
        : INTEGRATION_TEXTS.otherAccountingLinked(labelOf(linked.service)),
    );
}

/** The address of the package's consent screen, for a manager of the transaction's company. */
export async function startAccountingLink(
  ctx: IntegrationContext,
  tx: Tx,
  service: AccountingService,
  userId: number,
): Promise<{ authUrl: string }> {
  const provider = accountingProvider(ctx, service);
  await refuseSecondLink(tx, service);
  const auth = provider.auth(ctx.config)!;
  // A key-based package: the window opens the page where the customer makes the key, pasted here after.
  if (auth.kind === 'clientkey') return { authUrl: auth.keyPageUrl };
  const state = newState();
  const { verifier, challenge } = pkcePair();
  await pruneOauthRounds(tx);
  await tx.insert(integrationOauthState).values({
    state,
    userId,
    service,
    forUser: false,
    codeVerifierEnc: ctx.box.seal(verifier),
  });
  const endpoints = { ...auth.endpoints, redirectUri: callbackUrl(ctx.config, service) };
  return { authUrl: authorizeAddress(endpoints, state, challenge) };
}

export type CallbackOutcome = { ok: true; message: string } | { ok: false; message: string };

/**
 * The provider's redirect back (public: the state is the credential). Takes the round (once, within its
 * minutes), exchanges the code with the verifier, asks the package what the link reaches and keeps the
 * connection, its tokens sealed. Every failure is a Dutch sentence for the window, never a 500.
 */
export async function finishAccountingLink(
  ctx: IntegrationContext,
  service: string,
  query: { code?: string; state?: string; error?: string },
): Promise<CallbackOutcome> {
  if (!isAccountingService(service)) return { ok: false, message: INTEGRATION_TEXTS.stateInvalid };
  const label = labelOf(service);
  if (!query.state) return { ok: false, message: INTEGRATION_TEXTS.stateInvalid };
  const round = await takeOauthRound(ctx.db, query.state, service);
  if (!round) return { ok: false, message: INTEGRATION_TEXTS.stateInvalid };
  if (query.error || !query.code) return { ok: false, message: INTEGRATION_TEXTS.authorizationDenied(label) };
  const provider = ctx.accounting[service];
  const auth = provider?.auth(ctx.config);
  if (!provider || auth?.kind !== 'oauth')
    return { ok: false, message: INTEGRATION_TEXTS.notConfigured(label) };
  try {
    const tokens = await exchangeCode(
      { ...auth.endpoints, redirectUri: callbackUrl(ctx.config, service) },
      query.code,
      ctx.box.open(round.codeVerifierEnc),
      ctx.timeoutMs,
    );
    await keepConnection(ctx, provider, { companyId: round.companyId, userId: round.userId }, tokens, null);
    return { ok: true, message: INTEGRATION_TEXTS.linked(label) };
  } catch (err) {
    ctx.logger.warn(
      { service, err: err instanceof Error ? err.message : String(err) },
      'integration link failed',
    );
    let message: string;
    try {
      message = providerProblem(service, err).message;
    } catch {
      message = INTEGRATION_TEXTS.failedWindow;
    }
    return { ok: false, message };
  }
}

/**
 * Links a key-based package (SnelStart, decision 068): the client key the manager made in the package is
 * exchanged for a token at once (a wrong key is refused in Dutch, nothing kept), the package says which
 * administration it reaches, and the key is kept sealed: it gets every next token.
 */
export async function linkWithClientKey(
  ctx: IntegrationContext,
  actor: { companyId: number; userId: number },
  service: AccountingService,
  clientKey: string,
): Promise<{ message: string }> {
  const provider = accountingProvider(ctx, service);
  const auth = provider.auth(ctx.config)!;
  const label = labelOf(service);
  if (auth.kind !== 'clientkey') throw conflict(INTEGRATION_TEXTS.notConfigured(label));
  await ctx.db.tenant(actor, (tx) => refuseSecondLink(tx, service));
  let tokens: OAuthTokens;
  try {
    tokens = await clientKeyToken(auth.tokenUrl, clientKey, ctx.timeoutMs);
  } catch (err) {
    if (err instanceof OAuthError && err.code !== 'unreachable' && (err.status ?? 500) < 500)
      throw new AppError('validation', INTEGRATION_TEXTS.clientKeyRefused(label));
    throw new AppError('unavailable', INTEGRATION_TEXTS.unreachable(label));
  }
  try {
    await keepConnection(ctx, provider, actor, tokens, clientKey);
  } catch (err) {
    ctx.logger.warn(
      { service, err: err instanceof Error ? err.message : String(err) },
      'integration link failed',
    );
    throw providerProblem(service, err);
  }
  return { message: INTEGRATION_TEXTS.linked(label) };
}

/**
 * Asks the package what the link reaches and keeps the connection, its secrets sealed: the refresh token
 * (OAuth) or the client key (`credential`), whichever gets the next token.
 */
async function keepConnection(
  ctx: IntegrationContext,
  provider: AccountingProvider,
  actor: { companyId: number; userId: number },
  tokens: OAuthTokens,
  credential: string | null,
): Promise<void> {
  const service = provider.service;
  const label = labelOf(service);
  const described = await provider.describeLink(providerHttpFor(ctx, provider, tokens.accessToken));
  const renewWith = credential ?? tokens.refreshToken;
  await ctx.db.tenant(actor, async (tx) => {
    const values = {
      status: 'active',
      accountLabel: described.accountLabel.slice(0, 200),
      accessTokenEnc: ctx.box.seal(tokens.accessToken),
      refreshTokenEnc: renewWith ? ctx.box.seal(renewWith) : null,
      tokenExpiresAt: tokens.expiresAt,
      state: described.state,
      lastError: null,
      updatedAt: new Date(),
    };
    const [existing] = await tx
      .select({ id: integrationConnection.id })
      .from(integrationConnection)
      .where(and(eq(integrationConnection.service, service), isNull(integrationConnection.userId)));
    if (existing)
      await tx.update(integrationConnection).set(values).where(eq(integrationConnection.id, existing.id));
    else await tx.insert(integrationConnection).values({ ...values, service, createdBy: actor.userId });
    // The administration the link reached is the one booked in, until the manager picks another.
    const division = String(described.state.currentDivision ?? '');
    if (division) {
      await tx
        .insert(accountingSettings)
        .values({ division })
        .onConflictDoUpdate({
          target: accountingSettings.companyId,
          set: {
            division: sql`case when ${accountingSettings.division} = '' then excluded.division else ${accountingSettings.division} end`,
          },
        });
    }
    await writeIntegrationLog(tx, {
      service,
      userId: actor.userId,
      message: `${INTEGRATION_TEXTS.linked(label)} ${described.accountLabel}`,
    });
  });
}
