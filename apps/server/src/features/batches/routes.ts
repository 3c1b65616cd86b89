import { zBatch } from '@im/domain';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Tx } from '../../platform/db/database';
import { batch } from '../../platform/db/tables/batch.schema';
import { notFound } from '../../platform/errors';
import { anyUser } from '../../platform/http/access';
import { toIso } from '../../platform/http/dates';
import { authOf, platformTx, tenantTx } from '../../platform/http/request-auth';

export async function batchRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    '/api/batch/:id',
    {
      config: { access: anyUser },
      schema: { params: z.object({ id: z.string().uuid() }), response: { 200: zBatch } },
    },
    async (request) => {
      const { id } = request.params as { id: string };
      const read = (tx: Tx) =>
        tx
          .select()
          .from(batch)
          .where(eq(batch.id, id))
          .then((r) => r[0]);
      // A platform administrator's work on another company (its relation import or deletion) runs as that
      // company's batch; the administrator follows it too.
      const row =
        (await tenantTx(request, read)) ??
        (authOf(request).modules.has('ADMIN') ? await platformTx(request, read) : undefined);
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
