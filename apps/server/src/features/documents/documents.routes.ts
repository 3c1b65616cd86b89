import {
  DOCUMENT_KINDS,
  type DocumentKind,
  type ModuleTag,
  zCreateDocument,
  zCreateDocumentTemplate,
  zCreateFromDocument,
  zDocumentMailDraft,
  zDocumentMailDraftQuery,
  zDocumentPage,
  zDocumentPreview,
  zDocumentQuery,
  zDuplicateDocument,
  zIdParams,
  zMessage,
  zResetDocumentToTemplate,
  zResetHashAnswer,
  zSalesDocument,
  zSaveDocumentAsTemplate,
  zSendDocument,
  zTemplateList,
  zUpdateDocument,
} from '@im/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { contentDisposition } from '../../platform/files/send-file';
import { moduleRoute, partnerRoute } from '../../platform/http/access';
import { PDF_FILE } from '../../platform/http/openapi';
import { plainJsonSerializer } from '../../platform/http/plain-json';
import { authOf, tenantReads, tenantTx } from '../../platform/http/request-auth';
import {
  createDocument,
  createFromDocument,
  createTemplate,
  deleteDocument,
  duplicateDocument,
  indexTemplates,
  resetDocumentHash,
  resetToTemplate,
  saveAsTemplate,
} from './create-document';
import { findDocument, loadDocument } from './document-dto';
import { documentKind } from './document-kinds';
import { scheduleDocumentRangeRebalance } from './document-sort-ranges';
import { downloadPdf } from './download-document';
import { checkPartnerAccess } from './partner-access';
import { documentPagePlan, queryDocuments } from './query-documents';
import { renderStoredDocument } from './render-document';
import { mailDraft, sendDocument } from './send-document';
import { updateDocument } from './update-document';

/** The module each kind's calls need (the spec's route table: document detail is PROJECT). */
export const DOCUMENT_MODULES: Record<DocumentKind, ModuleTag> = {
  quotation: 'QUOTATION',
  confirmation: 'CONFIRMATION',
  document: 'PROJECT',
  invoice: 'INVOICE',
};

const deleted = { message: 'Verwijderd.' };

