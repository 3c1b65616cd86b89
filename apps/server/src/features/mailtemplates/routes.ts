import {
  checkMergeTags,
  exampleMergeData,
  MAIL_TEXTS,
  MAX_MAIL_FILES,
  MERGE_TAGS,
  renderMergeTags,
  zContactMomentAnswer,
  zContactMomentRequest,
  zContactTemplate,
  zEmailSettings,
  zFileInfo,
  zFlowMail,
  zFlowMailDraft,
  zFlowMailDraftQuery,
  zFlowMailList,
  zIdParams,
  zMailSender,
  zMailTemplate,
  zMergeTagList,
  zMergeTagPreview,
  zMergeTagPreviewRequest,
  zMessage,
  zMessageTemplate,
  zRenameFile,
  zSaveContactTemplate,
  zSaveMailSender,
  zSaveMailTemplate,
  zSaveMessageTemplate,
  zSendFlowMailFields,
  zUpdateContactTemplate,
  zUpdateMailTemplate,
  zUpdateMessageTemplate,
} from '@im/domain';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { storedFile } from '../../platform/db/tables/files.schema';
import { mailTemplate } from '../../platform/db/tables/mailtemplates.schema';
import { notFound, validationError, validationErrorFromIssues } from '../../platform/errors';
import { writeLog } from '../../platform/events/write-log';
import { sendStoredFile } from '../../platform/files/send-file';
import { receiveUploadsWithFields, receiveUploadWithFields } from '../../platform/files/upload';
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
import { saveMailSender } from './mail-sender';
import { renameAttachedFile } from './rename-attached-file';
import {
  ATTACHED_FILE,
  copyAttachedFiles,
  deleteTemplate,
  duplicateTemplate,
  emailSettings,
  fileInfo,
  findAttachedFile,
  listContactTemplates,
  listMessageTemplates,
  loadContactTemplate,
  loadMailTemplate,
  loadMessageTemplate,
  saveContactTemplate,
  saveMailTemplate,
  saveMessageTemplate,
  type TemplateKind,
} from './templates';

const SETTINGS = { access: moduleRoute('SETTINGS') };
const CRM = { access: moduleRoute('CRM') };

