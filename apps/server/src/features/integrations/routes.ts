import { createHash } from 'node:crypto';
// Integrations (spec 000 section 7, decision 065). The company's accounting link is a manager's setting
// (SETTINGS, role 1000); a user's own links are their own; the provider's redirect back is public (its state
// is the credential) and answers a small page that tells the opener and closes.
import {
  ACCOUNTING_LOOKUPS,
  ACCOUNTING_SERVICES,
  INTEGRATION_CHANNEL,
  INTEGRATION_TEXTS,
  isAccountingService,
  isCalendarService,
  LOOKUPS_OF,
  zAccountingOptions,
  zAccountingPushPage,
  zAccountingPushQuery,
  zAccountingSettings,
  zAuthUrl,
  zBatchStarted,
  zClientKeyLink,
  zIdParams,
  zIntegrationList,
  zIntegrationLogPage,
  zIntegrationLogQuery,
  zIntegrationParams,
  zIntegrationService,
  zMessage,
  zPushExisting,
  zUpdateAccountingSettings,
} from '@im/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { conflict, notFound } from '../../platform/errors';
import { moduleRoute, publicRoute } from '../../platform/http/access';
import { downloadDoc, FILE_TYPES } from '../../platform/http/openapi';
import { authOf, tenantTx } from '../../platform/http/request-auth';
import { readAccountingSettings, updateAccountingSettings } from './accounting-settings';
import { calendarRoutes } from './calendar.routes';
import {
  findConnection,
  labelOf,
  listIntegrations,
  providerProblem,
  removeConnection,
  withProvider,
} from './connections';
import { integrationContext } from './integration-context';
import { queryIntegrationLog } from './integration-log';
import {
  accountingProvider,
  finishAccountingLink,
  linkWithClientKey,
  startAccountingLink,
} from './link-accounting';
import { finishCalendarLink, unlinkCalendar } from './link-calendar';
import { startPushExisting } from './push-existing';
import { queryPushes, retryPush } from './push-invoices';

const MANAGE = { access: moduleRoute('SETTINGS', 1000) };
const OWN = { access: moduleRoute('BASIS') };
/** Role above 4999 sees every user's calendar links (spec 000 section 6). */
const SEES_ALL_USERS = 5000;

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * The page the authorization window ends on: says how it went, tells the app's open screens (BroadcastChannel,
 * and the opener when it is still reachable) and closes itself after a success. Its one inline script is
 * allowed by its hash alone.
 */
function callbackPage(
  appUrl: string,
  ok: boolean,
  message: string,
  calendar = false,
): { html: string; csp: string } {
  const origin = new URL(appUrl).origin;
  const data = JSON.stringify({ type: INTEGRATION_CHANNEL, ok, message }).replace(/</g, '\\u003c');
  const script = `(function(){var d=${data};try{var c=new BroadcastChannel(${JSON.stringify(INTEGRATION_CHANNEL)});c.postMessage(d);c.close()}catch(e){}try{if(window.opener)window.opener.postMessage(d,${JSON.stringify(origin)})}catch(e){}${ok ? 'setTimeout(function(){window.close()},1200);' : ''}})();`;
  const hash = createHash('sha256').update(script).digest('base64');
  const title = escapeHtml(
    ok
      ? calendar
        ? INTEGRATION_TEXTS.calendarLinkedWindow
        : INTEGRATION_TEXTS.linkedWindow
      : INTEGRATION_TEXTS.failedWindow,
  );
  const back = calendar
    ? { path: 'user_profile', label: 'Naar je profiel' }
    : { path: 'company_documentsettings', label: 'Naar de documentinstellingen' };
  const html = `<!doctype html><html lang="nl"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title></head><body style="font-family:system-ui,sans-serif;padding:2rem;max-width:32rem;margin:auto"><h1 style="font-size:1.25rem">${title}</h1><p>${escapeHtml(message)}</p><p><a href="${escapeHtml(`${appUrl}/#/account/${back.path}`)}">${back.label}</a></p><script>${script}</script></body></html>`;
  return {
    html,
    csp: `default-src 'none'; script-src 'sha256-${hash}'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`,
  };
}

