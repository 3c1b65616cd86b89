import {
  WORKFLOW_MESSAGES,
  zDelayedRule,
  zDryRunRequest,
  zDryRunResult,
  zEventTrigger,
  zEventTriggerRule,
  zEventTriggerRuleQuery,
  zIdParams,
  zMessage,
  zRuleOptions,
  zRuleRunPage,
  zRuleRunQuery,
  zSaveEventTriggerRule,
  zUpdateDelayedRule,
  zUpdateEventTrigger,
} from '@im/domain';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { delayedRule } from '../../platform/db/tables/workflow.schema';
import { conflict, notFound } from '../../platform/errors';
import { writeLog } from '../../platform/events/write-log';
import { moduleRoute } from '../../platform/http/access';
import { authOf, platformTx, tenantTx } from '../../platform/http/request-auth';
import { FLOW_NOT_FOUND, findFlow } from '../flows';
import { loadRuleOptions } from '../planning';
import { listDelayedRules, loadDelayedRule } from './delayed-rules';
import { dryRun } from './dry-run';
import { listEventTriggers, loadEventTrigger, updateEventTrigger } from './event-triggers';
import { listRuleRuns } from './rule-runs';
import { createRule, deleteRule, duplicateRule, listRules, loadRule, updateRule } from './rules';

const SETTINGS = { access: moduleRoute('SETTINGS') };
const SETTINGS_READ = { access: moduleRoute('SETTINGS') };
const ADMIN = { access: moduleRoute('ADMIN') };
const CRM = { access: moduleRoute('CRM') };

