import {
  zActiveSystemNotification,
  zCreateSystemNotification,
  zIdParams,
  zMessage,
  zSystemNotification,
  zUpdateSystemNotification,
} from '@im/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { anyUserOrPartner, moduleRoute } from '../../platform/http/access';
import { platformTx, tenantTx } from '../../platform/http/request-auth';
import {
  createSystemNotification,
  deleteSystemNotification,
  getSystemNotification,
  listSystemNotifications,
  updateSystemNotification,
} from './system-notifications';

export { createSystemNotification } from './system-notifications';

/** Banners for every logged-in user, managed by platform admins. */
export async function systemNotificationRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const admin = moduleRoute('ADMIN');

  r.get(
    '/api/systemnotification/active',
    {
      config: { access: anyUserOrPartner },
      schema: { response: { 200: z.array(zActiveSystemNotification) } },
    },
    async (request) =>
      tenantTx(request, async (tx) =>
        (await listSystemNotifications(tx, true)).map(({ id, content, theme }) => ({ id, content, theme })),
      ),
  );

  r.get(
    '/api/systemnotification',
    { config: { access: admin }, schema: { response: { 200: z.array(zSystemNotification) } } },
    async (request) => platformTx(request, (tx) => listSystemNotifications(tx)),
  );

  r.get(
    '/api/systemnotification/:id',
    { config: { access: admin }, schema: { params: zIdParams, response: { 200: zSystemNotification } } },
    async (request) => platformTx(request, (tx) => getSystemNotification(tx, request.params.id)),
  );

  r.post(
    '/api/systemnotification',
    {
      config: { access: admin },
      schema: { body: zCreateSystemNotification, response: { 201: zSystemNotification } },
    },
    async (request, reply) =>
      reply.status(201).send(await platformTx(request, (tx) => createSystemNotification(tx, request.body))),
  );

  r.patch(
    '/api/systemnotification/:id',
    {
      config: { access: admin },
      schema: { params: zIdParams, body: zUpdateSystemNotification, response: { 200: zSystemNotification } },
    },
    async (request) =>
      platformTx(request, (tx) => updateSystemNotification(tx, request.params.id, request.body)),
  );

  r.delete(
    '/api/systemnotification/:id',
    { config: { access: admin }, schema: { params: zIdParams, response: { 200: zMessage } } },
    async (request) => {
      await platformTx(request, (tx) => deleteSystemNotification(tx, request.params.id));
      return { message: 'Systeemmelding verwijderd.' };
    },
  );
}
