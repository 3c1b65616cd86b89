import {
  zChangeStatusRequest,
  zCreateFlowRequest,
  zDisplaynameHit,
  zDisplaynameQuery,
  zFlow,
  zFlowPage,
  zFlowQuery,
  zFlowRow,
  zGlobalSearchQuery,
  zId,
  zIdParams,
  zLead,
  zLocation,
  zMessage,
  zRejectFlowRequest,
  zRelation,
  zSafeDeletionQuery,
  zSafeDeletionResult,
  zSearchResult,
  zUpdateFlowRequest,
  zUpdateLeadRequest,
} from '@im/domain';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { commitWith, type Tx } from '../../platform/db/database';
import { flow } from '../../platform/db/tables/flows.schema';
import { location } from '../../platform/db/tables/locations.schema';
import { notFound } from '../../platform/errors';
import { moduleRoute } from '../../platform/http/access';
import { plainJsonSerializer } from '../../platform/http/plain-json';
import { authOf, replicaReads, replicaTx, tenantReads, tenantTx } from '../../platform/http/request-auth';
import { loadLocations } from '../locations';
import { changeFlowStatus } from './change-flow-status';
import { createFlow } from './create-flow';
import { duplicateFlow, resetFlowHash } from './duplicate-flow';
import { FLOW_NOT_FOUND, findFlow } from './flow-access';
import { flowDetailPlan, loadFlowRowAnyState, loadFlowRows } from './flow-dto';
import { flowFileRoutes } from './flow-files.routes';
import { getLead, updateLead } from './lead-dates';
import { mergeFlow } from './merge-flow';
import { flowPagePlan, queryFlows } from './query-flows';
import { loadRelations } from './relation-row';
import { checkFlowReferences, createFlowInput, updateFlow } from './save-flow';
import {
  queryWithDisplaynameWithAddress,
  searchFlowsFor,
  searchOrganizationsFor,
  searchRelationsFor,
  searchWords,
} from './search-flows';
import { scheduleSortRangeRebalance } from './sort-ranges';
import { testSafeDeletion } from './test-safe-deletion';
import { forceDeleteFlow, restoreFlow, trashFlow } from './trash-flow';

const CRM = { access: moduleRoute('CRM') };

