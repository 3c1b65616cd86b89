import { randomUUID } from 'node:crypto';
import {
  DOCUMENT_TEXTS,
  type DocumentKind,
  MEDIA_TEXTS,
  renderWidgetHtml,
  zDocumentType,
  zDocumentWidget,
  zDocumentWidgetType,
  zDocumentWidgetTypeQuery,
  zFileInfo,
  zIdParams,
  zMessage,
  zPersistedWidgets,
  zPreparedWidget,
  zRenameFile,
  zSaveDocumentType,
  zSaveDocumentWidget,
  zSaveDocumentWidgetType,
  zUpdateDocumentType,
  zUpdateDocumentWidget,
  zUpdateDocumentWidgetType,
  zWidgetPictureFromMedia,
} from '@im/domain';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { storedFile } from '../../platform/db/tables/files.schema';
import { forbidden, notFound, validationError } from '../../platform/errors';
import { sendNoImage, sendStoredFile } from '../../platform/files/send-file';
import { receiveUploadWithFields } from '../../platform/files/upload';
import { anyUser, moduleRoute } from '../../platform/http/access';
import { downloadDoc, FILE_TYPES, STORED_FILE, uploadDoc } from '../../platform/http/openapi';
import { authOf, platformTx, tenantTx } from '../../platform/http/request-auth';
import { attachToProject, PROJECT_OWNER } from '../forms';
import { findMediaFile } from '../medialibrary';
import { logDocument } from './create-document';
import { ATTACHMENT, DOCUMENT_OWNER, documentLabel, fileInfo, findAnyDocument } from './document-dto';
import { assertDocumentEditable } from './document-kinds';
import {
  deleteDocumentType,
  listDocumentTypes,
  saveDocumentType,
  updateDocumentType,
} from './document-types';
import { persistWidget } from './persist-widget';
import { renameAttachment } from './rename-attachment';
import { renameWidgetPicture } from './rename-widget-picture';
import { renderInput } from './render-document';
import {
  deleteWidgetType,
  getWidgetType,
  listWidgetTypes,
  saveWidgetType,
  updateWidgetType,
} from './widget-types';
import {
  deleteWidget,
  duplicateWidget,
  getWidget,
  saveWidget,
  setWidgetPicture,
  updateWidget,
  widgetPictureFile,
} from './widgets';

const SALES = { access: moduleRoute('SALES') };
const SETTINGS = { access: moduleRoute('SETTINGS') };
const ADMIN = { access: moduleRoute('ADMIN', 0) };
const STAFF = { access: moduleRoute('SALES') };
const OWNER_FIELDS = ['quotation_id', 'confirmation_id', 'document_id', 'invoice_id', 'project_id'] as const;

