// Assist mails: e-mails a workflow rule prepared for staff to check and send (spec 001; issue 10).
import {
  ASSIST_MAIL_TEXTS,
  zAssistMail,
  zAssistMailList,
  zIdParams,
  zMessage,
  zUpdateAssistMail,
} from '@im/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { moduleRoute } from '../../platform/http/access';
import { authOf, tenantTx } from '../../platform/http/request-auth';
import {
  discardAssistMail,
  listAssistMails,
  loadAssistMail,
  sendAssistMail,
  updateAssistMail,
} from './assist-mails';

export { assistMail } from '../../platform/db/tables/assistmails.schema';
export { createAssistMail } from './assist-mails';

const CRM = { access: moduleRoute('CRM') };

export async function assistMailRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/flow/:id/assistmails',
    {
      config: CRM,
      schema: {
        summary: 'The e-mails workflow rules prepared on the flow, newest first',
        params: zIdParams,
        response: { 200: zAssistMailList },
      },
    },
    (request) => tenantTx(request, (tx) => listAssistMails(tx, request.params.id)),
  );
  r.patch(
    '/api/assistmail/:id',
    {
      config: CRM,
      schema: {
        summary: 'Correct the recipient, subject or body of an open assist mail',
        params: zIdParams,
        body: zUpdateAssistMail,
        response: { 200: zAssistMail },
      },
    },
    (request) =>
      tenantTx(request, async (tx) => {
        await updateAssistMail(tx, request.params.id, request.body);
        return loadAssistMail(tx, request.params.id);
      }),
  );
  r.delete(
    '/api/assistmail/:id',
    {
      config: CRM,
      schema: { summary: 'Discard an open assist mail', params: zIdParams, response: { 200: zMessage } },
    },
    async (request) => {
      await tenantTx(request, (tx) => discardAssistMail(tx, request.params.id));
      return { message: ASSIST_MAIL_TEXTS.discarded };
    },
  );
  r.post(
    '/api/assistmail/:id/send',
    {
      config: CRM,
      schema: {
        summary: 'Send an open assist mail as an e-mail from the flow',
        params: zIdParams,
        response: { 200: zAssistMail },
      },
    },
    (request) => {
      const auth = authOf(request);
      return tenantTx(request, async (tx) => {
        await sendAssistMail(tx, app.deps.mailer, request.params.id, {
          userId: auth.userId,
          companyId: auth.companyId,
          appUrl: app.deps.config.APP_URL,
        });
        return loadAssistMail(tx, request.params.id);
      });
    },
  );
}
