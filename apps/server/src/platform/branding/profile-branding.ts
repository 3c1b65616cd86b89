import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../db/database';

/** A request profile's own branding as stored in flow_profile.settings.branding (decision 057). */
export interface StoredProfileBranding {
  sender_name: string;
  brand_button_color: string | null;
  logo_file_id: number | null;
}

export function parseProfileBranding(value: unknown): StoredProfileBranding | null {
  if (!value || typeof value !== 'object') return null;
  const b = value as Record<string, unknown>;
  return {
    sender_name: typeof b.sender_name === 'string' ? b.sender_name : '',
    brand_button_color: typeof b.brand_button_color === 'string' ? b.brand_button_color : null,
    logo_file_id: typeof b.logo_file_id === 'number' ? b.logo_file_id : null,
  };
}

async function brandingWhere(tx: Tx, where: SQL): Promise<StoredProfileBranding | null> {
  const result = await tx.execute<{ branding: unknown }>(sql`
    select fp.settings->'branding' as branding
    from flow f join flow_profile fp on fp.id = f.flowprofile_id and fp.deleted_at is null
    where ${where}`);
  return parseProfileBranding(result.rows[0]?.branding ?? null);
}

/**
 * The own branding of the request profile of a flow (by id or by its customer hash), or null when the
 * flow's profile uses the company's branding. Customer pages and mails of that flow show it.
 */
export function profileBrandingOfFlow(
  tx: Tx,
  flow: { id: number } | { hash: string },
): Promise<StoredProfileBranding | null> {
  return brandingWhere(tx, 'id' in flow ? sql`f.id = ${flow.id}` : sql`f.hash = ${flow.hash}`);
}

/** The stored logo of a request profile's own branding, or null. */
export async function profileLogoOfFlow(tx: Tx, flow: { id: number } | { hash: string }) {
  const branding = await profileBrandingOfFlow(tx, flow);
  if (!branding?.logo_file_id) return null;
  const result = await tx.execute<{ storage_key: string; filename: string; mime_type: string }>(
    sql`select storage_key, filename, mime_type from stored_file where id = ${branding.logo_file_id}`,
  );
  const row = result.rows[0];
  return row ? { storageKey: row.storage_key, filename: row.filename, mimeType: row.mime_type } : null;
}
