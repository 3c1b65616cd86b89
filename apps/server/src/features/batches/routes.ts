import { zBatch } from '@im/domain';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { batch } from '../../platform/db/tables/batch.schema';
import { notFound } from '../../platform/errors';
import { anyUser } from '../../platform/http/access';
import { toIso } from '../../platform/http/dates';
import { tenantTx } from '../../platform/http/request-auth';

export async function batchRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    '/api/batch/:id',
    {
      config: { access: anyUser },
      schema: { params: z.object({ id: z.string().uuid() }), response: { 200: zBatch } },
    },
    async (request) => {
      const { id } = request.params as { id: string };
      const row = await tenantTx(request, (tx) =>
        tx
          .select()
          .from(batch)
          .where(eq(batch.id, id))
          .then((r) => r[0]),
      );
      if (!row) throw notFound();
      return {
        id: row.id,
        progress: row.progress,
        cancelledAt: row.cancelledAt ? toIso(row.cancelledAt) : null,
        finishedAt: row.finishedAt ? toIso(row.finishedAt) : null,
      };
    },
  );
}
