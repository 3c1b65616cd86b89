// Task contexts, task context types and getTaskEventTriggers (spec 001 section 7; decision 018).
import {
  TASK_CONTEXT_MESSAGES,
  zCreateTaskContext,
  zCreateTaskContextType,
  zIdParams,
  zMessage,
  zTaskContext,
  zTaskContextListQuery,
  zTaskContextOptions,
  zTaskContextType,
  zTaskEventTrigger,
  zUpdateTaskContext,
  zUpdateTaskContextType,
} from '@im/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../platform/errors';
import { moduleRoute } from '../../platform/http/access';
import { tenantTx } from '../../platform/http/request-auth';
import { createContext } from './create-task-context';
import { createContextType } from './create-task-context-type';
import { deleteContext } from './delete-task-context';
import { deleteContextType } from './delete-task-context-type';
import { listContextTypes, loadContextType } from './list-task-context-types';
import { taskContextOptions } from './task-context-options';
import { listContexts, loadContext } from './task-context-rows';
import { taskEventTriggers } from './task-event-triggers';
import { updateContext } from './update-task-context';
import { updateContextType } from './update-task-context-type';

/** As the tasks and task templates: staff of a company with the BASIS module. */
const BASIS = { access: moduleRoute('BASIS') };

export async function taskContextRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const found = <T>(value: T | null | undefined | false, message: string): T => {
    if (value === null || value === undefined || value === false) throw notFound(message);
    return value;
  };
  const TYPE_GONE = TASK_CONTEXT_MESSAGES.typeNotFound;
  const CONTEXT_GONE = TASK_CONTEXT_MESSAGES.contextNotFound;

  r.get(
    '/api/task/geteventtriggers',
    { config: BASIS, schema: { response: { 200: z.array(zTaskEventTrigger) } } },
    (request) => tenantTx(request, (tx) => taskEventTriggers(tx)),
  );

  // ------------------------------------------------------------ task context types (of a template)
  r.get(
    '/api/taskcontexttype/options',
    { config: BASIS, schema: { response: { 200: zTaskContextOptions } } },
    (request) => tenantTx(request, (tx) => taskContextOptions(tx)),
  );
  r.get(
    '/api/taskcontexttype',
    {
      config: BASIS,
      schema: { querystring: zTaskContextListQuery, response: { 200: z.array(zTaskContextType) } },
    },
    (request) => tenantTx(request, (tx) => listContextTypes(tx, request.query.task_id)),
  );
  r.get(
    '/api/taskcontexttype/:id',
    { config: BASIS, schema: { params: zIdParams, response: { 200: zTaskContextType } } },
    async (request) =>
      found(await tenantTx(request, (tx) => loadContextType(tx, request.params.id)), TYPE_GONE),
  );
  r.post(
    '/api/taskcontexttype',
    { config: BASIS, schema: { body: zCreateTaskContextType, response: { 201: zTaskContextType } } },
    async (request, reply) => {
      const created = await tenantTx(request, async (tx) =>
        loadContextType(tx, await createContextType(tx, request.body)),
      );
      return reply.status(201).send(created!);
    },
  );
  r.patch(
    '/api/taskcontexttype/:id',
    {
      config: BASIS,
      schema: { params: zIdParams, body: zUpdateTaskContextType, response: { 200: zTaskContextType } },
    },
    async (request) =>
      found(
        await tenantTx(request, async (tx) =>
          (await updateContextType(tx, request.params.id, request.body))
            ? loadContextType(tx, request.params.id)
            : null,
        ),
        TYPE_GONE,
      ),
  );
  r.delete(
    '/api/taskcontexttype/:id',
    { config: BASIS, schema: { params: zIdParams, response: { 200: zMessage } } },
    async (request) => {
      found(await tenantTx(request, (tx) => deleteContextType(tx, request.params.id)), TYPE_GONE);
      return { message: 'Taakcontexttype verwijderd.' };
    },
  );

  // ------------------------------------------------------------ task contexts (of a task)
  r.get(
    '/api/taskcontext',
    {
      config: BASIS,
      schema: { querystring: zTaskContextListQuery, response: { 200: z.array(zTaskContext) } },
    },
    (request) => tenantTx(request, (tx) => listContexts(tx, request.query.task_id)),
  );
  r.get(
    '/api/taskcontext/:id',
    { config: BASIS, schema: { params: zIdParams, response: { 200: zTaskContext } } },
    async (request) =>
      found(await tenantTx(request, (tx) => loadContext(tx, request.params.id)), CONTEXT_GONE),
  );
  r.post(
    '/api/taskcontext',
    { config: BASIS, schema: { body: zCreateTaskContext, response: { 201: zTaskContext } } },
    async (request, reply) => {
      const created = await tenantTx(request, async (tx) =>
        loadContext(tx, await createContext(tx, request.body)),
      );
      return reply.status(201).send(created!);
    },
  );
  r.patch(
    '/api/taskcontext/:id',
    {
      config: BASIS,
      schema: { params: zIdParams, body: zUpdateTaskContext, response: { 200: zTaskContext } },
    },
    async (request) =>
      found(
        await tenantTx(request, async (tx) =>
          (await updateContext(tx, request.params.id, request.body))
            ? loadContext(tx, request.params.id)
            : null,
        ),
        CONTEXT_GONE,
      ),
  );
  r.delete(
    '/api/taskcontext/:id',
    { config: BASIS, schema: { params: zIdParams, response: { 200: zMessage } } },
    async (request) => {
      found(await tenantTx(request, (tx) => deleteContext(tx, request.params.id)), CONTEXT_GONE);
      return { message: 'Taakcontext verwijderd.' };
    },
  );
}
