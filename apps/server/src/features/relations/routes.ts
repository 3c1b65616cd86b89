import {
  type RelationQuery,
  zBatchStarted,
  zCreateRelation,
  zDoubleCheck,
  zIdParams,
  zInactiveCriteria,
  zInactiveRelationPage,
  zLocation,
  zMessage,
  zRelation,
  zRelationDetail,
  zRelationPage,
  zRelationQuery,
  zRelationSearchHit,
  zSearchQuery,
  zUpdateRelation,
} from '@im/domain';
import { and, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { commitWith } from '../../platform/db/database';
import { location } from '../../platform/db/tables/locations.schema';
import { relation } from '../../platform/db/tables/relations.schema';
import { conflict, notFound } from '../../platform/errors';
import { moduleRoute } from '../../platform/http/access';
import { tenantReads, tenantTx } from '../../platform/http/request-auth';
import { coordinatesFor, loadLocations } from '../locations';
import { checkForDoubleRelations } from './check-double-relations';
import { queryRelations, relationPagePlan, searchRelationsPlan } from './query-relations';
import { createdRelationPlan, relationDetailPlan } from './relation-dto';
import { BULK_DELETE_RELATIONS, EMPTY_RELATION_TRASH, MAX_BULK_DELETE } from './relation-jobs';
import { createRelation } from './save-relation';
import { searchInactiveRelations } from './search-inactive-relations';
import { forceDeleteRelations, NOT_IN_TRASH, restoreRelation, trashRelation } from './trash-relations';
import { updateRelation } from './update-relation';

export { loadRelations } from '../flows';
export { loadRelationDetail } from './relation-dto';
export { createRelation } from './save-relation';
export { registerInactiveRelationCriterion } from './search-inactive-relations';

const CRM = { access: moduleRoute('CRM') };

/** A page of the overview or the trash: one round trip (`tenantReads`) unless a partner filter needs more. */
function relationPage(request: FastifyRequest, q: RelationQuery, which: 'live' | 'trashed') {
  const plan = relationPagePlan(q, which);
  return plan ? tenantReads(request, plan) : tenantTx(request, (tx) => queryRelations(tx, q, which));
}

export async function relationRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/relation/querypaginated',
    { config: CRM, schema: { querystring: zRelationQuery, response: { 200: zRelationPage } } },
    async (request) => relationPage(request, request.query, 'live'),
  );

  r.get(
    '/api/relation/querytrashed',
    { config: CRM, schema: { querystring: zRelationQuery, response: { 200: zRelationPage } } },
    async (request) => relationPage(request, request.query, 'trashed'),
  );

  r.get(
    '/api/relation/search',
    { config: CRM, schema: { querystring: zSearchQuery, response: { 200: z.array(zRelationSearchHit) } } },
    async (request) => tenantReads(request, searchRelationsPlan(request.query.query)),
  );

  r.post(
    '/api/relation/checkfordoublerelations',
    { config: CRM, schema: { body: zDoubleCheck, response: { 200: z.array(zRelation) } } },
    async (request) => tenantTx(request, (tx) => checkForDoubleRelations(tx, request.body)),
  );

  r.post(
    '/api/relation/searchinactiverelations',
    {
      config: CRM,
      schema: {
        body: zInactiveCriteria,
        response: {
          200: zInactiveRelationPage,
        },
      },
    },
    async (request) => tenantTx(request, (tx) => searchInactiveRelations(tx, request.body.criteria)),
  );

  r.post(
    '/api/relation/bulkdelete',
    {
      config: CRM,
      schema: {
        body: z.object({
          relationIds: z.array(z.number().int().positive().max(2_147_483_647)).max(MAX_BULK_DELETE),
        }),
        response: { 200: zBatchStarted },
      },
    },
    async (request) => {
      const batchId = await tenantTx(request, async (tx) => {
        // Only the company's live relations go into the job; other ids are not the caller's to name.
        const ids = [...new Set(request.body.relationIds)];
        const own = ids.length
          ? await tx
              .select({ id: relation.id })
              .from(relation)
              .where(and(inArray(relation.id, ids), isNull(relation.deletedAt)))
              .orderBy(relation.id)
          : [];
        return app.deps.jobs.startBatch(tx, BULK_DELETE_RELATIONS, { relationIds: own.map((o) => o.id) });
      });
      return { batchId };
    },
  );

  r.post(
    '/api/relation/emptytrash',
    { config: CRM, schema: { response: { 200: zBatchStarted } } },
    async (request) => ({
      batchId: await tenantTx(request, (tx) =>
        app.deps.jobs.startBatch(tx, EMPTY_RELATION_TRASH, { before: new Date().toISOString() }),
      ),
    }),
  );

  r.get(
    '/api/relation/:id',
    { config: CRM, schema: { params: zIdParams, response: { 200: zRelationDetail } } },
    async (request) => {
      const found = await tenantReads(request, relationDetailPlan(request.params.id));
      if (!found) throw notFound();
      return found;
    },
  );

  r.get(
    '/api/relation/:id/getlocations',
    { config: CRM, schema: { params: zIdParams, response: { 200: z.array(zLocation) } } },
    async (request) => {
      const { id } = request.params;
      const found = await tenantTx(request, async (tx) => {
        const [own] = await tx.select({ id: relation.id }).from(relation).where(eq(relation.id, id));
        return own ? loadLocations(tx, eq(location.relationId, id)) : null;
      });
      if (!found) throw notFound();
      return found;
    },
  );

  r.post(
    '/api/relation',
    { config: CRM, schema: { body: zCreateRelation, response: { 201: zRelationDetail } } },
    async (request, reply) => {
      const coords = request.body.location
        ? await coordinatesFor(app.deps.geocoder, request.body.location)
        : null;
      const created = await tenantTx(request, async (tx) => {
        const { id, flowId } = await createRelation(tx, request.body, coords);
        return commitWith(
          tx,
          createdRelationPlan(id, { flow: flowId !== null, location: !!request.body.location }),
        );
      });
      return reply.status(201).send(created!);
    },
  );

  r.patch(
    '/api/relation/:id',
    { config: CRM, schema: { params: zIdParams, body: zUpdateRelation, response: { 200: zRelationDetail } } },
    async (request) => {
      const coords = request.body.location
        ? await coordinatesFor(app.deps.geocoder, request.body.location)
        : null;
      const updated = await tenantTx(request, async (tx) =>
        (await updateRelation(tx, request.params.id, request.body, coords))
          ? commitWith(tx, relationDetailPlan(request.params.id))
          : null,
      );
      if (!updated) throw notFound();
      return updated;
    },
  );

  r.delete(
    '/api/relation/:id',
    { config: CRM, schema: { params: zIdParams, response: { 200: zMessage } } },
    async (request) => {
      const trashed = await tenantTx(request, (tx) => trashRelation(tx, request.params.id));
      if (!trashed) throw notFound();
      return { message: 'Relatie naar de prullenbak verplaatst.' };
    },
  );

  r.post(
    '/api/relation/:id/restore',
    { config: CRM, schema: { params: zIdParams, response: { 200: zRelationDetail } } },
    async (request) => {
      const restored = await tenantTx(request, async (tx) =>
        (await restoreRelation(tx, request.params.id))
          ? commitWith(tx, relationDetailPlan(request.params.id))
          : null,
      );
      if (!restored) throw notFound();
      return restored;
    },
  );

  r.post(
    '/api/relation/:id/forcedelete',
    { config: CRM, schema: { params: zIdParams, response: { 200: zMessage } } },
    async (request) => {
      const { id } = request.params;
      const keys = await tenantTx(request, async (tx) => {
        const [found] = await tx
          .select({ trashed: isNotNull(relation.deletedAt) })
          .from(relation)
          .where(eq(relation.id, id));
        if (!found) throw notFound();
        if (!found.trashed) throw conflict(NOT_IN_TRASH);
        return (await forceDeleteRelations(tx, [id])).storageKeys;
      });
      for (const key of keys) await app.deps.storage.delete(key).catch(() => {});
      return { message: 'Relatie definitief verwijderd.' };
    },
  );
}