export async function integrationRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const ctx = () => integrationContext(app.deps);

  r.get(
    '/api/integrations',
    {
      config: OWN,
      schema: { summary: 'Eigen koppelingen van de gebruiker', response: { 200: zIntegrationList } },
    },
    async (request) => tenantTx(request, (tx) => listIntegrations(tx, { userId: authOf(request).userId })),
  );

  r.get(
    '/api/integrations/listforcompany/:id',
    {
      config: MANAGE,
      schema: {
        summary: 'Koppelingen van het bedrijf',
        params: zIdParams,
        response: { 200: zIntegrationList },
      },
    },
    async (request) => {
      if (request.params.id !== authOf(request).companyId) throw notFound(INTEGRATION_TEXTS.notFound);
      return tenantTx(request, (tx) => listIntegrations(tx, { company: true }));
    },
  );

  r.get(
    '/api/integrations/listforuser/:id',
    {
      config: OWN,
      schema: {
        summary: 'Koppelingen van een gebruiker',
        params: zIdParams,
        response: { 200: zIntegrationList },
      },
    },
    async (request) => {
      const auth = authOf(request);
      if (request.params.id !== auth.userId && auth.role < SEES_ALL_USERS)
        throw notFound(INTEGRATION_TEXTS.notFound);
      // The user must be of this company: their links are read in its scope, so another's answer is empty.
      return tenantTx(request, (tx) => listIntegrations(tx, { userId: request.params.id }));
    },
  );

  const unlink =
    (forced: boolean) =>
    async (request: { params: { service: string; id: number } } & Parameters<typeof authOf>[0]) => {
      const auth = authOf(request);
      const { service, id } = request.params;
      const row = await tenantTx(request, async (tx) => {
        const row = await findConnection(tx, id, service);
        const own = row.userId !== null && row.userId === auth.userId;
        const manages = row.userId === null ? auth.role >= 1000 : auth.role >= SEES_ALL_USERS;
        if (!own && !manages) throw notFound(INTEGRATION_TEXTS.notFound);
        // A calendar's token is revoked first (outside the transaction: the provider may be slow or away).
        if (!forced && isCalendarService(service)) return row;
        await removeConnection(tx, row, auth.userId, forced);
        return null;
      });
      if (row) await unlinkCalendar(ctx(), { companyId: auth.companyId, userId: auth.userId }, row);
      return { message: INTEGRATION_TEXTS.unlinked(labelOf(service)) };
    };

  r.delete(
    '/api/integrations/:service/:id',
    {
      config: OWN,
      schema: {
        summary:
          'Koppeling ontkoppelen (een agenda: eerst ingetrokken bij de dienst; lukt dat niet, dan 503)',
        params: zIntegrationParams,
        response: { 200: zMessage },
      },
    },
    unlink(false),
  );

  r.post(
    '/api/integrations/:service/:id/forceremove',
    {
      config: OWN,
      schema: {
        summary: 'Agenda geforceerd verwijderen (ook als de dienst het ontkoppelen weigert)',
        params: zIntegrationParams,
        response: { 200: zMessage },
      },
    },
    async (request) => {
      if (!isCalendarService(request.params.service)) throw notFound(INTEGRATION_TEXTS.notFound);
      return unlink(true)(request);
    },
  );

  calendarRoutes(app, ctx);

  r.get(
    '/api/company/getexactauthurl',
    {
      config: MANAGE,
      schema: { summary: 'Adres om Exact Online te koppelen (in een venster)', response: { 200: zAuthUrl } },
    },
    async (request) =>
      tenantTx(request, (tx) => startAccountingLink(ctx(), tx, 'exact', authOf(request).userId)),
  );

  r.get(
    '/api/company/getsnelstartauthurl',
    {
      config: MANAGE,
      schema: {
        summary: 'Adres van SnelStart Web waar de koppelsleutel gemaakt wordt (in een venster)',
        response: { 200: zAuthUrl },
      },
    },
    async (request) =>
      tenantTx(request, (tx) => startAccountingLink(ctx(), tx, 'snelstart', authOf(request).userId)),
  );

  r.post(
    '/api/integrations/snelstart/link',
    {
      config: MANAGE,
      schema: {
        summary: 'SnelStart koppelen met de koppelsleutel uit SnelStart Web',
        body: zClientKeyLink,
        response: { 200: zMessage },
      },
    },
    async (request) => {
      const auth = authOf(request);
      return linkWithClientKey(
        ctx(),
        { companyId: auth.companyId, userId: auth.userId },
        'snelstart',
        request.body.client_key,
      );
    },
  );

  r.get(
    '/api/integrations/:service/callback',
    {
      config: {
        access: publicRoute('the provider sends the user back here; the one-time state is the credential'),
        ...downloadDoc('De pagina die het koppelvenster toont', FILE_TYPES.html),
      },
      schema: {
        summary: 'Terugkeer van de koppelpagina van de dienst',
        params: z.object({ service: z.string().max(20) }),
        // What OAuth providers send back (RFC 6749 section 4.1.2 and the parameters providers add).
        querystring: z.object({
          code: z.string().max(4000).optional(),
          state: z.string().max(200).optional(),
          error: z.string().max(200).optional(),
          error_description: z.string().max(2000).optional(),
          scope: z.string().max(4000).optional(),
          iss: z.string().max(500).optional(),
          session_state: z.string().max(500).optional(),
          authuser: z.string().max(20).optional(),
          prompt: z.string().max(100).optional(),
          hd: z.string().max(200).optional(),
        }),
      },
    },
    async (request, reply) => {
      const { service } = request.params;
      if (!isAccountingService(service) && !isCalendarService(service))
        throw notFound(INTEGRATION_TEXTS.notFound);
      const outcome = isCalendarService(service)
        ? await finishCalendarLink(ctx(), service, request.query)
        : await finishAccountingLink(ctx(), service, request.query);
      reply
        .status(outcome.ok ? 200 : 400)
        .header('cache-control', 'no-store')
        .header('referrer-policy', 'no-referrer')
        .type('text/html; charset=utf-8');
      const page = callbackPage(
        app.deps.config.APP_URL,
        outcome.ok,
        outcome.message,
        isCalendarService(service),
      );
      reply.header('content-security-policy', page.csp);
      return page.html;
    },
  );

  for (const service of ACCOUNTING_SERVICES) {
    const label = labelOf(service);
    for (const lookup of ACCOUNTING_LOOKUPS) {
      r.get(
        `/api/integrations/${service}/${lookup}`,
        {
          config: MANAGE,
          schema: { summary: `${label}: ${lookup}`, response: { 200: zAccountingOptions } },
        },
        async (request) => {
          if (!LOOKUPS_OF[service].includes(lookup))
            throw conflict(INTEGRATION_TEXTS.lookupNotOffered(label));
          const provider = accountingProvider(ctx(), service);
          const settings = await tenantTx(request, (tx) => readAccountingSettings(tx));
          try {
            return await withProvider(ctx(), authOf(request).companyId, provider, (http, conn) =>
              provider
                .client(http, conn.state, settings.division || String(conn.state.currentDivision ?? ''))
                .lookup(lookup),
            );
          } catch (err) {
            throw providerProblem(service, err);
          }
        },
      );
    }
  }

  r.get(
    '/api/integrations/accounting/settings',
    { config: MANAGE, schema: { summary: 'Boekhoudinstellingen', response: { 200: zAccountingSettings } } },
    async (request) => tenantTx(request, (tx) => readAccountingSettings(tx)),
  );

  r.patch(
    '/api/integrations/accounting/settings',
    {
      config: MANAGE,
      schema: {
        summary: 'Boekhoudinstellingen wijzigen',
        body: zUpdateAccountingSettings,
        response: { 200: zAccountingSettings },
      },
    },
    async (request) => tenantTx(request, (tx) => updateAccountingSettings(tx, request.body)),
  );

  r.get(
    '/api/integrations/accounting/pushes',
    {
      config: MANAGE,
      schema: {
        summary: 'Geboekte en te boeken facturen',
        querystring: zAccountingPushQuery,
        response: { 200: zAccountingPushPage },
      },
    },
    async (request) => tenantTx(request, (tx) => queryPushes(tx, request.query)),
  );

  r.post(
    '/api/integrations/accounting/pushes/:id/retry',
    {
      config: MANAGE,
      schema: {
        summary: 'Geweigerde boeking opnieuw proberen',
        params: zIdParams,
        response: { 200: zMessage },
      },
    },
    async (request) => {
      await tenantTx(request, (tx) => retryPush(ctx(), tx, request.params.id));
      return { message: INTEGRATION_TEXTS.pushQueued };
    },
  );

  r.post(
    '/api/integrations/accounting/pushexisting',
    {
      config: MANAGE,
      schema: {
        summary: 'Bestaande verstuurde facturen boeken (taak met voortgang)',
        body: zPushExisting,
        response: { 200: zBatchStarted },
      },
    },
    async (request) => tenantTx(request, (tx) => startPushExisting(ctx(), tx, request.body.from ?? null)),
  );

  r.get(
    '/api/integrations/:service/log',
    {
      config: OWN,
      schema: {
        summary: 'Logboek van een koppeling',
        params: z.object({ service: z.string().max(20) }),
        querystring: zIntegrationLogQuery,
        response: { 200: zIntegrationLogPage },
      },
    },
    async (request) => {
      const auth = authOf(request);
      const parsed = zIntegrationService.safeParse(request.params.service);
      if (!parsed.success) throw notFound(INTEGRATION_TEXTS.notFound);
      const service = parsed.data;
      // The company's log (accounting) is a manager's; a calendar's log is the user's own.
      if (isAccountingService(service) && auth.role < 1000) throw notFound(INTEGRATION_TEXTS.notFound);
      return tenantTx(request, (tx) =>
        queryIntegrationLog(tx, service, isAccountingService(service) ? null : auth.userId, request.query),
      );
    },
  );
}
