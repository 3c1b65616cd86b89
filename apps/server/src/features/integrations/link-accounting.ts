// Linking an accounting package (spec 000 section 7: getExactAuthUrl / getSnelstartAuthUrl answer authUrl,
// opened in a window; decision 065). The state and the PKCE verifier are kept server-side; the public
// callback finds the round by its state alone, uses it once, and never trusts anything else it is sent.
import {
  type AccountingService,
  INTEGRATION_TEXTS,
  isAccountingService,
  OAUTH_STATE_MINUTES,
} from '@im/domain';
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/database';
import {
  accountingSettings,
  integrationConnection,
  integrationOauthState,
} from '../../platform/db/tables/integrations.schema';
import { conflict } from '../../platform/errors';
import { authorizeAddress, exchangeCode, newState, pkcePair } from '../../platform/integrations/oauth';
import type { AccountingProvider } from './accounting-provider';
import { labelOf, linkedAccounting, providerProblem } from './connections';
import { callbackUrl, type IntegrationContext } from './integration-context';
import { writeIntegrationLog } from './integration-log';
import { providerHttp } from './provider-http';

export function accountingProvider(ctx: IntegrationContext, service: AccountingService): AccountingProvider {
  const provider = ctx.accounting[service];
  if (!provider?.oauth(ctx.config)) throw conflict(INTEGRATION_TEXTS.notConfigured(labelOf(service)));
  return provider;
}

/** The address of the package's consent screen, for a manager of the transaction's company. */
export async function startAccountingLink(
  ctx: IntegrationContext,
  tx: Tx,
  service: AccountingService,
  userId: number,
): Promise<{ authUrl: string }> {
  const provider = accountingProvider(ctx, service);
  const linked = await linkedAccounting(tx);
  if (linked && linked.status === 'active')
    throw conflict(
      linked.service === service
        ? INTEGRATION_TEXTS.alreadyLinked(labelOf(service))
        : INTEGRATION_TEXTS.otherAccountingLinked(labelOf(linked.service)),
    );
  const state = newState();
  const { verifier, challenge } = pkcePair();
  await tx
    .delete(integrationOauthState)
    .where(lt(integrationOauthState.createdAt, sql`now() - make_interval(mins => ${OAUTH_STATE_MINUTES})`));
  await tx.insert(integrationOauthState).values({
    state,
    userId,
    service,
    forUser: false,
    codeVerifierEnc: ctx.box.seal(verifier),
  });
  const endpoints = { ...provider.oauth(ctx.config)!, redirectUri: callbackUrl(ctx.config, service) };
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
  const round = await ctx.db.platform(async (tx) => {
    const [taken] = await tx
      .delete(integrationOauthState)
      .where(
        and(
          eq(integrationOauthState.state, query.state!),
          eq(integrationOauthState.service, service),
          sql`${integrationOauthState.createdAt} > now() - make_interval(mins => ${OAUTH_STATE_MINUTES})`,
        ),
      )
      .returning();
    return taken ?? null;
  });
  if (!round) return { ok: false, message: INTEGRATION_TEXTS.stateInvalid };
  if (query.error || !query.code) return { ok: false, message: INTEGRATION_TEXTS.authorizationDenied(label) };
  const provider = ctx.accounting[service];
  const endpoints = provider?.oauth(ctx.config);
  if (!provider || !endpoints) return { ok: false, message: INTEGRATION_TEXTS.notConfigured(label) };
  try {
    const tokens = await exchangeCode(
      { ...endpoints, redirectUri: callbackUrl(ctx.config, service) },
      query.code,
      ctx.box.open(round.codeVerifierEnc),
      ctx.timeoutMs,
    );
    const described = await provider.describeLink(
      providerHttp({
        baseUrl: provider.apiBase(ctx.config),
        accessToken: tokens.accessToken,
        timeoutMs: ctx.timeoutMs,
        errorText: (b) => provider.errorText(b),
      }),
    );
    await ctx.db.tenant({ companyId: round.companyId, userId: round.userId }, async (tx) => {
      const values = {
        status: 'active',
        accountLabel: described.accountLabel.slice(0, 200),
        accessTokenEnc: ctx.box.seal(tokens.accessToken),
        refreshTokenEnc: tokens.refreshToken ? ctx.box.seal(tokens.refreshToken) : null,
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
      else await tx.insert(integrationConnection).values({ ...values, service, createdBy: round.userId });
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
        userId: round.userId,
        message: `${INTEGRATION_TEXTS.linked(label)} ${described.accountLabel}`,
      });
    });
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
