import { zLogDateParams, zLogItemRow, zPaginated } from '@im/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { moduleRoute } from '../../platform/http/access';
import { authOf, tenantTx } from '../../platform/http/request-auth';
import { logItemsOn } from '../logitems';

const CRM = { access: moduleRoute('CRM') };

/** The company's log items of one day. */
export async function logItemRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
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
