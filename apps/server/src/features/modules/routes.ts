import { zIdParams, zModule, zUpdateModule } from '@im/domain';
import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { module } from '../../platform/db/tables/companies.schema';
import { notFound } from '../../platform/errors';
import { writeLog } from '../../platform/events/write-log';
import { moduleRoute } from '../../platform/http/access';
import { platformTx } from '../../platform/http/request-auth';

/** The 14 modules of spec 000 section 6: platform data; only their descriptions change. */
export async function moduleRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const admin = moduleRoute('ADMIN');

  r.get(
    '/api/module',
    { config: { access: admin }, schema: { response: { 200: z.array(zModule) } } },
    async (request) =>
      platformTx(request, (tx) =>
        tx
          .select({ id: module.id, tag: module.tag, description: module.description })
          .from(module)
          .orderBy(asc(module.id)),
      ),
  );

  r.patch(
    '/api/module/:id',
    {
      config: { access: admin },
      schema: {
        params: zIdParams,
        body: zUpdateModule,
        response: { 200: zModule },
      },
    },
    async (request) =>
      platformTx(request, async (tx) => {
        const [updated] = await tx
          .update(module)
          .set({ description: request.body.description })
          .where(eq(module.id, request.params.id))
          .returning({ id: module.id, tag: module.tag, description: module.description });
        if (!updated) throw notFound();
        await writeLog(tx, {
          type: 'module',
          id: updated.id,
          action: 'update',
          description: `Module ${updated.tag} gewijzigd`,
          changes: { description: updated.description },
        });
        return updated;
      }),
  );
}
