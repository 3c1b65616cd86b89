import {
  PARTNER_PROJECT_TEXTS as T,
  zAvailableDocuments,
  zAvailableDocumentsQuery,
  zBulkStarted,
  zCombineFlows,
  zCopyDocuments,
  zCopyFlowDataItems,
  zCreateFlowInProject,
  zCreatePartnerProject,
  zEditStatusses,
  zFlowDocumentChoice,
  zFlowSelection,
  zIdParams,
  zMessage,
  zPartnerProject,
  zPartnerProjectFilterOptions,
  zPartnerProjectPage,
  zPartnerProjectQuery,
  zPartnerProjectWithLogItems,
  zProjectFlowPage,
  zProjectFlowQuery,
  zProjectPresets,
  zUpdatePartnerProject,
  zUpdatePartnerProjectStatus,
  zUpdateTags,
  zUsedFlowTypes,
  zUsedVerticals,
} from '@im/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Tx } from '../../platform/db/database';
import { notFound } from '../../platform/errors';
import { moduleRoute, partnerRoute } from '../../platform/http/access';
import { authOf, tenantTx } from '../../platform/http/request-auth';
import { partnerOfUser } from '../partners';
import type { BulkAction } from './bulk-actions';
import { loadProject, loadProjectLogItems } from './partner-project-dto';
import {
  availableDocuments,
  documentsFromFlows,
  projectFilterOptions,
  queryProjectFlows,
  usedFlowTypes,
  usedVerticals,
} from './project-flows';
import {
  createFlowInProject,
  liveFlowExists,
  projectPresets,
  queryPartnerProjects,
} from './query-partner-projects';
import {
  createPartnerProject,
  deletePartnerProject,
  projectRow,
  updatePartnerProject,
  updatePartnerProjectStatus,
} from './save-partner-project';
import { checkBulk, startBulk } from './start-bulk';

// Spec 000 section 2: partner projects belong to PARTNERMANAGEMENT, the cockpit to PROJECTMANAGEMENT;
// creating, changing and deleting a project takes a manager, as partners do (decision 062).
const READ = { access: moduleRoute('PARTNERMANAGEMENT') };
const MANAGE = { access: moduleRoute('PARTNERMANAGEMENT', 1000) };
const COCKPIT = { access: moduleRoute('PROJECTMANAGEMENT') };
const PARTNER_READ = { access: partnerRoute('PARTNER') };

const missing = () => notFound(T.notFound);

/** Runs `fn` when the project is the company's, else 404. */
async function withProject<R>(request: FastifyRequest, id: number, fn: (tx: Tx) => Promise<R>): Promise<R> {
  const result = await tenantTx(request, async (tx) =>
    (await projectRow(tx, id)) ? { value: await fn(tx) } : null,
  );
  if (!result) throw missing();
  return result.value;
}

/** A partner user's project: their partner's only; anything else is 404. */
async function withOwnProject<R>(
  request: FastifyRequest,
  id: number,
  fn: (tx: Tx) => Promise<R>,
): Promise<R> {
  const result = await tenantTx(request, async (tx) => {
    const mine = await partnerOfUser(tx, authOf(request).userId);
    const row = await projectRow(tx, id);
    return row && row.partnerId === mine.id ? { value: await fn(tx) } : null;
  });
  if (!result) throw missing();
  return result.value;
}

