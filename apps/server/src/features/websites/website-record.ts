import { WEBSITE_MESSAGES, type Website, type WebsiteStatus, websiteEndpointPath } from '@im/domain';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/database';
import { companySettings } from '../../platform/db/tables/companies.schema';
import { flowProfile } from '../../platform/db/tables/flowprofiles.schema';
import { user } from '../../platform/db/tables/users.schema';
import { website } from '../../platform/db/tables/websites.schema';
import { validationError } from '../../platform/errors';
import { toIso } from '../../platform/http/dates';

const userFullname = sql<string>`coalesce(concat_ws(' ', nullif(${user.name}, ''), nullif(${user.nameprefix}, ''), nullif(${user.surname}, '')), '')`;

type Row = {
  w: typeof website.$inferSelect;
  flowprofileName: string | null;
  userFullname: string | null;
};

function serialize({ w, flowprofileName, userFullname }: Row): Website {
  return {
    id: w.id,
    name: w.name,
    siteurl: w.siteurl,
    lead_source: w.leadSource,
    flowprofile_id: w.flowprofileId,
    flowprofile:
      w.flowprofileId && flowprofileName !== null ? { id: w.flowprofileId, name: flowprofileName } : null,
    user_id: w.userId,
    user_fullname: userFullname ?? '',
    status: w.status as WebsiteStatus,
    mapping: w.mapping,
    key: w.key,
    endpoint_url: websiteEndpointPath(w.key),
    leads_count: w.leadsCount,
    created_at: toIso(w.createdAt),
    updated_at: toIso(w.updatedAt),
  };
}

function selectWebsites(tx: Tx) {
  return tx
    .select({ w: website, flowprofileName: flowProfile.name, userFullname })
    .from(website)
    .leftJoin(flowProfile, eq(flowProfile.id, website.flowprofileId))
    .leftJoin(user, eq(user.id, website.userId));
}

/** The company's websites, by name. */
export async function listWebsites(tx: Tx): Promise<Website[]> {
  const rows = await selectWebsites(tx).orderBy(asc(website.name), asc(website.id));
  return rows.map(serialize);
}

export async function loadWebsite(tx: Tx, id: number): Promise<Website | null> {
  const [row] = await selectWebsites(tx).where(eq(website.id, id));
  return row ? serialize(row) : null;
}

/** 422 unless the user is a (not removed) user of the company: "A website needs a user." */
export async function requireWebsiteUser(tx: Tx, userId: number): Promise<void> {
  const [found] = await tx
    .select({ id: user.id })
    .from(user)
    .where(and(eq(user.id, userId), isNull(user.deletedAt)));
  if (!found)
    throw validationError(WEBSITE_MESSAGES.userRequired, { user_id: [WEBSITE_MESSAGES.userRequired] });
}

/** 422 unless the request profile is the company's (and not removed). */
export async function requireWebsiteFlowprofile(tx: Tx, id: number): Promise<void> {
  const [found] = await tx
    .select({ id: flowProfile.id })
    .from(flowProfile)
    .where(and(eq(flowProfile.id, id), isNull(flowProfile.deletedAt)));
  if (!found)
    throw validationError(WEBSITE_MESSAGES.unknownFlowprofile, {
      flowprofile_id: [WEBSITE_MESSAGES.unknownFlowprofile],
    });
}

/**
 * The lead source as stored: one of the company's lead sources (in the list's spelling) when it keeps
 * a list; any text when the list is empty.
 */
export async function checkedLeadSource(tx: Tx, leadSource: string): Promise<string> {
  const [settings] = await tx.select({ list: companySettings.leadSources }).from(companySettings).limit(1);
  const list = settings?.list ?? [];
  if (list.length === 0) return leadSource;
  const match = list.find((s) => s.toLowerCase() === leadSource.toLowerCase());
  if (!match)
    throw validationError(WEBSITE_MESSAGES.unknownLeadSource, {
      lead_source: [WEBSITE_MESSAGES.unknownLeadSource],
    });
  return match;
}
