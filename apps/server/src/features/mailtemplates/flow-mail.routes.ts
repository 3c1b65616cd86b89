import {
  MAIL_TEXTS,
  MAX_MAIL_FILES,
  zContactMomentAnswer,
  zContactMomentRequest,
  zFlowMail,
  zFlowMailDraft,
  zFlowMailDraftQuery,
  zFlowMailList,
  zIdParams,
  zMessageTemplate,
  zSendFlowMailFields,
} from '@im/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound, validationErrorFromIssues } from '../../platform/errors';
import { sendStoredFile } from '../../platform/files/send-file';
import { receiveUploadsWithFields } from '../../platform/files/upload';
import { moduleRoute } from '../../platform/http/access';
import { STORED_FILE, uploadDoc } from '../../platform/http/openapi';
import { authOf, tenantTx } from '../../platform/http/request-auth';
import { FLOW_NOT_FOUND, findFlow } from '../flows';
import {
  findFlowMailFile,
  flowMailDraft,
  flowMessageTemplates,
  listFlowMails,
  processContactMoment,
  sendFlowMail,
} from './flow-mail';

const CRM = { access: moduleRoute('CRM') };

/** E-mail from a flow: drafts, sending, message templates filled in, contact moments (decision 019). */
export async function flowMailRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const appUrl = app.deps.config.APP_URL;
  r.get(
    '/api/flow/:id/getforsendingemail',
    {
      config: CRM,
      schema: {
        summary: 'The draft of an e-mail from the flow, filled from a mail template',
        params: zIdParams,
        querystring: zFlowMailDraftQuery,
        response: { 200: zFlowMailDraft },
      },
    },
    (request) =>
      tenantTx(request, (tx) =>
        flowMailDraft(
          tx,
          request.params.id,
          request.query.mailtemplate_id,
          authOf(request).userId,
          appUrl,
          request.query.sendable_task_id,
        ),
      ),
  );
  r.post(
    '/api/flow/:id/sendemail',
    {
      config: {
        ...CRM,
        ...uploadDoc({
          accepts: 'afbeeldingen, PDF of Office-documenten (bijlagen, optioneel)',
          maxFiles: MAX_MAIL_FILES,
          fields: {
            to: 'De ontvanger (e-mailadres).',
            subject: 'Het onderwerp.',
            message: 'De tekst (HTML).',
            mailtemplate_id: 'Het gebruikte sjabloon (optioneel).',
          },
          required: ['to', 'subject', 'message'],
        }),
      },
      schema: {
        summary: `Send an e-mail from the flow (multipart: to, subject, message, mailtemplate_id, up to ${MAX_MAIL_FILES} files)`,
        consumes: ['multipart/form-data'],
        params: zIdParams,
        response: { 201: zFlowMail },
      },
    },
    async (request: FastifyRequest<{ Params: { id: number } }>, reply) => {
      const auth = authOf(request);
      // Another company's flow answers 404 before the body is read, exactly like an unknown id.
      if (!(await tenantTx(request, (tx) => findFlow(tx, request.params.id)))) throw notFound(FLOW_NOT_FOUND);
      const { uploads, fields } = await receiveUploadsWithFields(request, {
        kind: 'attachment',
        keyPrefix: `companies/${auth.companyId}/flowmails`,
        maxFiles: MAX_MAIL_FILES,
        tooMany: MAIL_TEXTS.tooManyFiles,
      });
      try {
        const parsed = zSendFlowMailFields.safeParse(fields);
        if (!parsed.success) throw validationErrorFromIssues(parsed.error.issues);
        const mail = await tenantTx(request, async (tx) => {
          const id = await sendFlowMail(tx, app.deps.mailer, request.params.id, parsed.data, uploads, {
            userId: auth.userId,
            companyId: auth.companyId,
            appUrl,
          });
          return (await listFlowMails(tx, request.params.id, [id]))[0]!;
        });
        return reply.status(201).send(mail);
      } catch (err) {
        for (const u of uploads) await app.deps.storage.delete(u.storageKey);
        throw err;
      }
    },
  );
  r.get(
    '/api/flow/:id/getmessagetemplates',
    {
      config: CRM,
      schema: {
        summary: "The company's message templates as plain text, filled in for this flow",
        params: zIdParams,
        response: { 200: z.array(zMessageTemplate) },
      },
    },
    (request) =>
      tenantTx(request, (tx) => flowMessageTemplates(tx, request.params.id, authOf(request).userId, appUrl)),
  );
  r.post(
    '/api/flow/:id/processcontactmoment',
    {
      config: CRM,
      schema: {
        summary: 'Register a contact moment on the flow from a contact template (a note on the flow)',
        params: zIdParams,
        body: zContactMomentRequest,
        response: { 201: zContactMomentAnswer },
      },
    },
    async (request, reply) => {
      const auth = authOf(request);
      const noteId = await tenantTx(request, (tx) =>
        processContactMoment(tx, request.params.id, request.body.contacttemplate_id, { ...auth, appUrl }),
      );
      return reply.status(201).send({ message: MAIL_TEXTS.contactRegistered, note_id: noteId });
    },
  );
  r.get(
    '/api/flow/:id/mails',
    {
      config: CRM,
      schema: {
        summary: 'The e-mails sent from the flow, newest first',
        params: zIdParams,
        response: { 200: zFlowMailList },
      },
    },
    (request) => tenantTx(request, (tx) => listFlowMails(tx, request.params.id)),
  );
  r.get(
    '/api/flowmail/file/:id',
    { config: { ...CRM, ...STORED_FILE }, schema: { params: zIdParams } },
    async (request, reply) => {
      const file = await tenantTx(request, (tx) => findFlowMailFile(tx, request.params.id));
      return sendStoredFile(reply, app.deps.storage, file, 'attachment');
    },
  );
}
