// Webhook connections (spec 002 "Webhook connection", decision 025): module SETTINGS, like the other
// company settings. The test call runs outside any transaction; its outcome is recorded after it.
import {
  WEBHOOK_MESSAGES,
  zCreateWebhookConnection,
  zIdParams,
  zMessage,
  zUpdateWebhookConnection,
  zWebhookConnection,
  zWebhookConnectionSummary,
  zWebhookDeliveryPage,
  zWebhookDeliveryPageQuery,
  zWebhookTestResult,
} from '@im/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../platform/errors';
import { moduleRoute } from '../../platform/http/access';
import { tenantTx } from '../../platform/http/request-auth';
import {
  createConnection,
  deleteConnection,
  duplicateConnection,
  findConnectionRow,
  listConnections,
  loadConnection,
  recordTest,
  resetSecret,
  updateConnection,
} from './connections';
import { listDeliveries } from './deliveries';
import { sendTestCall } from './test-connection';

const SETTINGS = { access: moduleRoute('SETTINGS') };
/** Each test makes the server call out: a person tests now and then, a script is slowed down. */
const TEST_LIMIT = { max: 30, timeWindow: '1 minute' };

const found = <T>(value: T | null): T => {
  if (value === null) throw notFound(WEBHOOK_MESSAGES.notFound);
  return value;
};

export async function webhookRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const ssrfOptions = () => ({ allowLoopback: app.deps.config.WEBHOOK_ALLOW_LOOPBACK });
  const params = { params: zIdParams };

  r.get(
    '/api/webhookconnection',
    { config: SETTINGS, schema: { response: { 200: z.array(zWebhookConnectionSummary) } } },
    (request) => tenantTx(request, (tx) => listConnections(tx)),
  );
  r.get(
    '/api/webhookconnection/:id',
    { config: SETTINGS, schema: { ...params, response: { 200: zWebhookConnection } } },
    async (request) => found(await tenantTx(request, (tx) => loadConnection(tx, request.params.id))),
  );
  r.post(
    '/api/webhookconnection',
    { config: SETTINGS, schema: { body: zCreateWebhookConnection, response: { 201: zWebhookConnection } } },
    async (request, reply) => {
      const created = await tenantTx(request, async (tx) =>
        loadConnection(tx, await createConnection(tx, request.body, ssrfOptions())),
      );
      return reply.status(201).send(created!);
    },
  );
  r.patch(
    '/api/webhookconnection/:id',
    {
      config: SETTINGS,
      schema: { ...params, body: zUpdateWebhookConnection, response: { 200: zWebhookConnection } },
    },
    async (request) =>
      found(
        await tenantTx(request, async (tx) =>
          (await updateConnection(tx, request.params.id, request.body, ssrfOptions()))
            ? loadConnection(tx, request.params.id)
            : null,
        ),
      ),
  );
  r.delete(
    '/api/webhookconnection/:id',
    { config: SETTINGS, schema: { ...params, response: { 200: zMessage } } },
    async (request) => {
      if (!(await tenantTx(request, (tx) => deleteConnection(tx, request.params.id))))
        throw notFound(WEBHOOK_MESSAGES.notFound);
      return { message: WEBHOOK_MESSAGES.deleted };
    },
  );
  r.post(
    '/api/webhookconnection/:id/duplicate',
    { config: SETTINGS, schema: { ...params, response: { 201: zWebhookConnection } } },
    async (request, reply) => {
      const copy = found(
        await tenantTx(request, async (tx) => {
          const id = await duplicateConnection(tx, request.params.id);
          return id === null ? null : loadConnection(tx, id);
        }),
      );
      return reply.status(201).send(copy);
    },
  );
  r.post(
    '/api/webhookconnection/:id/resetsecret',
    { config: SETTINGS, schema: { ...params, response: { 200: zWebhookConnection } } },
    async (request) =>
      found(
        await tenantTx(request, async (tx) =>
          (await resetSecret(tx, request.params.id)) ? loadConnection(tx, request.params.id) : null,
        ),
      ),
  );
  r.post(
    '/api/webhookconnection/:id/test',
    {
      config: { ...SETTINGS, rateLimit: TEST_LIMIT },
      schema: { ...params, response: { 200: zWebhookTestResult } },
    },
    async (request) => {
      const row = found(await tenantTx(request, (tx) => findConnectionRow(tx, request.params.id)));
      const result = await sendTestCall(row, {
        allowLoopback: request.server.deps.config.WEBHOOK_ALLOW_LOOPBACK,
      });
      await tenantTx(request, (tx) => recordTest(tx, row.id, result.success));
      return result;
    },
  );
  r.get(
    '/api/webhookconnection/:id/deliveries',
    {
      config: SETTINGS,
      schema: { ...params, querystring: zWebhookDeliveryPageQuery, response: { 200: zWebhookDeliveryPage } },
    },
    async (request) =>
      found(
        await tenantTx(request, (tx) => listDeliveries(tx, request.params.id, request.query), {
          snapshot: true,
        }),
      ),
  );
}
