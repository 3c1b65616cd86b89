// The company's Quickr and Glbl links (decision 071). Quickr: the company's account (username and password);
// the password is kept sealed beside the session token because Quickr offers no refresh token, so a lapsed
// session is renewed by logging in again. Glbl: the API key, sealed. Neither appears in an answer or a log.
import { type GlblLink, INTEGRATION_TEXTS, type QuickrLink, SOLAR_TEXTS } from '@im/domain';
import { and, eq, isNull } from 'drizzle-orm';
import { integrationConnection } from '../../platform/db/tables/integrations.schema';
import { AppError, conflict, validationError } from '../../platform/errors';
import { REFRESH_MARGIN_MS } from '../../platform/integrations/oauth';
import { companyConnection, labelOf } from './connections';
import { type GlblApi, glblApi } from './glbl';
import type { IntegrationContext } from './integration-context';
import { writeIntegrationLog } from './integration-log';
import { ProviderError } from './provider-http';
import { isLoginFailure, type QuickrApi, type QuickrSession, quickrApi, quickrLogin } from './quickr';

type Actor = { companyId: number; userId: number };

/** The service's API address; a server without it does not offer the service (409, before any call). */
function baseUrlOf(ctx: IntegrationContext, service: 'quickr' | 'glbl'): string {
  const url = service === 'quickr' ? ctx.config.QUICKR_API_URL : ctx.config.GLBL_API_URL;
  if (!url) throw conflict(INTEGRATION_TEXTS.notConfigured(labelOf(service)));
  return url;
}

/** A provider's failure as the user reads it (spec 002 section 8): login_failure in the spec's words, else the message. */
export function solarProblem(service: 'quickr' | 'glbl', err: unknown): AppError {
  if (err instanceof AppError) return err;
  const label = labelOf(service);
  if (service === 'quickr' && isLoginFailure(err))
    return validationError(INTEGRATION_TEXTS.quickrLoginFailure);
  if (err instanceof ProviderError) {
    if (err.kind === 'unreachable') return new AppError('unavailable', INTEGRATION_TEXTS.unreachable(label));
    if (err.kind === 'expired') return conflict(INTEGRATION_TEXTS.expired(label));
    return conflict(INTEGRATION_TEXTS.refusedBy(label, err.message));
  }
  throw err;
}

async function keepConnection(
  ctx: IntegrationContext,
  actor: Actor,
  service: 'quickr' | 'glbl',
  values: { accountLabel: string; access: string; credential: string | null; expiresAt: Date | null },
): Promise<void> {
  await ctx.db.tenant(actor, async (tx) => {
    const row = {
      status: 'active',
      accountLabel: values.accountLabel.slice(0, 200),
      accessTokenEnc: ctx.box.seal(values.access),
      refreshTokenEnc: values.credential === null ? null : ctx.box.seal(values.credential),
      tokenExpiresAt: values.expiresAt,
      lastError: null,
      updatedAt: new Date(),
    };
    const existing = await companyConnection(tx, service);
    if (existing)
      await tx.update(integrationConnection).set(row).where(eq(integrationConnection.id, existing.id));
    else await tx.insert(integrationConnection).values({ ...row, service, createdBy: actor.userId });
    await writeIntegrationLog(tx, {
      service,
      userId: actor.userId,
      message: `${INTEGRATION_TEXTS.linked(labelOf(service))} (${values.accountLabel})`,
    });
  });
}

/** Links Quickr with the company's account: a refused login is 422 with the spec's text and keeps nothing. */
export async function linkQuickr(ctx: IntegrationContext, actor: Actor, input: QuickrLink) {
  let session: QuickrSession;
  try {
    session = await quickrLogin(baseUrlOf(ctx, 'quickr'), input, ctx.timeoutMs);
  } catch (err) {
    throw solarProblem('quickr', err);
  }
  await keepConnection(ctx, actor, 'quickr', {
    accountLabel: session.accountName,
    access: session.accessToken,
    credential: JSON.stringify(input),
    expiresAt: session.expiresAt,
  });
  return { message: INTEGRATION_TEXTS.linked('Quickr') };
}