export async function widgetRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const id = { params: zIdParams };
  // Partner users only read documents (documents.routes.ts); widgets, files and types are staff work.
  app.addHook('preHandler', async (request) => {
    if (request.auth?.userType === 'partner') throw forbidden();
  });

  // Widgets -------------------------------------------------------------------------------------
  r.get(
    '/api/documentwidget/:id',
    { config: SALES, schema: { ...id, response: { 200: zDocumentWidget } } },
    async (request) => tenantTx(request, (tx) => getWidget(tx, request.params.id)),
  );
  r.get(
    '/api/documentwidget/:id/getprepared',
    { config: SALES, schema: { ...id, response: { 200: zPreparedWidget } } },
    async (request) =>
      tenantTx(request, async (tx) => {
        const widget = await getWidget(tx, request.params.id);
        const doc = await findAnyDocument(tx, widget.document_id);
        if (!doc) throw notFound(DOCUMENT_TEXTS.widgetNotFound);
        const { input, visible } = await renderInput(tx, doc, 'web', {
          storage: app.deps.storage,
          appUrl: app.deps.config.APP_URL,
          senderId: authOf(request).userId,
        });
        const shown = input.widgets.find((w) => w.id === widget.id);
        return {
          id: widget.id,
          visible: visible.has(widget.id),
          html: shown ? renderWidgetHtml(shown, input) : '',
        };
      }),
  );
  r.post(
    '/api/documentwidget',
    { config: SALES, schema: { body: zSaveDocumentWidget, response: { 201: zDocumentWidget } } },
    async (request, reply) =>
      reply.status(201).send(await tenantTx(request, (tx) => saveWidget(tx, request.body))),
  );
  r.patch(
    '/api/documentwidget/:id',
    { config: SALES, schema: { ...id, body: zUpdateDocumentWidget, response: { 200: zDocumentWidget } } },
    async (request) => tenantTx(request, (tx) => updateWidget(tx, request.params.id, request.body)),
  );
  r.delete(
    '/api/documentwidget/:id',
    { config: SALES, schema: { ...id, response: { 200: zMessage } } },
    async (request) => {
      await tenantTx(request, (tx) => deleteWidget(tx, request.params.id));
      return { message: 'Widget verwijderd.' };
    },
  );
  r.post(
    '/api/documentwidget/:id/duplicate',
    { config: SALES, schema: { ...id, response: { 201: zDocumentWidget } } },
    async (request, reply) =>
      reply.status(201).send(await tenantTx(request, (tx) => duplicateWidget(tx, request.params.id))),
  );

  r.post(
    '/api/documentwidget/:id/persist',
    {
      config: SALES,
      schema: {
        summary: 'Turn a recurring widget into one standalone text widget per filled-in form (no undo)',
        ...id,
        response: { 200: zPersistedWidgets },
      },
    },
    async (request) => tenantTx(request, (tx) => persistWidget(tx, request.params.id)),
  );

  // Widget pictures -----------------------------------------------------------------------------
  r.post(
    '/api/widgetpicture',
    {
      config: {
        ...SALES,
        ...uploadDoc({
          accepts: 'een afbeelding (geen SVG)',
          fields: { document_widget_id: 'Het documentblok.' },
          required: ['document_widget_id'],
        }),
      },
      schema: { consumes: ['multipart/form-data'], response: { 201: zDocumentWidget } },
    },
    async (request, reply) => {
      const auth = authOf(request);
      const { upload, fields } = await receiveUploadWithFields(request, {
        kind: 'image',
        keyPrefix: `companies/${auth.companyId}/widgetpictures`,
      });
      try {
        const parsed = zIdParams.shape.id.safeParse(fields.document_widget_id);
        if (!parsed.success)
          throw validationError(DOCUMENT_TEXTS.widgetNotFound, {
            document_widget_id: [DOCUMENT_TEXTS.widgetNotFound],
          });
        const widget = await tenantTx(request, async (tx) => {
          const [file] = await tx
            .insert(storedFile)
            .values({
              ...upload,
              purpose: 'widgetpicture',
              ownerType: 'document_widget',
              ownerId: parsed.data,
            })
            .returning();
          return setWidgetPicture(tx, parsed.data, file!.id);
        });
        return reply.status(201).send(widget);
      } catch (err) {
        await app.deps.storage.delete(upload.storageKey);
        throw err;
      }
    },
  );
  r.post(
    '/api/widgetpicture/frommediafile',
    {
      config: SALES,
      schema: {
        summary:
          "A picture widget gets a copy of a media library picture (the document keeps it if the library's goes)",
        body: zWidgetPictureFromMedia,
        response: { 201: zDocumentWidget },
      },
    },
    async (request, reply) => {
      const auth = authOf(request);
      const { storage } = app.deps;
      const media = await tenantTx(request, (tx) => findMediaFile(tx, request.body.mediafile_id), {
        snapshot: true,
      });
      if (!media.mimeType.startsWith('image/'))
        throw validationError(MEDIA_TEXTS.notAnImage, { mediafile_id: [MEDIA_TEXTS.notAnImage] });
      const bytes = await storage.get(media.storageKey);
      if (!bytes) throw notFound(MEDIA_TEXTS.notFound);
      const ext = media.storageKey.slice(media.storageKey.lastIndexOf('.') + 1);
      const storageKey = `companies/${auth.companyId}/widgetpictures/${randomUUID()}.${ext}`;
      const size = await storage.put(storageKey, bytes);
      try {
        const widget = await tenantTx(request, async (tx) => {
          const [file] = await tx
            .insert(storedFile)
            .values({
              storageKey,
              filename: media.filename,
              mimeType: media.mimeType,
              size,
              purpose: 'widgetpicture',
              ownerType: 'document_widget',
              ownerId: request.body.document_widget_id,
            })
            .returning();
          return setWidgetPicture(tx, request.body.document_widget_id, file!.id);
        });
        return reply.status(201).send(widget);
      } catch (err) {
        await storage.delete(storageKey);
        throw err;
      }
    },
  );
  r.get(
    '/api/widgetpicture/:id',
    {
      config: { ...SALES, ...downloadDoc('De afbeelding', FILE_TYPES.image, { imageStatus: true }) },
      schema: id,
    },
    async (request, reply) => {
      const file = await tenantTx(request, async (tx) => {
        const fileId = await widgetPictureFile(tx, request.params.id);
        if (fileId === null) return null;
        const [f] = await tx.select().from(storedFile).where(eq(storedFile.id, fileId));
        return f ?? null;
      });
      return file ? sendStoredFile(reply, app.deps.storage, file, 'inline') : sendNoImage(reply);
    },
  );
  r.patch(
    '/api/widgetpicture/:id',
    {
      config: SALES,
      schema: {
        summary: "Rename a picture widget's picture (id: the widget's; the old extension is kept)",
        ...id,
        body: zRenameFile,
        response: { 200: zDocumentWidget },
      },
    },
    async (request) => tenantTx(request, (tx) => renameWidgetPicture(tx, request.params.id, request.body)),
  );
  r.delete(
    '/api/widgetpicture/:id',
    { config: SALES, schema: { ...id, response: { 200: zDocumentWidget } } },
    async (request) => tenantTx(request, (tx) => setWidgetPicture(tx, request.params.id, null)),
  );

  // Attachments ---------------------------------------------------------------------------------
  r.post(
    '/api/attachment',
    {
      config: {
        ...STAFF,
        ...uploadDoc({
          accepts: 'een afbeelding of PDF',
          fields: {
            quotation_id: 'De offerte (of een van de andere velden).',
            confirmation_id: 'De opdrachtbevestiging.',
            document_id: 'Het document.',
            invoice_id: 'De factuur.',
            project_id: 'Het project.',
          },
        }),
      },
      schema: { consumes: ['multipart/form-data'], response: { 201: zFileInfo } },
    },
    async (request, reply) => {
      const auth = authOf(request);
      const { upload, fields } = await receiveUploadWithFields(request, {
        kind: 'image-or-pdf',
        keyPrefix: `companies/${auth.companyId}/attachments`,
      });
      try {
        const field = OWNER_FIELDS.find((f) => fields[f] !== undefined && fields[f] !== '');
        const ownerId = field ? zIdParams.shape.id.safeParse(fields[field]) : null;
        if (!field || !ownerId?.success)
          throw validationError(
            'Geef quotation_id, confirmation_id, document_id, invoice_id of project_id.',
            {
              document_id: ['Geef quotation_id, confirmation_id, document_id, invoice_id of project_id.'],
            },
          );
        const info = await tenantTx(request, async (tx) => {
          if (field === 'project_id') return attachToProject(tx, ownerId.data, upload);
          const doc = await findAnyDocument(tx, ownerId.data, { lock: true });
          const kind = field.replace('_id', '') as DocumentKind;
          if (!doc || doc.kind !== kind)
            throw validationError(DOCUMENT_TEXTS.notFound(kind), {
              [field]: [DOCUMENT_TEXTS.notFound(kind)],
            });
          assertDocumentEditable(doc);
          const [row] = await tx
            .insert(storedFile)
            .values({ ...upload, purpose: ATTACHMENT, ownerType: DOCUMENT_OWNER, ownerId: doc.id })
            .returning();
          await logDocument(
            tx,
            doc,
            'upload',
            `Bijlage ${upload.filename} toegevoegd aan ${documentLabel(doc).toLowerCase()}`,
          );
          return fileInfo(row!, `/api/attachment/${row!.id}`);
        });
        return reply.status(201).send(info);
      } catch (err) {
        await app.deps.storage.delete(upload.storageKey);
        throw err;
      }
    },
  );
  const findAttachment = (tx: Parameters<Parameters<typeof tenantTx>[1]>[0], fileId: number) =>
    tx
      .select()
      .from(storedFile)
      .where(
        and(
          eq(storedFile.id, fileId),
          eq(storedFile.purpose, ATTACHMENT),
          inArray(storedFile.ownerType, [DOCUMENT_OWNER, PROJECT_OWNER]),
        ),
      )
      .then((rows) => rows[0] ?? null);
  r.get(
    '/api/attachment/:id',
    { config: { ...STAFF, ...STORED_FILE }, schema: id },
    async (request, reply) => {
      const file = await tenantTx(request, (tx) => findAttachment(tx, request.params.id));
      if (!file) throw notFound('Bijlage niet gevonden.');
      return sendStoredFile(reply, app.deps.storage, file);
    },
  );
  r.patch(
    '/api/attachment/:id',
    {
      config: STAFF,
      schema: {
        summary: 'Rename an attachment (the old extension is kept)',
        ...id,
        body: zRenameFile,
        response: { 200: zFileInfo },
      },
    },
    async (request) => tenantTx(request, (tx) => renameAttachment(tx, request.params.id, request.body)),
  );
  r.delete(
    '/api/attachment/:id',
    { config: STAFF, schema: { ...id, response: { 200: zMessage } } },
    async (request) => {
      await tenantTx(request, async (tx) => {
        const file = await findAttachment(tx, request.params.id);
        if (!file) throw notFound('Bijlage niet gevonden.');
        const doc =
          file.ownerType === DOCUMENT_OWNER
            ? await findAnyDocument(tx, file.ownerId ?? 0, { lock: true })
            : null;
        if (doc) assertDocumentEditable(doc);
        await tx.delete(storedFile).where(eq(storedFile.id, file.id));
        if (doc)
          await logDocument(
            tx,
            doc,
            'update',
            `Bijlage ${file.filename} verwijderd van ${documentLabel(doc).toLowerCase()}`,
          );
      });
      // The bytes stay: a queued mail reads them at delivery.
      return { message: 'Bijlage verwijderd.' };
    },
  );

  // Document types ------------------------------------------------------------------------------
  r.get(
    '/api/documenttype',
    { config: { access: anyUser }, schema: { response: { 200: z.array(zDocumentType) } } },
    async (request) => tenantTx(request, (tx) => listDocumentTypes(tx)),
  );
  r.post(
    '/api/documenttype',
    { config: SETTINGS, schema: { body: zSaveDocumentType, response: { 201: zDocumentType } } },
    async (request, reply) =>
      reply.status(201).send(await tenantTx(request, (tx) => saveDocumentType(tx, request.body))),
  );
  r.patch(
    '/api/documenttype/:id',
    { config: SETTINGS, schema: { ...id, body: zUpdateDocumentType, response: { 200: zDocumentType } } },
    async (request) => tenantTx(request, (tx) => updateDocumentType(tx, request.params.id, request.body)),
  );
  r.delete(
    '/api/documenttype/:id',
    { config: SETTINGS, schema: { ...id, response: { 200: zMessage } } },
    async (request) => {
      await tenantTx(request, (tx) => deleteDocumentType(tx, request.params.id));
      return { message: 'Documentsoort verwijderd.' };
    },
  );

  // Widget types (platform administration; the list is read by every editor) --------------------
  r.get(
    '/api/documentwidgettype',
    {
      config: { access: anyUser },
      schema: { querystring: zDocumentWidgetTypeQuery, response: { 200: z.array(zDocumentWidgetType) } },
    },
    async (request) => {
      // Everything (with use counts over all companies) only for the platform administrator.
      const all = (request.query.all ?? false) && authOf(request).modules.has('ADMIN');
      return all
        ? platformTx(request, (tx) => listWidgetTypes(tx, true))
        : tenantTx(request, (tx) => listWidgetTypes(tx, false));
    },
  );
  r.get(
    '/api/documentwidgettype/:id',
    { config: ADMIN, schema: { ...id, response: { 200: zDocumentWidgetType } } },
    async (request) => platformTx(request, (tx) => getWidgetType(tx, request.params.id)),
  );
  r.post(
    '/api/documentwidgettype',
    { config: ADMIN, schema: { body: zSaveDocumentWidgetType, response: { 201: zDocumentWidgetType } } },
    async (request, reply) =>
      reply.status(201).send(await platformTx(request, (tx) => saveWidgetType(tx, request.body))),
  );
  r.patch(
    '/api/documentwidgettype/:id',
    {
      config: ADMIN,
      schema: { ...id, body: zUpdateDocumentWidgetType, response: { 200: zDocumentWidgetType } },
    },
    async (request) => platformTx(request, (tx) => updateWidgetType(tx, request.params.id, request.body)),
  );
  r.delete(
    '/api/documentwidgettype/:id',
    { config: ADMIN, schema: { ...id, response: { 200: zMessage } } },
    async (request) => {
      await platformTx(request, (tx) => deleteWidgetType(tx, request.params.id));
      return { message: 'Widgettype verwijderd.' };
    },
  );
}
