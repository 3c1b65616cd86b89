// Incidents and incident types (spec 001 sections 3, 4, 6, 7; spec 002 section 3; decision 019).
import {
  INCIDENT_ACTIONS,
  INCIDENT_MESSAGES,
  zCreateIncident,
  zCreateIncidentType,
  zIdParams,
  zIncident,
  zIncidentListQuery,
  zIncidentPage,
  zIncidentPageQuery,
  zIncidentType,
  zMessage,
  zUpdateIncident,
  zUpdateIncidentType,
} from '@im/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../platform/errors';
import { moduleRoute } from '../../platform/http/access';
import { authOf, tenantTx } from '../../platform/http/request-auth';
import {
  createIncidentType,
  deleteIncidentType,
  listIncidentTypes,
  loadIncidentType,
  updateIncidentType,
} from './incident-types';
import {
  changeIncidentStatus,
  createIncident,
  deleteIncident,
  listFlowIncidents,
  loadIncident,
  queryIncidents,
  updateIncident,
} from './incidents';

export {
  customerVisibleIncidents,
  reportIncidentByCustomer,
  resolveIncidentByCustomer,
} from './customer-incidents';

const CRM = { access: moduleRoute('CRM') };
const SETTINGS = { access: moduleRoute('SETTINGS') };

export async function incidentRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const found = <T>(value: T | null, message: string): T => {
    if (value === null) throw notFound(message);
    return value;
  };
  const callerOf = (request: Parameters<typeof authOf>[0]) => {
    const auth = authOf(request);
    return { userId: auth.userId, role: auth.role };
  };

  // ------------------------------------------------------------ incidents (module CRM)
  r.get(
    '/api/incident/querypaginated',
    { config: CRM, schema: { querystring: zIncidentPageQuery, response: { 200: zIncidentPage } } },
    (request) =>
      tenantTx(request, (tx) => queryIncidents(tx, request.query, callerOf(request)), { snapshot: true }),
  );
  r.get(
    '/api/incident',
    { config: CRM, schema: { querystring: zIncidentListQuery, response: { 200: z.array(zIncident) } } },
    (request) => tenantTx(request, (tx) => listFlowIncidents(tx, request.query.flow_id)),
  );
  r.get(
    '/api/incident/:id',
    { config: CRM, schema: { params: zIdParams, response: { 200: zIncident } } },
    async (request) =>
      found(await tenantTx(request, (tx) => loadIncident(tx, request.params.id)), INCIDENT_MESSAGES.notFound),
  );
  r.post(
    '/api/incident',
    { config: CRM, schema: { body: zCreateIncident, response: { 201: zIncident } } },
    async (request, reply) => {
      const caller = callerOf(request);
      const created = await tenantTx(request, async (tx) =>
        loadIncident(tx, await createIncident(tx, request.body, caller)),
      );
      return reply.status(201).send(created!);
    },
  );
  r.patch(
    '/api/incident/:id',
    { config: CRM, schema: { params: zIdParams, body: zUpdateIncident, response: { 200: zIncident } } },
    async (request) =>
      found(
        await tenantTx(request, async (tx) =>
          (await updateIncident(tx, request.params.id, request.body, callerOf(request)))
            ? loadIncident(tx, request.params.id)
            : null,
        ),
        INCIDENT_MESSAGES.notFound,
      ),
  );
  r.delete(
    '/api/incident/:id',
    { config: CRM, schema: { params: zIdParams, response: { 200: zMessage } } },
    async (request) => {
      if (!(await tenantTx(request, (tx) => deleteIncident(tx, request.params.id))))
        throw notFound(INCIDENT_MESSAGES.notFound);
      return { message: INCIDENT_MESSAGES.deleted };
    },
  );
  // Status changes: POST /api/incident/{id}/resolve | reopen | markongoing (api-contract: an action
  // on one entity that changes something).
  for (const action of INCIDENT_ACTIONS) {
    r.post(
      `/api/incident/:id/${action}`,
      { config: CRM, schema: { params: zIdParams, response: { 200: zIncident } } },
      async (request) =>
        found(
          await tenantTx(request, async (tx) =>
            (await changeIncidentStatus(tx, request.params.id, action))
              ? loadIncident(tx, request.params.id)
              : null,
          ),
          INCIDENT_MESSAGES.notFound,
        ),
    );
  }

  // ------------------------------------------------------------ incident types
  // Read with CRM (the incident forms and filters need them); changed in the settings (SETTINGS).
  r.get(
    '/api/incidenttype',
    { config: CRM, schema: { response: { 200: z.array(zIncidentType) } } },
    (request) => tenantTx(request, (tx) => listIncidentTypes(tx)),
  );
  r.get(
    '/api/incidenttype/:id',
    { config: CRM, schema: { params: zIdParams, response: { 200: zIncidentType } } },
    async (request) =>
      found(
        await tenantTx(request, (tx) => loadIncidentType(tx, request.params.id)),
        INCIDENT_MESSAGES.typeNotFound,
      ),
  );
  r.post(
    '/api/incidenttype',
    { config: SETTINGS, schema: { body: zCreateIncidentType, response: { 201: zIncidentType } } },
    async (request, reply) => {
      const created = await tenantTx(request, async (tx) =>
        loadIncidentType(tx, await createIncidentType(tx, request.body)),
      );
      return reply.status(201).send(created!);
    },
  );
  r.patch(
    '/api/incidenttype/:id',
    {
      config: SETTINGS,
      schema: { params: zIdParams, body: zUpdateIncidentType, response: { 200: zIncidentType } },
    },
    async (request) =>
      found(
        await tenantTx(request, async (tx) =>
          (await updateIncidentType(tx, request.params.id, request.body))
            ? loadIncidentType(tx, request.params.id)
            : null,
        ),
        INCIDENT_MESSAGES.typeNotFound,
      ),
  );
  r.delete(
    '/api/incidenttype/:id',
    { config: SETTINGS, schema: { params: zIdParams, response: { 200: zMessage } } },
    async (request) => {
      if (!(await tenantTx(request, (tx) => deleteIncidentType(tx, request.params.id))))
        throw notFound(INCIDENT_MESSAGES.typeNotFound);
      return { message: INCIDENT_MESSAGES.typeDeleted };
    },
  );
}
