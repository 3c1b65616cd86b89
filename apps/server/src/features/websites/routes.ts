// Websites (spec 002; decision 026): staff manage them in the settings (module SETTINGS); each live
// website has a public, rate-limited endpoint that turns a posted form into a relation and a flow.
import {
  applyWebsiteMapping,
  checkWebsiteLead,
  MAX_WEBSITE_BODY_BYTES,
  WEBSITE_HONEYPOT_FIELD,
  WEBSITE_MESSAGES,
  WEBSITE_REDIRECT_FIELD,
  zCreateWebsite,
  zIdParams,
  zMessage,
  zUpdateWebsite,
  zWebsite,
  zWebsiteLeadBody,
} from '@im/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest, RequestPayload } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, notFound, validationError, validationErrorFromIssues } from '../../platform/errors';
import { moduleRoute, PUBLIC_LINK_RATE_LIMIT, publicRoute } from '../../platform/http/access';
import { findNul, NUL_NOT_ALLOWED } from '../../platform/http/json-body';
import { tenantTx } from '../../platform/http/request-auth';
import { geocodeAddress } from '../locations';
import { redirectTarget, registerFormBodyParser, setLeadCors } from './lead-request';
import { findLiveWebsite, hasLeadAddress, type PublicWebsite, receiveWebsiteLead } from './receive-lead';
import { listWebsites, loadWebsite } from './website-record';
import {
  createWebsite,
  deleteWebsite,
  duplicateWebsite,
  goLiveWebsite,
  resetWebsiteKey,
  updateWebsite,
} from './websites';

export { findLiveWebsite, receiveWebsiteLead } from './receive-lead';
export { createWebsite, goLiveWebsite } from './websites';

const SETTINGS = { access: moduleRoute('SETTINGS') };
const LEAD_PATH = '/api/website/:key/lead';
const KEY = /^[A-Za-z0-9_-]{16,64}$/;
const PUBLIC = {
  access: publicRoute("a website's key is its form's only credential; limited per address and per website"),
  rateLimit: PUBLIC_LINK_RATE_LIMIT,
};

