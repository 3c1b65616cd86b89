import {
  MAIL_TEXTS,
  zContactTemplate,
  zEmailSettings,
  zIdParams,
  zMailSender,
  zMailTemplate,
  zMessage,
  zMessageTemplate,
  zSaveContactTemplate,
  zSaveMailSender,
  zSaveMailTemplate,
  zSaveMessageTemplate,
  zUpdateContactTemplate,
  zUpdateMailTemplate,
  zUpdateMessageTemplate,
} from '@im/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../platform/errors';
import { moduleRoute } from '../../platform/http/access';
import { tenantTx } from '../../platform/http/request-auth';
import { copyAttachedFiles } from './attached-files';
import { listContactTemplates, loadContactTemplate, saveContactTemplate } from './contact-templates';
import { deleteTemplate } from './delete-template';
import { duplicateTemplate } from './duplicate-template';
import { emailSettings } from './email-settings';
import { saveMailSender } from './mail-sender';
import { loadMailTemplate, saveMailTemplate } from './mail-templates';
import { listMessageTemplates, loadMessageTemplate, saveMessageTemplate } from './message-templates';
import type { TemplateKind } from './template-writer';

const SETTINGS = { access: moduleRoute('SETTINGS') };
const CRM = { access: moduleRoute('CRM') };

/** Mail, message and contact templates and the company's mail settings (decision 019). */
export async function templateRoutes(app: FastifyInstance): Promise<void> {
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
}
