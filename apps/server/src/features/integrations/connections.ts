// Linked services (decision 065): the list calls of spec 000 section 7, unlink, forced removal, and the one
// way any use-case reaches a provider with a fresh token.
import {
  INTEGRATION_SERVICE_LABELS,
  INTEGRATION_TEXTS,
  type Integration,
  type IntegrationService,
  isAccountingService,
} from '@im/domain';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/database';
import { calendarEventLink, integrationConnection } from '../../platform/db/tables/integrations.schema';
import { AppError, conflict, notFound } from '../../platform/errors';
import { toIso } from '../../platform/http/dates';
import { OAuthError, REFRESH_MARGIN_MS } from '../../platform/integrations/oauth';
import type { IntegrationContext } from './integration-context';
import { writeIntegrationLog } from './integration-log';
import type { LinkedProvider } from './linked-provider';
import { providerHttpFor, renewToken } from './provider-auth';
import { ProviderError, type ProviderHttp } from './provider-http';

export type ConnectionRow = typeof integrationConnection.$inferSelect;

export const labelOf = (service: string) =>
  INTEGRATION_SERVICE_LABELS[service as IntegrationService] ?? service;

export function toIntegration(r: ConnectionRow): Integration {
  return {
    id: r.id,
    service: r.service as IntegrationService,
    user_id: r.userId,
    status: r.status === 'error' ? 'error' : 'active',
    account_label: r.accountLabel,
    last_error: r.lastError,
    created_at: toIso(r.createdAt),
    updated_at: toIso(r.updatedAt),
  };
}

/** The company's links (accounting) and, when asked, one user's own (calendar). */
export async function listIntegrations(
  tx: Tx,
  scope: { company: true } | { userId: number },
): Promise<Integration[]> {
  const found = await tx
    .select()
    .from(integrationConnection)
    .where(
      'company' in scope
        ? isNull(integrationConnection.userId)
        : eq(integrationConnection.userId, scope.userId),
    )
    .orderBy(asc(integrationConnection.service));
  return found.map(toIntegration);
}

export async function findConnection(tx: Tx, id: number, service: string): Promise<ConnectionRow> {
  const [row] = await tx
    .select()
    .from(integrationConnection)
    .where(and(eq(integrationConnection.id, id), eq(integrationConnection.service, service)));
  if (!row) throw notFound(INTEGRATION_TEXTS.notFound);
  return row;
}

export async function companyConnection(tx: Tx, service: string): Promise<ConnectionRow | null> {
  const [row] = await tx
    .select()
    .from(integrationConnection)
    .where(and(eq(integrationConnection.service, service), isNull(integrationConnection.userId)));
  return row ?? null;
}

/** The company's linked accounting package, if any. */
export async function linkedAccounting(tx: Tx): Promise<ConnectionRow | null> {
  const found = await tx.select().from(integrationConnection).where(isNull(integrationConnection.userId));
  return found.find((r) => isAccountingService(r.service)) ?? null;
}

/** Forgets a link: the tokens go with the row; the log stays. */
export async function removeConnection(
  tx: Tx,
  row: ConnectionRow,
  by: number | null,
  forced = false,
): Promise<void> {
  await tx.delete(integrationConnection).where(eq(integrationConnection.id, row.id));
  // The events pushed stay in the calendar; what tied them to agenda items goes with the link.
  if (row.userId !== null)
    await tx
      .delete(calendarEventLink)
      .where(and(eq(calendarEventLink.userId, row.userId), eq(calendarEventLink.service, row.service)));
  await writeIntegrationLog(tx, {
    service: row.service,
    userId: row.userId ?? by,
    message: forced
      ? `${labelOf(row.service)} geforceerd verwijderd`
      : INTEGRATION_TEXTS.unlinked(labelOf(row.service)),
  });
}

/** A ProviderError as the user reads it: Dutch, naming the package, never a 500. */
export function providerProblem(service: string, err: unknown): AppError {
  const label = labelOf(service);
  if (err instanceof AppError) return err;
  if (err instanceof ProviderError) {
    if (err.kind === 'expired') return conflict(INTEGRATION_TEXTS.expired(label));
    if (err.kind === 'unreachable') return new AppError('unavailable', INTEGRATION_TEXTS.unreachable(label));
    return conflict(INTEGRATION_TEXTS.refusedBy(label, err.message));
  }
  if (err instanceof OAuthError)
    return err.revoked
      ? conflict(INTEGRATION_TEXTS.expired(label))
      : new AppError('unavailable', INTEGRATION_TEXTS.unreachable(label));
  throw err;
}