export async function flowRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  await app.register(flowFileRoutes);

  /** A change that answers the id of the flow it names, then that flow's detail, read with its commit. */
  const changeThenDetail = async (
    request: Parameters<typeof tenantTx>[0],
    change: (tx: Tx) => Promise<number>,
  ) => {
    const found = await tenantTx(request, async (tx) => commitWith(tx, flowDetailPlan(await change(tx))));
    if (!found) throw notFound(FLOW_NOT_FOUND);
    return found;
  };

  // Collection calls first (static paths).
  r.get(
    '/api/flow/querypaginated',
    {
      config: CRM,
      schema: { querystring: zFlowQuery, response: { 200: zFlowPage } },
      // Checking 25 rows against the schema cost a tenth of the call's CPU (bench:api); the rows are built
      // by typed code (`toFlowRow`) and the API tests check the shape, as for the lead pipeline.
      serializerCompiler: plainJsonSerializer,
    },
    async (request) => {
      // The usual page (by id, one indexed filter at most, near the start) in one statement and round trip.
      // An overview a second's lag cannot hurt: from the replica when there is one (decision 053).
      const plan = flowPagePlan(request.query);
      if (plan) return replicaReads(request, plan);
      const { deps } = request.server;
      const { companyId } = authOf(request);
      const rangeSize = deps.config.FLOW_SORT_RANGE_SIZE;
      return replicaTx(request, (tx) =>
        queryFlows(tx, request.query, {
          rangeSize,
          onStaleRanges: (key) => scheduleSortRangeRebalance(deps, companyId, key, rangeSize),
        }),
      );
    },
  );

  r.get(
    '/api/flow/querywithdisplaynamewithaddress',
    { config: CRM, schema: { querystring: zDisplaynameQuery, response: { 200: z.array(zDisplaynameHit) } } },
    async (request) => tenantTx(request, (tx) => queryWithDisplaynameWithAddress(tx, request.query)),
  );

  r.get(
    '/api/flow/searchforsearchterm',
    { config: CRM, schema: { querystring: zGlobalSearchQuery, response: { 200: zSearchResult } } },
    async (request) => {
      const words = searchWords(request.query.query);
      const { limit } = request.query;
      // Three independent searches, each in its own transaction, at the same time.
      const [flows, relations, organizations] = await Promise.all([
        tenantTx(request, (tx) => searchFlowsFor(tx, words, limit)),
        tenantTx(request, (tx) => searchRelationsFor(tx, words, limit)),
        tenantTx(request, (tx) => searchOrganizationsFor(tx, words, limit)),
      ]);
      return { flows, relations, organizations };
    },
  );

  r.post(
    '/api/flow/getlastseenflows',
    {
      config: CRM,
      schema: {
        // The body is optional: no ids (or an empty body) lists nothing.
        body: z.object({ ids: z.array(zId).max(100).default([]) }).default({ ids: [] }),
        response: { 200: z.array(zFlowRow) },
      },
    },
    async (request) => tenantTx(request, (tx) => loadFlowRows(tx, [...new Set(request.body.ids)])),
  );

  r.get(
    '/api/flow/getusedflowtags',
    { config: CRM, schema: { response: { 200: z.array(z.string()) } } },
    async (request) =>
      tenantTx(request, async (tx) => {
        const rows = await tx.execute<{ tag: string }>(sql`
          select distinct t.tag from flow_tally t
          where t.company_id = nullif(current_setting('app.company_id', true), '')::integer
            and t.tag <> '' and t.user_id = -1 and t.lead_source = '' and t.n > 0
          order by t.tag`);
        return rows.rows.map((row) => row.tag);
      }),
  );

  r.post(
    '/api/flow',
    { config: CRM, schema: { body: zCreateFlowRequest, response: { 201: zFlow } } },
    async (request, reply) => {
      const created = await changeThenDetail(request, async (tx) => {
        await checkFlowReferences(tx, request.body, request.body.relation_id);
        return (await createFlow(tx, createFlowInput(request.body))).id;
      });
      return reply.status(201).send(created);
    },
  );

  r.get(
    '/api/flow/:id',
    { config: CRM, schema: { params: zIdParams, response: { 200: zFlow } } },
    async (request) => {
      const found = await tenantReads(request, flowDetailPlan(request.params.id));
      if (!found) throw notFound(FLOW_NOT_FOUND);
      return found;
    },
  );

  r.patch(
    '/api/flow/:id',
    { config: CRM, schema: { params: zIdParams, body: zUpdateFlowRequest, response: { 200: zFlow } } },
    async (request) => {
      const { id } = request.params;
      return changeThenDetail(request, async (tx) => {
        await updateFlow(tx, id, request.body);
        return id;
      });
    },
  );

  r.delete(
    '/api/flow/:id',
    { config: CRM, schema: { params: zIdParams, response: { 200: zMessage } } },
    async (request) => {
      await tenantTx(request, (tx) => trashFlow(tx, request.params.id));
      return { message: 'Dossier naar de prullenbak verplaatst.' };
    },
  );

  r.post(
    '/api/flow/:id/restore',
    { config: CRM, schema: { params: zIdParams, response: { 200: zFlow } } },
    async (request) => {
      const { id } = request.params;
      return changeThenDetail(request, async (tx) => {
        await restoreFlow(tx, id);
        return id;
      });
    },
  );

  r.post(
    '/api/flow/:id/forcedelete',
    { config: CRM, schema: { params: zIdParams, response: { 200: zMessage } } },
    async (request) => {
      const keys = await tenantTx(request, (tx) => forceDeleteFlow(tx, request.params.id));
      await Promise.all(keys.map((key) => app.deps.storage.delete(key)));
      return { message: 'Dossier definitief verwijderd.' };
    },
  );

  r.get(
    '/api/flow/:id/getbasicdetails',
    {
      config: CRM,
      schema: {
        params: zIdParams,
        response: {
          200: z.object({
            id: z.number().int(),
            number: z.number().int(),
            hash: z.string(),
            description: z.string(),
            flow_status: z.string(),
            relation_fullname: z.string(),
            address: z.string(),
          }),
        },
      },
    },
    async (request) => {
      const { id } = request.params;
      const row = await tenantTx(request, (tx) => loadFlowRowAnyState(tx, id));
      if (!row) throw notFound(FLOW_NOT_FOUND);
      const { number, hash, description, flow_status, relation_fullname, address } = row;
      return { id, number, hash, description, flow_status, relation_fullname, address };
    },
  );

  r.get(
    '/api/flow/:id/getrelationcontext',
    {
      config: CRM,
      schema: {
        params: zIdParams,
        response: {
          200: z.object({ relation: zRelation, flows: z.array(zFlowRow), locations: z.array(zLocation) }),
        },
      },
    },
    async (request) =>
      tenantTx(request, async (tx) => {
        const row = await findFlow(tx, request.params.id);
        if (!row) throw notFound(FLOW_NOT_FOUND);
        const [relationDto] = await loadRelations(tx, [row.relationId]);
        if (!relationDto) throw notFound(FLOW_NOT_FOUND);
        const ids = await tx
          .select({ id: flow.id })
          .from(flow)
          .where(and(eq(flow.relationId, row.relationId), isNull(flow.deletedAt)))
          .orderBy(desc(flow.id));
        return {
          relation: relationDto,
          flows: await loadFlowRows(
            tx,
            ids.map((f) => f.id),
          ),
          locations: await loadLocations(tx, eq(location.relationId, row.relationId)),
        };
      }),
  );

  r.post(
    '/api/flow/:id/changestatus',
    { config: CRM, schema: { params: zIdParams, body: zChangeStatusRequest, response: { 200: zFlow } } },
    async (request) => {
      const { id } = request.params;
      return changeThenDetail(request, async (tx) => {
        await changeFlowStatus(tx, id, request.body);
        return id;
      });
    },
  );

  r.post(
    '/api/flow/:id/rejectflow',
    { config: CRM, schema: { params: zIdParams, body: zRejectFlowRequest, response: { 200: zFlow } } },
    async (request) => {
      const { cancel_reason } = request.body ?? {};
      const { id } = request.params;
      return changeThenDetail(request, async (tx) => {
        await changeFlowStatus(tx, id, { flow_status: 'cancelled', cancel_reason });
        return id;
      });
    },
  );

  r.get(
    '/api/flow/:id/testsafedeletion',
    {
      config: CRM,
      schema: { params: zIdParams, querystring: zSafeDeletionQuery, response: { 200: zSafeDeletionResult } },
    },
    async (request) => tenantTx(request, (tx) => testSafeDeletion(tx, request.params.id, request.query.for)),
  );

  r.post(
    '/api/flow/:id/mergeflow',
    {
      config: CRM,
      schema: { params: zIdParams, body: z.object({ targetflow_id: zId }), response: { 200: zFlow } },
    },
    async (request) => {
      const target = request.body.targetflow_id;
      return changeThenDetail(request, async (tx) => {
        await mergeFlow(tx, request.params.id, target);
        return target;
      });
    },
  );

  r.post(
    '/api/flow/:id/duplicateflow',
    { config: CRM, schema: { params: zIdParams, response: { 201: zFlow } } },
    async (request, reply) => {
      const duplicate = await changeThenDetail(request, (tx) => duplicateFlow(tx, request.params.id));
      return reply.status(201).send(duplicate);
    },
  );

  r.post(
    '/api/flow/:id/resethash',
    { config: CRM, schema: { params: zIdParams, response: { 200: z.object({ hash: z.string() }) } } },
    async (request) => ({ hash: await tenantTx(request, (tx) => resetFlowHash(tx, request.params.id)) }),
  );

  r.get(
    '/api/lead/:id',
    { config: CRM, schema: { params: zIdParams, response: { 200: zLead } } },
    (request) => tenantTx(request, (tx) => getLead(tx, request.params.id)),
  );

  r.patch(
    '/api/lead/:id',
    { config: CRM, schema: { params: zIdParams, body: zUpdateLeadRequest, response: { 200: zLead } } },
    (request) => tenantTx(request, (tx) => updateLead(tx, request.params.id, request.body)),
  );
}
