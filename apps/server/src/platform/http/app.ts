import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { apiSchemaNames } from '@im/domain';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyPluginAsync,
  LogController,
} from 'fastify';
import {
  createJsonSchemaTransform,
  createJsonSchemaTransformObject,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Deps } from '../deps';
import type { AppLogger } from '../log';
import { addressCountStore } from './address-counts';
import { registerErrorHandling } from './error-handler';
import { inlineScriptSources } from './inline-scripts';
import { acceptEmptyJsonBodies, strictValidator } from './json-body';
import { openApiNotes } from './openapi';
import { registerAccessControl } from './request-auth';
import { registerSecurityHeaders } from './security-headers';
import { registerStaticFiles } from './static-files';
import { refuseInputWithoutSchema } from './unknown-fields';

const namedSchemas = createJsonSchemaTransformObject({ schemaRegistry: apiSchemaNames });

export const JSON_BODY_LIMIT = 1024 * 1024;
const SLOW_REQUEST_MS = 1000;

/** The origin map tiles come from, for the CSP (`{s}` subdomains become a wildcard). */
function tileOrigin(template: string): string {
  try {
    const url = new URL(template.replace('{s}', 'a').replace(/\{[a-z]\}/g, '0'));
    return template.includes('{s}.')
      ? `${url.protocol}//*.${url.host.split('.').slice(1).join('.')}`
      : url.origin;
  } catch {
    return "'self'";
  }
}

/**
 * The HTTP app around the features' routes; `routes` (features/routes.ts) is handed in by the process's
 * composition root (server.ts), so platform/ imports no feature (decision 047).
 */
export async function buildApp(
  deps: Deps,
  options: { webDistDir?: string; loggerInstance: AppLogger; routes: FastifyPluginAsync },
) {
  const app = Fastify({
    loggerInstance: options.loggerInstance as FastifyBaseLogger,
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[A-Za-z0-9-]{8,64}$/.test(given) ? given : randomUUID();
    },
    requestIdHeader: false,
    // Two log lines per request cost more CPU than a small read; slow and failed requests are logged below.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: JSON_BODY_LIMIT,
    trustProxy: deps.config.TRUST_PROXY,
    routerOptions: { ignoreTrailingSlash: true },
  }).withTypeProvider<ZodTypeProvider>();

  app.decorate('deps', deps);
  app.setValidatorCompiler(strictValidator(validatorCompiler));
  app.setSerializerCompiler(serializerCompiler);
  acceptEmptyJsonBodies(app);
  refuseInputWithoutSchema(app);
  app.addHook('onResponse', async (request, reply) => {
    const ms = reply.elapsedTime;
    const isStream = String(reply.raw.getHeader('content-type') ?? '').startsWith('text/event-stream');
    if (ms > SLOW_REQUEST_MS && !isStream) {
      request.log.warn(
        { method: request.method, url: request.url, status: reply.statusCode, ms },
        'slow request',
      );
    } else {
      request.log.debug(
        { method: request.method, url: request.url, status: reply.statusCode, ms },
        'request',
      );
    }
  });
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
    // Server time up to the serialised answer, for clients and the benchmarks (bench/crm-bench.ts).
    reply.header('server-timing', `app;dur=${reply.elapsedTime.toFixed(1)}`);
  });

  registerSecurityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...inlineScriptSources(options.webDistDir)],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', tileOrigin(deps.config.MAP_TILE_URL)],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'self'"],
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  // Per-route limits (`config.rateLimit`) on the public calls that send mail or create accounts, counted
  // in the database so that every server process counts the same (address-counts.ts).
  await app.register(rateLimit, {
    global: false,
    store: addressCountStore(deps.addresses),
    errorResponseBuilder: () => ({
      statusCode: 429,
      message: 'Te veel verzoeken. Probeer het over een minuut opnieuw.',
    }),
  });
  await app.register(multipart, { limits: { fileSize: deps.config.UPLOAD_MAX_BYTES, files: 1, fields: 20 } });
  const openApi = openApiNotes();
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Installatiemanager API',
        version: '0.1.0',
        description: 'CRM en dossierbeheer voor installatiebedrijven. Fouten: {message, errors?}.',
        license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
      },
      servers: [{ url: deps.config.APP_URL }],
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
    // The named contract schemas (Relation, Flow, SalesDocument...) become components with a $ref.
    transform: createJsonSchemaTransform({ schemaRegistry: apiSchemaNames }),
    transformObject: (documentObject) =>
      'openapiObject' in documentObject
        ? (openApi.complete(
            namedSchemas(documentObject) as Record<string, unknown>,
          ) as typeof documentObject.openapiObject)
        : documentObject.swaggerObject,
  });
  app.addHook('onRoute', (route) => {
    const access = route.config?.access;
    const consumes = (route.schema as { consumes?: readonly string[] } | undefined)?.consumes;
    if (!access || !route.url.startsWith('/api') || route.schema?.hide) return;
    const schema = route.schema ?? {};
    for (const method of [route.method].flat()) {
      openApi.note(method, route.url, {
        access,
        hasParams: route.url.includes(':'),
        hasInput: Boolean(schema.body || schema.querystring || schema.params),
        rateLimited: Boolean(route.config?.rateLimit || route.config?.customerLink),
        customerLink: Boolean(route.config?.customerLink),
        multipart: Boolean(consumes?.includes('multipart/form-data')),
        doc: route.config?.openapi,
        summary: typeof schema.summary === 'string' ? schema.summary : undefined,
      });
    }
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  registerErrorHandling(app);
  registerAccessControl(app);
  await app.register(options.routes);

  app.get(
    '/api/openapi.json',
    { config: { access: { public: 'the API description is public' } }, schema: { hide: true } },
    async () => app.swagger(),
  );

  const webDist = options.webDistDir;
  if (webDist && existsSync(webDist)) await registerStaticFiles(app, webDist);
  return app;
}

export type App = FastifyInstance;
