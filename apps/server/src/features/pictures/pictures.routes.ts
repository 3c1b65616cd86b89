import {
  EXIF_READ_BYTES,
  FORM_MESSAGES,
  OFFLINE_MESSAGES,
  type Picture,
  readPhotoLocation,
  zId,
  zIdParams,
  zMessage,
  zPicture,
  zPictureListQuery,
  zPictureUploadFields,
  zRenameFile,
} from '@im/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, validationErrorFromIssues } from '../../platform/errors';
import { contentDisposition, redirectToStore, sendNoImage } from '../../platform/files/send-file';
import type { FileStorage } from '../../platform/files/storage';
import { moduleRoute } from '../../platform/http/access';
import { customerRoute, customerTx, flowByHash } from '../../platform/http/customer-link';
import { downloadDoc, FILE_TYPES, uploadDoc } from '../../platform/http/openapi';
import { authOf, tenantTx } from '../../platform/http/request-auth';
import { createOnce, idempotencyKeyOf, madeBefore } from '../../platform/http/request-once';
import { customerPictureOf, zCustomerPicture } from './customer-picture';
import {
  type CustomerFlow,
  customerPicture,
  customerTarget,
  deletePicture,
  findOwner,
  findPicture,
  insertPicture,
  loadPicture,
  type PictureOwner,
  type PictureRecord,
  pictureFiles,
  queryPictures,
  removeByCustomer,
  removePictureFiles,
  resolveTarget,
} from './pictures';
import { processPicture, storedFilename, THUMBNAIL_WIDTH } from './process-picture';
import { receivePicture } from './receive-picture';
import { renamePicture } from './rename-picture';
import { storeProcessed } from './store-picture';
import { zipFiles } from './zip-pictures';

const CRM = { access: moduleRoute('CRM') };
/** A customer's form page shows every photo of it: more image reads than other customer calls. */
const CUSTOMER_IMAGE_RATE_LIMIT = { max: 600, timeWindow: '1 minute' };

/** A photo made by an earlier send of the same key and deleted since: that send is done (410). */
function existingPicture(picture: Picture | null): Picture {
  if (!picture) throw new AppError('gone', OFFLINE_MESSAGES.madeAndDeleted);
  return picture;
}

const MIME_OF_EXT: Record<string, string> = { jpg: 'image/jpeg', png: 'image/png', webp: 'image/webp' };
const extOf = (key: string) => key.slice(key.lastIndexOf('.') + 1);

const zFieldNameText = z
  .string({ message: FORM_MESSAGES.fieldNotPhoto })
  .trim()
  .min(1, FORM_MESSAGES.fieldNotPhoto)
  .max(100, FORM_MESSAGES.fieldNotPhoto);
/** The text fields of POST api/picture/storebycustomer next to the file (the hash may be in the query). */
const zCustomerUploadFields = z.object({
  flow_data_item_id: zId,
  field_name: zFieldNameText,
  vertical_id: z.preprocess((v) => (v === '' ? undefined : v), zId.optional()),
});
const PHOTO = downloadDoc('De foto', FILE_TYPES.image, { imageStatus: true });
const zHashQuery = z.object({ hash: z.string().max(200).default('') });
const zCustomerImageQuery = zHashQuery.extend({
  width: z.coerce.number().int().min(1).max(100_000).default(THUMBNAIL_WIDTH),
});

/** Streams the original or the thumbnail inline; a file missing from storage answers `x-imagestatus: unavailable`. */
async function sendPicture(
  reply: FastifyReply,
  storage: FileStorage,
  row: PictureRecord,
  which: 'original' | 'thumbnail',
  cache = 'private, max-age=300',
) {
  const key = which === 'original' ? row.storageKey : row.thumbnailKey;
  const filename = which === 'original' ? row.filename : storedFilename(`thumb-${row.filename}`, extOf(key));
  const mimeType = which === 'original' ? row.mimeType : (MIME_OF_EXT[extOf(key)] ?? 'image/jpeg');
  if (which === 'original') {
    const file = { storageKey: key, filename, mimeType, size: row.size };
    if (await redirectToStore(reply, storage, file, 'inline', { 'x-imagestatus': 'available' })) return reply;
  }
  const stream = await storage.get(key);
  if (!stream) return sendNoImage(reply);
  return reply
    .header('content-type', mimeType)
    .header('x-filename', encodeURIComponent(filename))
    .header('x-imagestatus', 'available')
    .header('content-disposition', contentDisposition('inline', filename))
    .header('cache-control', cache)
    .send(stream);
}

