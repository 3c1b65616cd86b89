import {
  type FlowProfileDetail,
  NO_PROFILE_BRANDING,
  STANDARD_PROFILE_BRANDING_BLOCKED,
  UNKNOWN_FORM,
  type zUpdateFlowProfileSettings,
} from '@im/domain';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { parseProfileBranding, type StoredProfileBranding } from '../../platform/branding/profile-branding';
import type { Tx } from '../../platform/db/database';
import { companySettings } from '../../platform/db/tables/companies.schema';
import { storedFile } from '../../platform/db/tables/files.schema';
import { flowProfile } from '../../platform/db/tables/flowprofiles.schema';
import { vertical } from '../../platform/db/tables/forms.schema';
import { conflict, validationError } from '../../platform/errors';
import { writeLog } from '../../platform/events/write-log';
import { toIso } from '../../platform/http/dates';
import { flowProfileColumns } from './flowprofiles';

export const PROFILE_LOGO = 'flowprofilelogo';

async function lockedRow(tx: Tx, id: number) {
  const [row] = await tx
    .select()
    .from(flowProfile)
    .where(and(eq(flowProfile.id, id), isNull(flowProfile.deletedAt)))
    .for('update');
  return row ?? null;
}

async function isStandard(tx: Tx, id: number): Promise<boolean> {
  const [s] = await tx.select({ standard: companySettings.standardFlowprofileId }).from(companySettings);
  return s?.standard === id;
}

/** The request profile detail screen's data, or null when the profile is not the company's. */
export async function flowProfileDetail(tx: Tx, id: number): Promise<FlowProfileDetail | null> {
  const [base] = await tx
    .select({ ...flowProfileColumns, settings: flowProfile.settings })
    .from(flowProfile)
    .where(and(eq(flowProfile.id, id), isNull(flowProfile.deletedAt)));
  if (!base) return null;
  const { settings, ...profile } = base;
  const branding = parseProfileBranding(settings.branding);
  const files = await tx
    .select()
    .from(storedFile)
    .where(
      and(
        eq(storedFile.purpose, 'flowfile'),
        eq(storedFile.ownerType, 'flowprofile'),
        eq(storedFile.ownerId, id),
      ),
    )
    .orderBy(asc(storedFile.filename), asc(storedFile.id));
  const whitelist = Array.isArray(settings.vertical_whitelist)
    ? (settings.vertical_whitelist as unknown[]).filter((v): v is number => typeof v === 'number')
    : [];
  return {
    ...profile,
    is_standard: await isStandard(tx, id),
    vertical_whitelist: whitelist,
    branding: branding && {
      sender_name: branding.sender_name,
      brand_button_color: branding.brand_button_color,
      has_logo: branding.logo_file_id !== null,
    },
    flowfiles: files.map((f) => ({
      id: f.id,
      filename: f.filename,
      mime_type: f.mimeType,
      size: f.size,
      created_at: toIso(f.createdAt),
      url: `/api/flowfile/${f.id}`,
    })),
  };
}

async function setSettingsKey(tx: Tx, id: number, key: string, value: unknown) {
  await tx
    .update(flowProfile)
    .set({
      settings:
        value === undefined
          ? sql`${flowProfile.settings} - ${key}::text`
          : sql`${flowProfile.settings} || jsonb_build_object(${key}::text, ${JSON.stringify(value)}::jsonb)`,
      updatedAt: new Date(),
    })
    .where(eq(flowProfile.id, id));
}

/** The form whitelist (each a live form of the company) and the own branding's name and colour. */
export async function updateFlowProfileSettings(
  tx: Tx,
  id: number,
  input: z.infer<typeof zUpdateFlowProfileSettings>,
): Promise<boolean> {
  const row = await lockedRow(tx, id);
  if (!row) return false;
  if (input.vertical_whitelist !== undefined) {
    const ids = [...new Set(input.vertical_whitelist)];
    const found =
      ids.length === 0
        ? []
        : await tx
            .select({ id: vertical.id })
            .from(vertical)
            .where(and(inArray(vertical.id, ids), eq(vertical.archived, false)));
    if (found.length !== ids.length)
      throw validationError(UNKNOWN_FORM, { vertical_whitelist: [UNKNOWN_FORM] });
    await setSettingsKey(tx, id, 'vertical_whitelist', ids);
  }
  if (input.branding !== undefined) {
    const current = parseProfileBranding(row.settings.branding);
    if (!current) throw conflict(NO_PROFILE_BRANDING);
    const next: StoredProfileBranding = {
      ...current,
      ...(input.branding.sender_name !== undefined && { sender_name: input.branding.sender_name }),
      ...(input.branding.brand_button_color !== undefined && {
        brand_button_color: input.branding.brand_button_color,
      }),
    };
    await setSettingsKey(tx, id, 'branding', next);
  }
  await writeLog(tx, {
    type: 'flowprofile',
    id,
    action: 'update',
    description: `Instellingen van aanvraagprofiel ${row.name} gewijzigd`,
    changes: input,
  });
  return true;
}

