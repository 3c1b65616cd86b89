// One search over a case file (issue 48, decision 055): GET /api/search.
import { zEverythingSearchQuery, zSearchAnswer } from '@im/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { moduleRoute } from '../../platform/http/access';
import { authOf, tenantTx } from '../../platform/http/request-auth';
import { searchEverything } from './search-everything';

const CRM = { access: moduleRoute('CRM') };

export async function searchRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/search',
    { config: CRM, schema: { querystring: zEverythingSearchQuery, response: { 200: zSearchAnswer } } },
    (request) => {
      const auth = authOf(request);
      return tenantTx(request, (tx) =>
        searchEverything(tx, request.query, { userId: auth.userId, role: auth.role, modules: auth.modules }),
      );
    },
  );
}