export async function websiteRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const found = <T>(value: T | null): T => {
    if (value === null) throw notFound(WEBSITE_MESSAGES.notFound);
    return value;
  };

  r.get('/api/website', { config: SETTINGS, schema: { response: { 200: z.array(zWebsite) } } }, (request) =>
    tenantTx(request, (tx) => listWebsites(tx)),
  );
  r.get(
    '/api/website/:id',
    { config: SETTINGS, schema: { params: zIdParams, response: { 200: zWebsite } } },
    async (request) => found(await tenantTx(request, (tx) => loadWebsite(tx, request.params.id))),
  );
  r.post(
    '/api/website',
    { config: SETTINGS, schema: { body: zCreateWebsite, response: { 201: zWebsite } } },
    async (request, reply) => {
      const created = await tenantTx(request, async (tx) =>
        loadWebsite(tx, await createWebsite(tx, request.body)),
      );
      return reply.status(201).send(created!);
    },
  );
  r.patch(
    '/api/website/:id',
    { config: SETTINGS, schema: { params: zIdParams, body: zUpdateWebsite, response: { 200: zWebsite } } },
    async (request) =>
      found(
        await tenantTx(request, async (tx) =>
          (await updateWebsite(tx, request.params.id, request.body))
            ? loadWebsite(tx, request.params.id)
            : null,
        ),
      ),
  );
  r.delete(
    '/api/website/:id',
    { config: SETTINGS, schema: { params: zIdParams, response: { 200: zMessage } } },
    async (request) => {
      if (!(await tenantTx(request, (tx) => deleteWebsite(tx, request.params.id))))
        throw notFound(WEBSITE_MESSAGES.notFound);
      return { message: WEBSITE_MESSAGES.deleted };
    },
  );
  r.post(
    '/api/website/:id/duplicate',
    { config: SETTINGS, schema: { params: zIdParams, response: { 201: zWebsite } } },
    async (request, reply) => {
      const copy = await tenantTx(request, async (tx) => {
        const id = await duplicateWebsite(tx, request.params.id);
        return id === null ? null : loadWebsite(tx, id);
      });
      return reply.status(201).send(found(copy));
    },
  );
  const actions = { golive: goLiveWebsite, resetkey: resetWebsiteKey } as const;
  for (const [action, run] of Object.entries(actions)) {
    r.post(
      `/api/website/:id/${action}`,
      { config: SETTINGS, schema: { params: zIdParams, response: { 200: zWebsite } } },
      async (request) =>
        found(
          await tenantTx(request, async (tx) =>
            (await run(tx, request.params.id)) ? loadWebsite(tx, request.params.id) : null,
          ),
        ),
    );
  }

  // The public endpoint, in its own scope: only here are urlencoded bodies read.
  await app.register(async (pub) => {
    registerFormBodyParser(pub);
    const sites = new WeakMap<FastifyRequest, PublicWebsite>();
    // preParsing: after the per-address limit (an onRequest hook) and before the body is read, so
    // unknown keys answer 404 at once and every later answer (413, 415, 422, 201) carries the CORS
    // headers the website's pages need to read it.
    const lookUp = async (request: FastifyRequest, reply: FastifyReply, payload: RequestPayload) => {
      const key = (request.params as { key?: string }).key ?? '';
      const site = KEY.test(key) ? await findLiveWebsite(app.deps.db, key) : null;
      if (!site) throw notFound(WEBSITE_MESSAGES.formNotFound);
      setLeadCors(request, reply, site.siteurl);
      sites.set(request, site);
      return payload;
    };

    pub.route({
      method: 'OPTIONS',
      url: LEAD_PATH,
      config: PUBLIC,
      schema: { hide: true },
      preParsing: lookUp,
      handler: async (_request, reply) =>
        reply
          .status(204)
          .header('access-control-allow-methods', 'POST, OPTIONS')
          .header('access-control-allow-headers', 'content-type')
          .header('access-control-max-age', '600')
          .send(),
    });

    pub.post(
      LEAD_PATH,
      {
        config: { ...PUBLIC, openBody: "a website's own form fields, mapped per website (decision 026)" },
        bodyLimit: MAX_WEBSITE_BODY_BYTES,
        preParsing: lookUp,
        schema: {
          summary: 'website: aanvraag insturen (openbaar formulier)',
          response: { 200: zMessage, 201: zMessage },
        },
      },
      async (request, reply) => {
        const site = sites.get(request)!;
        if (request.isMultipart())
          throw new AppError('unsupported_media_type', WEBSITE_MESSAGES.unsupportedType);
        const parsed = zWebsiteLeadBody.safeParse(request.body);
        if (!parsed.success) throw validationErrorFromIssues(parsed.error.issues);
        const posted = parsed.data;
        // The route has no body schema, so the app's NUL check is made here (PostgreSQL refuses NUL).
        const nulAt = findNul(posted);
        if (nulAt !== null)
          throw validationError(NUL_NOT_ALLOWED, {
            [nulAt.replace(/^\//, '').split('/')[0] || '_']: [NUL_NOT_ALLOWED],
          });
        const redirect = redirectTarget(request, site.siteurl, posted[WEBSITE_REDIRECT_FIELD]);
        const answer = (status: 200 | 201) =>
          redirect
            ? reply.redirect(redirect, 303)
            : reply.status(status).send({ message: WEBSITE_MESSAGES.thanks });
        // A bot fills the hidden field: it is thanked and nothing is created.
        const honeypot = posted[WEBSITE_HONEYPOT_FIELD];
        if (honeypot !== undefined && honeypot !== null && String(honeypot).trim() !== '') return answer(200);

        const lead = applyWebsiteMapping(posted, site.mapping);
        // Refused before the geocoder is asked (the transaction checks again with the current mapping).
        const errors = checkWebsiteLead(lead);
        if (Object.keys(errors).length) throw validationError(Object.values(errors)[0]![0]!, errors);
        const coords = hasLeadAddress(lead)
          ? await geocodeAddress(app.deps.geocoder, lead.location).catch(() => null)
          : null;
        await receiveWebsiteLead(app.deps.db, site, posted, coords);
        return answer(201);
      },
    );
  });
}
