import {
  zAction,
  zActionListQuery,
  zActionPage,
  zActionPageQuery,
  zAddFollowingUser,
  zAgendaItem,
  zAgendaRangeQuery,
  zCalendarFeed,
  zCreateAction,
  zCreateAgendaItem,
  zCreateNote,
  zCreateTask,
  zDashboardActions,
  zDashboardActionsQuery,
  zFlowWithRelatedTasks,
  zIdParams,
  zLogDateParams,
  zLogItemRow,
  zMessage,
  zNote,
  zNoteQuery,
  zPaginated,
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
  zUpdateAction,
  zUpdateAgendaItem,
  zUpdateNote,
  zUpdateTask,
} from '@im/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../platform/errors';
import { moduleRoute, PUBLIC_LINK_RATE_LIMIT, publicRoute } from '../../platform/http/access';
import { authOf, tenantTx } from '../../platform/http/request-auth';
import { logItemsOn } from '../logitems';
import {
  createAction,
  dashboardActions,
  deleteAction,
  listActions,
  loadAction,
  queryActions,
  updateAction,
} from './actions';
import {
  createAgendaItem,
  deleteAgendaItem,
  listAgendaForRecord,
  listAgendaRange,
  loadAgendaItem,
  updateAgendaItem,
} from './agenda-items';
import { feedCalendar, feedStatus, renewFeed, revokeFeed } from './calendar-feed';
import { geocodeTaskAddresses } from './geocode-task-addresses';
import { getFlowWithRelatedTasks } from './get-flow-with-related-tasks';
import { createNote, deleteNote, listNotes, loadNote, updateNote } from './notes';
import { resolveTarget } from './targets';
import { taskCalendar } from './task-calendar';
import { taskContextRoutes } from './task-contexts.routes';
import {
  addFollowingUser,
  createTask,
  deleteTask,
  duplicateTask,
  listTemplates,
  loadTask,
  plannableUsers,
  queryTasks,
  storeFromTemplate,
  taskMap,
  updateTask,
  usedTaskColors,
} from './tasks';

const CRM = { access: moduleRoute('CRM') };
const BASIS = { access: moduleRoute('BASIS') };
const NOTE_NOT_FOUND = 'Notitie niet gevonden.';
const ACTION_NOT_FOUND = 'Actie niet gevonden.';
const AGENDA_NOT_FOUND = 'Afspraak niet gevonden.';
const TASK_NOT_FOUND = 'Taak niet gevonden.';

export async function planningRoutes(app: FastifyInstance): Promise<void> {
  await app.register(taskContextRoutes);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const found = <T>(value: T | null, message: string): T => {
    if (value === null) throw notFound(message);
    return value;
  };

  // ------------------------------------------------------------ notes
  r.get(
    '/api/note',
    { config: CRM, schema: { querystring: zNoteQuery, response: { 200: z.array(zNote) } } },
    (request) => tenantTx(request, (tx) => listNotes(tx, request.query)),
  );
  r.get(
    '/api/note/:id',
    { config: CRM, schema: { params: zIdParams, response: { 200: zNote } } },
    async (request) =>
      found(await tenantTx(request, (tx) => loadNote(tx, request.params.id)), NOTE_NOT_FOUND),
  );
  r.post(
    '/api/note',
    { config: CRM, schema: { body: zCreateNote, response: { 201: zNote } } },
    async (request, reply) => {
      const auth = authOf(request);
      const created = await tenantTx(request, async (tx) =>
        loadNote(tx, await createNote(tx, request.body, auth)),
      );
      return reply.status(201).send(created!);
    },
  );
  r.patch(
    '/api/note/:id',
    { config: CRM, schema: { params: zIdParams, body: zUpdateNote, response: { 200: zNote } } },
    async (request) =>
      found(
        await tenantTx(request, async (tx) =>
          (await updateNote(tx, request.params.id, request.body)) ? loadNote(tx, request.params.id) : null,
        ),
        NOTE_NOT_FOUND,
      ),
  );
  r.delete(
    '/api/note/:id',
    { config: CRM, schema: { params: zIdParams, response: { 200: zMessage } } },
    async (request) => {
      found(await tenantTx(request, (tx) => deleteNote(tx, request.params.id)), NOTE_NOT_FOUND);
      return { message: 'Notitie verwijderd.' };
    },
  );

  // ------------------------------------------------------------ actions
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

  // ------------------------------------------------------------ agenda items
  r.get(
    '/api/agendaitem',
    {
      config: CRM,
      schema: { querystring: zAgendaRangeQuery, response: { 200: z.array(zAgendaItem) } },
      // A month of everyone is 5,000 items: checking them against the schema copies every one of them
      // (more garbage than the answer itself). The types are checked at compile time and the API tests
      // check the shape, as for the lead pipeline.
      serializerCompiler: () => (data) => JSON.stringify(data),
    },
    (request) => {
      const q = request.query;
      if (q.relation_id !== undefined || q.organization_id !== undefined || q.flow_id !== undefined)
        return tenantTx(request, (tx) => listAgendaForRecord(tx, q));
      return tenantTx(request, (tx) =>
        listAgendaRange(tx, { from: q.from!, to: q.to!, user: q.user }, authOf(request)),
      );
    },
  );
  r.get(
    '/api/agendaitem/:id',
    { config: CRM, schema: { params: zIdParams, response: { 200: zAgendaItem } } },
    async (request) =>
      found(await tenantTx(request, (tx) => loadAgendaItem(tx, request.params.id)), AGENDA_NOT_FOUND),
  );
  r.post(
    '/api/agendaitem',
    { config: CRM, schema: { body: zCreateAgendaItem, response: { 201: zAgendaItem } } },
    async (request, reply) => {
      const auth = authOf(request);
      const created = await tenantTx(request, async (tx) =>
        loadAgendaItem(tx, await createAgendaItem(tx, request.body, auth)),
      );
      return reply.status(201).send(created!);
    },
  );
  r.patch(
    '/api/agendaitem/:id',
    { config: CRM, schema: { params: zIdParams, body: zUpdateAgendaItem, response: { 200: zAgendaItem } } },
    async (request) =>
      found(
        await tenantTx(request, async (tx) =>
          (await updateAgendaItem(tx, request.params.id, request.body, authOf(request)))
            ? loadAgendaItem(tx, request.params.id)
            : null,
        ),
        AGENDA_NOT_FOUND,
      ),
  );
  r.delete(
    '/api/agendaitem/:id',
    { config: CRM, schema: { params: zIdParams, response: { 200: zMessage } } },
    async (request) => {
      if (!(await tenantTx(request, (tx) => deleteAgendaItem(tx, request.params.id))))
        throw notFound(AGENDA_NOT_FOUND);
      return { message: 'Afspraak verwijderd.' };
    },
  );

  // ------------------------------------------------------------ the user's calendar feed
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

  // ------------------------------------------------------------ tasks
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

  // ------------------------------------------------------------ log items
  r.get(
    '/api/company/getlogitems/:date',
    {
      config: CRM,
      schema: {
        params: zLogDateParams,
        querystring: z.object({
          offset: z.coerce.number().int().min(0).default(0),
          limit: z.coerce.number().int().min(1).max(500).default(100),
        }),
        response: { 200: zPaginated(zLogItemRow) },
      },
    },
    (request) =>
      tenantTx(request, (tx) => logItemsOn(tx, request.params.date, request.query, authOf(request)), {
        snapshot: true,
      }),
  );
}
