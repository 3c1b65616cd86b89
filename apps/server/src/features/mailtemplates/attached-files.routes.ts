import { MAIL_TEXTS, zFileInfo, zIdParams, zMessage, zRenameFile } from '@im/domain';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { storedFile } from '../../platform/db/tables/files.schema';
import { mailTemplate } from '../../platform/db/tables/mailtemplates.schema';
import { validationError } from '../../platform/errors';
import { writeLog } from '../../platform/events/write-log';
import { sendStoredFile } from '../../platform/files/send-file';
import { receiveUploadWithFields } from '../../platform/files/upload';
import { moduleRoute } from '../../platform/http/access';
import { STORED_FILE, uploadDoc } from '../../platform/http/openapi';
import { authOf, tenantTx } from '../../platform/http/request-auth';
import { ATTACHED_FILE, fileInfo, findAttachedFile } from './attached-files';
import { renameAttachedFile } from './rename-attached-file';

const SETTINGS = { access: moduleRoute('SETTINGS') };

/** The files attached to a mail template. */
export async function attachedFileRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
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
}
