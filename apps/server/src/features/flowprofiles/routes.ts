import {
  zFlowProfile,
  zFlowProfileDetail,
  zFlowProfileInput,
  zIdParams,
  zMessage,
  zUpdateFlowProfileSettings,
} from '@im/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../platform/errors';
import { sendNoImage, sendStoredFile } from '../../platform/files/send-file';
import { receiveUpload } from '../../platform/files/upload';
import { moduleRoute } from '../../platform/http/access';
import { downloadDoc, FILE_TYPES, uploadDoc } from '../../platform/http/openapi';
import { authOf, tenantTx } from '../../platform/http/request-auth';
import {
  createSettingsForFlowProfile,
  duplicateFlowProfile,
  flowProfileDetail,
  flowProfileLogo,
  PROFILE_LOGO,
  removeSettingsForFlowProfile,
  replaceFlowProfileLogo,
  updateFlowProfileSettings,
} from './flowprofile-settings';
import { createFlowProfile, deleteFlowProfile, listFlowProfiles, updateFlowProfile } from './flowprofiles';

export { listFlowProfiles } from './flowprofiles';

const CRM = { access: moduleRoute('CRM') };
const SETTINGS = { access: moduleRoute('SETTINGS') };

export async function flowProfileRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/flowprofile',
    { config: CRM, schema: { response: { 200: z.array(zFlowProfile) } } },
    async (request) => tenantTx(request, (tx) => listFlowProfiles(tx)),
  );

  r.post(
    '/api/flowprofile',
    { config: CRM, schema: { body: zFlowProfileInput, response: { 201: zFlowProfile } } },
    async (request, reply) =>
      reply.status(201).send(await tenantTx(request, (tx) => createFlowProfile(tx, request.body))),
  );

  r.patch(
    '/api/flowprofile/:id',
    { config: CRM, schema: { params: zIdParams, body: zFlowProfileInput, response: { 200: zFlowProfile } } },
    async (request) => {
      const updated = await tenantTx(request, (tx) => updateFlowProfile(tx, request.params.id, request.body));
      if (!updated) throw notFound();
      return updated;
    },
  );

  r.delete(
    '/api/flowprofile/:id',
    { config: CRM, schema: { params: zIdParams, response: { 200: zMessage } } },
    async (request) => {
      const deleted = await tenantTx(request, (tx) => deleteFlowProfile(tx, request.params.id));
      if (!deleted) throw notFound();
      return { message: 'Aanvraagprofiel verwijderd.' };
    },
  );

  const detailOrFail = async (request: FastifyRequest, id: number) => {
    const detail = await tenantTx(request, (tx) => flowProfileDetail(tx, id));
    if (!detail) throw notFound();
    return detail;
  };

  r.get(
    '/api/flowprofile/:id',
    {
      config: CRM,
      schema: {
        summary: 'Aanvraagprofiel met formulieren, eigen branding en gedeelde bestanden',
        params: zIdParams,
        response: { 200: zFlowProfileDetail },
      },
    },
    async (request) => detailOrFail(request, request.params.id),
  );

  r.post(
    '/api/flowprofile/:id/duplicate',
    {
      config: SETTINGS,
      schema: { summary: 'Aanvraagprofiel kopiëren', params: zIdParams, response: { 201: zFlowProfile } },
    },
    async (request, reply) => {
      const copy = await tenantTx(request, (tx) => duplicateFlowProfile(tx, request.params.id));
      if (!copy) throw notFound();
      return reply.status(201).send(copy);
    },
  );

  r.patch(
    '/api/flowprofile/:id/settings',
    {
      config: SETTINGS,
      schema: {
        summary: 'Formulieren en eigen branding (afzendernaam, knopkleur) van een aanvraagprofiel wijzigen',
        params: zIdParams,
        body: zUpdateFlowProfileSettings,
        response: { 200: zFlowProfileDetail },
      },
    },
    async (request) => {
      const done = await tenantTx(request, (tx) =>
        updateFlowProfileSettings(tx, request.params.id, request.body),
      );
      if (!done) throw notFound();
      return detailOrFail(request, request.params.id);
    },
  );

  r.post(
    '/api/flowprofile/:id/createsettingsforflowprofile',
    {
      config: SETTINGS,
      schema: {
        summary: 'Eigen branding voor een aanvraagprofiel aanmaken (niet voor het standaard profiel)',
        params: zIdParams,
        response: { 200: zFlowProfileDetail },
      },
    },
    async (request) => {
      if (!(await tenantTx(request, (tx) => createSettingsForFlowProfile(tx, request.params.id))))
        throw notFound();
      return detailOrFail(request, request.params.id);
    },
  );

  r.post(
    '/api/flowprofile/:id/removesettingsforflowprofile',
    {
      config: SETTINGS,
      schema: {
        summary: 'Eigen branding van een aanvraagprofiel verwijderen (terug naar die van het bedrijf)',
        params: zIdParams,
        response: { 200: zFlowProfileDetail },
      },
    },
    async (request) => {
      const done = await tenantTx(request, (tx) => removeSettingsForFlowProfile(tx, request.params.id));
      if (!done) throw notFound();
      if (done.oldKey) await app.deps.storage.delete(done.oldKey);
      return detailOrFail(request, request.params.id);
    },
  );

  r.post(
    '/api/flowprofile/:id/updatelogo',
    {
      config: { ...SETTINGS, ...uploadDoc({ accepts: 'een afbeelding (geen SVG)' }) },
      schema: {
        summary: 'Logo van de eigen branding van een aanvraagprofiel uploaden',
        consumes: ['multipart/form-data'],
        params: zIdParams,
        response: { 200: zFlowProfileDetail },
      },
    },
    async (request) => {
      const { id } = request.params;
      // 404 before reading the body, so another company's id stores nothing.
      await detailOrFail(request, id);
      const upload = await receiveUpload(request, {
        kind: 'image',
        keyPrefix: `companies/${authOf(request).companyId}/${PROFILE_LOGO}`,
      });
      const done = await tenantTx(request, (tx) => replaceFlowProfileLogo(tx, id, upload)).catch(
        async (err) => {
          await app.deps.storage.delete(upload.storageKey);
          throw err;
        },
      );
      if (!done) {
        await app.deps.storage.delete(upload.storageKey);
        throw notFound();
      }
      if (done.oldKey) await app.deps.storage.delete(done.oldKey);
      return detailOrFail(request, id);
    },
  );

  r.get(
    '/api/flowprofile/:id/getlogo',
    {
      config: { ...CRM, ...downloadDoc('Het logo', FILE_TYPES.image, { imageStatus: true }) },
      schema: {
        summary: 'Logo van de eigen branding van een aanvraagprofiel (geen: x-imagestatus unavailable)',
        params: zIdParams,
      },
    },
    async (request, reply) => {
      const logo = await tenantTx(request, (tx) => flowProfileLogo(tx, request.params.id));
      if (logo === false) throw notFound();
      return logo ? sendStoredFile(reply, app.deps.storage, logo, 'inline') : sendNoImage(reply);
    },
  );
}
