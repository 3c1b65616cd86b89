import { zFlowProfile, zFlowProfileInput, zIdParams, zMessage } from '@im/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../platform/errors';
import { moduleRoute } from '../../platform/http/access';
import { tenantTx } from '../../platform/http/request-auth';
import { createFlowProfile, deleteFlowProfile, listFlowProfiles, updateFlowProfile } from './flowprofiles';

export { listFlowProfiles } from './flowprofiles';

const CRM = { access: moduleRoute('CRM') };

export async function flowProfileRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/flowprofile',
    { config: CRM, schema: { response: { 200: z.array(zFlowProfile) } } },
    async (request) => tenantTx(request, (tx) => listFlowProfiles(tx)),
  );

  r.post(
    '/api/flowprofile',
    { config: CRM, schema: { body: zFlowProfileInput, response: { 201: zFlowProfile } } },
    async (request, reply) =>
      reply.status(201).send(await tenantTx(request, (tx) => createFlowProfile(tx, request.body))),
  );

  r.patch(
    '/api/flowprofile/:id',
    { config: CRM, schema: { params: zIdParams, body: zFlowProfileInput, response: { 200: zFlowProfile } } },
    async (request) => {
      const updated = await tenantTx(request, (tx) => updateFlowProfile(tx, request.params.id, request.body));
      if (!updated) throw notFound();
      return updated;
    },
  );

  r.delete(
    '/api/flowprofile/:id',
    { config: CRM, schema: { params: zIdParams, response: { 200: zMessage } } },
    async (request) => {
      const deleted = await tenantTx(request, (tx) => deleteFlowProfile(tx, request.params.id));
      if (!deleted) throw notFound();
      return { message: 'Aanvraagprofiel verwijderd.' };
    },
  );
}