/** Mail, message and contact templates, merge tags, and e-mail from a flow (decision 019). */
export async function mailTemplateRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const found = <T>(value: T | null): T => {
    if (value === null) throw notFound(MAIL_TEXTS.templateNotFound);
    return value;
  };

  r.get(
    '/api/company/getcurrentemailsettings',
    {
      config: SETTINGS,
      schema: {
        summary: "The company's mail, message and contact templates",
        response: { 200: zEmailSettings },
      },
    },
    (request) => tenantTx(request, (tx) => emailSettings(tx)),
  );

  r.patch(
    '/api/company/emailsender',
    {
      config: SETTINGS,
      schema: {
        summary: "The sender name and Reply-To of the company's mails",
        body: zSaveMailSender,
        response: { 200: zMailSender },
      },
    },
    (request) => tenantTx(request, (tx) => saveMailSender(tx, request.body)),
  );

  // ------------------------------------------------------------ mail templates
  r.get(
    '/api/mailtemplate/:id',
    { config: SETTINGS, schema: { params: zIdParams, response: { 200: zMailTemplate } } },
    async (request) => found(await tenantTx(request, (tx) => loadMailTemplate(tx, request.params.id))),
  );
  r.post(
    '/api/mailtemplate',
    { config: SETTINGS, schema: { body: zSaveMailTemplate, response: { 201: zMailTemplate } } },
    async (request, reply) => {
      const created = await tenantTx(request, async (tx) =>
        loadMailTemplate(tx, (await saveMailTemplate(tx, null, request.body))!),
      );
      return reply.status(201).send(created!);
    },
  );
  r.patch(
    '/api/mailtemplate/:id',
    {
      config: SETTINGS,
      schema: { params: zIdParams, body: zUpdateMailTemplate, response: { 200: zMailTemplate } },
    },
    async (request) =>
      found(
        await tenantTx(request, async (tx) =>
          (await saveMailTemplate(tx, request.params.id, request.body))
            ? loadMailTemplate(tx, request.params.id)
            : null,
        ),
      ),
  );
  r.post(
    '/api/mailtemplate/:id/duplicate',
    { config: SETTINGS, schema: { params: zIdParams, response: { 201: zMailTemplate } } },
    async (request, reply) => {
      const copy = await tenantTx(request, async (tx) => {
        const id = await duplicateTemplate(tx, 'mailtemplate', request.params.id);
        if (id === null) return null;
        await copyAttachedFiles(tx, app.deps.storage, request.params.id, id);
        return loadMailTemplate(tx, id);
      });
      return reply.status(201).send(found(copy));
    },
  );

  // ------------------------------------------------------------ message and contact templates
  r.get(
    '/api/messagetemplate',
    { config: CRM, schema: { response: { 200: z.array(zMessageTemplate) } } },
    (request) => tenantTx(request, (tx) => listMessageTemplates(tx)),
  );
  r.get(
    '/api/messagetemplate/:id',
    { config: CRM, schema: { params: zIdParams, response: { 200: zMessageTemplate } } },
    async (request) => found(await tenantTx(request, (tx) => loadMessageTemplate(tx, request.params.id))),
  );
  r.post(
    '/api/messagetemplate',
    {
      config: SETTINGS,
      schema: {
        body: zSaveMessageTemplate.partial({ description: true }),
        response: { 201: zMessageTemplate },
      },
    },
    async (request, reply) => {
      const created = await tenantTx(request, async (tx) =>
        loadMessageTemplate(tx, (await saveMessageTemplate(tx, null, request.body))!),
      );
      return reply.status(201).send(created!);
    },
  );
  r.patch(
    '/api/messagetemplate/:id',
    {
      config: SETTINGS,
      schema: { params: zIdParams, body: zUpdateMessageTemplate, response: { 200: zMessageTemplate } },
    },
    async (request) =>
      found(
        await tenantTx(request, async (tx) =>
          (await saveMessageTemplate(tx, request.params.id, request.body))
            ? loadMessageTemplate(tx, request.params.id)
            : null,
        ),
      ),
  );
  r.get(
    '/api/contacttemplate',
    { config: CRM, schema: { response: { 200: z.array(zContactTemplate) } } },
    (request) => tenantTx(request, (tx) => listContactTemplates(tx)),
  );
  r.get(
    '/api/contacttemplate/:id',
    { config: CRM, schema: { params: zIdParams, response: { 200: zContactTemplate } } },
    async (request) => found(await tenantTx(request, (tx) => loadContactTemplate(tx, request.params.id))),
  );
  r.post(
    '/api/contacttemplate',
    {
      config: SETTINGS,
      schema: {
        body: zSaveContactTemplate.partial({ description: true }),
        response: { 201: zContactTemplate },
      },
    },
    async (request, reply) => {
      const created = await tenantTx(request, async (tx) =>
        loadContactTemplate(tx, (await saveContactTemplate(tx, null, request.body))!),
      );
      return reply.status(201).send(created!);
    },
  );
  r.patch(
    '/api/contacttemplate/:id',
    {
      config: SETTINGS,
      schema: { params: zIdParams, body: zUpdateContactTemplate, response: { 200: zContactTemplate } },
    },
    async (request) =>
      found(
        await tenantTx(request, async (tx) =>
          (await saveContactTemplate(tx, request.params.id, request.body))
            ? loadContactTemplate(tx, request.params.id)
            : null,
        ),
      ),
  );
  for (const kind of ['messagetemplate', 'contacttemplate'] as const) {
    const load = kind === 'messagetemplate' ? loadMessageTemplate : loadContactTemplate;
    const schema = kind === 'messagetemplate' ? zMessageTemplate : zContactTemplate;
    r.post(
      `/api/${kind}/:id/duplicate`,
      { config: SETTINGS, schema: { params: zIdParams, response: { 201: schema } } },
      async (request, reply) => {
        const copy = await tenantTx(request, async (tx) => {
          const id = await duplicateTemplate(tx, kind, request.params.id);
          return id === null ? null : load(tx, id);
        });
        return reply.status(201).send(found(copy));
      },
    );
  }
  for (const kind of [
    'mailtemplate',
    'messagetemplate',
    'contacttemplate',
  ] as const satisfies TemplateKind[]) {
    r.delete(
      `/api/${kind}/:id`,
      { config: SETTINGS, schema: { params: zIdParams, response: { 200: zMessage } } },
      async (request) => {
        const keys = found(await tenantTx(request, (tx) => deleteTemplate(tx, kind, request.params.id)));
        for (const key of keys) await app.deps.storage.delete(key);
        return { message: MAIL_TEXTS.templateDeleted };
      },
    );
  }

  // ------------------------------------------------------------ attached files of mail templates
  r.post(
    `/api/${ATTACHED_FILE}`,
    {
      config: {
        ...SETTINGS,
        ...uploadDoc({
          accepts: 'een afbeelding, PDF of Office-document',
          fields: { attachedfileable_id: 'Het e-mailsjabloon.' },
          required: ['attachedfileable_id'],
        }),
      },
      schema: {
        summary: 'Attach a file to a mail template (multipart: file, attachedfileable_id)',
        consumes: ['multipart/form-data'],
        response: { 201: zFileInfo },
      },
    },
    async (request, reply) => {
      const auth = authOf(request);
      const { upload, fields } = await receiveUploadWithFields(request, {
        kind: 'attachment',
        keyPrefix: `companies/${auth.companyId}/attachedfiles`,
      });
      try {
        const info = await tenantTx(request, async (tx) => {
          const templateId = Number(fields.attachedfileable_id);
          const [template] =
            Number.isInteger(templateId) && templateId > 0
              ? await tx
                  .select({ id: mailTemplate.id })
                  .from(mailTemplate)
                  .where(eq(mailTemplate.id, templateId))
              : [];
          if (!template)
            throw validationError(MAIL_TEXTS.templateNotFound, {
              attachedfileable_id: [MAIL_TEXTS.templateNotFound],
            });
          const [row] = await tx
            .insert(storedFile)
            .values({ ...upload, purpose: ATTACHED_FILE, ownerType: 'mailtemplate', ownerId: template.id })
            .returning();
          await writeLog(tx, {
            type: 'companysettings',
            id: template.id,
            action: 'upload',
            description: `Bijlage ${upload.filename} toegevoegd aan een mailtemplate`,
          });
          return fileInfo(row!);
        });
        return reply.status(201).send(info);
      } catch (err) {
        await app.deps.storage.delete(upload.storageKey);
        throw err;
      }
    },
  );
  r.get(
    `/api/${ATTACHED_FILE}/:id`,
    { config: { ...SETTINGS, ...STORED_FILE }, schema: { params: zIdParams } },
    async (request, reply) => {
      const file = await tenantTx(request, (tx) => findAttachedFile(tx, request.params.id));
      return sendStoredFile(reply, app.deps.storage, file, 'attachment');
    },
  );
  r.patch(
    `/api/${ATTACHED_FILE}/:id`,
    {
      config: SETTINGS,
      schema: {
        summary: "Rename a mail template's attached file (the old extension is kept)",
        params: zIdParams,
        body: zRenameFile,
        response: { 200: zFileInfo },
      },
    },
    async (request) => tenantTx(request, (tx) => renameAttachedFile(tx, request.params.id, request.body)),
  );
  r.delete(
    `/api/${ATTACHED_FILE}/:id`,
    { config: SETTINGS, schema: { params: zIdParams, response: { 200: zMessage } } },
    async (request) => {
      const key = await tenantTx(request, async (tx) => {
        const file = await findAttachedFile(tx, request.params.id);
        await tx.delete(storedFile).where(eq(storedFile.id, file.id));
        await writeLog(tx, {
          type: 'companysettings',
          id: file.ownerId,
          action: 'delete',
          description: `Bijlage ${file.filename} verwijderd`,
        });
        return file.storageKey;
      });
      await app.deps.storage.delete(key);
      return { message: 'Bijlage verwijderd.' };
    },
  );

  // ------------------------------------------------------------ merge tags
  r.get(
    '/api/mergetags',
    {
      config: CRM,
      schema: { summary: 'Every merge tag with an example value', response: { 200: zMergeTagList } },
    },
    () => [...MERGE_TAGS],
  );
  r.post(
    '/api/mergetags/preview',
    {
      config: CRM,
      schema: {
        summary: 'A text filled with example values, or the problem with its merge tags',
        body: zMergeTagPreviewRequest,
        response: { 200: zMergeTagPreview },
      },
    },
    (request) => {
      const problem = checkMergeTags(request.body.text);
      if (problem) return { text: '', problem };
      return {
        text: renderMergeTags(request.body.text, exampleMergeData(), { html: request.body.html }),
        problem: null,
      };
    },
  );

  // ------------------------------------------------------------ e-mail from a flow
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
