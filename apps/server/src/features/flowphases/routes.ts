import {
  zCreateFlowPhase,
  zFlowPhase,
  zFlowPhaseQuery,
  zIdParams,
  zMessage,
  zReorderFlowPhases,
  zUpdateFlowPhase,
} from '@im/domain';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { flowPhase } from '../../platform/db/tables/flowphases.schema';
import { notFound } from '../../platform/errors';
import { moduleRoute } from '../../platform/http/access';
import { tenantTx } from '../../platform/http/request-auth';
import {
  createFlowPhase,
  deleteFlowPhase,
  listFlowPhases,
  reorderFlowPhases,
  updateFlowPhase,
} from './flowphases';

export { listFlowPhases } from './flowphases';

const CRM = { access: moduleRoute('CRM') };

export async function flowPhaseRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/flowphase',
    { config: CRM, schema: { querystring: zFlowPhaseQuery, response: { 200: z.array(zFlowPhase) } } },
    async (request) => {
      const { flowstage } = request.query;
      return tenantTx(request, (tx) =>
        listFlowPhases(tx, flowstage ? eq(flowPhase.flowstage, flowstage) : undefined),
      );
    },
  );

  r.post(
    '/api/flowphase',
    { config: CRM, schema: { body: zCreateFlowPhase, response: { 201: zFlowPhase } } },
    async (request, reply) =>
      reply.status(201).send(await tenantTx(request, (tx) => createFlowPhase(tx, request.body))),
  );

  r.post(
    '/api/flowphase/reorder',
    { config: CRM, schema: { body: zReorderFlowPhases, response: { 200: z.array(zFlowPhase) } } },
    async (request) => tenantTx(request, (tx) => reorderFlowPhases(tx, request.body)),
  );

  r.patch(
    '/api/flowphase/:id',
    { config: CRM, schema: { params: zIdParams, body: zUpdateFlowPhase, response: { 200: zFlowPhase } } },
    async (request) => {
      const updated = await tenantTx(request, (tx) => updateFlowPhase(tx, request.params.id, request.body));
      if (!updated) throw notFound();
      return updated;
    },
  );

  r.delete(
    '/api/flowphase/:id',
    { config: CRM, schema: { params: zIdParams, response: { 200: zMessage } } },
    async (request) => {
      const deleted = await tenantTx(request, (tx) => deleteFlowPhase(tx, request.params.id));
      if (!deleted) throw notFound();
      return { message: 'Fase verwijderd.' };
    },
  );
}
