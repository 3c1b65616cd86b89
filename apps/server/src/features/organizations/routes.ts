import {
  zCreateOrganization,
  zIdParams,
  zMessage,
  zOrganizationDetail,
  zOrganizationPage,
  zOrganizationQuery,
  zOrganizationSearchHit,
  zSearchQuery,
  zUpdateOrganization,
} from '@im/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../platform/errors';
import { moduleRoute } from '../../platform/http/access';
import { tenantTx } from '../../platform/http/request-auth';
import { coordinatesFor } from '../locations';
import { loadOrganizationDetail } from './organization-dto';
import { queryOrganizations, searchOrganizations } from './query-organizations';
import { createOrganization, deleteOrganization, updateOrganization } from './save-organization';

export { loadOrganizations } from './organization-dto';

const CRM = { access: moduleRoute('CRM') };

export async function organizationRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/organization/querypaginated',
    { config: CRM, schema: { querystring: zOrganizationQuery, response: { 200: zOrganizationPage } } },
    async (request) => tenantTx(request, (tx) => queryOrganizations(tx, request.query)),
  );

  r.get(
    '/api/organization/search',
    {
      config: CRM,
      schema: { querystring: zSearchQuery, response: { 200: z.array(zOrganizationSearchHit) } },
    },
    async (request) => tenantTx(request, (tx) => searchOrganizations(tx, request.query.query)),
  );

  r.get(
    '/api/organization/:id',
    { config: CRM, schema: { params: zIdParams, response: { 200: zOrganizationDetail } } },
    async (request) => {
      const found = await tenantTx(request, (tx) => loadOrganizationDetail(tx, request.params.id));
      if (!found) throw notFound();
      return found;
    },
  );

  r.post(
    '/api/organization',
    { config: CRM, schema: { body: zCreateOrganization, response: { 201: zOrganizationDetail } } },
    async (request, reply) => {
      const coords = request.body.location
        ? await coordinatesFor(app.deps.geocoder, request.body.location)
        : null;
      const created = await tenantTx(request, async (tx) =>
        loadOrganizationDetail(tx, await createOrganization(tx, request.body, coords)),
      );
      return reply.status(201).send(created!);
    },
  );

  r.patch(
    '/api/organization/:id',
    {
      config: CRM,
      schema: { params: zIdParams, body: zUpdateOrganization, response: { 200: zOrganizationDetail } },
    },
    async (request) => {
      const coords = request.body.location
        ? await coordinatesFor(app.deps.geocoder, request.body.location)
        : null;
      const updated = await tenantTx(request, async (tx) =>
        (await updateOrganization(tx, request.params.id, request.body, coords))
          ? loadOrganizationDetail(tx, request.params.id)
          : null,
      );
      if (!updated) throw notFound();
      return updated;
    },
  );

  r.delete(
    '/api/organization/:id',
    { config: CRM, schema: { params: zIdParams, response: { 200: zMessage } } },
    async (request) => {
      const deleted = await tenantTx(request, (tx) => deleteOrganization(tx, request.params.id));
      if (!deleted) throw notFound();
      return { message: 'Organisatie verwijderd.' };
    },
  );
}
