import { MAIN_COMPANY_ID, PROTECTED_MESSAGE, zBatchStarted, zOwnCompanyModule } from '@im/domain';
import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { company } from '../../platform/db/tables/companies.schema';
import { AppError, notFound } from '../../platform/errors';
import { writeLog } from '../../platform/events/write-log';
import { anyUser, moduleRoute } from '../../platform/http/access';
import { authOf, tenantTx } from '../../platform/http/request-auth';
import { companyAdminRoutes } from './admin.routes';
import { brandingRoutes } from './branding.routes';
import { FORCE_DELETE_COMPANY, TRASH_COMPANY } from './company-jobs';
import { listCompanyModules } from './company-modules';

const zId = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

export async function companyRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  await app.register(brandingRoutes);
  await app.register(companyAdminRoutes);

  r.get(
    '/api/company/getmodules',
    {
      config: { access: anyUser },
      schema: {
        response: {
          200: z.array(zOwnCompanyModule),
        },
      },
    },
    async (request) => tenantTx(request, (tx) => listCompanyModules(tx, authOf(request).companyId)),
  );

  /** Platform admin: move a company to the trash (a batch job: it ends the company's sessions too). */
  r.delete(
    '/api/company/:id',
    { config: { access: moduleRoute('ADMIN') }, schema: { params: zId, response: { 200: zBatchStarted } } },
    async (request) => startCompanyBatch(request, request.params.id, TRASH_COMPANY, 'active'),
  );

  r.post(
    '/api/company/:id/forcedelete',
    { config: { access: moduleRoute('ADMIN') }, schema: { params: zId, response: { 200: zBatchStarted } } },
    async (request) => startCompanyBatch(request, request.params.id, FORCE_DELETE_COMPANY, 'any'),
  );

  r.post(
    '/api/company/:id/restore',
    {
      config: { access: moduleRoute('ADMIN') },
      schema: { params: zId, response: { 200: z.object({ message: z.string() }) } },
    },
    async (request) => {
      const { id } = request.params;
      if (id === MAIN_COMPANY_ID) throw new AppError('conflict', PROTECTED_MESSAGE);
      const auth = authOf(request);
      const restored = await app.deps.db.platform(
        async (tx) => {
          const rows = await tx
            .update(company)
            .set({ deletedAt: null, updatedAt: new Date() })
            .where(and(eq(company.id, id), isNotNull(company.deletedAt)))
            .returning({ name: company.name });
          if (rows.length === 0) return false;
          await writeLog(tx, {
            type: 'company',
            id,
            action: 'restore',
            description: `Bedrijf ${rows[0]!.name} hersteld`,
          });
          return true;
        },
        { companyId: auth.companyId, userId: auth.userId, impersonatorUserId: auth.impersonatorUserId },
      );
      if (!restored) throw notFound();
      return { message: 'Bedrijf hersteld.' };
    },
  );

  /**
   * Records the batch and queues its job in one transaction, attributed to the admin; the batch belongs
   * to the admin's company so they can poll it, and the target company is in its payload.
   */
  async function startCompanyBatch(
    request: FastifyRequest,
    id: number,
    type: string,
    which: 'active' | 'any',
  ) {
    if (id === MAIN_COMPANY_ID) throw new AppError('conflict', PROTECTED_MESSAGE);
    const auth = authOf(request);
    const actor = {
      companyId: auth.companyId,
      userId: auth.userId,
      impersonatorUserId: auth.impersonatorUserId,
    };
    const batchId = await app.deps.db.platform(async (tx) => {
      const [target] = await tx
        .select({ name: company.name })
        .from(company)
        .where(which === 'active' ? and(eq(company.id, id), isNull(company.deletedAt)) : eq(company.id, id))
        .for('update');
      if (!target) return null;
      return app.deps.jobs.startBatch(tx, type, { companyId: id, name: target.name });
    }, actor);
    if (!batchId) throw notFound();
    return { batchId };
  }
}
