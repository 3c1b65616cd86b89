// Routes of forms (verticals, data fields), flow data items, intakes and projects (decision 023).
import {
  FORM_MESSAGES,
  zAddLocation,
  zCreateFlowDataItem,
  zCreateIntake,
  zCreateProject,
  zCreateVertical,
  zCreateVerticalDataField,
  zFlowData,
  zFlowDataItem,
  zFlowDataItemListQuery,
  zFlowDataLocations,
  zIdParams,
  zIntake,
  zIntakeDetail,
  zIntakePage,
  zMessage,
  zProject,
  zProjectDetail,
  zProjectPage,
  zRemoveLocation,
  zResetIntakeToTemplate,
  zResetProjectToTemplate,
  zSaveStageAsTemplate,
  zStagePageQuery,
  zUpdateFlowData,
  zUpdateFlowDataItem,
  zUpdateIntake,
  zUpdateLocationData,
  zUpdateProject,
  zUpdateVertical,
  zUpdateVerticalDataField,
  zVertical,
  zVerticalDataField,
  zVerticalDetail,
  zVerticalListQuery,
  zVerticalPage,
  zVerticalPageQuery,
} from '@im/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Tx } from '../../platform/db/database';
import { notFound } from '../../platform/errors';
import { moduleRoute } from '../../platform/http/access';
import { tenantTx } from '../../platform/http/request-auth';
import { profileFormWhitelist } from '../flowprofiles';
import { removePictureFiles } from '../pictures';
import { flowDataLocations, getFlowData, updateFlowData } from './flow-data';
import {
  addLocation,
  createItem,
  deleteItem,
  listItems,
  loadItem,
  removeLocation,
  setItemStatus,
  updateItemValues,
  updateLocationData,
} from './flow-data-items';
import {
  createIntake,
  deleteIntake,
  loadIntake,
  queryIntakes,
  resetIntakeToTemplate,
  saveIntakeAsTemplate,
  updateIntake,
} from './intakes';
import {
  createProject,
  deleteProject,
  duplicateProjectTemplate,
  flowHasApprovedDocument,
  loadProject,
  queryProjects,
  resetProjectToTemplate,
  saveProjectAsTemplate,
  updateProject,
} from './projects';
import {
  archiveVertical,
  createField,
  createVertical,
  deleteField,
  duplicateField,
  duplicateVertical,
  listLiveFields,
  listVerticals,
  loadVertical,
  queryVerticals,
  requireField,
  restoreVertical,
  serializeField,
  updateField,
  updateVertical,
} from './verticals';

const CRM = { access: moduleRoute('CRM') };
const SETTINGS = { access: moduleRoute('SETTINGS') };
const INTAKE = { access: moduleRoute('INTAKE') };
const PROJECT = { access: moduleRoute('PROJECT') };
/** Spec 002 section 4: a manager rolls a submitted form back or marks it submitted. */
const MANAGER = { access: moduleRoute('CRM', 1000) };

const params = { params: zIdParams };

function found<T>(value: T | null, message: string): T {
  if (value === null) throw notFound(message);
  return value;
}