const ofOwner = (userId: number | null) =>
  userId === null ? isNull(integrationConnection.userId) : eq(integrationConnection.userId, userId);

/**
 * Runs `fn` with an HTTP client holding a valid token of the company's connection (`userId` null) or of a
 * user's own (a calendar). A token that expires within
 * a minute is refreshed first, under the row's lock (a package that rotates refresh tokens accepts each once);
 * a call answered 401 refreshes once and tries again. A refused refresh marks the connection 'error'.
 */
export async function withProvider<T>(
  ctx: IntegrationContext,
  companyId: number,
  provider: LinkedProvider,
  fn: (http: ProviderHttp, row: ConnectionRow) => Promise<T>,
  userId: number | null = null,
): Promise<T> {
  const actor = { companyId };
  const label = labelOf(provider.service);
  if (!provider.auth(ctx.config)) throw conflict(INTEGRATION_TEXTS.notConfigured(label));

  const current = async (force: boolean): Promise<{ row: ConnectionRow; token: string }> =>
    ctx.db.tenant(actor, async (tx) => {
      const [row] = await tx
        .select()
        .from(integrationConnection)
        .where(and(eq(integrationConnection.service, provider.service), ofOwner(userId)))
        .for('update');
      if (!row?.accessTokenEnc) throw conflict(INTEGRATION_TEXTS.notLinked(label));
      if (row.status === 'error') throw conflict(INTEGRATION_TEXTS.expired(label));
      const fresh = row.tokenExpiresAt && row.tokenExpiresAt.getTime() - Date.now() > REFRESH_MARGIN_MS;
      if (fresh && !force) return { row, token: ctx.box.open(row.accessTokenEnc) };
      if (!row.refreshTokenEnc) throw conflict(INTEGRATION_TEXTS.expired(label));
      try {
        // The refresh token (OAuth), or the client key that gets the next token (SnelStart).
        const tokens = await renewToken(ctx, provider, ctx.box.open(row.refreshTokenEnc));
        const [updated] = await tx
          .update(integrationConnection)
          .set({
            accessTokenEnc: ctx.box.seal(tokens.accessToken),
            refreshTokenEnc: tokens.refreshToken ? ctx.box.seal(tokens.refreshToken) : row.refreshTokenEnc,
            tokenExpiresAt: tokens.expiresAt,
            updatedAt: new Date(),
          })
          .where(eq(integrationConnection.id, row.id))
          .returning();
        return { row: updated!, token: tokens.accessToken };
      } catch (err) {
        if (err instanceof OAuthError && err.revoked) throw new ProviderError('expired', err.message, 401);
        throw new ProviderError('unreachable', err instanceof Error ? err.message : String(err));
      }
    });

  const http = (token: string) => providerHttpFor(ctx, provider, token);

  try {
    const first = await current(false);
    try {
      return await fn(http(first.token), first.row);
    } catch (err) {
      if (!(err instanceof ProviderError && err.kind === 'expired')) throw err;
      const again = await current(true);
      return await fn(http(again.token), again.row);
    }
  } catch (err) {
    if (err instanceof ProviderError && err.kind === 'expired')
      await markExpired(ctx, companyId, provider.service, userId);
    throw err;
  }
}

async function markExpired(
  ctx: IntegrationContext,
  companyId: number,
  service: string,
  userId: number | null,
): Promise<void> {
  await ctx.db.tenant({ companyId }, async (tx) => {
    const changed = await tx
      .update(integrationConnection)
      .set({ status: 'error', lastError: INTEGRATION_TEXTS.expired(labelOf(service)), updatedAt: new Date() })
      .where(
        and(
          eq(integrationConnection.service, service),
          ofOwner(userId),
          sql`${integrationConnection.status} <> 'error'`,
        ),
      )
      .returning({ id: integrationConnection.id });
    if (changed.length > 0)
      await writeIntegrationLog(tx, {
        service,
        userId,
        level: 'error',
        message: INTEGRATION_TEXTS.expired(labelOf(service)),
      });
  });
}
