import {
  zAction,
  zActionListQuery,
  zActionPage,
  zActionPageQuery,
  zCreateAction,
  zDashboardActions,
  zDashboardActionsQuery,
  zIdParams,
  zMessage,
  zUpdateAction,
} from '@im/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../platform/errors';
import { moduleRoute } from '../../platform/http/access';
import { authOf, tenantTx } from '../../platform/http/request-auth';
import {
  createAction,
  dashboardActions,
  deleteAction,
  listActions,
  loadAction,
  queryActions,
  updateAction,
} from './actions';

const BASIS = { access: moduleRoute('BASIS') };
const ACTION_NOT_FOUND = 'Actie niet gevonden.';

import { found } from './found';

/** Actions (to-dos) and the dashboard's list of them. */
export async function actionRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/action',
    { config: BASIS, schema: { querystring: zActionListQuery, response: { 200: z.array(zAction) } } },
    (request) => tenantTx(request, (tx) => listActions(tx, request.query)),
  );
  r.get(
    '/api/action/querypaginated',
    { config: BASIS, schema: { querystring: zActionPageQuery, response: { 200: zActionPage } } },
    (request) =>
      tenantTx(request, (tx) => queryActions(tx, request.query, authOf(request)), { snapshot: true }),
  );
  r.get(
    '/api/action/:id',
    { config: BASIS, schema: { params: zIdParams, response: { 200: zAction } } },
    async (request) =>
      found(await tenantTx(request, (tx) => loadAction(tx, request.params.id)), ACTION_NOT_FOUND),
  );
  r.post(
    '/api/action',
    { config: BASIS, schema: { body: zCreateAction, response: { 201: zAction } } },
    async (request, reply) => {
      const auth = authOf(request);
      const created = await tenantTx(request, async (tx) =>
        loadAction(tx, await createAction(tx, request.body, auth)),
      );
      return reply.status(201).send(created!);
    },
  );
  r.patch(
    '/api/action/:id',
    { config: BASIS, schema: { params: zIdParams, body: zUpdateAction, response: { 200: zAction } } },
    async (request) =>
      found(
        await tenantTx(request, async (tx) =>
          (await updateAction(tx, request.params.id, request.body, authOf(request)))
            ? loadAction(tx, request.params.id)
            : null,
        ),
        ACTION_NOT_FOUND,
      ),
  );
  r.delete(
    '/api/action/:id',
    { config: BASIS, schema: { params: zIdParams, response: { 200: zMessage } } },
    async (request) => {
      if (!(await tenantTx(request, (tx) => deleteAction(tx, request.params.id))))
        throw notFound(ACTION_NOT_FOUND);
      return { message: 'Actie verwijderd.' };
    },
  );
  r.get(
    '/api/user/getdashboardactions',
    { config: BASIS, schema: { querystring: zDashboardActionsQuery, response: { 200: zDashboardActions } } },
    (request) =>
      tenantTx(
        request,
        (tx) => dashboardActions(tx, request.query.filter, request.query.limit, authOf(request)),
        {
          snapshot: true,
        },
      ),
  );
}
