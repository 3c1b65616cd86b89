import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Tx } from '../../platform/db/database';
import { notFound } from '../../platform/errors';
import { storedFile } from '../../platform/files/files.schema';
import { sendNoImage, sendStoredFile } from '../../platform/files/send-file';
import { receiveUpload } from '../../platform/files/upload';
import { anyUser, moduleRoute, publicRoute } from '../../platform/http/access';
import { authOf, tenantTx } from '../../platform/http/request-auth';
import { writeLog } from '../logitems';
import { companySettings } from './companies.schema';

const zId = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
const zBranding = z.object({
  appname: z.string(),
  appdescription: z.string(),
  logo_url: z.string().nullable(),
  background_url: z.string().nullable(),
  brand_button_color: z.string().nullable(),
});

async function logoOf(tx: Tx, where: ReturnType<typeof eq>) {
  const [row] = await tx
    .select({
      storageKey: storedFile.storageKey,
      filename: storedFile.filename,
      mimeType: storedFile.mimeType,
    })
    .from(companySettings)
    .innerJoin(storedFile, eq(storedFile.id, companySettings.logoFileId))
    .where(where);
  return row ?? null;
}

export async function brandingRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/companysettings/:id/updatelogo',
    {
      config: { access: moduleRoute('SETTINGS') },
      schema: { params: zId, response: { 200: z.object({ logo_url: z.string() }) } },
    },
    async (request) => {
      const { id } = request.params;
      const auth = authOf(request);
      const own = await tenantTx(request, (tx) =>
        tx.select({ id: companySettings.id }).from(companySettings).where(eq(companySettings.id, id)),
      );
      if (own.length === 0) throw notFound();
      const upload = await receiveUpload(request, {
        kind: 'image',
        keyPrefix: `companies/${auth.companyId}/logo`,
      });
      const oldKey = await tenantTx(request, async (tx) => {
        const old = await logoOf(tx, eq(companySettings.id, id));
        const [file] = await tx
          .insert(storedFile)
          .values({ ...upload, purpose: 'logo', ownerType: 'companysettings', ownerId: id })
          .returning({ id: storedFile.id });
        await tx.update(companySettings).set({ logoFileId: file!.id }).where(eq(companySettings.id, id));
        if (old) await tx.delete(storedFile).where(eq(storedFile.storageKey, old.storageKey));
        await writeLog(tx, { type: 'companysettings', id, action: 'update', description: 'Logo gewijzigd' });
        return old?.storageKey ?? null;
      }).catch(async (err) => {
        await app.deps.storage.delete(upload.storageKey);
        throw err;
      });
      if (oldKey) await app.deps.storage.delete(oldKey);
      return { logo_url: `/api/companysettings/${id}/getcompanylogo` };
    },
  );

  r.get(
    '/api/companysettings/:id/getcompanylogo',
    { config: { access: anyUser }, schema: { params: zId } },
    async (request, reply) => {
      // Another company's settings id answers 404, exactly as an id that does not exist.
      const found = await tenantTx(request, async (tx) => {
        const [own] = await tx
          .select({ id: companySettings.id })
          .from(companySettings)
          .where(eq(companySettings.id, request.params.id));
        return own ? { logo: await logoOf(tx, eq(companySettings.id, request.params.id)) } : null;
      });
      if (!found) throw notFound();
      return found.logo ? sendStoredFile(reply, app.deps.storage, found.logo, 'inline') : sendNoImage(reply);
    },
  );

  r.get('/api/company/getcurrentcompanylogo', { config: { access: anyUser } }, async (request, reply) => {
    const logo = await tenantTx(request, (tx) =>
      logoOf(tx, eq(companySettings.companyId, authOf(request).companyId)),
    );
    return logo ? sendStoredFile(reply, app.deps.storage, logo, 'inline') : sendNoImage(reply);
  });

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
      if (!row) throw notFound('Geen huisstijl gevonden voor dit adres.');
      return {
        appname: row.appname,
        appdescription: row.appdescription,
        logo_url: row.logoFileId ? `/api/portal/branding/logo/${row.id}` : null,
        background_url: null,
        brand_button_color: row.brandButtonColor,
      };
    },
  );

  r.get(
    '/api/portal/branding/logo/:id',
    {
      config: { access: publicRoute('a brand logo is shown on the public login page') },
      schema: { params: zId },
    },
    async (request, reply) => {
      const logo = await app.deps.db.platform((tx) => logoOf(tx, eq(companySettings.id, request.params.id)));
      return logo ? sendStoredFile(reply, app.deps.storage, logo, 'inline') : sendNoImage(reply);
    },
  );
}
