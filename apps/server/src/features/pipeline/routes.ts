import { zPipeline, zPipelineQuery } from '@im/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { moduleRoute } from '../../platform/http/access';
import { plainJsonSerializer } from '../../platform/http/plain-json';
import { replicaReads } from '../../platform/http/request-auth';
import { leadPipelinePlan } from './get-lead-pipeline';

export { type Pipeline, type PipelineLead, zPipeline, zPipelineLead } from '@im/domain';

export async function pipelineRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/user/getleadpipeline',
    {
      config: { access: moduleRoute('CRM') },
      schema: { querystring: zPipelineQuery, response: { 200: zPipeline } },
      // With every card shown (10,000 and more) checking the answer against the schema costs more
      // than building it; the types are checked at compile time and the API tests check the shape.
      serializerCompiler: plainJsonSerializer,
    },
    // A list a second's lag cannot hurt: from the replica when there is one (decision 053).
    async (request) => replicaReads(request, leadPipelinePlan(request.query)),
  );
}