/** createsettingsforflowprofile: the profile gets its own branding, starting from the company's name and colour. */
export async function createSettingsForFlowProfile(tx: Tx, id: number): Promise<boolean> {
  const row = await lockedRow(tx, id);
  if (!row) return false;
  if (await isStandard(tx, id)) throw conflict(STANDARD_PROFILE_BRANDING_BLOCKED);
  if (parseProfileBranding(row.settings.branding)) return true;
  const [s] = await tx.select({ color: companySettings.brandButtonColor }).from(companySettings);
  const branding: StoredProfileBranding = {
    sender_name: '',
    brand_button_color: s?.color ?? null,
    logo_file_id: null,
  };
  await setSettingsKey(tx, id, 'branding', branding);
  await writeLog(tx, {
    type: 'flowprofile',
    id,
    action: 'update',
    description: `Eigen branding voor aanvraagprofiel ${row.name} aangemaakt`,
  });
  return true;
}

/**
 * removesettingsforflowprofile: back to the company's branding. Answers the storage key of the profile's
 * logo (removed from storage after the commit), or false when the profile is not the company's.
 */
export async function removeSettingsForFlowProfile(
  tx: Tx,
  id: number,
): Promise<false | { oldKey: string | null }> {
  const row = await lockedRow(tx, id);
  if (!row) return false;
  const current = parseProfileBranding(row.settings.branding);
  if (!current) return { oldKey: null };
  const oldKey = current.logo_file_id ? await dropFile(tx, current.logo_file_id) : null;
  await setSettingsKey(tx, id, 'branding', undefined);
  await writeLog(tx, {
    type: 'flowprofile',
    id,
    action: 'update',
    description: `Eigen branding van aanvraagprofiel ${row.name} verwijderd`,
  });
  return { oldKey };
}

async function dropFile(tx: Tx, fileId: number): Promise<string | null> {
  const [gone] = await tx
    .delete(storedFile)
    .where(eq(storedFile.id, fileId))
    .returning({ key: storedFile.storageKey });
  return gone?.key ?? null;
}

/**
 * Replaces the logo of the profile's own branding with an uploaded image; answers the old logo's storage
 * key. 404 (false) for another company's profile, 409 when the profile has no own branding.
 */
export async function replaceFlowProfileLogo(
  tx: Tx,
  id: number,
  upload: { storageKey: string; filename: string; mimeType: string; size: number },
): Promise<false | { oldKey: string | null }> {
  const row = await lockedRow(tx, id);
  if (!row) return false;
  const current = parseProfileBranding(row.settings.branding);
  if (!current) throw conflict(NO_PROFILE_BRANDING);
  const [file] = await tx
    .insert(storedFile)
    .values({ ...upload, purpose: PROFILE_LOGO, ownerType: 'flowprofile', ownerId: id })
    .returning({ id: storedFile.id });
  const oldKey = current.logo_file_id ? await dropFile(tx, current.logo_file_id) : null;
  await setSettingsKey(tx, id, 'branding', { ...current, logo_file_id: file!.id });
  await writeLog(tx, {
    type: 'flowprofile',
    id,
    action: 'update',
    description: `Logo van aanvraagprofiel ${row.name} gewijzigd`,
  });
  return { oldKey };
}

/** The stored logo of the profile's own branding, or null; false when the profile is not the company's. */
export async function flowProfileLogo(tx: Tx, id: number) {
  const [row] = await tx
    .select({ settings: flowProfile.settings })
    .from(flowProfile)
    .where(and(eq(flowProfile.id, id), isNull(flowProfile.deletedAt)));
  if (!row) return false;
  const fileId = parseProfileBranding(row.settings.branding)?.logo_file_id;
  if (!fileId) return null;
  const [file] = await tx
    .select({
      storageKey: storedFile.storageKey,
      filename: storedFile.filename,
      mimeType: storedFile.mimeType,
    })
    .from(storedFile)
    .where(eq(storedFile.id, fileId));
  return file ?? null;
}

/**
 * Duplicates a request profile: name with ' (kopie)', its templates, whitelist and own name and colour;
 * not its logo or shared files (those are files of the original). Decision 057.
 */
export async function duplicateFlowProfile(tx: Tx, id: number) {
  const [row] = await tx
    .select()
    .from(flowProfile)
    .where(and(eq(flowProfile.id, id), isNull(flowProfile.deletedAt)));
  if (!row) return null;
  const settings = { ...row.settings };
  const branding = parseProfileBranding(settings.branding);
  if (branding) settings.branding = { ...branding, logo_file_id: null };
  const name = `${row.name} (kopie)`.slice(0, 200);
  const [copy] = await tx.insert(flowProfile).values({ name, settings }).returning(flowProfileColumns);
  await writeLog(tx, {
    type: 'flowprofile',
    id: copy!.id,
    action: 'create',
    description: `Aanvraagprofiel ${row.name} gekopieerd naar ${name}`,
  });
  return copy!;
}

/**
 * The forms a flow may get: null for every form, else its request profile's form whitelist (spec 000
 * section 3 vertical_whitelist; an empty list allows every form).
 */
export async function profileFormWhitelist(tx: Tx, flowId: number): Promise<number[] | null> {
  const result = await tx.execute<{ whitelist: unknown }>(sql`
    select fp.settings->'vertical_whitelist' as whitelist
    from flow f join flow_profile fp on fp.id = f.flowprofile_id and fp.deleted_at is null
    where f.id = ${flowId}`);
  const list = result.rows[0]?.whitelist;
  return Array.isArray(list) && list.length > 0
    ? list.filter((v): v is number => typeof v === 'number')
    : null;
}

/** Whether a flow may get a form: yes unless the flow's request profile has a form whitelist without it. */
export async function profileAllowsForm(tx: Tx, flowId: number, verticalId: number): Promise<boolean> {
  const whitelist = await profileFormWhitelist(tx, flowId);
  return whitelist === null || whitelist.includes(verticalId);
}
