import {
  zAdminUserChangePage,
  zAdminUserChangeQuery,
  zCompanyDetail,
  zCompanyPage,
  zCreateCompanyRequest,
  zId,
  zIdParams,
  zPaginationQuery,
  zUpdateCompanyRequest,
} from '@im/domain';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Tx } from '../../platform/db/database';
import { company } from '../../platform/db/tables/companies.schema';
import { notFound } from '../../platform/errors';
import { anyUser, moduleRoute } from '../../platform/http/access';
import { authOf, platformTx, tenantTx } from '../../platform/http/request-auth';
import { addModuleToCompany, removeModuleFromCompany } from './change-company-modules';
import { loadCompanyDetail } from './company-detail';
import { getAdminUserChangeList } from './get-admin-user-change-list';
import { queryCompanies } from './query-companies';
import { saveCompany, updateCompany } from './save-company';

const admin = moduleRoute('ADMIN');
const zModuleBody = z.object({ moduleId: zId });

async function detailOrFail(tx: Tx, id: number) {
  const detail = await loadCompanyDetail(tx, id);
  if (!detail) throw notFound();
  return detail;
}

async function lockCompany(tx: Tx, id: number): Promise<void> {
  const [row] = await tx.select({ id: company.id }).from(company).where(eq(company.id, id)).for('update');
  if (!row) throw notFound();
}

/** Platform administration of companies (spec 000 section 7 "Company admin"), plus the own-company read. */
export async function companyAdminRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/company/getcurrentcompany',
    { config: { access: anyUser }, schema: { response: { 200: zCompanyDetail } } },
    async (request) => tenantTx(request, (tx) => detailOrFail(tx, authOf(request).companyId)),
  );

  r.get(
    '/api/company/querypaginated',
    { config: { access: admin }, schema: { querystring: zPaginationQuery, response: { 200: zCompanyPage } } },
    async (request) => platformTx(request, (tx) => queryCompanies(tx, request.query, 'active')),
  );

  r.get(
    '/api/company/querytrashed',
    { config: { access: admin }, schema: { querystring: zPaginationQuery, response: { 200: zCompanyPage } } },
    async (request) => platformTx(request, (tx) => queryCompanies(tx, request.query, 'trashed')),
  );

  r.get(
    '/api/company/:id/getadminuserchangelist',
    {
      config: { access: admin },
      schema: {
        summary: 'What platform administrators changed in the company while logged in as its users',
        params: zIdParams,
        querystring: zAdminUserChangeQuery,
        response: { 200: zAdminUserChangePage },
      },
    },
    async (request) =>
      platformTx(request, (tx) => getAdminUserChangeList(tx, request.params.id, request.query)),
  );

  r.get(
    '/api/company/:id',
    { config: { access: admin }, schema: { params: zIdParams, response: { 200: zCompanyDetail } } },
    async (request) => platformTx(request, (tx) => detailOrFail(tx, request.params.id)),
  );

  r.post(
    '/api/company',
    {
      config: { access: admin },
      schema: { body: zCreateCompanyRequest, response: { 201: zCompanyDetail } },
    },
    async (request, reply) => {
      const detail = await platformTx(request, async (tx) =>
        detailOrFail(tx, await saveCompany(tx, request.body)),
      );
      return reply.status(201).send(detail);
    },
  );

  r.patch(
    '/api/company/:id',
    {
      config: { access: admin },
      schema: { params: zIdParams, body: zUpdateCompanyRequest, response: { 200: zCompanyDetail } },
    },
    async (request) =>
      platformTx(request, async (tx) => {
        if (!(await updateCompany(tx, request.params.id, request.body))) throw notFound();
        return detailOrFail(tx, request.params.id);
      }),
  );

  r.patch(
    '/api/company/:id/addmoduletocompany',
    {
      config: { access: admin },
      schema: { params: zIdParams, body: zModuleBody, response: { 200: zCompanyDetail } },
    },
    async (request) =>
      platformTx(request, async (tx) => {
        await lockCompany(tx, request.params.id);
        await addModuleToCompany(tx, request.params.id, request.body.moduleId);
        return detailOrFail(tx, request.params.id);
      }),
  );

  r.patch(
    '/api/company/:id/removemodulefromcompany',
    {
      config: { access: admin },
      schema: { params: zIdParams, body: zModuleBody, response: { 200: zCompanyDetail } },
    },
    async (request) =>
      platformTx(request, async (tx) => {
        await lockCompany(tx, request.params.id);
        await removeModuleFromCompany(tx, request.params.id, request.body.moduleId);
        return detailOrFail(tx, request.params.id);
      }),
  );
}
