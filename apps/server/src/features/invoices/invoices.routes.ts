import {
  type DocumentKind,
  zAvailableInvoices,
  zCustomerInvoice,
  zIdParams,
  zInvoiceHashParams,
  zInvoiceReferences,
  zInvoiceSettings,
  zLinkPartialInvoice,
  zMessage,
  zOverdueInvoicePage,
  zOverdueQuery,
  zPartialChoice,
  zPaymentLink,
  zPaymentParams,
  zPaymentReminderSent,
  zQuarterlyExportQuery,
  zQuarterlyOverview,
  zQuarterlyQuery,
  zRegisterPayment,
  zSalesDocument,
  zSendPaymentReminder,
  zUpdateInvoiceSettings,
} from '@im/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { forbidden } from '../../platform/errors';
import { contentDisposition } from '../../platform/files/send-file';
import { moduleRoute, publicRoute } from '../../platform/http/access';
import { customerRoute, isPreview } from '../../platform/http/customer-link';
import { downloadDoc, FILE_TYPES, PDF_FILE } from '../../platform/http/openapi';
import { authOf, tenantTx } from '../../platform/http/request-auth';
import { findDocument, loadDocument } from '../documents';
import { paymentIdFromWebhook } from '../payments';
import { customerInvoice, customerInvoicePdf } from './customer-invoice';
import { frozenEinvoice } from './frozen-einvoice';
import {
  availableInvoices,
  createCreditInvoice,
  createInvoiceFrom,
  linkPartialInvoice,
} from './invoice-actions';
import { overdueInvoices, quarterlyExport, quarterlyOverview } from './invoice-overviews';
import { offerPaymentLink, paymentWebhook, renewPayment } from './invoice-payment';
import { deletePayment, registerPayment } from './invoice-payments';
import { getInvoiceSettings, updateInvoiceSettings } from './invoice-settings';
import { sendPaymentReminder } from './send-payment-reminder';
import { updateInvoiceReferences } from './update-invoice-references';

const INVOICE = { access: moduleRoute('INVOICE') };

