// Quickr and Glbl (spec 002 section 7 "Integrations on flow data items", spec 000 sections 7 and 8; decision
// 071). Linking is the company's setting (SETTINGS, role 1000); the calls on a flow data item are for anyone
// who may fill in the flow's forms (CRM). Unlinking is the shared DELETE /api/integrations/{service}/{id}.
import {
  zFlowDataItemRef,
  zGlblLink,
  zGlblResult,
  zMessage,
  zQuickrLink,
  zQuickrLoginUrl,
  zQuickrResult,
} from '@im/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { moduleRoute } from '../../platform/http/access';
import { authOf } from '../../platform/http/request-auth';
import { generateReport, reportStatus } from './glbl-report';
import { integrationContext } from './integration-context';
import { createDesign, getDesign, quickrLoginUrl, scanRoof } from './quickr-design';
import { linkGlbl, linkQuickr } from './solar-connection';

const MANAGE = { access: moduleRoute('SETTINGS', 1000) };
const FORMS = { access: moduleRoute('CRM') };

/** A new design or report although the item has one (spec: one per item unless asked again). */
const zAgain = zFlowDataItemRef.extend({
  again: z.union([z.boolean(), z.literal(1), z.literal(0), z.literal('1'), z.literal('0')]).optional(),
});
const isAgain = (again: boolean | 0 | 1 | '0' | '1' | undefined) =>
  again === true || again === 1 || again === '1';

export async function solarRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const ctx = () => integrationContext(app.deps);
  const actorOf = (request: Parameters<typeof authOf>[0]) => {
    const auth = authOf(request);
    return { companyId: auth.companyId, userId: auth.userId };
  };

  r.post(
    '/api/integrations/quickr/link',
    {
      config: MANAGE,
      schema: {
        summary: 'Quickr koppelen met het Quickr-account van het bedrijf',
        body: zQuickrLink,
        response: { 200: zMessage },
      },
    },
    async (request) => linkQuickr(ctx(), actorOf(request), request.body),
  );

  r.post(
    '/api/integrations/glbl/link',
    {
      config: MANAGE,
      schema: {
        summary: 'Glbl koppelen met een API-sleutel',
        body: zGlblLink,
        response: { 200: zMessage },
      },
    },
    async (request) => linkGlbl(ctx(), actorOf(request), request.body),
  );

  const quickr = (
    path: string,
    summary: string,
    run: (actor: { companyId: number; userId: number }, id: number) => Promise<unknown>,
  ) =>
    r.post(
      `/api/integrations/quickr/${path}`,
      { config: FORMS, schema: { summary, body: zFlowDataItemRef, response: { 200: zQuickrResult } } },
      async (request) => run(actorOf(request), request.body.flowDataItemId) as never,
    );

  quickr('scan', 'Quickr: het dak op het adres van het dossier scannen', (a, id) => scanRoof(ctx(), a, id));
  quickr('getdesign', 'Quickr: het ontwerp opnieuw ophalen', (a, id) => getDesign(ctx(), a, id));

  r.post(
    '/api/integrations/quickr/createdesign',
    {
      config: FORMS,
      schema: {
        summary: 'Quickr: een ontwerp maken (één per formulier, tenzij opnieuw gevraagd)',
        body: zAgain,
        response: { 200: zQuickrResult },
      },
    },
    async (request) =>
      createDesign(ctx(), actorOf(request), request.body.flowDataItemId, isAgain(request.body.again)),
  );

  r.post(
    '/api/integrations/quickr/login',
    {
      config: FORMS,
      schema: {
        summary: 'Quickr: adres dat Quickr ingelogd opent bij het ontwerp van dit formulier',
        body: zFlowDataItemRef,
        response: { 200: zQuickrLoginUrl },
      },
    },
    async (request) => quickrLoginUrl(ctx(), actorOf(request), request.body.flowDataItemId),
  );

  r.post(
    '/api/integrations/glbl/generatereport',
    {
      config: FORMS,
      schema: {
        summary: 'Glbl: een rapport laten maken (één tegelijk per formulier)',
        body: zAgain,
        response: { 200: zGlblResult },
      },
    },
    async (request) =>
      generateReport(ctx(), actorOf(request), request.body.flowDataItemId, isAgain(request.body.again)),
  );

  r.post(
    '/api/integrations/glbl/status',
    {
      config: FORMS,
      schema: {
        summary: 'Glbl: de stand van het rapport; klaar: de PDF bij de bestanden van het dossier',
        body: zFlowDataItemRef,
        response: { 200: zGlblResult },
      },
    },
    async (request) => reportStatus(ctx(), app.deps.storage, actorOf(request), request.body.flowDataItemId),
  );
}
