import {
  zCreateSubscription,
  zId,
  zIdParams,
  zMessage,
  zSubscription,
  zUpdateSubscription,
} from '@im/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../platform/errors';
import { moduleRoute } from '../../platform/http/access';
import { platformTx } from '../../platform/http/request-auth';
import { companySubscriptions, findSubscription, listSubscriptions } from './list-subscriptions';
import { createSubscription, deleteSubscription, updateSubscription } from './save-subscription';

export async function subscriptionRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const admin = moduleRoute('ADMIN');

  r.get(
    '/api/subscription',
    {
      config: { access: admin },
      schema: {
        querystring: z.object({ company_id: zId.optional() }),
        response: { 200: z.array(zSubscription) },
      },
    },
    async (request) =>
      platformTx(request, (tx) => {
        const { company_id } = request.query;
        return company_id === undefined ? listSubscriptions(tx) : companySubscriptions(tx, company_id);
      }),
  );

  r.get(
    '/api/subscription/:id',
    { config: { access: admin }, schema: { params: zIdParams, response: { 200: zSubscription } } },
    async (request) => {
      const found = await platformTx(request, (tx) => findSubscription(tx, request.params.id));
      if (!found) throw notFound();
      return found;
    },
  );

  r.post(
    '/api/subscription',
    { config: { access: admin }, schema: { body: zCreateSubscription, response: { 201: zSubscription } } },
    async (request, reply) => {
      const created = await platformTx(request, async (tx) =>
        findSubscription(tx, await createSubscription(tx, request.body)),
      );
      return reply.status(201).send(created!);
    },
  );

  r.patch(
    '/api/subscription/:id',
    {
      config: { access: admin },
      schema: { params: zIdParams, body: zUpdateSubscription, response: { 200: zSubscription } },
    },
    async (request) => {
      const updated = await platformTx(request, async (tx) => {
        await updateSubscription(tx, request.params.id, request.body);
        return findSubscription(tx, request.params.id);
      });
      return updated!;
    },
  );

  r.delete(
    '/api/subscription/:id',
    { config: { access: admin }, schema: { params: zIdParams, response: { 200: zMessage } } },
    async (request) => {
      await platformTx(request, (tx) => deleteSubscription(tx, request.params.id));
      return { message: 'Abonnement verwijderd.' };
    },
  );
}
