import {
  MESSAGE_TEXTS,
  zCommunicatorCounts,
  zCommunicatorPage,
  zCommunicatorQuery,
  zCreateMessage,
  zCustomerMessage,
  zFlowConversation,
  zFlowHashParams,
  zFlowMessage,
  zIdParams,
  zMarkAnswered,
  zMessage,
  zMessageListQuery,
  zSaveMessageByCustomer,
  zUpdateMessage,
} from '@im/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../platform/errors';
import { moduleRoute } from '../../platform/http/access';
import { customerRoute, isPreview } from '../../platform/http/customer-link';
import { authOf, tenantTx } from '../../platform/http/request-auth';
import { communicator, communicatorCounts } from './communicator';
import { createStaffMessage } from './create-staff-message';
import { customerMessages } from './customer-messages';
import { deleteMessage } from './delete-message';
import { loadMessage } from './load-message';
import { markFlowAnswered } from './mark-flow-answered';
import { openConversation } from './open-conversation';
import { saveMessageByCustomer } from './save-message-by-customer';
import { updateMessage } from './update-message';

const CRM = { access: moduleRoute('CRM') };

/** Messages between the company and a flow's customer, and the communicator (decision 019). */
export async function messageRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const viewer = (request: Parameters<typeof authOf>[0]) => {
    const auth = authOf(request);
    return { userId: auth.userId, role: auth.role };
  };

  r.get(
    '/api/message',
    {
      config: CRM,
      schema: {
        summary: "A flow's conversation; opening it turns the customer's unread messages unanswered",
        querystring: zMessageListQuery,
        response: { 200: zFlowConversation },
      },
    },
    (request) => tenantTx(request, (tx) => openConversation(tx, request.query.flow_id, viewer(request))),
  );
  r.get(
    '/api/message/:id',
    { config: CRM, schema: { params: zIdParams, response: { 200: zFlowMessage } } },
    async (request) => {
      const found = await tenantTx(request, (tx) => loadMessage(tx, request.params.id, viewer(request)));
      if (!found) throw notFound(MESSAGE_TEXTS.notFound);
      return found;
    },
  );
  r.post(
    '/api/message',
    {
      config: CRM,
      schema: {
        summary: "Send a message to the flow's customer (only with content)",
        body: zCreateMessage,
        response: { 201: zFlowMessage },
      },
    },
    async (request, reply) => {
      const v = viewer(request);
      const created = await tenantTx(request, async (tx) =>
        loadMessage(
          tx,
          await createStaffMessage(tx, request.body, v, {
            mailer: app.deps.mailer,
            appUrl: app.deps.config.APP_URL,
          }),
          v,
        ),
      );
      return reply.status(201).send(created!);
    },
  );
  r.patch(
    '/api/message/:id',
    { config: CRM, schema: { params: zIdParams, body: zUpdateMessage, response: { 200: zFlowMessage } } },
    async (request) => {
      const v = viewer(request);
      const updated = await tenantTx(request, async (tx) =>
        (await updateMessage(tx, request.params.id, request.body, v))
          ? loadMessage(tx, request.params.id, v, true)
          : null,
      );
      if (!updated) throw notFound(MESSAGE_TEXTS.notFound);
      return updated;
    },
  );
  r.delete(
    '/api/message/:id',
    { config: CRM, schema: { params: zIdParams, response: { 200: zMessage } } },
    async (request) => {
      if (!(await tenantTx(request, (tx) => deleteMessage(tx, request.params.id, viewer(request)))))
        throw notFound(MESSAGE_TEXTS.notFound);
      return { message: MESSAGE_TEXTS.deleted };
    },
  );
  r.post(
    '/api/flow/:id/markanswered',
    {
      config: CRM,
      schema: {
        summary: "Mark the flow answered: the customer's unread and unanswered messages become read",
        params: zIdParams,
        response: { 200: zMarkAnswered },
      },
    },
    async (request) => {
      const updated = await tenantTx(request, (tx) =>
        markFlowAnswered(tx, request.params.id, viewer(request)),
      );
      return { message: MESSAGE_TEXTS.markedAnswered, updated };
    },
  );
  r.get(
    '/api/user/getcommunicatormessages',
    {
      config: CRM,
      schema: {
        summary: 'The communicator: flows with messages, newest first (number: 50, growing by 50)',
        querystring: zCommunicatorQuery,
        response: { 200: zCommunicatorPage },
      },
    },
    (request) =>
      tenantTx(request, (tx) => communicator(tx, request.query, viewer(request)), { snapshot: true }),
  );
  r.get(
    '/api/user/getcommunicatorcounts',
    {
      config: CRM,
      schema: {
        summary: 'Unread and unanswered conversations for the top bar (each capped at 100)',
        response: { 200: zCommunicatorCounts },
      },
    },
    (request) => tenantTx(request, (tx) => communicatorCounts(tx, viewer(request)), { snapshot: true }),
  );

  // ------------------------------------------------------------ customer (flow hash)
  r.get(
    '/api/message/:hash/getbycustomer',
    {
      config: customerRoute('the flow hash in the dossier link is the customer credential'),
      schema: {
        summary: "The customer's conversation; the company's unread messages become read",
        params: zFlowHashParams,
        response: { 200: z.array(zCustomerMessage) },
      },
    },
    (request) => customerMessages(app.deps.db, request.params.hash, isPreview(request)),
  );
  r.post(
    '/api/message/:hash/savebycustomer',
    {
      config: customerRoute('the flow hash in the dossier link is the customer credential'),
      schema: {
        summary: 'The customer writes to the company through the dossier link',
        params: zFlowHashParams,
        body: zSaveMessageByCustomer,
        response: { 201: z.object({ id: z.number().int(), message: z.string() }) },
      },
    },
    async (request, reply) => {
      const id = await saveMessageByCustomer(app.deps.db, request.params.hash, request.body.content);
      return reply.status(201).send({ id, message: 'Uw bericht is verstuurd.' });
    },
  );
}
