import {
  zAgendaItem,
  zAgendaRangeQuery,
  zCreateAgendaItem,
  zIdParams,
  zMessage,
  zUpdateAgendaItem,
} from '@im/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../platform/errors';
import { moduleRoute } from '../../platform/http/access';
import { plainJsonSerializer } from '../../platform/http/plain-json';
import { authOf, tenantTx } from '../../platform/http/request-auth';
import {
  createAgendaItem,
  deleteAgendaItem,
  listAgendaForRecord,
  listAgendaRange,
  loadAgendaItem,
  updateAgendaItem,
} from './agenda-items';

const CRM = { access: moduleRoute('CRM') };
const AGENDA_NOT_FOUND = 'Afspraak niet gevonden.';

import { found } from './found';

/** Agenda items. */
export async function agendaItemRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/agendaitem',
    {
      config: CRM,
      schema: { querystring: zAgendaRangeQuery, response: { 200: z.array(zAgendaItem) } },
      // A month of everyone is 5,000 items: checking them against the schema copies every one of them
      // (more garbage than the answer itself). The types are checked at compile time and the API tests
      // check the shape, as for the lead pipeline.
      serializerCompiler: plainJsonSerializer,
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
}
