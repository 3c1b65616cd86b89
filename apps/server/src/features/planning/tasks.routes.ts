import {
  zAddFollowingUser,
  zCreateTask,
  zFlowWithRelatedTasks,
  zIdParams,
  zMessage,
  zPlannableQuery,
  zPlannableUser,
  zStoreFromTemplate,
  zTask,
  zTaskCalendarItem,
  zTaskCalendarQuery,
  zTaskMap,
  zTaskMapQuery,
  zTaskPage,
  zTaskPageQuery,
  zUpdateTask,
} from '@im/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../platform/errors';
import { moduleRoute } from '../../platform/http/access';
import { authOf, tenantTx } from '../../platform/http/request-auth';
import { addFollowingUser } from './add-following-user';
import { createTask } from './create-task';
import { deleteTask } from './delete-task';
import { duplicateTask } from './duplicate-task';
import { geocodeTaskAddresses } from './geocode-task-addresses';
import { getFlowWithRelatedTasks } from './get-flow-with-related-tasks';
import { plannableUsers } from './plannable-users';
import { queryTasks } from './query-tasks';
import { resolveTarget } from './targets';
import { taskCalendar } from './task-calendar';
import { taskMap } from './task-map';
import { loadTask } from './task-rows';
import { listTemplates, storeFromTemplate } from './task-templates';
import { updateTask } from './update-task';
import { usedTaskColors } from './used-task-colors';

const CRM = { access: moduleRoute('CRM') };
const BASIS = { access: moduleRoute('BASIS') };
const TASK_NOT_FOUND = 'Taak niet gevonden.';

import { found } from './found';

/** Tasks, task templates and the planning's views of them. */
export async function taskRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/task/getopentasks',
    { config: BASIS, schema: { querystring: zTaskPageQuery, response: { 200: zTaskPage } } },
    (request) => tenantTx(request, (tx) => queryTasks(tx, request.query), { snapshot: true }),
  );
  r.get(
    '/api/task/getopentasksmap',
    { config: BASIS, schema: { querystring: zTaskMapQuery, response: { 200: zTaskMap } } },
    async (request) => {
      const { filters } = request.query;
      const { unfound } = await geocodeTaskAddresses(
        (fn) => tenantTx(request, fn),
        app.deps.geocoder,
        filters,
      );
      return tenantTx(request, (tx) => taskMap(tx, filters, unfound), { snapshot: true });
    },
  );
  r.get(
    '/api/task/calendar',
    {
      config: BASIS,
      schema: {
        summary: "The planned tasks overlapping the agenda's range, with their colours",
        querystring: zTaskCalendarQuery,
        response: { 200: z.array(zTaskCalendarItem) },
      },
    },
    (request) => {
      const q = request.query;
      return tenantTx(
        request,
        (tx) => taskCalendar(tx, { from: q.from!, to: q.to!, user: q.user }, authOf(request)),
        {
          snapshot: true,
        },
      );
    },
  );
  r.get(
    '/api/task/getusedtaskcolors',
    { config: BASIS, schema: { response: { 200: z.array(z.string()) } } },
    (request) => tenantTx(request, (tx) => usedTaskColors(tx)),
  );
  r.get(
    '/api/task/getplannableusers',
    { config: BASIS, schema: { querystring: zPlannableQuery, response: { 200: z.array(zPlannableUser) } } },
    (request) => tenantTx(request, (tx) => plannableUsers(tx, request.query.type)),
  );
  r.get('/api/tasktemplate', { config: BASIS, schema: { response: { 200: z.array(zTask) } } }, (request) =>
    tenantTx(request, (tx) => listTemplates(tx)),
  );
  r.get(
    '/api/flow/:id/getwithrelatedtasks',
    {
      config: CRM,
      schema: {
        summary: "getWithRelatedTasks: the flow's detail with its tasks",
        params: zIdParams,
        response: { 200: zFlowWithRelatedTasks },
      },
    },
    (request) => tenantTx(request, (tx) => getFlowWithRelatedTasks(tx, request.params.id)),
  );
  r.get(
    '/api/flow/:id/gettasktemplates',
    { config: CRM, schema: { params: zIdParams, response: { 200: z.array(zTask) } } },
    (request) =>
      tenantTx(request, async (tx) => {
        await resolveTarget(tx, { flow_id: request.params.id });
        return listTemplates(tx);
      }),
  );
  r.post(
    '/api/task/storefromtemplate',
    { config: BASIS, schema: { body: zStoreFromTemplate, response: { 201: zTask } } },
    async (request, reply) => {
      const created = await tenantTx(request, async (tx) =>
        loadTask(tx, await storeFromTemplate(tx, request.body, authOf(request))),
      );
      return reply.status(201).send(created!);
    },
  );
  r.post(
    '/api/task/addfollowinguser',
    { config: BASIS, schema: { body: zAddFollowingUser, response: { 201: zTask } } },
    async (request, reply) => {
      const created = await tenantTx(request, async (tx) =>
        loadTask(tx, await addFollowingUser(tx, request.body, authOf(request))),
      );
      return reply.status(201).send(created!);
    },
  );
  r.get(
    '/api/task/:id',
    { config: BASIS, schema: { params: zIdParams, response: { 200: zTask } } },
    async (request) =>
      found(await tenantTx(request, (tx) => loadTask(tx, request.params.id)), TASK_NOT_FOUND),
  );
  r.post(
    '/api/task',
    { config: BASIS, schema: { body: zCreateTask, response: { 201: zTask } } },
    async (request, reply) => {
      const created = await tenantTx(request, async (tx) =>
        loadTask(tx, await createTask(tx, request.body, authOf(request))),
      );
      return reply.status(201).send(created!);
    },
  );
  r.patch(
    '/api/task/:id',
    { config: BASIS, schema: { params: zIdParams, body: zUpdateTask, response: { 200: zTask } } },
    async (request) =>
      found(
        await tenantTx(request, async (tx) =>
          (await updateTask(tx, request.params.id, request.body, authOf(request)))
            ? loadTask(tx, request.params.id)
            : null,
        ),
        TASK_NOT_FOUND,
      ),
  );
  r.delete(
    '/api/task/:id',
    { config: BASIS, schema: { params: zIdParams, response: { 200: zMessage } } },
    async (request) => {
      if (!(await tenantTx(request, (tx) => deleteTask(tx, request.params.id))))
        throw notFound(TASK_NOT_FOUND);
      return { message: 'Taak verwijderd.' };
    },
  );
  r.post(
    '/api/task/:id/duplicate',
    { config: BASIS, schema: { params: zIdParams, response: { 201: zTask } } },
    async (request, reply) => {
      const created = await tenantTx(request, async (tx) => {
        const id = await duplicateTask(tx, request.params.id, authOf(request));
        return id === null ? null : loadTask(tx, id);
      });
      return reply.status(201).send(found(created, TASK_NOT_FOUND));
    },
  );
}
