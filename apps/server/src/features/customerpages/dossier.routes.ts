// The customer's dossier calls by the flow hash (spec 002 section 7; issue 15): the dossier, the
// company's logo and background, flow files, form copies and incidents. No login: the hash is the
// credential; every route counts unknown hashes in the guess guard (customerRoute).
import {
  zCustomerDossier,
  zCustomerForm,
  zCustomerHashParams,
  zCustomerIdHashQuery,
  zCustomerIncident,
  zFileInfo,
  zFlowDataItem,
  zIdParams,
  zReportIncidentByCustomer,
  zUpdateFlowDataItem,
} from '@im/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Tx } from '../../platform/db/database';
import { sendNoImage, sendStoredFile } from '../../platform/files/send-file';
import { receiveUploadWithFields } from '../../platform/files/upload';
import {
  type CustomerFlow,
  customerRoute,
  customerTx,
  flowByHash,
  isPreview,
} from '../../platform/http/customer-link';
import { downloadDoc, FILE_TYPES, STORED_FILE, uploadDoc } from '../../platform/http/openapi';
import {
  checkUploadFlowId,
  companyImageByHash,
  customerFlowFile,
  customerForm,
  openDossier,
  reportIncidentByHash,
  resolveIncidentByHash,
  sendFormByCustomer,
  storeCustomerFlowFile,
  updateFormByCustomer,
} from './dossier';

const FLOW_HASH = 'the flow hash in the dossier link is the customer credential';

/** A hash in the query (GET) or, for POST, in the body or the query. */
const zOptionalHashQuery = z.object({ hash: z.string().max(200).default('') });
const zOptionalHashBody = z.object({ hash: z.string().max(200).optional() }).optional();
/** saveByCustomer: the flow comes from the hash in the body. */
const zReportIncidentByHash = zReportIncidentByCustomer.extend(zCustomerHashParams.shape);

