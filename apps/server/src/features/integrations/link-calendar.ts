// A user links their own calendar (decision 070; spec 000 section 2: the user profile's calendar link and
// unlink). The same OAuth round as the accounting link (state and PKCE verifier kept server-side, used once),
// but the connection is the user's. Unlinking revokes the token where the provider offers it; a failed
// revocation keeps the connection with its error flag, and forced removal (spec 000 section 8) drops it anyway.
import { type CalendarService, INTEGRATION_TEXTS, isCalendarService } from '@im/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/database';
import { integrationConnection, integrationOauthState } from '../../platform/db/tables/integrations.schema';
import { AppError, conflict } from '../../platform/errors';
import { authorizeAddress, exchangeCode, newState, pkcePair } from '../../platform/integrations/oauth';
import type { CalendarProvider } from './calendar-provider';
import { type ConnectionRow, labelOf, providerProblem, removeConnection } from './connections';
import { callbackUrl, type IntegrationContext } from './integration-context';
import { writeIntegrationLog } from './integration-log';
import type { CallbackOutcome } from './link-accounting';
import { pruneOauthRounds, takeOauthRound } from './oauth-rounds';
import { providerHttpFor } from './provider-auth';

export function calendarProvider(ctx: IntegrationContext, service: CalendarService): CalendarProvider {
  const provider = ctx.calendars[service];
  if (!provider.auth(ctx.config)) throw conflict(INTEGRATION_TEXTS.notConfigured(labelOf(service)));
  return provider;
}

/** getAuthUrl: the calendar's consent screen for the logged-in user (a lapsed link may be linked again). */
export async function startCalendarLink(
  ctx: IntegrationContext,
  tx: Tx,
  service: CalendarService,
  userId: number,
): Promise<{ authUrl: string }> {
  const provider = calendarProvider(ctx, service);
  const [linked] = await tx
    .select({ status: integrationConnection.status })
    .from(integrationConnection)
    .where(and(eq(integrationConnection.service, service), eq(integrationConnection.userId, userId)));
  if (linked?.status === 'active') throw conflict(INTEGRATION_TEXTS.calendarAlreadyLinked(labelOf(service)));
  const auth = provider.auth(ctx.config)!;
  if (auth.kind !== 'oauth') throw conflict(INTEGRATION_TEXTS.notConfigured(labelOf(service)));
  const state = newState();
  const { verifier, challenge } = pkcePair();
  await pruneOauthRounds(tx);
  await tx.insert(integrationOauthState).values({
    state,
    userId,
    service,
    forUser: true,
    codeVerifierEnc: ctx.box.seal(verifier),
  });
  const endpoints = { ...auth.endpoints, redirectUri: callbackUrl(ctx.config, service) };
  return { authUrl: authorizeAddress(endpoints, state, challenge) };
}

/** The provider's redirect back for a calendar: the round taken once, the code exchanged, the link kept. */
export async function finishCalendarLink(
  ctx: IntegrationContext,
  service: string,
  query: { code?: string; state?: string; error?: string },
): Promise<CallbackOutcome> {
  if (!isCalendarService(service) || !query.state)
    return { ok: false, message: INTEGRATION_TEXTS.stateInvalid };
  const label = labelOf(service);
  const round = await takeOauthRound(ctx.db, query.state, service, true);
  if (!round) return { ok: false, message: INTEGRATION_TEXTS.stateInvalid };
  if (query.error || !query.code) return { ok: false, message: INTEGRATION_TEXTS.authorizationDenied(label) };
  const provider = ctx.calendars[service];
  const auth = provider.auth(ctx.config);
  if (auth?.kind !== 'oauth') return { ok: false, message: INTEGRATION_TEXTS.notConfigured(label) };
  try {
    const tokens = await exchangeCode(
      { ...auth.endpoints, redirectUri: callbackUrl(ctx.config, service) },
      query.code,
      ctx.box.open(round.codeVerifierEnc),
      ctx.timeoutMs,
    );
    const described = await provider.describeLink(providerHttpFor(ctx, provider, tokens.accessToken));
    await ctx.db.tenant({ companyId: round.companyId, userId: round.userId }, async (tx) => {
      const values = {
        status: 'active',
        accountLabel: described.accountLabel.slice(0, 200),
        accessTokenEnc: ctx.box.seal(tokens.accessToken),
        refreshTokenEnc: tokens.refreshToken ? ctx.box.seal(tokens.refreshToken) : null,
        tokenExpiresAt: tokens.expiresAt,
        lastError: null,
        updatedAt: new Date(),
      };
      await tx
        .insert(integrationConnection)
        .values({ ...values, service, userId: round.userId, createdBy: round.userId })
        .onConflictDoUpdate({
          target: [
            integrationConnection.companyId,
            integrationConnection.userId,
            integrationConnection.service,
          ],
          targetWhere: sql`${integrationConnection.userId} is not null`,
          set: values,
        });
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
      'calendar link failed',
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

/** Google's revocation endpoint (RFC 7009 style): a token it no longer knows is revoked already. */
async function revoke(url: string, token: string, timeoutMs: number): Promise<void> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ token }),
    signal: AbortSignal.timeout(timeoutMs),
  });
  await res.arrayBuffer();
  if (res.ok || res.status === 400) return;
  throw new Error(`revoke answered ${res.status}`);
}

/**
 * Unlinks a user's calendar: revokes its token where the provider offers that, then forgets the connection.
 * When the revocation fails the connection stays, flagged 'error', and the answer says forced removal is
 * possible (503).
 */
export async function unlinkCalendar(
  ctx: IntegrationContext,
  actor: { companyId: number; userId: number },
  row: ConnectionRow,
): Promise<void> {
  const service = row.service as CalendarService;
  const label = labelOf(service);
  const url = ctx.calendars[service].revokeUrl(ctx.config);
  const token = row.refreshTokenEnc ?? row.accessTokenEnc;
  if (url && token) {
    try {
      await revoke(url, ctx.box.open(token), ctx.timeoutMs);
    } catch (err) {
      ctx.logger.warn({ service, err: err instanceof Error ? err.message : String(err) }, 'revoke failed');
      await ctx.db.tenant(actor, async (tx) => {
        await tx
          .update(integrationConnection)
          .set({ status: 'error', lastError: INTEGRATION_TEXTS.unlinkFailed(label), updatedAt: new Date() })
          .where(eq(integrationConnection.id, row.id));
        await writeIntegrationLog(tx, {
          service,
          userId: row.userId,
          level: 'error',
          message: INTEGRATION_TEXTS.unlinkFailed(label),
        });
      });
      throw new AppError('unavailable', INTEGRATION_TEXTS.unlinkFailed(label));
    }
  }
  await ctx.db.tenant(actor, (tx) => removeConnection(tx, row, actor.userId));
}
