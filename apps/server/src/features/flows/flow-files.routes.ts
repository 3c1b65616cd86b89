import { type FileInfo, zFileInfo, zId, zIdParams, zMessage, zRenameFile } from '@im/domain';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Tx } from '../../platform/db/database';
import { isoFast } from '../../platform/db/iso';
import { flowSharedFile, storedFile } from '../../platform/db/tables/files.schema';
import { relation } from '../../platform/db/tables/relations.schema';
import { notFound, validationError } from '../../platform/errors';
import { writeLog } from '../../platform/events/write-log';
import { sendNoImage, sendStoredFile } from '../../platform/files/send-file';
import { receiveUploadWithFields } from '../../platform/files/upload';
import { moduleRoute } from '../../platform/http/access';
import { downloadDoc, FILE_TYPES, STORED_FILE, type UploadDoc, uploadDoc } from '../../platform/http/openapi';
import { authOf, tenantTx } from '../../platform/http/request-auth';
import { requireFlowProfile } from '../flowprofiles';
import { FLOW_NOT_FOUND, lockFlow } from './flow-access';
import { getFlowLogo } from './get-flow-logo';
import { renameFlowFile } from './rename-flow-file';

const CRM = { access: moduleRoute('CRM') };
const FILE_NOT_FOUND = 'Bestand niet gevonden.';
const OWNER_REQUIRED = 'Geef flow_id of relation_id.';
const FLOW_ID_REQUIRED = 'Geef flow_id, company_id of flowprofile_id.';
const UNKNOWN_RELATION = 'Onbekende relatie.';
const UNKNOWN_COMPANY = 'Onbekend bedrijf.';
const SHARED_NEEDS_FLOW =
  'Dit bestand hoort bij meerdere dossiers; geef het dossier (flow_id) waar het af moet.';

type Purpose = 'flowfile' | 'assistfile';
type Owner = { type: 'flow' | 'relation' | 'company' | 'flowprofile'; id: number; label: string };

function toFileInfo(f: typeof storedFile.$inferSelect, purpose: Purpose): FileInfo {
  return {
    id: f.id,
    filename: f.filename,
    mime_type: f.mimeType,
    size: f.size,
    created_at: isoFast(f.createdAt),
    url: `/api/${purpose}/${f.id}`,
  };
}

function ownerIdField(fields: Record<string, string>, name: string): number | undefined {
  const raw = fields[name];
  if (raw === undefined || raw === '') return undefined;
  const parsed = zId.safeParse(raw);
  if (!parsed.success) throw validationError(`${name} is ongeldig.`, { [name]: ['Ongeldig id.'] });
  return parsed.data;
}

/** The live flow or relation the file is for; 422 when neither is given or it is not the company's. */
async function ownerOf(
  tx: Tx,
  fields: Record<string, string>,
  purpose: Purpose,
  authCompanyId: number,
): Promise<Owner> {
  const flowId = ownerIdField(fields, 'flow_id');
  if (flowId !== undefined) {
    const row = await lockFlow(tx, flowId).catch(() => {
      throw validationError(FLOW_NOT_FOUND, { flow_id: [FLOW_NOT_FOUND] });
    });
    return { type: 'flow', id: flowId, label: `dossier ${row.number}` };
  }
  if (purpose === 'flowfile') {
    // A shared flow file (spec 000 "Email settings"): every dossier of the company, or of one
    // request profile, offers it to the customer.
    const companyId = ownerIdField(fields, 'company_id');
    if (companyId !== undefined) {
      if (companyId !== authCompanyId)
        throw validationError(UNKNOWN_COMPANY, { company_id: [UNKNOWN_COMPANY] });
      return { type: 'company', id: companyId, label: 'de gedeelde dossierbestanden' };
    }
    const profileId = ownerIdField(fields, 'flowprofile_id');
    if (profileId !== undefined) {
      await requireFlowProfile(tx, profileId);
      return { type: 'flowprofile', id: profileId, label: 'het aanvraagprofiel' };
    }
  }
  const relationId = purpose === 'assistfile' ? ownerIdField(fields, 'relation_id') : undefined;
  if (relationId !== undefined) {
    const [r] = await tx
      .select({ fullname: relation.fullname })
      .from(relation)
      .where(and(eq(relation.id, relationId), isNull(relation.deletedAt)));
    if (!r) throw validationError(UNKNOWN_RELATION, { relation_id: [UNKNOWN_RELATION] });
    return { type: 'relation', id: relationId, label: `relatie ${r.fullname ?? ''}` };
  }
  const message = purpose === 'assistfile' ? OWNER_REQUIRED : FLOW_ID_REQUIRED;
  throw validationError(message, { flow_id: [message] });
}

/**
 * Stores an uploaded image or PDF (checked by content: 415, size: 413) for a flow, or for an assist
 * file also a relation. The bytes are written first; a refused owner removes them again.
 */
async function upload(app: FastifyInstance, request: FastifyRequest, purpose: Purpose): Promise<FileInfo> {
  const auth = authOf(request);
  const { upload: file, fields } = await receiveUploadWithFields(request, {
    kind: 'image-or-pdf',
    keyPrefix: `companies/${auth.companyId}/${purpose}s`,
  });
  try {
    return await tenantTx(request, async (tx) => {
      const owner = await ownerOf(tx, fields, purpose, auth.companyId);
      const [row] = await tx
        .insert(storedFile)
        .values({ ...file, purpose, ownerType: owner.type, ownerId: owner.id })
        .returning();
      await writeLog(tx, {
        type: owner.type,
        id: owner.id,
        action: 'upload',
        description: `Bestand ${file.filename} toegevoegd aan ${owner.label}`,
        changes: { file_id: row!.id, purpose },
      });
      return toFileInfo(row!, purpose);
    });
  } catch (err) {
    await app.deps.storage.delete(file.storageKey);
    throw err;
  }
}

