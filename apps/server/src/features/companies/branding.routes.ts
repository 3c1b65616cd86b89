import { DEFAULT_BRANDING, zBranding, zMessage } from '@im/domain';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { companySettings } from '../../platform/db/tables/companies.schema';
import { storedFile } from '../../platform/db/tables/files.schema';
import { notFound } from '../../platform/errors';
import { writeLog } from '../../platform/events/write-log';
import { sendNoImage, sendStoredFile } from '../../platform/files/send-file';
import { type ReceivedUpload, receiveUpload } from '../../platform/files/upload';
import { anyUser, moduleRoute, publicRoute } from '../../platform/http/access';
import { downloadDoc, FILE_TYPES, uploadDoc } from '../../platform/http/openapi';
import { authOf, tenantTx } from '../../platform/http/request-auth';
import { IMAGE_SLOTS, type ImageSlot, imageOf, imageUrl } from './company-images';

const zId = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

export async function brandingRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  /** 404 unless the settings id is the company's own (another company's id looks like a missing one). */
  const requireOwn = async (request: FastifyRequest, id: number) => {
    const own = await tenantTx(request, (tx) =>
      tx.select({ id: companySettings.id }).from(companySettings).where(eq(companySettings.id, id)),
    );
    if (own.length === 0) throw notFound();
  };

  /** Replaces (file given) or clears (null) the image in a slot; the old bytes go after the commit. */
  const replaceImage = async (
    request: FastifyRequest,
    id: number,
    slot: ImageSlot,
    upload: ReceivedUpload | null,
  ) => {
    const { key, label } = IMAGE_SLOTS[slot];
    const oldKey = await tenantTx(request, async (tx) => {
      const old = await imageOf(tx, slot, eq(companySettings.id, id));
      let fileId: number | null = null;
      if (upload) {
        const [file] = await tx
          .insert(storedFile)
          .values({ ...upload, purpose: slot, ownerType: 'companysettings', ownerId: id })
          .returning({ id: storedFile.id });
        fileId = file!.id;
      }
      await tx
        .update(companySettings)
        .set({ [key]: fileId } as Partial<typeof companySettings.$inferInsert>)
        .where(eq(companySettings.id, id));
      if (old) await tx.delete(storedFile).where(eq(storedFile.storageKey, old.storageKey));
      await writeLog(tx, {
        type: 'companysettings',
        id,
        action: 'update',
        description: upload ? `${label} gewijzigd` : `${label} verwijderd`,
      });
      return old?.storageKey ?? null;
    }).catch(async (err) => {
      if (upload) await app.deps.storage.delete(upload.storageKey);
      throw err;
    });
    if (oldKey) await app.deps.storage.delete(oldKey);
  };

  for (const slot of Object.keys(IMAGE_SLOTS) as ImageSlot[]) {
    const { update, read, remove, label } = IMAGE_SLOTS[slot];
    r.post(
      `/api/companysettings/:id/${update}`,
      {
        config: {
          access: moduleRoute('SETTINGS'),
          ...uploadDoc({ accepts: 'een afbeelding (geen SVG)' }),
        },
        schema: {
          summary: `${label} uploaden`,
          consumes: ['multipart/form-data'],
          params: zId,
          response: { 200: z.object({ url: z.string().optional(), logo_url: z.string().optional() }) },
        },
      },
      async (request) => {
        const { id } = request.params;
        await requireOwn(request, id);
        const upload = await receiveUpload(request, {
          kind: 'image',
          keyPrefix: `companies/${authOf(request).companyId}/${slot}`,
        });
        await replaceImage(request, id, slot, upload);
        const url = imageUrl(id, slot);
        // The logo keeps the answer it always had; the other slots answer {url}.
        return slot === 'logo' ? { logo_url: url } : { url };
      },
    );

    r.get(
      `/api/companysettings/:id/${read}`,
      {
        config: { access: anyUser, ...downloadDoc('De afbeelding', FILE_TYPES.image, { imageStatus: true }) },
        schema: { summary: label, params: zId },
      },
      async (request, reply) => {
        const found = await tenantTx(request, async (tx) => {
          const [own] = await tx
            .select({ id: companySettings.id })
            .from(companySettings)
            .where(eq(companySettings.id, request.params.id));
          return own ? { image: await imageOf(tx, slot, eq(companySettings.id, request.params.id)) } : null;
        });
        if (!found) throw notFound();
        return found.image
          ? sendStoredFile(reply, app.deps.storage, found.image, 'inline')
          : sendNoImage(reply);
      },
    );

    if (remove)
      r.post(
        `/api/companysettings/:id/${remove}`,
        {
          config: { access: moduleRoute('SETTINGS') },
          schema: { summary: `${label} verwijderen`, params: zId, response: { 200: zMessage } },
        },
        async (request) => {
          await requireOwn(request, request.params.id);
          await replaceImage(request, request.params.id, slot, null);
          return { message: `${label} verwijderd.` };
        },
      );
  }

  r.get(
    '/api/company/getcurrentcompanylogo',
    { config: { access: anyUser, ...downloadDoc('De afbeelding', FILE_TYPES.image, { imageStatus: true }) } },
    async (request, reply) => {
      const logo = await tenantTx(request, (tx) =>
        imageOf(tx, 'logo', eq(companySettings.companyId, authOf(request).companyId)),
      );
      return logo ? sendStoredFile(reply, app.deps.storage, logo, 'inline') : sendNoImage(reply);
    },
  );

  r.get(
    '/api/portal/branding/hostname/:host',
    {
      config: { access: publicRoute('the login page is branded before anyone logs in') },
      schema: { params: z.object({ host: z.string().min(1).max(253) }), response: { 200: zBranding } },
    },
    async (request) => {
      const host = request.params.host.toLowerCase();
      const [row] = await app.deps.db.platform((tx) =>
        tx
          .select()
          .from(companySettings)
          .where(sql`${companySettings.hostnames} @> ${JSON.stringify([host])}::jsonb`)
          .limit(1),
      );
      if (!row) return DEFAULT_BRANDING;
      return {
        is_default: false,
        appname: row.appname,
        appdescription: row.appdescription,
        logo_url: row.logoFileId ? `/api/portal/branding/logo/${row.id}` : null,
        background_url: row.customerBackgroundFileId ? `/api/portal/branding/background/${row.id}` : null,
        brand_button_color: row.brandButtonColor,
      };
    },
  );

  for (const [path, slot] of [
    ['logo', 'logo'],
    ['background', 'customerbackground'],
  ] as const)
    r.get(
      `/api/portal/branding/${path}/:id`,
      {
        config: {
          access: publicRoute('brand images are shown on public pages before anyone logs in'),
          ...downloadDoc('De afbeelding', FILE_TYPES.image, { imageStatus: true }),
        },
        schema: { params: zId },
      },
      async (request, reply) => {
        const image = await app.deps.db.platform((tx) =>
          imageOf(tx, slot, eq(companySettings.id, request.params.id)),
        );
        return image ? sendStoredFile(reply, app.deps.storage, image, 'inline') : sendNoImage(reply);
      },
    );
}
