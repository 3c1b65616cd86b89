import { eq } from 'drizzle-orm';
import type { Tx } from '../../platform/db/database';
import { companySettings } from '../../platform/db/tables/companies.schema';
import { storedFile } from '../../platform/db/tables/files.schema';

/**
 * The company's images (spec 000 "Email settings" and the company profile): each slot has a column
 * on company_settings and its own update, read and (except the logo) delete call.
 */
export const IMAGE_SLOTS = {
  logo: {
    column: companySettings.logoFileId,
    key: 'logoFileId',
    update: 'updatelogo',
    read: 'getcompanylogo',
    remove: null,
    label: 'Logo',
  },
  emailheader: {
    column: companySettings.emailHeaderFileId,
    key: 'emailHeaderFileId',
    update: 'updateemailheader',
    read: 'getemailheader',
    remove: 'deleteemailheader',
    label: 'E-mailheader',
  },
  emailfooter: {
    column: companySettings.emailFooterFileId,
    key: 'emailFooterFileId',
    update: 'updateemailfooter',
    read: 'getemailfooter',
    remove: 'deleteemailfooter',
    label: 'E-mailfooter',
  },
  customerbackground: {
    column: companySettings.customerBackgroundFileId,
    key: 'customerBackgroundFileId',
    update: 'updatecustomerbackground',
    read: 'getcustomerbackground',
    remove: 'deletecustomerbackground',
    label: 'Klantachtergrond',
  },
} as const;
export type ImageSlot = keyof typeof IMAGE_SLOTS;

/** The stored image in a slot of the company settings row matched by `where`, or null. */
export async function imageOf(tx: Tx, slot: ImageSlot, where: ReturnType<typeof eq>) {
  const [row] = await tx
    .select({
      storageKey: storedFile.storageKey,
      filename: storedFile.filename,
      mimeType: storedFile.mimeType,
    })
    .from(companySettings)
    .innerJoin(storedFile, eq(storedFile.id, IMAGE_SLOTS[slot].column))
    .where(where);
  return row ?? null;
}

/** The URL an image slot is read from, for a settings id. */
export function imageUrl(settingsId: number, slot: ImageSlot): string {
  return `/api/companysettings/${settingsId}/${IMAGE_SLOTS[slot].read}`;
}