export async function dossierRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, storage } = app.deps;

  // ------------------------------------------------------------ the dossier
  r.get(
    '/api/flow/:hash/getbycustomer',
    {
      config: customerRoute(FLOW_HASH),
      schema: {
        summary:
          "The customer's dossier: branding, timeline, visible documents, forms, files, incidents, visits; the company's unread messages become read",
        params: zCustomerHashParams,
        response: { 200: zCustomerDossier },
      },
    },
    (request) => openDossier(db, request.params.hash, isPreview(request)),
  );

  for (const [path, slot, label] of [
    ['getflowlogobycustomer', 'logo', "The company's logo"],
    ['getflowcustomerbackground', 'customerbackground', "The company's customer background image"],
  ] as const)
    r.get(
      `/api/flow/:hash/${path}`,
      {
        config: {
          ...customerRoute(FLOW_HASH),
          ...downloadDoc('De afbeelding', FILE_TYPES.image, { imageStatus: true }),
        },
        schema: {
          summary: `${label} for the customer pages (none: 200 with x-imagestatus unavailable)`,
          params: zCustomerHashParams,
        },
      },
      async (request, reply) => {
        const image = await companyImageByHash(db, request.params.hash, slot);
        return image ? sendStoredFile(reply, storage, image, 'inline') : sendNoImage(reply);
      },
    );

  // ------------------------------------------------------------ flow files
  r.post(
    '/api/flowfile/storebycustomer',
    {
      config: {
        ...customerRoute(FLOW_HASH),
        ...uploadDoc({
          accepts: 'een afbeelding of PDF',
          fields: {
            hash: 'De hash van de dossierlink (of in de query).',
            flow_id: 'Het dossier (optioneel).',
          },
        }),
      },
      schema: {
        summary:
          'The customer adds a file to the dossier (multipart: file, hash, optional flow_id); images and PDF only',
        consumes: ['multipart/form-data'],
        querystring: zOptionalHashQuery,
        response: { 201: zFileInfo },
      },
    },
    async (request, reply) => {
      // A hash in the query is checked before any bytes are stored; one in the form only after the
      // file (whose type is checked by content first: 415), and the bytes go again if it is refused.
      const early = request.query.hash ? await flowByHash(db, request.query.hash) : null;
      const { upload, fields } = await receiveUploadWithFields(request, {
        kind: 'image-or-pdf',
        keyPrefix: early ? `companies/${early.companyId}/flowfiles` : 'customer-uploads/flowfiles',
      });
      try {
        const hash = request.query.hash || fields.hash || '';
        const f = early ?? (await flowByHash(db, hash));
        checkUploadFlowId(f, fields.flow_id);
        const info = await customerTx(db, f, (tx) => storeCustomerFlowFile(tx, f, upload, hash));
        return reply.status(201).send(info);
      } catch (err) {
        await storage.delete(upload.storageKey);
        throw err;
      }
    },
  );

  const showFile = async (id: number, hash: string) => {
    const f = await flowByHash(db, hash);
    return customerTx(db, f, (tx) => customerFlowFile(tx, f, id));
  };
  r.get(
    '/api/flowfile/:id/showbycustomer',
    {
      config: { ...customerRoute(FLOW_HASH), ...STORED_FILE },
      schema: {
        summary: 'A flow file of the dossier for the customer (?hash=)',
        params: zIdParams,
        querystring: zOptionalHashQuery,
      },
    },
    async (request, reply) =>
      sendStoredFile(reply, storage, await showFile(request.params.id, request.query.hash), 'inline'),
  );
  r.post(
    '/api/flowfile/:id/showbycustomer',
    {
      config: { ...customerRoute(FLOW_HASH), ...STORED_FILE },
      schema: {
        summary: 'A flow file of the dossier for the customer (hash in the body or the query)',
        params: zIdParams,
        querystring: zOptionalHashQuery,
        body: zOptionalHashBody,
      },
    },
    async (request, reply) =>
      sendStoredFile(
        reply,
        storage,
        await showFile(request.params.id, request.body?.hash || request.query.hash),
        'inline',
      ),
  );

  // ------------------------------------------------------------ form copies
  const inFlow = async <T>(hash: string, fn: (f: CustomerFlow, tx: Tx) => Promise<T>): Promise<T> => {
    const f = await flowByHash(db, hash);
    return customerTx(db, f, (tx) => fn(f, tx));
  };
  r.get(
    '/api/flowdataitem/:id/getbycustomer',
    {
      config: customerRoute(FLOW_HASH),
      schema: {
        summary: 'A form copy of the dossier with the fields of its form, for the customer (?hash=)',
        params: zIdParams,
        querystring: zCustomerIdHashQuery,
        response: { 200: zCustomerForm },
      },
    },
    (request) =>
      inFlow(request.query.hash, (f, tx) => customerForm(tx, f, request.params.id, request.query.hash)),
  );
  r.post(
    '/api/flowdataitem/:id/updatebycustomer',
    {
      config: customerRoute(FLOW_HASH),
      schema: {
        summary: 'The customer fills in a form copy (autosave); only while it is open (?hash=)',
        params: zIdParams,
        querystring: zCustomerIdHashQuery,
        body: zUpdateFlowDataItem,
        response: { 200: zFlowDataItem },
      },
    },
    (request) =>
      inFlow(request.query.hash, (f, tx) =>
        updateFormByCustomer(tx, f, request.params.id, request.body.values, request.query.hash),
      ),
  );
  r.post(
    '/api/flowdataitem/:id/sendbycustomer',
    {
      config: customerRoute(FLOW_HASH),
      schema: {
        summary: 'The customer submits a form copy: it is sent and can no longer be changed (?hash=)',
        params: zIdParams,
        querystring: zCustomerIdHashQuery,
        response: { 200: zFlowDataItem },
      },
    },
    (request) =>
      inFlow(request.query.hash, (f, tx) => sendFormByCustomer(tx, f, request.params.id, request.query.hash)),
  );

  // ------------------------------------------------------------ incidents
  r.post(
    '/api/incident/savebycustomer',
    {
      config: customerRoute(FLOW_HASH),
      schema: {
        summary: 'The customer reports an incident on the dossier; the handler is notified',
        body: zReportIncidentByHash,
        response: { 201: zCustomerIncident },
      },
    },
    async (request, reply) => {
      const { hash, ...input } = request.body;
      return reply.status(201).send(await reportIncidentByHash(db, hash, input));
    },
  );
  r.post(
    '/api/incident/:hash/resolvebycustomer',
    {
      config: customerRoute('the incident hash is the customer credential for that incident'),
      schema: {
        summary: 'The customer marks their incident resolved, by the incident’s own hash',
        params: zCustomerHashParams,
        response: { 200: zCustomerIncident },
      },
    },
    (request) => resolveIncidentByHash(db, request.params.hash),
  );
}
