import {
  PARTNER_TEXTS,
  zCreatePartner,
  zCreatePartnerUser,
  zFlowForPartner,
  zIdParams,
  zMessage,
  zPartnerDashboard,
  zPartnerDetail,
  zPartnerFlowPage,
  zPartnerFlowQuery,
  zPartnerPage,
  zPartnerQuery,
  zPartnerUser,
  zPartnerUserParams,
  zSetPartner,
  zSetPartnerResult,
  zUpdatePartner,
} from '@im/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../platform/errors';
import { moduleRoute, partnerRoute } from '../../platform/http/access';
import { authOf, tenantTx } from '../../platform/http/request-auth';
import { isEmailTaken } from '../users';
import { loadPartnerDetail, loadPartnerUsers } from './partner-dto';
import { getFlowForPartner, partnerDashboard, partnerOfUser, queryPartnerFlows } from './partner-flows';
import { createPartnerUser, removePartnerUser } from './partner-users';
import { listPartnerNames, queryPartners } from './query-partners';
import { createPartner, deletePartner, partnerExists, updatePartner } from './save-partner';
import { setPartner } from './set-partner';

// Spec 000 section 2: partner screens need PARTNERMANAGEMENT; managing them takes a manager (decision 056).
const READ = { access: moduleRoute('PARTNERMANAGEMENT') };
const MANAGE = { access: moduleRoute('PARTNERMANAGEMENT', 1000) };
const LINK = { access: moduleRoute('CRM') };

