import { zCalendarFeed, zMessage } from '@im/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../platform/errors';
import { moduleRoute, PUBLIC_LINK_RATE_LIMIT, publicRoute } from '../../platform/http/access';
import { authOf, tenantTx } from '../../platform/http/request-auth';
import { feedCalendar, feedStatus, renewFeed, revokeFeed } from './calendar-feed';

const CRM = { access: moduleRoute('CRM') };

/** The user's calendar feed (a secret link to subscribe to). */
export async function calendarFeedRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/api/user/calendarfeed', { config: CRM, schema: { response: { 200: zCalendarFeed } } }, (request) =>
    tenantTx(request, (tx) => feedStatus(tx, authOf(request).userId)),
  );
  r.post(
    '/api/user/calendarfeed',
    { config: CRM, schema: { response: { 201: zCalendarFeed } } },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await tenantTx(request, (tx) => renewFeed(tx, authOf(request).userId, app.deps.config.APP_URL)),
        ),
  );
  r.delete(
    '/api/user/calendarfeed',
    { config: CRM, schema: { response: { 200: zMessage } } },
    async (request) => {
      if (!(await tenantTx(request, (tx) => revokeFeed(tx, authOf(request).userId))))
        throw notFound('Er is geen agenda-abonnement.');
      return { message: 'Agenda-abonnement ingetrokken.' };
    },
  );
  r.get(
    '/api/calendar/feed/:file',
    {
      config: {
        access: publicRoute('the secret in the feed address is its only credential'),
        rateLimit: PUBLIC_LINK_RATE_LIMIT,
      },
      schema: {
        params: z.object({ file: z.string().max(120) }),
        response: { 200: z.string().describe('text/calendar') },
      },
    },
    async (request, reply) => {
      const token = request.params.file.replace(/\.ics$/, '');
      const text = await feedCalendar(app.deps.db, token);
      if (text === null) throw notFound('Onbekend agenda-abonnement.');
      return reply
        .header('content-type', 'text/calendar; charset=utf-8')
        .header('cache-control', 'private, max-age=300')
        .send(text);
    },
  );
}