export async function documentRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const id = { params: zIdParams };
  const renderCtx = (request: FastifyRequest) => ({
    storage: app.deps.storage,
    appUrl: app.deps.config.APP_URL,
    senderId: authOf(request).userId,
  });

  // Partner users read their own partner's documents only, and change nothing (partner-access.ts).
  app.addHook('preHandler', async (request) => {
    if (request.auth?.userType !== 'partner') return;
    const route = /^\/api\/(quotation|confirmation|document|invoice)(\/:id)?(?:\/(\w+))?$/.exec(
      request.routeOptions.url ?? '',
    );
    const call = !route
      ? 'other'
      : request.method !== 'GET'
        ? 'change'
        : (route[3] ?? (route[2] ? 'get' : 'list'));
    const params = request.params as { id?: number };
    await tenantTx(request, (tx) =>
      checkPartnerAccess(tx, request, (route?.[1] ?? 'quotation') as DocumentKind, params.id ?? null, call),
    );
  });

  for (const kind of DOCUMENT_KINDS) {
    const config = { access: moduleRoute(DOCUMENT_MODULES[kind]) };
    // A partner user opens a quotation, confirmation or invoice of their partner's flows (the hook above).
    const readable = kind === 'document' ? config : { access: partnerRoute(DOCUMENT_MODULES[kind]) };
    const base = `/api/${kind}`;
    r.get(
      base,
      {
        config,
        schema: { querystring: zDocumentQuery, response: { 200: zDocumentPage } },
        // A page of rows built by `toDocumentRow` (platform/http/plain-json.ts).
        serializerCompiler: plainJsonSerializer,
      },
      async (request) => {
        // The overview as it opens (no search, the date sort, near the start): one statement and round trip.
        const plan = documentPagePlan(kind, request.query);
        const first = plan ? await tenantReads(request, plan) : null;
        if (first) return first;
        const { deps } = request.server;
        const { companyId } = authOf(request);
        const rangeSize = deps.config.DOCUMENT_SORT_RANGE_SIZE;
        return tenantTx(
          request,
          (tx) =>
            queryDocuments(tx, kind, request.query, {
              rangeSize,
              searchWalkOver: deps.config.DOCUMENT_SEARCH_WALK_OVER,
              onStaleRanges: (key) => scheduleDocumentRangeRebalance(deps, companyId, kind, key, rangeSize),
            }),
          { snapshot: true },
        );
      },
    );
    r.get(
      `${base}/indextemplates`,
      { config, schema: { response: { 200: zTemplateList } } },
      async (request) => tenantTx(request, (tx) => indexTemplates(tx, kind)),
    );
    r.post(
      `${base}/createtemplate`,
      { config, schema: { body: zCreateDocumentTemplate, response: { 201: zSalesDocument } } },
      async (request, reply) =>
        reply.status(201).send(await tenantTx(request, (tx) => createTemplate(tx, kind, request.body))),
    );
    r.get(
      `${base}/:id`,
      { config: readable, schema: { ...id, response: { 200: zSalesDocument } } },
      async (request) =>
        tenantTx(request, async (tx) =>
          loadDocument(tx, (await findDocument(tx, kind, request.params.id)).id),
        ),
    );
    r.post(
      base,
      { config, schema: { body: zCreateDocument, response: { 201: zSalesDocument } } },
      async (request, reply) =>
        reply.status(201).send(await tenantTx(request, (tx) => createDocument(tx, kind, request.body))),
    );
    r.patch(
      `${base}/:id`,
      { config, schema: { ...id, body: zUpdateDocument, response: { 200: zSalesDocument } } },
      async (request) => tenantTx(request, (tx) => updateDocument(tx, kind, request.params.id, request.body)),
    );
    r.delete(`${base}/:id`, { config, schema: { ...id, response: { 200: zMessage } } }, async (request) => {
      await tenantTx(request, (tx) => deleteDocument(tx, kind, request.params.id));
      return deleted;
    });
    r.post(
      `${base}/:id/duplicate`,
      { config, schema: { ...id, body: zDuplicateDocument.optional(), response: { 201: zSalesDocument } } },
      async (request, reply) =>
        reply
          .status(201)
          .send(
            await tenantTx(request, (tx) =>
              duplicateDocument(tx, kind, request.params.id, request.body?.as_template ?? false),
            ),
          ),
    );
    r.post(
      `${base}/:id/saveastemplate`,
      { config, schema: { ...id, body: zSaveDocumentAsTemplate, response: { 201: zSalesDocument } } },
      async (request, reply) =>
        reply
          .status(201)
          .send(
            await tenantTx(request, (tx) => saveAsTemplate(tx, kind, request.params.id, request.body.name)),
          ),
    );
    r.post(
      `${base}/:id/resettotemplate`,
      { config, schema: { ...id, body: zResetDocumentToTemplate, response: { 200: zSalesDocument } } },
      async (request) =>
        tenantTx(request, (tx) => resetToTemplate(tx, kind, request.params.id, request.body.template_id)),
    );
    r.post(
      `${base}/:id/resethash`,
      { config, schema: { ...id, response: { 200: zResetHashAnswer } } },
      async (request) => tenantTx(request, (tx) => resetDocumentHash(tx, kind, request.params.id)),
    );
    r.get(
      `${base}/:id/preview`,
      { config: readable, schema: { ...id, response: { 200: zDocumentPreview } } },
      async (request) =>
        tenantTx(request, async (tx) =>
          renderStoredDocument(
            tx,
            await findDocument(tx, kind, request.params.id),
            'web',
            renderCtx(request),
          ),
        ),
    );
    r.get(
      `${base}/:id/download`,
      { config: { ...readable, ...PDF_FILE }, schema: id },
      async (request, reply) => {
        const { pdf, filename } = await downloadPdf(
          app,
          request,
          kind,
          request.params.id,
          renderCtx(request),
        );
        return reply
          .header('content-type', 'application/pdf')
          .header('x-filename', encodeURIComponent(filename))
          .header('content-disposition', contentDisposition('attachment', filename))
          .header('cache-control', 'no-store')
          .send(pdf);
      },
    );
    r.get(
      `${base}/:id/getforsendingemail`,
      {
        config,
        schema: { ...id, querystring: zDocumentMailDraftQuery, response: { 200: zDocumentMailDraft } },
      },
      async (request) =>
        tenantTx(request, (tx) =>
          mailDraft(tx, kind, request.params.id, request.query.mailtemplate_id, {
            ...renderCtx(request),
            senderId: authOf(request).userId,
          }),
        ),
    );
    r.post(
      `${base}/:id/sendemail`,
      { config, schema: { ...id, body: zSendDocument, response: { 200: zSalesDocument } } },
      async (request) => {
        const auth = authOf(request);
        const actor = {
          companyId: auth.companyId,
          userId: auth.userId,
          impersonatorUserId: auth.impersonatorUserId,
        };
        const sent = await sendDocument(app.deps, actor, kind, request.params.id, request.body, {
          ...renderCtx(request),
          senderId: auth.userId,
        });
        // A sent invoice gets its payment link when the company has a payment provider (decision 022).
        const paymentCtx = { appUrl: app.deps.config.APP_URL, mollieApiUrl: app.deps.config.MOLLIE_API_URL };
        if (
          kind === 'invoice' &&
          (await documentKind('invoice').offerPaymentLink(
            app.deps.db,
            actor,
            sent.id,
            paymentCtx,
            request.log,
          ))
        )
          return tenantTx(request, (tx) => loadDocument(tx, sent.id));
        return sent;
      },
    );
  }

  const from = (source: DocumentKind, target: DocumentKind, action: string) =>
    r.post(
      `/api/${source}/:id/${action}`,
      {
        config: { access: moduleRoute(DOCUMENT_MODULES[source]) },
        schema: { ...id, body: zCreateFromDocument.optional(), response: { 201: zSalesDocument } },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send(
            await tenantTx(request, (tx) =>
              createFromDocument(tx, source, request.params.id, target, request.body?.document_type_id),
            ),
          ),
    );
  from('quotation', 'confirmation', 'createconfirmationfromquotation');
  from('quotation', 'document', 'createdocumentfromquotation');
  from('confirmation', 'document', 'createdocumentfromconfirmation');
}
