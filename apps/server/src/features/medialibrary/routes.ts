import {
  MEDIA_TEXTS,
  zIdParams,
  zMediaFile,
  zMediaFilePage,
  zMediaFileQuery,
  zMessage,
  zRenameFile,
} from '@im/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../platform/errors';
import { contentDisposition, sendNoImage, sendStoredFile } from '../../platform/files/send-file';
import { anyUser, moduleRoute, publicRoute } from '../../platform/http/access';
import { downloadDoc, FILE_TYPES, uploadDoc } from '../../platform/http/openapi';
import { authOf, tenantTx } from '../../platform/http/request-auth';
import {
  deleteMediaFile,
  findMediaFile,
  type MediaFileRecord,
  mediaFileByToken,
  queryMediaFiles,
  renameMediaFile,
} from './media-files';
import { uploadMediaFile } from './upload-media-file';

const SETTINGS = { access: moduleRoute('SETTINGS') };
/** Reading the library (the picker of mail templates and document widgets) needs only a login. */
const READ = { access: anyUser };
/** Mail programs and customer pages load a template's pictures: more reads than a secret link's page. */
const PUBLIC_IMAGE_RATE_LIMIT = { max: 600, timeWindow: '1 minute' };

const MIME_OF_EXT: Record<string, string> = { jpg: 'image/jpeg', png: 'image/png', webp: 'image/webp' };

async function sendThumbnail(reply: FastifyReply, request: FastifyRequest, row: MediaFileRecord) {
  const { storage } = request.server.deps;
  if (!row.thumbnailKey) return sendNoImage(reply);
  const stream = await storage.get(row.thumbnailKey);
  if (!stream) return sendNoImage(reply);
  const ext = row.thumbnailKey.slice(row.thumbnailKey.lastIndexOf('.') + 1);
  const filename = `thumb-${row.filename}`;
  return reply
    .header('content-type', MIME_OF_EXT[ext] ?? 'image/jpeg')
    .header('x-filename', encodeURIComponent(filename))
    .header('x-imagestatus', 'available')
    .header('content-disposition', contentDisposition('inline', filename))
    .header('cache-control', 'private, max-age=300')
    .send(stream);
}

/** The media library (spec 000 sections 2 and 7; decision 064). */
export async function mediaLibraryRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { storage, db } = app.deps;

  r.get(
    '/api/mediafile',
    {
      config: READ,
      schema: {
        summary:
          "A page of the company's media files, newest first (query: file name; images=1: pictures only)",
        querystring: zMediaFileQuery,
        response: { 200: zMediaFilePage },
      },
    },
    (request) => tenantTx(request, (tx) => queryMediaFiles(tx, request.query), { snapshot: true }),
  );

  r.post(
    '/api/mediafile',
    {
      config: { ...SETTINGS, ...uploadDoc({ accepts: 'een afbeelding of PDF (geen SVG)', fields: {} }) },
      schema: {
        summary:
          'Upload a picture or PDF to the media library (multipart: file); the type is judged by content',
        consumes: ['multipart/form-data'],
        response: { 201: zMediaFile },
      },
    },
    async (request, reply) => {
      const created = await uploadMediaFile(request, authOf(request).companyId, (fn) =>
        tenantTx(request, fn),
      );
      return reply.status(201).send(created);
    },
  );

  r.get(
    '/api/mediafile/:id',
    {
      config: { ...READ, ...downloadDoc('Het bestand', FILE_TYPES.stored) },
      schema: { summary: 'Download a media file (blob; name in x-filename)', params: zIdParams },
    },
    async (request, reply) => {
      const row = await tenantTx(request, (tx) => findMediaFile(tx, request.params.id), { snapshot: true });
      return sendStoredFile(reply, storage, row, 'attachment');
    },
  );

  const thumbnail = async (request: FastifyRequest<{ Params: { id: number } }>, reply: FastifyReply) => {
    const row = await tenantTx(request, (tx) => findMediaFile(tx, request.params.id), { snapshot: true });
    return sendThumbnail(reply, request, row);
  };
  const THUMB = { ...READ, ...downloadDoc('De miniatuur', FILE_TYPES.image, { imageStatus: true }) };
  r.post(
    '/api/mediafile/:id/showthumbnail',
    {
      config: THUMB,
      schema: { summary: 'The 400 px wide thumbnail (blob; a PDF has none)', params: zIdParams },
    },
    thumbnail,
  );
  r.get(
    '/api/mediafile/:id/showthumbnail',
    { config: THUMB, schema: { summary: 'The thumbnail, for an img element', params: zIdParams } },
    thumbnail,
  );

  r.patch(
    '/api/mediafile/:id',
    {
      config: SETTINGS,
      schema: {
        summary: 'Rename a media file (the old extension is kept)',
        params: zIdParams,
        body: zRenameFile,
        response: { 200: zMediaFile },
      },
    },
    (request) => tenantTx(request, (tx) => renameMediaFile(tx, request.params.id, request.body)),
  );

  r.delete(
    '/api/mediafile/:id',
    {
      config: SETTINGS,
      schema: { summary: 'Delete a media file', params: zIdParams, response: { 200: zMessage } },
    },
    async (request) => {
      const keys = await tenantTx(request, (tx) => deleteMediaFile(tx, request.params.id));
      for (const key of keys)
        await storage.delete(key).catch((err) => request.log.warn({ err, key }, 'media file not removed'));
      return { message: MEDIA_TEXTS.deleted };
    },
  );

  r.get(
    '/api/mediafile/public/:token',
    {
      config: {
        access: publicRoute(
          'the secret token in the address is the credential of a picture in a mail or page',
        ),
        rateLimit: PUBLIC_IMAGE_RATE_LIMIT,
        ...downloadDoc('De afbeelding', FILE_TYPES.image),
      },
      schema: {
        summary: 'A media library picture by its secret address (mail templates, documents, the editor)',
        params: z.object({ token: z.string().max(100) }),
      },
    },
    async (request, reply) => {
      const row = await mediaFileByToken(db, request.params.token);
      if (!row) throw notFound(MEDIA_TEXTS.notFound);
      const stream = await storage.get(row.storageKey);
      if (!stream) throw notFound(MEDIA_TEXTS.notFound);
      return reply
        .header('content-type', row.mimeType)
        .header('content-disposition', contentDisposition('inline', row.filename))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'public, max-age=86400')
        .send(stream);
    },
  );
}