export async function partnerProjectRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/partnerproject/querypaginated',
    {
      config: READ,
      schema: {
        summary: 'Partnerprojecten (gepagineerd, eventueel van één partner)',
        querystring: zPartnerProjectQuery,
        response: { 200: zPartnerProjectPage },
      },
    },
    async (request) => tenantTx(request, (tx) => queryPartnerProjects(tx, request.query), { snapshot: true }),
  );

  r.get(
    '/api/partnerproject/getprojectpresets',
    {
      config: READ,
      schema: {
        summary: 'Keuzes voor de instellingen van een partnerproject',
        response: { 200: zProjectPresets },
      },
    },
    async (request) => tenantTx(request, (tx) => projectPresets(tx)),
  );

  r.get(
    '/api/partnerproject/indexforpartner',
    {
      config: PARTNER_READ,
      schema: {
        summary: 'Partnerprojecten van de partner van de ingelogde partnergebruiker',
        response: { 200: z.array(zPartnerProject) },
      },
    },
    async (request) =>
      tenantTx(request, async (tx) => {
        const mine = await partnerOfUser(tx, authOf(request).userId);
        const page = await queryPartnerProjects(tx, { partnerId: mine.id, offset: 0, limit: 100 });
        return page.data;
      }),
  );

  r.get(
    '/api/partnerproject/:id',
    {
      config: READ,
      schema: { summary: 'Eén partnerproject', params: zIdParams, response: { 200: zPartnerProject } },
    },
    async (request) =>
      withProject(request, request.params.id, async (tx) => (await loadProject(tx, request.params.id))!),
  );

  r.get(
    '/api/partnerproject/:id/getwithlogitems',
    {
      config: READ,
      schema: {
        summary: 'Eén partnerproject met zijn logboek',
        params: zIdParams,
        response: { 200: zPartnerProjectWithLogItems },
      },
    },
    async (request) =>
      withProject(request, request.params.id, async (tx) => ({
        ...(await loadProject(tx, request.params.id))!,
        logitems: await loadProjectLogItems(tx, request.params.id),
      })),
  );

  r.post(
    '/api/partnerproject',
    {
      config: MANAGE,
      schema: {
        summary: 'Partnerproject aanmaken',
        body: zCreatePartnerProject,
        response: { 201: zPartnerProject },
      },
    },
    async (request, reply) => {
      const created = await tenantTx(request, async (tx) =>
        loadProject(tx, await createPartnerProject(tx, request.body)),
      );
      return reply.status(201).send(created!);
    },
  );

  r.patch(
    '/api/partnerproject/:id',
    {
      config: MANAGE,
      schema: {
        summary: 'Partnerproject wijzigen',
        params: zIdParams,
        body: zUpdatePartnerProject,
        response: { 200: zPartnerProject },
      },
    },
    async (request) => {
      const updated = await tenantTx(request, async (tx) =>
        (await updatePartnerProject(tx, request.params.id, request.body))
          ? loadProject(tx, request.params.id)
          : null,
      );
      if (!updated) throw missing();
      return updated;
    },
  );

  r.delete(
    '/api/partnerproject/:id',
    {
      config: MANAGE,
      schema: {
        summary: 'Partnerproject verwijderen (de dossiers blijven)',
        params: zIdParams,
        response: { 200: zMessage },
      },
    },
    async (request) => {
      if (!(await tenantTx(request, (tx) => deletePartnerProject(tx, request.params.id)))) throw missing();
      return { message: T.deleted };
    },
  );

  for (const [path, summary] of [
    ['updatestatus', 'Fase van het partnerproject zetten'],
    ['nextphase', 'Partnerproject naar de volgende fase'],
  ] as const) {
    r.post(
      `/api/partnerproject/:id/${path}`,
      {
        config: COCKPIT,
        schema: {
          summary,
          params: zIdParams,
          ...(path === 'updatestatus' ? { body: zUpdatePartnerProjectStatus } : {}),
          response: { 200: zPartnerProject },
        },
      },
      async (request) => {
        const to =
          path === 'nextphase'
            ? 'next'
            : (request.body as z.infer<typeof zUpdatePartnerProjectStatus>).status;
        const updated = await tenantTx(request, async (tx) =>
          (await updatePartnerProjectStatus(tx, request.params.id, to))
            ? loadProject(tx, request.params.id)
            : null,
        );
        if (!updated) throw missing();
        return updated;
      },
    );
  }

  r.get(
    '/api/partnerproject/:id/getfilteroptions',
    {
      config: COCKPIT,
      schema: {
        summary: 'Filterkeuzes van de cockpit',
        params: zIdParams,
        response: { 200: zPartnerProjectFilterOptions },
      },
    },
    async (request) =>
      withProject(request, request.params.id, (tx) => projectFilterOptions(tx, request.params.id)),
  );

  r.get(
    '/api/partnerproject/:id/getusedverticalsinflows',
    {
      config: COCKPIT,
      schema: {
        summary: 'Formulieren die in de dossiers van het project zijn gebruikt',
        params: zIdParams,
        response: { 200: zUsedVerticals },
      },
    },
    async (request) => withProject(request, request.params.id, (tx) => usedVerticals(tx, request.params.id)),
  );

  r.get(
    '/api/partnerproject/:id/getusedflowtypes',
    {
      config: COCKPIT,
      schema: {
        summary: 'Dossiertypes van het project',
        params: zIdParams,
        response: { 200: zUsedFlowTypes },
      },
    },
    async (request) => withProject(request, request.params.id, (tx) => usedFlowTypes(tx, request.params.id)),
  );

  r.get(
    '/api/partnerproject/:id/flows',
    {
      config: COCKPIT,
      schema: {
        summary: 'Dossiers van het project (gepagineerd; geannuleerde en het hoofddossier niet)',
        params: zIdParams,
        querystring: zProjectFlowQuery,
        response: { 200: zProjectFlowPage },
      },
    },
    async (request) =>
      withProject(request, request.params.id, (tx) =>
        queryProjectFlows(tx, request.params.id, request.query),
      ),
  );

  r.get(
    '/api/partnerproject/:id/getdocumentsfromflows',
    {
      config: COCKPIT,
      schema: {
        summary: 'Documenten op de dossiers van het project',
        params: zIdParams,
        response: { 200: z.array(zFlowDocumentChoice) },
      },
    },
    async (request) =>
      withProject(request, request.params.id, (tx) => documentsFromFlows(tx, request.params.id)),
  );

  r.get(
    '/api/partnerproject/:id/getavailabledocuments',
    {
      config: COCKPIT,
      schema: {
        summary: 'Documenten en formulieren van één dossier om te kopiëren',
        params: zIdParams,
        querystring: zAvailableDocumentsQuery,
        response: { 200: zAvailableDocuments },
      },
    },
    async (request) =>
      withProject(request, request.params.id, async (tx) => {
        if (!(await liveFlowExists(tx, request.query.flow_id))) throw notFound(T.flowNotFound);
        return availableDocuments(tx, request.query.flow_id);
      }),
  );

  r.post(
    '/api/partnerproject/:id/createbypartnerproject',
    {
      config: { access: moduleRoute('PROJECTMANAGEMENT') },
      schema: {
        summary: 'Nieuw dossier in het project',
        params: zIdParams,
        body: zCreateFlowInProject,
        response: { 201: z.object({ id: z.number().int(), number: z.number().int() }) },
      },
    },
    async (request, reply) => {
      const created = await withProject(request, request.params.id, (tx) =>
        createFlowInProject(tx, request.params.id, request.body),
      );
      return reply.status(201).send(created);
    },
  );

  // The bulk actions (spec 001 section 7): each answers a batch id at once and runs as a batch job.
  const bulk = <S extends z.ZodType>(
    path: string,
    summary: string,
    body: S,
    toAction: (b: z.infer<S>) => BulkAction | 'combine',
  ) =>
    r.post(
      `/api/partnerproject/:id/${path}`,
      { config: COCKPIT, schema: { summary, params: zIdParams, body, response: { 200: zBulkStarted } } },
      async (request) => {
        const input = request.body as z.infer<S> & z.infer<typeof zFlowSelection>;
        const action = toAction(input);
        return withProject(request, request.params.id, async (tx) => {
          const checked = await checkBulk(
            tx,
            request.params.id,
            input,
            action,
            input,
            authOf(request).modules,
          );
          return startBulk(tx, app.deps.jobs, request.params.id, checked);
        });
      },
    );

  bulk('startprojectphase', 'Projectfase starten voor de gekozen dossiers', zFlowSelection, () => ({
    action: 'startprojectphase',
  }));
  bulk('editstatusses', 'Status of fase van de gekozen dossiers wijzigen', zEditStatusses, (b) => ({
    action: 'editstatusses',
    newFlowStatus: b.newFlowStatus ?? null,
    newFlowPhaseId: b.newFlowPhaseId ?? null,
  }));
  bulk(
    'copydocuments',
    'Documenten van een dossier naar de gekozen dossiers kopiëren',
    zCopyDocuments,
    (b) => ({
      action: 'copydocuments',
      copyFromFlowId: b.copyFromFlowId,
      selectedDocuments: b.selectedDocuments,
      newStatus: b.newStatus ?? null,
    }),
  );
  bulk(
    'copyflowdataitems',
    'Formulieren van een dossier naar de gekozen dossiers kopiëren',
    zCopyFlowDataItems,
    (b) => ({
      action: 'copyflowdataitems',
      copyFromFlowId: b.copyFromFlowId,
      selectedFlowDataItemIds: b.selectedFlowDataItemIds,
    }),
  );
  bulk(
    'combineflowsintodocument',
    'Gekozen dossiers combineren tot één offerte of factuur op het hoofddossier',
    zCombineFlows,
    () => 'combine',
  );
  bulk(
    'standardaction',
    'Standaardactie: de gekozen dossiers naar hun volgende status',
    zFlowSelection,
    () => ({
      action: 'standardaction',
    }),
  );
  bulk('copyfrommodels', 'Kopiëren van de typemodellen naar de gekozen dossiers', zFlowSelection, () => ({
    action: 'copyfrommodels',
    modelFlows: [],
  }));
  bulk('updatetags', 'Labels van de gekozen dossiers toevoegen of verwijderen', zUpdateTags, (b) => ({
    action: 'updatetags',
    addableTags: b.addableTags,
    removableTags: b.removableTags,
  }));

  // Partner users: their partner's projects and those projects' flows, read-only (decision 062).
  r.get(
    '/api/partnerproject/:id/getforpartner',
    {
      config: PARTNER_READ,
      schema: {
        summary: 'Eén partnerproject zoals de partnergebruiker het ziet',
        params: zIdParams,
        response: { 200: zPartnerProject },
      },
    },
    async (request) =>
      withOwnProject(request, request.params.id, async (tx) => (await loadProject(tx, request.params.id))!),
  );

  r.get(
    '/api/partnerproject/:id/flowsforpartner',
    {
      config: PARTNER_READ,
      schema: {
        summary: 'Dossiers van een partnerproject voor de partnergebruiker (alleen lezen)',
        params: zIdParams,
        querystring: zProjectFlowQuery,
        response: { 200: zProjectFlowPage },
      },
    },
    async (request) =>
      withOwnProject(request, request.params.id, (tx) =>
        queryProjectFlows(tx, request.params.id, request.query),
      ),
  );
}
