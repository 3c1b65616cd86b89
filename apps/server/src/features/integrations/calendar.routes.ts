// The calendar routes of the integrations (decisions 070, 074): a user's own consent window (getAuthUrl), the
// link a system administrator gives a user to link their calendar (getAuthUrlForUser), and the external events
// for the agenda (spec 001: GET integrations/gcal/list/{userId}/{from}/{to}).
import {
  CALENDAR_SERVICES,
  zAuthUrl,
  zCalendarAuthForUserParams,
  zCalendarAuthParams,
  zCalendarLinkForUser,
  zExternalEventList,
  zExternalEventsParams,
  zOfferedCalendars,
} from '@im/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { moduleRoute } from '../../platform/http/access';
import { authOf, tenantTx } from '../../platform/http/request-auth';
import type { IntegrationContext } from './integration-context';
import { startCalendarLink } from './link-calendar';
import { calendarLinkForUser } from './link-calendar-for-user';
import { listExternalEvents } from './list-external-events';

const OWN = { access: moduleRoute('BASIS') };

export function calendarRoutes(instance: FastifyInstance, ctx: () => IntegrationContext): void {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/integrations/calendars',
    {
      config: OWN,
      schema: {
        summary: 'Agenda’s die op deze server te koppelen zijn',
        response: { 200: zOfferedCalendars },
      },
    },
    async () => CALENDAR_SERVICES.filter((s) => ctx().calendars[s].auth(ctx().config) !== null),
  );

  app.get(
    '/api/integrations/:service/getauthurl',
    {
      config: OWN,
      schema: {
        summary: 'Adres om de eigen agenda te koppelen (Google of Outlook, in een venster)',
        params: zCalendarAuthParams,
        response: { 200: zAuthUrl },
      },
    },
    async (request) =>
      tenantTx(request, (tx) => startCalendarLink(ctx(), tx, request.params.service, authOf(request).userId)),
  );

  app.get(
    '/api/integrations/:service/getauthurlforuser/:userId',
    {
      config: { ...OWN, openapi: { forbidden: true } },
      schema: {
        summary: 'Koppellink voor de agenda van een andere gebruiker (die zelf toestemming geeft)',
        params: zCalendarAuthForUserParams,
        response: { 200: zCalendarLinkForUser },
      },
    },
    async (request) => {
      const auth = authOf(request);
      return tenantTx(request, (tx) =>
        calendarLinkForUser(
          ctx(),
          tx,
          { userId: auth.userId, role: auth.role },
          request.params.service,
          request.params.userId,
        ),
      );
    },
  );

  app.get(
    '/api/integrations/:service/list/:userId/:from/:to',
    {
      config: { ...OWN, openapi: { forbidden: true } },
      schema: {
        summary: 'Afspraken uit de eigen agenda van een gebruiker (externe afspraken)',
        params: zExternalEventsParams,
        response: { 200: zExternalEventList },
      },
    },
    async (request) => {
      const auth = authOf(request);
      const { service, userId, from, to } = request.params;
      return listExternalEvents(
        ctx(),
        { companyId: auth.companyId, userId: auth.userId, role: auth.role },
        service,
        userId,
        from,
        to,
      );
    },
  );
}