export async function partnerRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const notFoundPartner = () => notFound(PARTNER_TEXTS.notFound);

  r.get(
    '/api/partner/querypaginated',
    {
      config: READ,
      schema: {
        summary: 'Partners (gepagineerd)',
        querystring: zPartnerQuery,
        response: { 200: zPartnerPage },
      },
    },
    async (request) => tenantTx(request, (tx) => queryPartners(tx, request.query), { snapshot: true }),
  );

  r.get(
    '/api/partner/names',
    {
      config: LINK,
      schema: {
        summary: 'Namen van alle partners (keuzelijsten)',
        response: { 200: z.array(z.object({ id: z.number().int(), name: z.string() })) },
      },
    },
    async (request) => tenantTx(request, (tx) => listPartnerNames(tx)),
  );

  r.get(
    '/api/partner/dashboard',
    {
      config: { access: partnerRoute('PARTNER') },
      schema: {
        summary: 'Dashboard van de ingelogde partnergebruiker',
        response: { 200: zPartnerDashboard },
      },
    },
    async (request) =>
      tenantTx(request, async (tx) => partnerDashboard(tx, await partnerOfUser(tx, authOf(request).userId))),
  );

  r.get(
    '/api/partner/:id',
    {
      config: READ,
      schema: {
        summary: 'Eén partner met zijn gebruikers',
        params: zIdParams,
        response: { 200: zPartnerDetail },
      },
    },
    async (request) => {
      const found = await tenantTx(request, (tx) => loadPartnerDetail(tx, request.params.id));
      if (!found) throw notFoundPartner();
      return found;
    },
  );

  r.post(
    '/api/partner',
    {
      config: MANAGE,
      schema: {
        summary: 'Partner aanmaken',
        body: zCreatePartner,
        response: { 201: zPartnerDetail },
      },
    },
    async (request, reply) => {
      const created = await tenantTx(request, async (tx) =>
        loadPartnerDetail(tx, await createPartner(tx, request.body)),
      );
      return reply.status(201).send(created!);
    },
  );

  r.patch(
    '/api/partner/:id',
    {
      config: MANAGE,
      schema: {
        summary: 'Partner wijzigen',
        params: zIdParams,
        body: zUpdatePartner,
        response: { 200: zPartnerDetail },
      },
    },
    async (request) => {
      const updated = await tenantTx(request, async (tx) =>
        (await updatePartner(tx, request.params.id, request.body))
          ? loadPartnerDetail(tx, request.params.id)
          : null,
      );
      if (!updated) throw notFoundPartner();
      return updated;
    },
  );

  r.delete(
    '/api/partner/:id',
    {
      config: MANAGE,
      schema: {
        summary: 'Partner en zijn gebruikers verwijderen',
        params: zIdParams,
        response: { 200: zMessage },
      },
    },
    async (request) => {
      const deleted = await tenantTx(request, (tx) => deletePartner(tx, request.params.id));
      if (!deleted) throw notFoundPartner();
      return { message: PARTNER_TEXTS.deleted };
    },
  );

  r.get(
    '/api/partner/:id/flows',
    {
      config: READ,
      schema: {
        summary: 'Dossiers van een partner (gepagineerd)',
        params: zIdParams,
        querystring: zPartnerFlowQuery,
        response: { 200: zPartnerFlowPage },
      },
    },
    async (request) => {
      const page = await tenantTx(
        request,
        async (tx) =>
          (await partnerExists(tx, request.params.id))
            ? queryPartnerFlows(tx, request.params.id, request.query)
            : null,
        { snapshot: true },
      );
      if (!page) throw notFoundPartner();
      return page;
    },
  );

  r.post(
    '/api/partner/:id/user',
    {
      config: MANAGE,
      schema: {
        summary: 'Partnergebruiker aanmaken',
        params: zIdParams,
        body: zCreatePartnerUser,
        response: { 201: z.array(zPartnerUser) },
      },
    },
    async (request, reply) => {
      const { companyId } = authOf(request);
      const emailTaken = (email: string) => app.deps.db.platform((tx) => isEmailTaken(tx, email));
      const users = await tenantTx(request, async (tx) => {
        if (!(await partnerExists(tx, request.params.id))) return null;
        await createPartnerUser(tx, companyId, request.params.id, request.body, emailTaken);
        return loadPartnerUsers(tx, request.params.id);
      });
      if (!users) throw notFoundPartner();
      return reply.status(201).send(users);
    },
  );

  r.delete(
    '/api/partner/:id/user/:userId',
    {
      config: MANAGE,
      schema: {
        summary: 'Partnergebruiker verwijderen',
        params: zPartnerUserParams,
        response: { 200: zMessage },
      },
    },
    async (request) => {
      const removed = await tenantTx(request, (tx) =>
        removePartnerUser(tx, request.params.id, request.params.userId),
      );
      if (!removed) throw notFound();
      return { message: PARTNER_TEXTS.userRemoved };
    },
  );

  for (const owner of ['relation', 'organization'] as const) {
    r.post(
      `/api/${owner}/:id/setpartner`,
      {
        config: LINK,
        schema: {
          summary:
            owner === 'relation'
              ? 'Dossiers van de relatie aan een partner koppelen'
              : 'Dossiers van de organisatie aan een partner koppelen',
          params: zIdParams,
          body: zSetPartner,
          response: { 200: zSetPartnerResult },
        },
      },
      async (request) => {
        const flows = await tenantTx(request, (tx) =>
          setPartner(tx, owner, request.params.id, request.body.partner_id),
        );
        if (flows === null) throw notFound();
        return {
          message:
            request.body.partner_id === null ? 'Partner losgekoppeld.' : 'Dossiers aan partner gekoppeld.',
          flows,
        };
      },
    );
  }

  r.get(
    '/api/flow/indexforpartner',
    {
      config: { access: partnerRoute('CRM') },
      schema: {
        summary: 'Dossiers van de partner van de ingelogde partnergebruiker',
        querystring: zPartnerFlowQuery,
        response: { 200: zPartnerFlowPage },
      },
    },
    async (request) =>
      tenantTx(
        request,
        async (tx) =>
          queryPartnerFlows(tx, (await partnerOfUser(tx, authOf(request).userId)).id, request.query),
        { snapshot: true },
      ),
  );

  r.get(
    '/api/flow/:id/getforpartner',
    {
      config: { access: partnerRoute('CRM') },
      schema: {
        summary: 'Eén dossier zoals de partnergebruiker het ziet (alleen lezen)',
        params: zIdParams,
        response: { 200: zFlowForPartner },
      },
    },
    async (request) => {
      const found = await tenantTx(request, async (tx) =>
        getFlowForPartner(tx, (await partnerOfUser(tx, authOf(request).userId)).id, request.params.id),
      );
      if (!found) throw notFound('Dossier niet gevonden.');
      return found;
    },
  );
}
