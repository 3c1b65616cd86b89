import type { Readable } from 'node:stream';
import {
  CUSTOMER_TEXTS,
  DOCUMENT_KINDS,
  type DocumentKind,
  SIGNABLE_KINDS,
  zApproveByCustomer,
  zCustomerAnswer,
  zCustomerDocument,
  zCustomerHashParams,
  zCustomerIdHashQuery,
  zIdParams,
  zRejectByCustomer,
} from '@im/domain';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { salesDocument } from '../../platform/db/tables/documents.schema';
import { storedFile } from '../../platform/db/tables/files.schema';
import { conflict, notFound } from '../../platform/errors';
import { contentDisposition, sendStoredFile } from '../../platform/files/send-file';
import { clientFacts, customerRoute, customerTx, isPreview } from '../../platform/http/customer-link';
import { PDF_FILE, STORED_FILE } from '../../platform/http/openapi';
import { ATTACHMENT, customerDocumentVersion, DOCUMENT_OWNER } from '../documents';
import { answerByCustomer } from './answer-by-customer';
import { customerDocument, customerDocumentPdf, customerSignedPdf } from './customer-documents';

/** Staff's preview ("view as customer") shows the buttons but answers nothing on the customer's behalf. */
function refusePreview(request: FastifyRequest): never | undefined {
  if (isPreview(request)) throw conflict(CUSTOMER_TEXTS.previewNoAnswer);
  return undefined;
}

const sendPdf = (reply: FastifyReply, file: { stream: Readable; filename: string }) =>
  reply
    .header('content-type', 'application/pdf')
    .header('x-filename', encodeURIComponent(file.filename))
    .header('content-disposition', contentDisposition('attachment', file.filename))
    .header('cache-control', 'no-store')
    .send(file.stream);

/** The customer's quotation, confirmation and document calls by hash (spec 002 section 7). */
export async function customerDocumentRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps = () => ({
    db: app.deps.db,
    storage: app.deps.storage,
    mailer: app.deps.mailer,
    pdf: app.deps.pdf,
    logger: app.deps.logger,
    appUrl: app.deps.config.APP_URL,
  });
  for (const kind of SIGNABLE_KINDS) {
    const config = customerRoute(`the ${kind} hash in the customer link is the credential`);
    const base = `/api/${kind}/:hash`;
    r.get(
      `${base}/getbycustomer`,
      {
        config,
        schema: {
          summary: `The ${kind} as the customer was sent it, with its approval state`,
          params: zCustomerHashParams,
          response: { 200: zCustomerDocument },
        },
      },
      (request) => customerDocument(app.deps.db, kind, request.params.hash, isPreview(request)),
    );
    r.get(
      `${base}/downloadbycustomer`,
      {
        config: { ...config, ...PDF_FILE },
        schema: { summary: `The PDF of the ${kind} the customer was sent`, params: zCustomerHashParams },
      },
      async (request, reply) =>
        sendPdf(reply, await customerDocumentPdf(app.deps.db, app.deps.storage, kind, request.params.hash)),
    );
    r.get(
      `${base}/downloadsignedbycustomer`,
      {
        config: { ...config, ...PDF_FILE },
        schema: {
          summary: `The signed PDF of the approved ${kind} (with its signature page)`,
          params: zCustomerHashParams,
        },
      },
      async (request, reply) => sendPdf(reply, await customerSignedPdf(deps(), kind, request.params.hash)),
    );
    r.post(
      `${base}/approvebycustomer`,
      {
        config,
        schema: {
          summary: `The customer approves the ${kind}: name, signature or agreement, place, message`,
          params: zCustomerHashParams,
          body: zApproveByCustomer,
          response: { 200: zCustomerAnswer },
        },
      },
      (request) =>
        refusePreview(request) ??
        answerByCustomer(
          deps(),
          kind,
          request.params.hash,
          { action: 'approved', input: request.body },
          clientFacts(request),
        ),
    );
    r.post(
      `${base}/rejectbycustomer`,
      {
        config,
        schema: {
          summary: `The customer rejects the ${kind}: name and why`,
          params: zCustomerHashParams,
          body: zRejectByCustomer,
          response: { 200: zCustomerAnswer },
        },
      },
      (request) =>
        refusePreview(request) ??
        answerByCustomer(
          deps(),
          kind,
          request.params.hash,
          { action: 'rejected', input: request.body },
          clientFacts(request),
        ),
    );
  }

  // GET api/attachment/{id}/getbycustomer?hash=: an attachment of the document whose hash is given.
  r.get(
    '/api/attachment/:id/getbycustomer',
    {
      config: {
        ...customerRoute('the document hash in the customer link is the credential'),
        ...STORED_FILE,
      },
      schema: {
        summary: "An attachment of the customer's document (the document's hash in the query)",
        params: zIdParams,
        querystring: zCustomerIdHashQuery.extend({ kind: z.enum(DOCUMENT_KINDS).optional() }),
      },
    },
    async (request, reply) => {
      // A hash is unique over all kinds: one lookup names the kind, then the usual visibility check.
      const [row] = await app.deps.db.platform((tx) =>
        tx
          .select({ kind: salesDocument.kind })
          .from(salesDocument)
          .where(eq(salesDocument.hash, request.query.hash)),
      );
      const kind = (request.query.kind ?? row?.kind) as DocumentKind | undefined;
      const found =
        row && kind === row.kind
          ? await customerDocumentVersion(app.deps.db, kind, request.query.hash).catch(() => null)
          : null;
      const [file] = found
        ? await customerTx(app.deps.db, found.document, (tx) =>
            tx
              .select()
              .from(storedFile)
              .where(
                and(
                  eq(storedFile.id, request.params.id),
                  eq(storedFile.purpose, ATTACHMENT),
                  eq(storedFile.ownerType, DOCUMENT_OWNER),
                  eq(storedFile.ownerId, found.document.id),
                ),
              ),
          )
        : [];
      if (file) return sendStoredFile(reply, app.deps.storage, file, 'attachment');
      throw notFound('Deze bijlage kan niet worden gevonden.');
    },
  );
}