export async function workflowRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const found = <T>(value: T | null, message: string): T => {
    if (value === null) throw notFound(message);
    return value;
  };

  // ------------------------------------------------------------ event triggers
  r.get(
    '/api/eventtrigger',
    { config: SETTINGS_READ, schema: { response: { 200: z.array(zEventTrigger) } } },
    (request) => tenantTx(request, (tx) => listEventTriggers(tx)),
  );
  r.get(
    '/api/eventtrigger/:id',
    { config: SETTINGS_READ, schema: { params: zIdParams, response: { 200: zEventTrigger } } },
    async (request) =>
      found(
        await tenantTx(request, (tx) => loadEventTrigger(tx, request.params.id)),
        WORKFLOW_MESSAGES.triggerNotFound,
      ),
  );
  r.patch(
    '/api/eventtrigger/:id',
    {
      config: ADMIN,
      schema: { params: zIdParams, body: zUpdateEventTrigger, response: { 200: zEventTrigger } },
    },
    async (request) =>
      found(
        await platformTx(request, async (tx) =>
          (await updateEventTrigger(tx, request.params.id, request.body))
            ? loadEventTrigger(tx, request.params.id)
            : null,
        ),
        WORKFLOW_MESSAGES.triggerNotFound,
      ),
  );

  // ------------------------------------------------------------ rules
  r.get(
    '/api/eventtriggerrule',
    {
      config: SETTINGS,
      schema: { querystring: zEventTriggerRuleQuery, response: { 200: z.array(zEventTriggerRule) } },
    },
    (request) => tenantTx(request, (tx) => listRules(tx, request.query)),
  );
  r.get(
    '/api/eventtriggerrule/options',
    { config: SETTINGS, schema: { response: { 200: zRuleOptions } } },
    (request) => tenantTx(request, (tx) => loadRuleOptions(tx)),
  );
  r.post(
    '/api/eventtriggerrule/dryrun',
    { config: CRM, schema: { body: zDryRunRequest, response: { 200: zDryRunResult } } },
    async (request) =>
      found(
        await tenantTx(request, (tx) => dryRun(tx, request.body.flow_id, request.body.event_trigger_tag)),
        FLOW_NOT_FOUND,
      ),
  );
  r.get(
    '/api/eventtriggerrule/:id',
    { config: SETTINGS, schema: { params: zIdParams, response: { 200: zEventTriggerRule } } },
    async (request) =>
      found(await tenantTx(request, (tx) => loadRule(tx, request.params.id)), WORKFLOW_MESSAGES.ruleNotFound),
  );
  r.post(
    '/api/eventtriggerrule',
    { config: SETTINGS, schema: { body: zSaveEventTriggerRule, response: { 201: zEventTriggerRule } } },
    async (request, reply) => {
      const auth = authOf(request);
      const created = await tenantTx(request, async (tx) =>
        loadRule(tx, await createRule(tx, request.body, auth.userId)),
      );
      return reply.status(201).send(created!);
    },
  );
  r.patch(
    '/api/eventtriggerrule/:id',
    {
      config: SETTINGS,
      schema: { params: zIdParams, body: zSaveEventTriggerRule, response: { 200: zEventTriggerRule } },
    },
    async (request) =>
      found(
        await tenantTx(request, async (tx) =>
          (await updateRule(tx, request.params.id, request.body)) ? loadRule(tx, request.params.id) : null,
        ),
        WORKFLOW_MESSAGES.ruleNotFound,
      ),
  );
  r.delete(
    '/api/eventtriggerrule/:id',
    { config: SETTINGS, schema: { params: zIdParams, response: { 200: zMessage } } },
    async (request) => {
      found(
        (await tenantTx(request, (tx) => deleteRule(tx, request.params.id))) || null,
        WORKFLOW_MESSAGES.ruleNotFound,
      );
      return { message: 'Workflowregel verwijderd.' };
    },
  );
  r.post(
    '/api/eventtriggerrule/:id/duplicate',
    { config: SETTINGS, schema: { params: zIdParams, response: { 201: zEventTriggerRule } } },
    async (request, reply) => {
      const auth = authOf(request);
      const copy = await tenantTx(request, async (tx) => {
        const id = await duplicateRule(tx, request.params.id, auth.userId);
        return id === null ? null : loadRule(tx, id);
      });
      return reply.status(201).send(found(copy, WORKFLOW_MESSAGES.ruleNotFound));
    },
  );

  // ------------------------------------------------------------ delayed rules and the why log of a flow
  r.get(
    '/api/flow/:id/delayedrules',
    { config: CRM, schema: { params: zIdParams, response: { 200: z.array(zDelayedRule) } } },
    async (request) =>
      found(
        await tenantTx(request, async (tx) =>
          (await findFlow(tx, request.params.id)) ? listDelayedRules(tx, request.params.id) : null,
        ),
        FLOW_NOT_FOUND,
      ),
  );
  r.get(
    '/api/flow/:id/ruleruns',
    {
      config: CRM,
      schema: { params: zIdParams, querystring: zRuleRunQuery, response: { 200: zRuleRunPage } },
    },
    async (request) =>
      found(
        await tenantTx(request, async (tx) =>
          (await findFlow(tx, request.params.id)) ? listRuleRuns(tx, request.params.id, request.query) : null,
        ),
        FLOW_NOT_FOUND,
      ),
  );
  const pendingOnly = async (tx: Parameters<Parameters<typeof tenantTx>[1]>[0], id: number) => {
    const row = await loadDelayedRule(tx, id);
    if (!row) throw notFound(WORKFLOW_MESSAGES.delayedNotFound);
    if (row.status !== 'pending') throw conflict(WORKFLOW_MESSAGES.delayedNotPending);
    return row;
  };
  r.patch(
    '/api/delayedrule/:id',
    { config: CRM, schema: { params: zIdParams, body: zUpdateDelayedRule, response: { 200: zDelayedRule } } },
    async (request) =>
      tenantTx(request, async (tx) => {
        const row = await pendingOnly(tx, request.params.id);
        const dueAt = new Date(request.body.due_at);
        await tx
          .update(delayedRule)
          .set({ dueAt })
          .where(and(eq(delayedRule.id, row.id), eq(delayedRule.status, 'pending')));
        await writeLog(tx, {
          type: 'delayedrule',
          id: row.id,
          action: 'update',
          description: 'Tijdstip van een geplande workflowregel gewijzigd',
          flowId: row.flowId,
          changes: { due_at: [row.dueAt.toISOString(), dueAt.toISOString()] },
        });
        return (await listDelayedRules(tx, row.flowId)).find((d) => d.id === row.id)!;
      }),
  );
  r.delete(
    '/api/delayedrule/:id',
    { config: CRM, schema: { params: zIdParams, response: { 200: zMessage } } },
    async (request) => {
      await tenantTx(request, async (tx) => {
        const row = await pendingOnly(tx, request.params.id);
        const auth = authOf(request);
        await tx
          .update(delayedRule)
          .set({ status: 'cancelled', reason: 'Verwijderd door een medewerker.', finishedAt: new Date() })
          .where(eq(delayedRule.id, row.id));
        await writeLog(tx, {
          type: 'delayedrule',
          id: row.id,
          action: 'delete',
          description: 'Geplande workflowregel verwijderd',
          flowId: row.flowId,
          changes: { by_user: auth.userId },
        });
      });
      return { message: 'Geplande workflowregel verwijderd.' };
    },
  );
}
