import {
  NOTIFICATION_TEXTS,
  zIdParams,
  zMessage,
  zNotification,
  zNotificationDateParams,
  zNotificationDay,
  zNotificationDayQuery,
  zNotificationDropdown,
  zNotificationDropdownQuery,
  zUpdateNotification,
} from '@im/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { notFound } from '../../platform/errors';
import { moduleRoute } from '../../platform/http/access';
import { authOf, tenantTx } from '../../platform/http/request-auth';
import {
  loadNotification,
  markAllNotificationsRead,
  notificationDropdown,
  notificationsOnDate,
  setNotificationStatus,
} from './notifications';

const BASIS = { access: moduleRoute('BASIS') };

/** A user's notifications: the top-bar dropdown, the overview per day, read and unread. */
export async function notificationRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/user/getdashboardnotifications',
    {
      config: BASIS,
      schema: {
        summary: "The user's newest unread notifications and the unread count (capped at 100)",
        querystring: zNotificationDropdownQuery,
        response: { 200: zNotificationDropdown },
      },
    },
    (request) =>
      tenantTx(request, (tx) => notificationDropdown(tx, authOf(request).userId, request.query.limit), {
        snapshot: true,
      }),
  );
  r.get(
    '/api/notification/indexondate/:date',
    {
      config: BASIS,
      schema: {
        summary: "The user's notifications of a day (Europe/Amsterdam) and the ones before it",
        params: zNotificationDateParams,
        querystring: zNotificationDayQuery,
        response: { 200: zNotificationDay },
      },
    },
    (request) =>
      tenantTx(
        request,
        (tx) => notificationsOnDate(tx, authOf(request).userId, request.params.date, request.query),
        { snapshot: true },
      ),
  );
  r.post(
    '/api/notification/markallread',
    {
      config: BASIS,
      schema: { summary: "Mark all the user's notifications read", response: { 200: zMessage } },
    },
    async (request) => {
      await tenantTx(request, (tx) => markAllNotificationsRead(tx, authOf(request).userId));
      return { message: NOTIFICATION_TEXTS.allRead };
    },
  );
  r.get(
    '/api/notification/:id',
    { config: BASIS, schema: { params: zIdParams, response: { 200: zNotification } } },
    async (request) => {
      const found = await tenantTx(request, (tx) =>
        loadNotification(tx, request.params.id, authOf(request).userId),
      );
      if (!found) throw notFound(NOTIFICATION_TEXTS.notFound);
      return found;
    },
  );
  r.patch(
    '/api/notification/:id',
    {
      config: BASIS,
      schema: { params: zIdParams, body: zUpdateNotification, response: { 200: zNotification } },
    },
    async (request) => {
      const userId = authOf(request).userId;
      const updated = await tenantTx(request, async (tx) =>
        (await setNotificationStatus(tx, request.params.id, userId, request.body.status))
          ? loadNotification(tx, request.params.id, userId)
          : null,
      );
      if (!updated) throw notFound(NOTIFICATION_TEXTS.notFound);
      return updated;
    },
  );
}