/** Invoices beyond the document engine's calls (docs/api/invoices.md, decision 022). */
export async function invoiceRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const id = { params: zIdParams };
  const paymentCtx = () => {
    const appUrl = app.deps.config.APP_URL;
    return { appUrl, mollieApiUrl: app.deps.config.MOLLIE_API_URL };
  };
  /**
   * After a payment is registered or removed, what is owed changed and a stale link was dropped: a new
   * one is offered for what is still owed (best effort, as on sending), then the invoice is answered.
   */
  const withFreshPaymentLink = async (request: FastifyRequest, invoiceId: number) => {
    const auth = authOf(request);
    const actor = {
      companyId: auth.companyId,
      userId: auth.userId,
      impersonatorUserId: auth.impersonatorUserId,
    };
    await offerPaymentLink(app.deps.db, actor, invoiceId, paymentCtx(), request.log);
    return tenantTx(request, (tx) => loadDocument(tx, invoiceId));
  };
  // The payment provider posts its webhook as a form (id=tr_...); read it as text.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => done(null, body),
  );
  // Partner users only read invoices (documents.routes.ts checks which ones); nothing here is theirs.
  app.addHook('preHandler', async (request) => {
    if (
      request.auth?.userType === 'partner' &&
      !/\/(paymentwebhook|getbycustomer|downloadbycustomer)$/.test(request.routeOptions.url ?? '')
    )
      throw forbidden();
  });

  const from = (source: DocumentKind, action: string) =>
    r.post(
      `/api/${source}/:id/${action}`,
      {
        config: INVOICE,
        schema: { ...id, body: zPartialChoice.optional(), response: { 201: zSalesDocument } },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send(
            await tenantTx(request, (tx) =>
              createInvoiceFrom(tx, source, request.params.id, request.body ?? {}),
            ),
          ),
    );
  from('confirmation', 'createinvoicefromconfirmation');
  from('quotation', 'createinvoicefromquotation');

  r.post(
    '/api/invoice/:id/createcreditinvoice',
    { config: INVOICE, schema: { ...id, response: { 201: zSalesDocument } } },
    async (request, reply) =>
      reply.status(201).send(await tenantTx(request, (tx) => createCreditInvoice(tx, request.params.id))),
  );
  r.post(
    '/api/invoice/:id/linkpartialinvoice',
    { config: INVOICE, schema: { ...id, body: zLinkPartialInvoice, response: { 200: zSalesDocument } } },
    async (request) => tenantTx(request, (tx) => linkPartialInvoice(tx, request.params.id, request.body)),
  );
  r.get(
    '/api/invoice/:id/getavailableinvoices',
    { config: INVOICE, schema: { ...id, response: { 200: zAvailableInvoices } } },
    async (request) => tenantTx(request, (tx) => availableInvoices(tx, request.params.id)),
  );
  r.patch(
    '/api/invoice/:id/references',
    { config: INVOICE, schema: { ...id, body: zInvoiceReferences, response: { 200: zSalesDocument } } },
    async (request) =>
      tenantTx(request, (tx) => updateInvoiceReferences(tx, request.params.id, request.body)),
  );
  r.post(
    '/api/invoice/:id/renewpayment',
    { config: INVOICE, schema: { ...id, response: { 200: zPaymentLink } } },
    async (request) => tenantTx(request, (tx) => renewPayment(tx, request.params.id, paymentCtx())),
  );
  // Payments (decision 031): registered by hand with their day and amount, removed when wrong.
  r.post(
    '/api/invoice/:id/payment',
    { config: INVOICE, schema: { ...id, body: zRegisterPayment, response: { 201: zSalesDocument } } },
    async (request, reply) => {
      await tenantTx(request, (tx) =>
        registerPayment(tx, request.params.id, request.body, {
          method: 'handmatig',
          note: request.body.note,
        }),
      );
      return reply.status(201).send(await withFreshPaymentLink(request, request.params.id));
    },
  );
  r.delete(
    '/api/invoice/:id/payment/:paymentId',
    { config: INVOICE, schema: { params: zPaymentParams, response: { 200: zSalesDocument } } },
    async (request) => {
      await tenantTx(request, (tx) => deletePayment(tx, request.params.id, request.params.paymentId));
      return withFreshPaymentLink(request, request.params.id);
    },
  );
  r.post(
    '/api/invoice/:id/sendpaymentreminder',
    {
      config: INVOICE,
      schema: { ...id, body: zSendPaymentReminder, response: { 200: zPaymentReminderSent } },
    },
    async (request) =>
      tenantTx(request, (tx) =>
        sendPaymentReminder(tx, app.deps.mailer, request.params.id, request.body.level, {
          companyId: authOf(request).companyId,
          userId: authOf(request).userId,
          appUrl: app.deps.config.APP_URL,
        }),
      ),
  );
  r.get(
    '/api/invoice/:id/einvoice',
    { config: { ...INVOICE, ...downloadDoc('De e-factuur (UBL, XML)', FILE_TYPES.xml) }, schema: id },
    async (request, reply) => {
      const { xml, filename } = await tenantTx(request, async (tx) =>
        frozenEinvoice(tx, app.deps.storage, await findDocument(tx, 'invoice', request.params.id)),
      );
      return reply
        .header('content-type', 'application/xml; charset=utf-8')
        .header('x-filename', encodeURIComponent(filename))
        .header('content-disposition', contentDisposition('attachment', filename))
        .header('cache-control', 'no-store')
        .send(xml);
    },
  );
  r.get(
    '/api/invoice/overdue',
    { config: INVOICE, schema: { querystring: zOverdueQuery, response: { 200: zOverdueInvoicePage } } },
    async (request) => tenantTx(request, (tx) => overdueInvoices(tx, request.query), { snapshot: true }),
  );
  r.get(
    '/api/invoice/quarterly',
    { config: INVOICE, schema: { querystring: zQuarterlyQuery, response: { 200: zQuarterlyOverview } } },
    async (request) => tenantTx(request, (tx) => quarterlyOverview(tx, request.query.year)),
  );
  r.get(
    '/api/invoice/quarterly/export',
    {
      config: { ...INVOICE, ...downloadDoc('Het kwartaaloverzicht', FILE_TYPES.spreadsheet) },
      schema: { querystring: zQuarterlyExportQuery },
    },
    async (request, reply) => {
      const file = await tenantTx(request, (tx) =>
        quarterlyExport(tx, request.query.year, request.query.format),
      );
      return reply
        .header('content-type', file.type)
        .header('x-filename', encodeURIComponent(file.filename))
        .header('content-disposition', contentDisposition('attachment', file.filename))
        .send(file.bytes);
    },
  );
  r.post(
    '/api/invoice/:hash/paymentwebhook',
    {
      config: { access: publicRoute('the payment provider reports a payment; verified by fetching it') },
      schema: { params: z.object({ hash: z.string().min(10).max(64) }), response: { 200: zMessage } },
    },
    async (request: FastifyRequest<{ Params: { hash: string } }>, reply) => {
      const body = typeof request.body === 'string' ? request.body : '';
      await paymentWebhook(app.deps.db, request.params.hash, paymentIdFromWebhook(body), paymentCtx());
      return reply.status(200).send({ message: 'OK' });
    },
  );

  // The customer's page: the invoice hash in the mail is the credential (api-contract "Customer (hash) endpoints").
  const CUSTOMER = customerRoute('the invoice hash in the customer link is the credential');
  r.get(
    '/api/invoice/:hash/getbycustomer',
    { config: CUSTOMER, schema: { params: zInvoiceHashParams, response: { 200: zCustomerInvoice } } },
    async (request) => customerInvoice(app.deps.db, request.params.hash, isPreview(request)),
  );
  r.get(
    '/api/invoice/:hash/downloadbycustomer',
    { config: { ...CUSTOMER, ...PDF_FILE }, schema: { params: zInvoiceHashParams } },
    async (request, reply) => {
      const { stream, filename } = await customerInvoicePdf(
        app.deps.db,
        app.deps.storage,
        request.params.hash,
      );
      return reply
        .header('content-type', 'application/pdf')
        .header('x-filename', encodeURIComponent(filename))
        .header('content-disposition', contentDisposition('attachment', filename))
        .header('cache-control', 'no-store')
        .send(stream);
    },
  );

  const SETTINGS = { access: moduleRoute('SETTINGS', 1000) };
  r.get(
    '/api/company/invoicesettings',
    { config: { access: moduleRoute('SETTINGS') }, schema: { response: { 200: zInvoiceSettings } } },
    async (request) => tenantTx(request, (tx) => getInvoiceSettings(tx)),
  );
  r.patch(
    '/api/company/invoicesettings',
    { config: SETTINGS, schema: { body: zUpdateInvoiceSettings, response: { 200: zInvoiceSettings } } },
    async (request) => tenantTx(request, (tx) => updateInvoiceSettings(tx, request.body)),
  );
}
