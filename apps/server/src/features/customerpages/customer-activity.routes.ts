import {
  SIGNABLE_KINDS,
  zCustomerActivity,
  zCustomerPageSettings,
  zCustomerViews,
  zIdParams,
  zRenameFile,
  zSignature,
  zUpdateCustomerPageSettings,
} from '@im/domain';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { storedFile } from '../../platform/db/tables/files.schema';
import { forbidden, notFound } from '../../platform/errors';
import { sendStoredFile } from '../../platform/files/send-file';
import { moduleRoute } from '../../platform/http/access';
import { downloadDoc, PDF_FILE } from '../../platform/http/openapi';
import { authOf, tenantTx } from '../../platform/http/request-auth';
import { DOCUMENT_MODULES } from '../documents';
import { findFlow } from '../flows';
import { documentActivity, findResponse, flowViews } from './customer-activity';
import { getCustomerPageSettings, updateCustomerPageSettings } from './customer-page-settings';
import { ensureSignedPdf } from './ensure-signed-pdf';
import { renameSignature, showSignature } from './signatures';

const zResponseParams = z.object({ id: zIdParams.shape.id, responseId: zIdParams.shape.id });

/** Partner users see their partner's documents through the partner screens only. */
function noPartner(request: FastifyRequest) {
  if (authOf(request).userType === 'partner') throw forbidden();
}

/** What staff see of the customer's side: opens ("bekeken op ...") and answers with their evidence. */
export async function customerActivityRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/flow/:id/customerviews',
    {
      config: { access: moduleRoute('CRM') },
      schema: {
        summary: 'When the customer opened the dossier link',
        params: zIdParams,
        response: { 200: zCustomerViews },
      },
    },
    (request) =>
      tenantTx(request, async (tx) => {
        if (!(await findFlow(tx, request.params.id))) throw notFound('Dit dossier bestaat niet.');
        return flowViews(tx, request.params.id);
      }),
  );
  r.get(
    '/api/company/customerpagesettings',
    {
      config: { access: moduleRoute('SETTINGS') },
      schema: {
        summary: 'How the customer pages ask for approval and when links expire',
        response: { 200: zCustomerPageSettings },
      },
    },
    (request) => tenantTx(request, (tx) => getCustomerPageSettings(tx)),
  );
  r.patch(
    '/api/company/customerpagesettings',
    {
      config: { access: moduleRoute('SETTINGS', 1000) },
      schema: {
        summary: 'Signature required for approval; kinds whose customer link expires after the end date',
        body: zUpdateCustomerPageSettings,
        response: { 200: zCustomerPageSettings },
      },
    },
    (request) => tenantTx(request, (tx) => updateCustomerPageSettings(tx, request.body)),
  );
  // A customer's signature (id: their answer's). Declared for the CRM module; the document kind's own
  // module is checked with the record (403), as on its document's routes.
  r.get(
    '/api/signature/:id',
    {
      config: { access: moduleRoute('CRM') },
      schema: {
        summary: "showSignature: the customer's drawn signature (PNG data URL) and its type",
        params: zIdParams,
        response: { 200: zSignature },
      },
    },
    (request) => {
      noPartner(request);
      return tenantTx(request, (tx) =>
        showSignature(tx, app.deps.storage, request.params.id, authOf(request).modules),
      );
    },
  );
  r.patch(
    '/api/signature/:id',
    {
      config: { access: moduleRoute('CRM') },
      schema: {
        summary: "Rename a signature's PNG (signer, image and evidence never change)",
        params: zIdParams,
        body: zRenameFile,
        response: { 200: zSignature },
      },
    },
    (request) => {
      noPartner(request);
      return tenantTx(request, (tx) =>
        renameSignature(tx, app.deps.storage, request.params.id, request.body, authOf(request).modules),
      );
    },
  );
  for (const kind of SIGNABLE_KINDS) {
    const config = { access: moduleRoute(DOCUMENT_MODULES[kind]) };
    r.get(
      `/api/${kind}/:id/customeractivity`,
      {
        config,
        schema: {
          summary: `When the customer opened the ${kind} and how they answered (with the evidence)`,
          params: zIdParams,
          response: { 200: zCustomerActivity },
        },
      },
      (request) => {
        noPartner(request);
        return tenantTx(request, (tx) => documentActivity(tx, kind, request.params.id));
      },
    );
    r.get(
      `/api/${kind}/:id/signature/:responseId`,
      {
        config: { ...config, ...downloadDoc('De handtekening', ['image/png']) },
        schema: { summary: 'The signature the customer drew (PNG)', params: zResponseParams },
      },
      async (request, reply) => {
        noPartner(request);
        const file = await tenantTx(request, async (tx) => {
          const resp = await findResponse(tx, kind, request.params.id, request.params.responseId);
          if (resp.signatureFileId === null) throw notFound('Er is geen getekende handtekening.');
          const [f] = await tx.select().from(storedFile).where(eq(storedFile.id, resp.signatureFileId));
          if (!f) throw notFound('Er is geen getekende handtekening.');
          return f;
        });
        return sendStoredFile(reply, app.deps.storage, file, 'inline');
      },
    );
    r.get(
      `/api/${kind}/:id/signedpdf/:responseId`,
      {
        config: { ...config, ...PDF_FILE },
        schema: { summary: 'The signed PDF (as sent, with the signature page)', params: zResponseParams },
      },
      async (request, reply) => {
        noPartner(request);
        const auth = authOf(request);
        const resp = await tenantTx(request, (tx) =>
          findResponse(tx, kind, request.params.id, request.params.responseId),
        );
        if (resp.action !== 'approved') throw notFound('Deze ondertekening heeft geen PDF.');
        const file = await ensureSignedPdf(app.deps, auth.companyId, resp.id);
        if (!file) throw notFound('Er is (nog) geen ondertekende PDF.');
        return sendStoredFile(reply, app.deps.storage, file, 'attachment');
      },
    );
  }
}