/** Links Glbl with an API key, checked at once (a refused key is 422 and keeps nothing). */
export async function linkGlbl(ctx: IntegrationContext, actor: Actor, input: GlblLink) {
  let name: string;
  try {
    const account = await glblApi(baseUrlOf(ctx, 'glbl'), input.api_key, ctx.timeoutMs).account();
    name = account?.name ?? 'Glbl';
  } catch (err) {
    if (err instanceof ProviderError && (err.kind === 'expired' || err.status === 403))
      throw validationError(SOLAR_TEXTS.glblKeyRefused);
    throw solarProblem('glbl', err);
  }
  await keepConnection(ctx, actor, 'glbl', {
    accountLabel: name,
    access: input.api_key,
    credential: null,
    expiresAt: null,
  });
  return { message: INTEGRATION_TEXTS.linked('Glbl') };
}

async function connectionOf(ctx: IntegrationContext, companyId: number, service: 'quickr' | 'glbl') {
  const [row] = await ctx.db.tenant({ companyId }, (tx) =>
    tx
      .select()
      .from(integrationConnection)
      .where(and(eq(integrationConnection.service, service), isNull(integrationConnection.userId))),
  );
  if (!row?.accessTokenEnc) throw conflict(INTEGRATION_TEXTS.notLinked(labelOf(service)));
  return row;
}

/**
 * Runs `fn` with Quickr's API under a live session of the company's account: a session that ends within a
 * minute, or that Quickr answers 401, is renewed by logging in again (once). A refused login marks the link
 * 'error' and answers the spec's login_failure text.
 */
export async function withQuickr<T>(
  ctx: IntegrationContext,
  companyId: number,
  fn: (api: QuickrApi) => Promise<T>,
): Promise<T> {
  const base = baseUrlOf(ctx, 'quickr');
  const row = await connectionOf(ctx, companyId, 'quickr');
  const renew = async (): Promise<string> => {
    if (!row.refreshTokenEnc) throw conflict(INTEGRATION_TEXTS.expired('Quickr'));
    try {
      const session = await quickrLogin(base, JSON.parse(ctx.box.open(row.refreshTokenEnc)), ctx.timeoutMs);
      await ctx.db.tenant({ companyId }, (tx) =>
        tx
          .update(integrationConnection)
          .set({
            accessTokenEnc: ctx.box.seal(session.accessToken),
            tokenExpiresAt: session.expiresAt,
            status: 'active',
            lastError: null,
            updatedAt: new Date(),
          })
          .where(eq(integrationConnection.id, row.id)),
      );
      return session.accessToken;
    } catch (err) {
      if (isLoginFailure(err))
        await ctx.db.tenant({ companyId }, async (tx) => {
          await tx
            .update(integrationConnection)
            .set({ status: 'error', lastError: INTEGRATION_TEXTS.quickrLoginFailure, updatedAt: new Date() })
            .where(eq(integrationConnection.id, row.id));
          await writeIntegrationLog(tx, {
            service: 'quickr',
            level: 'error',
            message: INTEGRATION_TEXTS.quickrLoginFailure,
          });
        });
      throw solarProblem('quickr', err);
    }
  };
  const fresh = row.tokenExpiresAt && row.tokenExpiresAt.getTime() - Date.now() > REFRESH_MARGIN_MS;
  let token = fresh ? ctx.box.open(row.accessTokenEnc!) : await renew();
  try {
    return await fn(quickrApi(base, token, ctx.timeoutMs));
  } catch (err) {
    if (!(err instanceof ProviderError && err.kind === 'expired')) throw solarProblem('quickr', err);
    token = await renew();
    try {
      return await fn(quickrApi(base, token, ctx.timeoutMs));
    } catch (again) {
      throw solarProblem('quickr', again);
    }
  }
}

/** Runs `fn` with Glbl's API and the company's key. */
export async function withGlbl<T>(
  ctx: IntegrationContext,
  companyId: number,
  fn: (api: GlblApi) => Promise<T>,
): Promise<T> {
  const base = baseUrlOf(ctx, 'glbl');
  const row = await connectionOf(ctx, companyId, 'glbl');
  try {
    return await fn(glblApi(base, ctx.box.open(row.accessTokenEnc!), ctx.timeoutMs));
  } catch (err) {
    throw solarProblem('glbl', err);
  }
}