export async function formRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  // ------------------------------------------------------------ verticals (forms)
  const vertical = (
    request: Parameters<typeof tenantTx>[0],
    id: number,
    change?: (tx: Tx) => Promise<unknown>,
  ) =>
    tenantTx(request, async (tx) => {
      await change?.(tx);
      return found(await loadVertical(tx, id), FORM_MESSAGES.verticalNotFound);
    });
  r.get(
    '/api/vertical/querypaginated',
    { config: SETTINGS, schema: { querystring: zVerticalPageQuery, response: { 200: zVerticalPage } } },
    (request) => tenantTx(request, (tx) => queryVerticals(tx, request.query), { snapshot: true }),
  );
  r.get(
    '/api/vertical',
    { config: CRM, schema: { querystring: zVerticalListQuery, response: { 200: z.array(zVertical) } } },
    (request) =>
      tenantTx(request, async (tx) => {
        const { type, flow_id: flowId } = request.query;
        // For one flow: only the forms its request profile allows (the server refuses the others).
        return listVerticals(tx, type, flowId === undefined ? null : await profileFormWhitelist(tx, flowId));
      }),
  );
  r.get(
    '/api/vertical/:id',
    { config: CRM, schema: { ...params, response: { 200: zVerticalDetail } } },
    (request) => vertical(request, request.params.id),
  );
  r.post(
    '/api/vertical',
    { config: SETTINGS, schema: { body: zCreateVertical, response: { 201: zVerticalDetail } } },
    async (request, reply) => {
      const created = await tenantTx(request, async (tx) =>
        loadVertical(tx, await createVertical(tx, request.body)),
      );
      return reply.status(201).send(created!);
    },
  );
  r.patch(
    '/api/vertical/:id',
    { config: SETTINGS, schema: { ...params, body: zUpdateVertical, response: { 200: zVerticalDetail } } },
    (request) =>
      vertical(request, request.params.id, (tx) => updateVertical(tx, request.params.id, request.body)),
  );
  r.delete(
    '/api/vertical/:id',
    { config: SETTINGS, schema: { ...params, response: { 200: zMessage } } },
    async (request) => {
      await tenantTx(request, (tx) => archiveVertical(tx, request.params.id));
      return { message: FORM_MESSAGES.verticalArchivedDone };
    },
  );
  r.post(
    '/api/vertical/:id/restore',
    { config: SETTINGS, schema: { ...params, response: { 200: zVerticalDetail } } },
    (request) => vertical(request, request.params.id, (tx) => restoreVertical(tx, request.params.id)),
  );
  r.post(
    '/api/vertical/:id/duplicate',
    { config: SETTINGS, schema: { ...params, response: { 201: zVerticalDetail } } },
    async (request, reply) => {
      const copy = await tenantTx(request, async (tx) =>
        loadVertical(tx, await duplicateVertical(tx, request.params.id)),
      );
      return reply.status(201).send(copy!);
    },
  );

  // ------------------------------------------------------------ vertical data fields
  const field = (request: Parameters<typeof tenantTx>[0], change: (tx: Tx) => Promise<number>) =>
    tenantTx(request, async (tx) => serializeField(await requireField(tx, await change(tx))));
  r.get(
    '/api/verticaldatafield',
    { config: CRM, schema: { response: { 200: z.array(zVerticalDataField) } } },
    (request) => tenantTx(request, (tx) => listLiveFields(tx)),
  );
  r.get(
    '/api/verticaldatafield/:id',
    { config: CRM, schema: { ...params, response: { 200: zVerticalDataField } } },
    (request) => field(request, async () => request.params.id),
  );
  r.post(
    '/api/verticaldatafield',
    { config: SETTINGS, schema: { body: zCreateVerticalDataField, response: { 201: zVerticalDataField } } },
    async (request, reply) =>
      reply.status(201).send(await field(request, (tx) => createField(tx, request.body))),
  );
  r.patch(
    '/api/verticaldatafield/:id',
    {
      config: SETTINGS,
      schema: { ...params, body: zUpdateVerticalDataField, response: { 200: zVerticalDataField } },
    },
    (request) =>
      field(request, async (tx) => {
        await updateField(tx, request.params.id, request.body);
        return request.params.id;
      }),
  );
  r.delete(
    '/api/verticaldatafield/:id',
    { config: SETTINGS, schema: { ...params, response: { 200: zMessage } } },
    async (request) => {
      await tenantTx(request, (tx) => deleteField(tx, request.params.id));
      return { message: FORM_MESSAGES.fieldDeleted };
    },
  );
  r.post(
    '/api/verticaldatafield/:id/duplicate',
    { config: SETTINGS, schema: { ...params, response: { 201: zVerticalDataField } } },
    async (request, reply) =>
      reply.status(201).send(await field(request, (tx) => duplicateField(tx, request.params.id))),
  );

  // ------------------------------------------------------------ flow data items
  const item = (request: Parameters<typeof tenantTx>[0], id: number, change?: (tx: Tx) => Promise<unknown>) =>
    tenantTx(request, async (tx) => {
      await change?.(tx);
      return found(await loadItem(tx, id), FORM_MESSAGES.itemNotFound);
    });
  // The flow data (one per flow; id: the flow's) -------------------------------------------------
  r.get(
    '/api/flowdata/:id',
    {
      config: CRM,
      schema: {
        summary: "A flow's forms data: its note and filled-in copies",
        ...params,
        response: { 200: zFlowData },
      },
    },
    (request) => tenantTx(request, (tx) => getFlowData(tx, request.params.id)),
  );
  r.patch(
    '/api/flowdata/:id',
    {
      config: CRM,
      schema: {
        summary: "Update the note on a flow's forms data",
        ...params,
        body: zUpdateFlowData,
        response: { 200: zFlowData },
      },
    },
    (request) => tenantTx(request, (tx) => updateFlowData(tx, request.params.id, request.body)),
  );
  r.get(
    '/api/flowdata/:id/getlocations',
    {
      config: CRM,
      schema: {
        summary: "getLocations: the named locations over a flow's filled-in copies",
        ...params,
        response: { 200: zFlowDataLocations },
      },
    },
    (request) => tenantTx(request, (tx) => flowDataLocations(tx, request.params.id)),
  );

  r.get(
    '/api/flowdataitem',
    {
      config: CRM,
      schema: { querystring: zFlowDataItemListQuery, response: { 200: z.array(zFlowDataItem) } },
    },
    (request) =>
      tenantTx(request, (tx) =>
        listItems(tx, {
          flowId: request.query.flow_id,
          intakeId: request.query.intake_id,
          projectId: request.query.project_id,
          type: request.query.type,
        }),
      ),
  );
  r.get(
    '/api/flowdataitem/:id',
    { config: CRM, schema: { ...params, response: { 200: zFlowDataItem } } },
    (request) => item(request, request.params.id),
  );
  r.post(
    '/api/flowdataitem',
    { config: CRM, schema: { body: zCreateFlowDataItem, response: { 201: zFlowDataItem } } },
    async (request, reply) => {
      const created = await tenantTx(request, async (tx) => loadItem(tx, await createItem(tx, request.body)));
      return reply.status(201).send(created!);
    },
  );
  r.patch(
    '/api/flowdataitem/:id',
    { config: CRM, schema: { ...params, body: zUpdateFlowDataItem, response: { 200: zFlowDataItem } } },
    (request) =>
      item(request, request.params.id, (tx) => updateItemValues(tx, request.params.id, request.body.values)),
  );
  r.delete(
    '/api/flowdataitem/:id',
    { config: CRM, schema: { ...params, response: { 200: zMessage } } },
    async (request) => {
      await removePictureFiles(
        app.deps.storage,
        await tenantTx(request, (tx) => deleteItem(tx, request.params.id)),
        request.log,
      );
      return { message: FORM_MESSAGES.itemDeleted };
    },
  );
  r.post(
    '/api/flowdataitem/:id/marksent',
    { config: MANAGER, schema: { ...params, response: { 200: zFlowDataItem } } },
    (request) => item(request, request.params.id, (tx) => setItemStatus(tx, request.params.id, 'sent')),
  );
  r.post(
    '/api/flowdataitem/:id/rollbackstatus',
    { config: MANAGER, schema: { ...params, response: { 200: zFlowDataItem } } },
    (request) => item(request, request.params.id, (tx) => setItemStatus(tx, request.params.id, 'open')),
  );
  r.post(
    '/api/flowdataitem/:id/addlocation',
    { config: CRM, schema: { ...params, body: zAddLocation, response: { 200: zFlowDataItem } } },
    (request) =>
      item(request, request.params.id, (tx) => addLocation(tx, request.params.id, request.body.name)),
  );
  r.post(
    '/api/flowdataitem/:id/removelocation',
    { config: CRM, schema: { ...params, body: zRemoveLocation, response: { 200: zFlowDataItem } } },
    (request) =>
      item(request, request.params.id, (tx) =>
        removeLocation(tx, request.params.id, request.body.location_id),
      ),
  );
  r.post(
    '/api/flowdataitem/:id/updatelocationdata',
    { config: CRM, schema: { ...params, body: zUpdateLocationData, response: { 200: zFlowDataItem } } },
    (request) =>
      item(request, request.params.id, (tx) =>
        updateLocationData(tx, request.params.id, request.body.locationData),
      ),
  );

  // ------------------------------------------------------------ intakes
  const intake = (request: Parameters<typeof tenantTx>[0], change: (tx: Tx) => Promise<number>) =>
    tenantTx(request, async (tx) =>
      found(await loadIntake(tx, await change(tx)), FORM_MESSAGES.intakeNotFound),
    );
  r.get(
    '/api/intake/querypaginated',
    { config: INTAKE, schema: { querystring: zStagePageQuery, response: { 200: zIntakePage } } },
    (request) => tenantTx(request, (tx) => queryIntakes(tx, request.query), { snapshot: true }),
  );
  r.get(
    '/api/intake/indextemplates',
    { config: INTAKE, schema: { response: { 200: z.array(zIntake) } } },
    (request) =>
      tenantTx(
        request,
        async (tx) =>
          (await queryIntakes(tx, zStagePageQuery.parse({ is_template: 1, sort: 'created_at', limit: 500 })))
            .data,
      ),
  );
  r.get(
    '/api/intake/:id',
    { config: INTAKE, schema: { ...params, response: { 200: zIntakeDetail } } },
    (request) => intake(request, async () => request.params.id),
  );
  r.post(
    '/api/intake',
    { config: INTAKE, schema: { body: zCreateIntake, response: { 201: zIntakeDetail } } },
    async (request, reply) =>
      reply.status(201).send(await intake(request, (tx) => createIntake(tx, request.body))),
  );
  r.patch(
    '/api/intake/:id',
    { config: INTAKE, schema: { ...params, body: zUpdateIntake, response: { 200: zIntakeDetail } } },
    (request) =>
      intake(request, async (tx) => {
        await updateIntake(tx, request.params.id, request.body);
        return request.params.id;
      }),
  );
  r.delete(
    '/api/intake/:id',
    { config: INTAKE, schema: { ...params, response: { 200: zMessage } } },
    async (request) => {
      await removePictureFiles(
        app.deps.storage,
        await tenantTx(request, (tx) => deleteIntake(tx, request.params.id)),
        request.log,
      );
      return { message: FORM_MESSAGES.intakeDeleted };
    },
  );
  r.post(
    '/api/intake/:id/saveastemplate',
    { config: INTAKE, schema: { ...params, body: zSaveStageAsTemplate, response: { 201: zIntakeDetail } } },
    async (request, reply) =>
      reply
        .status(201)
        .send(await intake(request, (tx) => saveIntakeAsTemplate(tx, request.params.id, request.body.name))),
  );
  r.post(
    '/api/intake/:id/resettotemplate',
    { config: INTAKE, schema: { ...params, body: zResetIntakeToTemplate, response: { 200: zIntakeDetail } } },
    (request) =>
      intake(request, async (tx) => {
        await resetIntakeToTemplate(tx, request.params.id, request.body.intaketemplate_id);
        return request.params.id;
      }),
  );

  // ------------------------------------------------------------ projects
  const project = (request: Parameters<typeof tenantTx>[0], change: (tx: Tx) => Promise<number>) =>
    tenantTx(request, async (tx) =>
      found(await loadProject(tx, await change(tx)), FORM_MESSAGES.projectNotFound),
    );
  r.get(
    '/api/project/querypaginated',
    { config: PROJECT, schema: { querystring: zStagePageQuery, response: { 200: zProjectPage } } },
    (request) => tenantTx(request, (tx) => queryProjects(tx, request.query), { snapshot: true }),
  );
  r.get(
    '/api/project/indextemplates',
    { config: PROJECT, schema: { response: { 200: z.array(zProject) } } },
    (request) =>
      tenantTx(
        request,
        async (tx) =>
          (await queryProjects(tx, zStagePageQuery.parse({ is_template: 1, sort: 'created_at', limit: 500 })))
            .data,
      ),
  );
  r.get(
    '/api/project/startcheck',
    {
      config: PROJECT,
      schema: {
        querystring: z.object({ flow_id: zIdParams.shape.id }),
        response: { 200: z.object({ has_approved_document: z.boolean() }) },
      },
    },
    (request) =>
      tenantTx(request, async (tx) => ({
        has_approved_document: await flowHasApprovedDocument(tx, request.query.flow_id),
      })),
  );
  r.get(
    '/api/project/:id',
    { config: PROJECT, schema: { ...params, response: { 200: zProjectDetail } } },
    (request) => project(request, async () => request.params.id),
  );
  r.post(
    '/api/project',
    { config: PROJECT, schema: { body: zCreateProject, response: { 201: zProjectDetail } } },
    async (request, reply) =>
      reply.status(201).send(await project(request, (tx) => createProject(tx, request.body))),
  );
  r.patch(
    '/api/project/:id',
    { config: PROJECT, schema: { ...params, body: zUpdateProject, response: { 200: zProjectDetail } } },
    (request) =>
      project(request, async (tx) => {
        await updateProject(tx, request.params.id, request.body);
        return request.params.id;
      }),
  );
  r.delete(
    '/api/project/:id',
    { config: PROJECT, schema: { ...params, response: { 200: zMessage } } },
    async (request) => {
      await removePictureFiles(
        app.deps.storage,
        await tenantTx(request, (tx) => deleteProject(tx, request.params.id)),
        request.log,
      );
      return { message: FORM_MESSAGES.projectDeleted };
    },
  );
  r.post(
    '/api/project/:id/duplicate',
    { config: PROJECT, schema: { ...params, response: { 201: zProjectDetail } } },
    async (request, reply) =>
      reply.status(201).send(await project(request, (tx) => duplicateProjectTemplate(tx, request.params.id))),
  );
  r.post(
    '/api/project/:id/saveastemplate',
    { config: PROJECT, schema: { ...params, body: zSaveStageAsTemplate, response: { 201: zProjectDetail } } },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await project(request, (tx) => saveProjectAsTemplate(tx, request.params.id, request.body.name)),
        ),
  );
  r.post(
    '/api/project/:id/resettotemplate',
    {
      config: PROJECT,
      schema: { ...params, body: zResetProjectToTemplate, response: { 200: zProjectDetail } },
    },
    (request) =>
      project(request, async (tx) => {
        await resetProjectToTemplate(tx, request.params.id, request.body.projecttemplate_id);
        return request.params.id;
      }),
  );
  r.post(
    '/api/project/:id/markplanned',
    { config: PROJECT, schema: { ...params, response: { 200: zProjectDetail } } },
    (request) =>
      project(request, async (tx) => {
        await updateProject(tx, request.params.id, { update_reason: 'markplanned' });
        return request.params.id;
      }),
  );
}