async function findFile(tx: Tx, id: number, purpose: Purpose) {
  const [row] = await tx
    .select()
    .from(storedFile)
    .where(and(eq(storedFile.id, id), eq(storedFile.purpose, purpose)));
  if (!row) throw notFound(FILE_NOT_FOUND);
  return row;
}

/**
 * Removes a shared file (an import's external file) from one flow: its reference row goes, and the file
 * with it when no other flow refers to it; answers the storage key then, else null (decision 066).
 */
async function unshare(
  tx: Tx,
  file: typeof storedFile.$inferSelect,
  flowId: number | undefined,
): Promise<string | null> {
  if (flowId === undefined) throw validationError(SHARED_NEEDS_FLOW, { flow_id: [SHARED_NEEDS_FLOW] });
  const [ref] = await tx
    .delete(flowSharedFile)
    .where(and(eq(flowSharedFile.storedFileId, file.id), eq(flowSharedFile.flowId, flowId)))
    .returning({ id: flowSharedFile.id });
  if (!ref) throw notFound(FILE_NOT_FOUND);
  await writeLog(tx, {
    type: 'flow',
    id: flowId,
    action: 'delete',
    description: `Bestand ${file.filename} verwijderd`,
    changes: { file_id: file.id, shared: true },
  });
  const [left] = await tx
    .select({ id: flowSharedFile.id })
    .from(flowSharedFile)
    .where(eq(flowSharedFile.storedFileId, file.id))
    .limit(1);
  if (left) return null;
  await tx.delete(storedFile).where(eq(storedFile.id, file.id));
  return file.storageKey;
}

const FILE_UPLOADS: Record<Purpose, UploadDoc> = {
  flowfile: {
    accepts: 'een afbeelding of PDF',
    fields: {
      flow_id: 'Het dossier (of company_id / flowprofile_id voor een gedeeld dossierbestand).',
      company_id: 'Het eigen bedrijf: een bestand dat ieder dossier de klant aanbiedt.',
      flowprofile_id: 'Een aanvraagprofiel: een bestand voor de dossiers van dat profiel.',
    },
  },
  assistfile: {
    accepts: 'een afbeelding of PDF',
    fields: { flow_id: 'Het dossier (of relation_id).', relation_id: 'De relatie (of flow_id).' },
  },
};

export async function flowFileRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/flow/:id/getflowlogo',
    {
      config: { ...CRM, ...downloadDoc('Het logo', FILE_TYPES.image, { imageStatus: true }) },
      schema: {
        summary: "The logo of the flow's company (none: 200 with x-imagestatus unavailable)",
        params: zIdParams,
      },
    },
    async (request, reply) => {
      const logo = await tenantTx(request, (tx) => getFlowLogo(tx, request.params.id));
      return logo ? sendStoredFile(reply, app.deps.storage, logo, 'inline') : sendNoImage(reply);
    },
  );

  for (const purpose of ['flowfile', 'assistfile'] as const) {
    r.post(
      `/api/${purpose}`,
      {
        config: { ...CRM, ...uploadDoc(FILE_UPLOADS[purpose]) },
        schema: { consumes: ['multipart/form-data'], response: { 201: zFileInfo } },
      },
      async (request, reply) => reply.status(201).send(await upload(app, request, purpose)),
    );

    r.get(
      `/api/${purpose}/:id`,
      { config: { ...CRM, ...STORED_FILE }, schema: { params: zIdParams } },
      async (request, reply) => {
        const file = await tenantTx(request, (tx) => findFile(tx, request.params.id, purpose));
        return sendStoredFile(reply, app.deps.storage, file, 'attachment');
      },
    );

    r.patch(
      `/api/${purpose}/:id`,
      {
        config: CRM,
        schema: {
          summary: `Rename a ${purpose} (the old extension is kept)`,
          params: zIdParams,
          body: zRenameFile,
          response: { 200: zFileInfo },
        },
      },
      async (request) =>
        tenantTx(request, async (tx) =>
          renameFlowFile(tx, await findFile(tx, request.params.id, purpose), request.body, (row) =>
            toFileInfo(row, purpose),
          ),
        ),
    );

    r.delete(
      `/api/${purpose}/:id`,
      {
        config: CRM,
        schema: {
          params: zIdParams,
          querystring: z.object({
            /** The flow a shared file is removed from (decision 066); other files ignore it. */
            flow_id: zId.optional(),
          }),
          response: { 200: zMessage },
        },
      },
      async (request) => {
        const key = await tenantTx(request, async (tx) => {
          const file = await findFile(tx, request.params.id, purpose);
          if (file.ownerType === 'flowimport') return unshare(tx, file, request.query.flow_id);
          await tx.delete(storedFile).where(eq(storedFile.id, file.id));
          await writeLog(tx, {
            type: file.ownerType === 'flow' || file.ownerType === 'relation' ? file.ownerType : 'file',
            id: file.ownerId,
            action: 'delete',
            description: `Bestand ${file.filename} verwijderd`,
            changes: { file_id: file.id, purpose },
          });
          return file.storageKey;
        });
        if (key) await app.deps.storage.delete(key);
        return { message: 'Bestand verwijderd.' };
      },
    );
  }
}
