// Staff's use-cases on websites (spec 002: query, get, save, update, delete, duplicate; go-live;
// decision 026). Every change goes through writeLog.
import { randomBytes } from 'node:crypto';
import {
  type CreateWebsite,
  DEFAULT_WEBSITE_LEAD_SOURCE,
  mapsContactField,
  type UpdateWebsite,
  WEBSITE_MESSAGES,
} from '@im/domain';
import { and, eq, isNull } from 'drizzle-orm';
import type { Tx } from '../../platform/db/database';
import { user } from '../../platform/db/tables/users.schema';
import { website } from '../../platform/db/tables/websites.schema';
import { validationError } from '../../platform/errors';
import { writeLog } from '../../platform/events/write-log';
import { checkedLeadSource, requireWebsiteFlowprofile, requireWebsiteUser } from './website-record';

/** 128 random bits, URL-safe: the public endpoint's key. */
export function newWebsiteKey(): string {
  return randomBytes(16).toString('base64url');
}

export async function createWebsite(tx: Tx, input: CreateWebsite): Promise<number> {
  await requireWebsiteUser(tx, input.user_id);
  if (input.flowprofile_id) await requireWebsiteFlowprofile(tx, input.flowprofile_id);
  const leadSource = await checkedLeadSource(tx, input.lead_source || DEFAULT_WEBSITE_LEAD_SOURCE);
  return insertWebsite(
    tx,
    {
      name: input.name,
      siteurl: input.siteurl,
      leadSource,
      flowprofileId: input.flowprofile_id ?? null,
      userId: input.user_id,
      mapping: input.mapping,
    },
    { action: 'create', description: `Website toegevoegd: ${input.name}` },
  );
}

/** A new website (concept) with a key of its own, logged as created or copied. */
async function insertWebsite(
  tx: Tx,
  values: Omit<typeof website.$inferInsert, 'key'>,
  log: { action: 'create' | 'duplicate'; description: string; changes?: Record<string, unknown> },
): Promise<number> {
  const [row] = await tx
    .insert(website)
    .values({ ...values, key: newWebsiteKey() })
    .returning({ id: website.id });
  await writeLog(tx, { type: 'website', id: row!.id, ...log });
  return row!.id;
}

export async function updateWebsite(tx: Tx, id: number, input: UpdateWebsite): Promise<boolean> {
  const changes: Partial<typeof website.$inferInsert> = {};
  if (input.name !== undefined) changes.name = input.name;
  if (input.siteurl !== undefined) changes.siteurl = input.siteurl;
  if (input.lead_source !== undefined)
    changes.leadSource = await checkedLeadSource(tx, input.lead_source || DEFAULT_WEBSITE_LEAD_SOURCE);
  if (input.flowprofile_id !== undefined) {
    if (input.flowprofile_id) await requireWebsiteFlowprofile(tx, input.flowprofile_id);
    changes.flowprofileId = input.flowprofile_id;
  }
  if (input.user_id !== undefined) {
    await requireWebsiteUser(tx, input.user_id);
    changes.userId = input.user_id;
  }
  if (input.mapping !== undefined) changes.mapping = input.mapping;
  const [row] = await tx
    .update(website)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(website.id, id))
    .returning({ name: website.name });
  if (!row) return false;
  await writeLog(tx, {
    type: 'website',
    id,
    action: 'update',
    description:
      input.mapping !== undefined
        ? `Koppeling van website gewijzigd: ${row.name}`
        : `Website gewijzigd: ${row.name}`,
    changes: { ...changes },
  });
  return true;
}

/** Deletes a website; flows created from it stay (their create events keep its id). */
export async function deleteWebsite(tx: Tx, id: number): Promise<boolean> {
  const [row] = await tx.delete(website).where(eq(website.id, id)).returning({ name: website.name });
  if (!row) return false;
  await writeLog(tx, {
    type: 'website',
    id,
    action: 'delete',
    description: `Website verwijderd: ${row.name}`,
  });
  return true;
}

/** A copy as concept with a new key and no leads: name + ' (kopie)'. */
export async function duplicateWebsite(tx: Tx, id: number): Promise<number | null> {
  const [source] = await tx.select().from(website).where(eq(website.id, id));
  if (!source) return null;
  const name = `${source.name} (kopie)`.slice(0, 200);
  return insertWebsite(
    tx,
    {
      name,
      siteurl: source.siteurl,
      leadSource: source.leadSource,
      flowprofileId: source.flowprofileId,
      userId: source.userId,
      mapping: source.mapping,
    },
    {
      action: 'duplicate',
      description: `Website gekopieerd van ${source.name}: ${name}`,
      changes: { duplicated_from: id },
    },
  );
}

/**
 * "Website status is set to live by go-live." Refused (422) without a user or without a mapping to the
 * e-mail address or a phone number: a lead must be reachable.
 */
export async function goLiveWebsite(tx: Tx, id: number): Promise<boolean> {
  const [row] = await tx
    .select({ w: website, userId: user.id })
    .from(website)
    .leftJoin(user, and(eq(user.id, website.userId), isNull(user.deletedAt)))
    .where(eq(website.id, id))
    .for('update', { of: website });
  if (!row) return false;
  if (row.w.status === 'live') throw validationError(WEBSITE_MESSAGES.alreadyLive);
  if (!row.userId)
    throw validationError(WEBSITE_MESSAGES.userRequired, { user_id: [WEBSITE_MESSAGES.userRequired] });
  if (!mapsContactField(row.w.mapping))
    throw validationError(WEBSITE_MESSAGES.goLiveNeedsContact, {
      mapping: [WEBSITE_MESSAGES.goLiveNeedsContact],
    });
  await tx.update(website).set({ status: 'live', updatedAt: new Date() }).where(eq(website.id, id));
  await writeLog(tx, {
    type: 'website',
    id,
    action: 'status',
    description: `Website live gezet: ${row.w.name}`,
    changes: { status: 'live' },
  });
  return true;
}

/** A new key: the old endpoint address stops working at once. */
export async function resetWebsiteKey(tx: Tx, id: number): Promise<boolean> {
  const [row] = await tx
    .update(website)
    .set({ key: newWebsiteKey(), updatedAt: new Date() })
    .where(eq(website.id, id))
    .returning({ name: website.name });
  if (!row) return false;
  await writeLog(tx, {
    type: 'website',
    id,
    action: 'resethash',
    description: `Nieuwe formuliersleutel voor website: ${row.name}`,
  });
  return true;
}
