import {
  zCreateSubscriptionType,
  zId,
  zIdParams,
  zMessage,
  zSubscriptionType,
  zUpdateSubscriptionType,
} from '@im/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { moduleRoute } from '../../platform/http/access';
import { platformTx } from '../../platform/http/request-auth';
import {
  changeSubscriptionTypeModule,
  createSubscriptionType,
  deleteSubscriptionType,
  getSubscriptionType,
  listSubscriptionTypes,
  updateSubscriptionType,
} from './subscription-types';

const zModuleBody = z.object({ moduleId: zId });

export async function subscriptionTypeRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const admin = moduleRoute('ADMIN');

  r.get(
    '/api/subscriptiontype',
    { config: { access: admin }, schema: { response: { 200: z.array(zSubscriptionType) } } },
    async (request) => platformTx(request, (tx) => listSubscriptionTypes(tx)),
  );

  r.get(
    '/api/subscriptiontype/:id',
    { config: { access: admin }, schema: { params: zIdParams, response: { 200: zSubscriptionType } } },
    async (request) => platformTx(request, (tx) => getSubscriptionType(tx, request.params.id)),
  );

  r.post(
    '/api/subscriptiontype',
    {
      config: { access: admin },
      schema: { body: zCreateSubscriptionType, response: { 201: zSubscriptionType } },
    },
    async (request, reply) => {
      const created = await platformTx(request, async (tx) =>
        getSubscriptionType(tx, await createSubscriptionType(tx, request.body)),
      );
      return reply.status(201).send(created);
    },
  );

  r.patch(
    '/api/subscriptiontype/:id',
    {
      config: { access: admin },
      schema: { params: zIdParams, body: zUpdateSubscriptionType, response: { 200: zSubscriptionType } },
    },
    async (request) =>
      platformTx(request, async (tx) => {
        await updateSubscriptionType(tx, request.params.id, request.body);
        return getSubscriptionType(tx, request.params.id);
      }),
  );

  r.delete(
    '/api/subscriptiontype/:id',
    { config: { access: admin }, schema: { params: zIdParams, response: { 200: zMessage } } },
    async (request) => {
      await platformTx(request, (tx) => deleteSubscriptionType(tx, request.params.id));
      return { message: 'Abonnementstype verwijderd.' };
    },
  );

  for (const [action, change] of [
    ['addmoduletosubscriptiontype', 'add'],
    ['removemodulefromsubscriptiontype', 'remove'],
  ] as const) {
    r.patch(
      `/api/subscriptiontype/:id/${action}`,
      {
        config: { access: admin },
        schema: { params: zIdParams, body: zModuleBody, response: { 200: zSubscriptionType } },
      },
      async (request) =>
        platformTx(request, async (tx) => {
          await changeSubscriptionTypeModule(tx, request.params.id, request.body.moduleId, change);
          return getSubscriptionType(tx, request.params.id);
        }),
    );
  }
}