export async function pictureRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { storage, db, config } = app.deps;

  // ------------------------------------------------------------ staff (module CRM)
  r.post(
    '/api/picture',
    {
      config: {
        ...CRM,
        openapi: {
          ...uploadDoc({
            accepts: 'een foto (JPEG, PNG, WebP, HEIC...; geen SVG)',
            fields: {
              flow_id: 'Het dossier.',
              intake_id: 'De intake.',
              project_id: 'Het project.',
              vertical_id: 'Het formulier (bij een fotoveld).',
              flow_data_item_id: 'Het ingevulde formulier (bij een fotoveld).',
              field_name: 'Het fotoveld van het formulier.',
              picturable_id: 'Waar de foto bij hoort (met picturable_type).',
              picturable_type: 'flow, intake, project of flowdataitem.',
              lat: 'Waar de foto is genomen: breedtegraad (met lng; anders uit de EXIF van de foto).',
              lng: 'Waar de foto is genomen: lengtegraad (met lat).',
            },
          }).openapi,
          // 410: sent again with the key of a photo made and deleted since (decision 069).
          gone: true,
        },
      },
      schema: {
        summary: 'Upload a photo (multipart: file and the link fields); only images, judged by content',
        consumes: ['multipart/form-data'],
        response: { 201: zPicture },
      },
    },
    async (request, reply) => {
      const auth = authOf(request);
      const key = idempotencyKeyOf(request);
      const received = await receivePicture(request, config.PICTURE_MAX_BYTES);
      const parsed = zPictureUploadFields.safeParse(received.fields);
      if (!parsed.success) throw validationErrorFromIssues(parsed.error.issues);
      // The links first (404, 422) so a refused upload costs no decoding; a photo sent again with its
      // key (a device's outbox, decision 069) answers the one the first send made, without decoding.
      const before = await tenantTx(
        request,
        async (tx) => {
          await resolveTarget(tx, parsed.data);
          const id = await madeBefore(tx, key, 'picture');
          return id === null ? null : { picture: await loadPicture(tx, id) };
        },
        { snapshot: true },
      );
      if (before) return reply.status(201).send(existingPicture(before.picture));
      // Where it was taken: as the device read it (a photo made small there has lost its EXIF), else from the
      // photo's own EXIF before processing strips it (decision 073).
      const { lat, lng } = parsed.data;
      const location =
        lat !== undefined && lng !== undefined
          ? { lat, lng }
          : readPhotoLocation(received.bytes.subarray(0, EXIF_READ_BYTES));
      const files = await storeProcessed(
        storage,
        auth.companyId,
        received.filename,
        await processPicture(received.bytes),
      );
      let made: { picture: Picture | null; isAgain: boolean };
      try {
        made = await tenantTx(request, async (tx) => {
          const target = await resolveTarget(tx, parsed.data);
          const { id, isAgain } = await createOnce(
            tx,
            key,
            'picture',
            async () => (await insertPicture(tx, target, files, 'user', location)).id,
          );
          return { picture: await loadPicture(tx, id), isAgain };
        });
      } catch (err) {
        await removePictureFiles(storage, [files.storageKey, files.thumbnailKey], request.log);
        throw err;
      }
      // The same photo arrived twice at once: the other send made it, these files are not needed.
      if (made.isAgain)
        await removePictureFiles(storage, [files.storageKey, files.thumbnailKey], request.log);
      return reply.status(201).send(existingPicture(made.picture));
    },
  );

  r.get(
    '/api/picture',
    {
      config: CRM,
      schema: {
        summary: 'The pictures of a flow, intake, project or form copy, newest first',
        querystring: zPictureListQuery,
        response: { 200: z.array(zPicture) },
      },
    },
    (request) => tenantTx(request, (tx) => queryPictures(tx, request.query), { snapshot: true }),
  );

  r.get(
    '/api/picture/:id',
    {
      config: { ...CRM, ...PHOTO },
      schema: { summary: 'The photo (blob; x-filename, x-imagestatus)', params: zIdParams },
    },
    async (request, reply) => {
      const row = await tenantTx(request, (tx) => findPicture(tx, request.params.id), { snapshot: true });
      return sendPicture(reply, storage, row, 'original');
    },
  );

  const thumbnail = async (request: FastifyRequest<{ Params: { id: number } }>, reply: FastifyReply) => {
    const row = await tenantTx(request, (tx) => findPicture(tx, request.params.id), { snapshot: true });
    return sendPicture(reply, storage, row, 'thumbnail');
  };
  r.post(
    '/api/picture/:id/showthumbnail',
    {
      config: { ...CRM, ...PHOTO },
      schema: { summary: 'The photo’s 400 px wide thumbnail (blob)', params: zIdParams },
    },
    thumbnail,
  );
  r.get(
    '/api/picture/:id/showthumbnail',
    {
      config: { ...CRM, ...PHOTO },
      schema: { summary: 'The photo’s 400 px wide thumbnail (blob), for an img element', params: zIdParams },
    },
    thumbnail,
  );

  r.patch(
    '/api/picture/:id',
    {
      config: CRM,
      schema: {
        summary: 'Rename a photo (the old extension is kept)',
        params: zIdParams,
        body: zRenameFile,
        response: { 200: zPicture },
      },
    },
    (request) => tenantTx(request, (tx) => renamePicture(tx, request.params.id, request.body)),
  );

  r.delete(
    '/api/picture/:id',
    { config: CRM, schema: { summary: 'Delete a photo', params: zIdParams, response: { 200: zMessage } } },
    async (request) => {
      const keys = await tenantTx(request, (tx) => deletePicture(tx, request.params.id));
      await removePictureFiles(storage, keys, request.log);
      return { message: FORM_MESSAGES.pictureDeleted };
    },
  );

  const ZIPS: [resource: string, owner: PictureOwner, label: string][] = [
    ['intake', 'intake', 'an intake'],
    ['project', 'project', 'a project'],
    ['flowdataitem', 'flowdataitem', 'a form copy'],
    ['flow', 'flow', 'a flow'],
  ];
  for (const [resource, owner, label] of ZIPS) {
    r.post(
      `/api/${resource}/:id/downloadallpictures`,
      {
        config: { ...CRM, ...downloadDoc("De foto's als één zip", FILE_TYPES.zip) },
        schema: {
          summary: `Every photo of ${label} as one ZIP, streamed (blob; x-filename)`,
          params: zIdParams,
        },
      },
      async (request, reply) => {
        const { zipName, files } = await tenantTx(
          request,
          async (tx) => {
            const found = await findOwner(tx, owner, request.params.id);
            return { zipName: found.zipName, files: await pictureFiles(tx, found.where) };
          },
          { snapshot: true },
        );
        return reply
          .header('content-type', 'application/zip')
          .header('x-filename', encodeURIComponent(zipName))
          .header('content-disposition', contentDisposition('attachment', zipName))
          .header('cache-control', 'no-store')
          .send(zipFiles(storage, files, request.log));
      },
    );
  }

  // ------------------------------------------------------------ customer (flow hash)
  r.post(
    '/api/picture/storebycustomer',
    {
      config: {
        ...customerRoute('the flow hash in the dossier link is the customer credential'),
        ...uploadDoc({
          accepts: 'een foto (geen SVG)',
          fields: {
            hash: 'De hash van de dossierlink (of in de query).',
            flow_data_item_id: 'Het open formulier.',
            field_name: 'Het fotoveld.',
            vertical_id: 'Het formulier (optioneel).',
          },
          required: ['flow_data_item_id', 'field_name'],
        }),
      },
      schema: {
        summary: 'The customer adds a photo to a photo field of an open form (multipart: file, hash, fields)',
        consumes: ['multipart/form-data'],
        querystring: zHashQuery,
        response: { 201: zCustomerPicture },
      },
    },
    async (request, reply) => {
      const received = await receivePicture(request, config.PICTURE_MAX_BYTES);
      const hash = received.fields.hash || request.query.hash;
      const f: CustomerFlow = await flowByHash(db, hash);
      const parsed = zCustomerUploadFields.safeParse(received.fields);
      if (!parsed.success) throw validationErrorFromIssues(parsed.error.issues);
      await customerTx(db, f, (tx) => customerTarget(tx, f, parsed.data));
      const files = await storeProcessed(
        storage,
        f.companyId,
        received.filename,
        await processPicture(received.bytes),
      );
      try {
        const created = await customerTx(db, f, async (tx) =>
          insertPicture(tx, await customerTarget(tx, f, parsed.data, true), files, 'customer'),
        );
        return reply.status(201).send(customerPictureOf(created, hash));
      } catch (err) {
        await removePictureFiles(storage, [files.storageKey, files.thumbnailKey], request.log);
        throw err;
      }
    },
  );

  r.get(
    '/api/picture/:id/getbycustomer',
    {
      config: {
        ...customerRoute('the flow hash in the dossier link is the customer credential'),
        rateLimit: CUSTOMER_IMAGE_RATE_LIMIT,
        ...PHOTO,
      },
      schema: {
        summary: 'A photo of the dossier for the customer: the thumbnail up to width 400, else the original',
        params: zIdParams,
        querystring: zCustomerImageQuery,
      },
    },
    async (request, reply) => {
      const f = await flowByHash(db, request.query.hash);
      const row = await customerTx(db, f, (tx) => customerPicture(tx, f, request.params.id));
      return sendPicture(
        reply,
        storage,
        row,
        request.query.width <= THUMBNAIL_WIDTH ? 'thumbnail' : 'original',
        'private, max-age=60',
      );
    },
  );

  r.post(
    '/api/picture/:id/removebycustomer',
    {
      config: customerRoute('the flow hash in the dossier link is the customer credential'),
      schema: {
        summary: 'The customer removes a photo they added, while the form is open',
        params: zIdParams,
        querystring: zHashQuery,
        response: { 200: zMessage },
      },
    },
    async (request) => {
      const f = await flowByHash(db, request.query.hash);
      const keys = await customerTx(db, f, (tx) => removeByCustomer(tx, f, request.params.id));
      await removePictureFiles(storage, keys, request.log);
      return { message: FORM_MESSAGES.pictureDeleted };
    },
  );
}
