// The public side of a website (decision 026): a posted form becomes a relation (found again by
// e-mail address, or by postcode and house number, else new) and always a new flow, in one tenant
// transaction of the website's company, without a logged-in user.
import {
  applyWebsiteMapping,
  checkWebsiteLead,
  compactPostcode,
  DEFAULT_COUNTRY,
  fullAddress,
  fullName,
  WEBSITE_LEADS_PER_HOUR,
  WEBSITE_MESSAGES,
  type WebsiteLead,
  type WebsiteMappingRow,
  type WebsitePosted,
  websiteLeadNote,
} from '@im/domain';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../platform/db/database';
import { company, companySettings } from '../../platform/db/tables/companies.schema';
import { location } from '../../platform/db/tables/locations.schema';
import { note } from '../../platform/db/tables/planning.schema';
import { relation } from '../../platform/db/tables/relations.schema';
import { website } from '../../platform/db/tables/websites.schema';
import { AppError, notFound, validationError } from '../../platform/errors';
import { writeLog } from '../../platform/events/write-log';
import { createFlow } from '../flows';
import type { Coordinates } from '../locations';
import { createRelation } from '../relations';

export interface PublicWebsite {
  id: number;
  companyId: number;
  siteurl: string;
  mapping: WebsiteMappingRow[];
}

/**
 * The live website behind a public key, looked up across companies on purpose (the key is the only
 * credential); null for an unknown key, a concept website or a removed company.
 */
export async function findLiveWebsite(db: Database, key: string): Promise<PublicWebsite | null> {
  const [row] = await db.platform((tx) =>
    tx
      .select({
        id: website.id,
        companyId: website.companyId,
        siteurl: website.siteurl,
        mapping: website.mapping,
      })
      .from(website)
      .innerJoin(company, eq(company.id, website.companyId))
      .where(and(eq(website.key, key), eq(website.status, 'live'), isNull(company.deletedAt))),
  );
  return row ?? null;
}

/** The relation a lead belongs to: same e-mail address, else same main postcode, house number and addition. */
export async function findLeadRelation(
  tx: Tx,
  lead: WebsiteLead,
): Promise<{ relationId: number; locationId: number | null } | null> {
  // E-mail addresses are stored trimmed and in lower case (the relation contract), as the lead's is.
  if (lead.relation.email) {
    const [byEmail] = await tx
      .select({ id: relation.id })
      .from(relation)
      .where(and(eq(relation.email, lead.relation.email), isNull(relation.deletedAt)))
      .orderBy(asc(relation.id))
      .limit(1);
    if (byEmail) return { relationId: byEmail.id, locationId: await mainLocationOf(tx, byEmail.id) };
  }
  const { postcode, number, number_addition } = lead.location;
  if (postcode && number) {
    // Stored postcodes are normalised ('1234 AB'); the compact form covers foreign and older rows.
    const forms = [...new Set([postcode, compactPostcode(postcode)])];
    const [byAddress] = await tx
      .select({ relationId: relation.id, locationId: location.id })
      .from(location)
      .innerJoin(relation, eq(relation.id, location.relationId))
      .where(
        and(
          inArray(location.postcode, forms),
          eq(location.isMain, true),
          sql`lower(${location.number}) = ${number.toLowerCase()}`,
          sql`lower(${location.numberAddition}) = ${number_addition.toLowerCase()}`,
          isNull(relation.deletedAt),
        ),
      )
      .orderBy(asc(relation.id))
      .limit(1);
    if (byAddress) return byAddress;
  }
  return null;
}

async function mainLocationOf(tx: Tx, relationId: number): Promise<number | null> {
  const [main] = await tx
    .select({ id: location.id })
    .from(location)
    .where(eq(location.relationId, relationId))
    .orderBy(sql`${location.isMain} desc`, asc(location.id))
    .limit(1);
  return main?.id ?? null;
}

/** Counts a lead against the website's hourly cap (kept in its row, so every server process shares it). */
async function countAgainstCap(tx: Tx, websiteId: number): Promise<void> {
  const [row] = await tx
    .update(website)
    .set({
      capWindowStart: sql`case when ${website.capWindowStart} is null or ${website.capWindowStart} < now() - interval '1 hour' then now() else ${website.capWindowStart} end`,
      capWindowCount: sql`case when ${website.capWindowStart} is null or ${website.capWindowStart} < now() - interval '1 hour' then 1 else ${website.capWindowCount} + 1 end`,
    })
    .where(eq(website.id, websiteId))
    .returning({ count: website.capWindowCount });
  if ((row?.count ?? 0) > WEBSITE_LEADS_PER_HOUR)
    throw new AppError('throttled', WEBSITE_MESSAGES.tooManyLeads, { headers: { 'retry-after': '3600' } });
}

/** What a reused relation's lead said about the customer, so the note keeps details that differ. */
function givenDetails(lead: WebsiteLead): string[] {
  const lines: string[] = [];
  const name = fullName(lead.relation);
  if (name) lines.push(`Naam: ${name}`);
  if (lead.relation.email) lines.push(`E-mailadres: ${lead.relation.email}`);
  if (lead.relation.phone) lines.push(`Telefoonnummer: ${lead.relation.phone}`);
  if (lead.relation.mobile) lines.push(`Mobiel nummer: ${lead.relation.mobile}`);
  if (lead.organization) lines.push(`Organisatie: ${lead.organization}`);
  const l = lead.location;
  const address = fullAddress({
    address: l.address,
    number: l.number,
    numberAddition: l.number_addition,
    postcode: l.postcode,
    city: l.city,
    country: l.country,
  });
  if (address) lines.push(`Adres: ${address}`);
  return lines;
}

export function hasLeadAddress(lead: WebsiteLead): boolean {
  return Boolean(lead.location.address || lead.location.postcode || lead.location.city);
}

/**
 * Turns a posted form into a relation and a new flow of the website's company. 422 for a lead that
 * cannot be reached or has a bad e-mail address or postcode; 404 when the website went offline in the
 * meantime; 429 past the hourly cap. `coords`: the lead's address, geocoded before the transaction.
 */
export async function receiveWebsiteLead(
  db: Database,
  site: PublicWebsite,
  posted: WebsitePosted,
  coords: Coordinates = null,
): Promise<{ relationId: number; flowId: number; isNewRelation: boolean }> {
  return db.tenant({ companyId: site.companyId }, async (tx) => {
    const [w] = await tx.select().from(website).where(eq(website.id, site.id)).for('update');
    if (w?.status !== 'live') throw notFound(WEBSITE_MESSAGES.formNotFound);
    const lead = applyWebsiteMapping(posted, w.mapping);
    const errors = checkWebsiteLead(lead);
    if (Object.keys(errors).length) throw validationError(Object.values(errors)[0]![0]!, errors);
    await countAgainstCap(tx, w.id);

    const [settings] = await tx.select({ tags: companySettings.flowTags }).from(companySettings).limit(1);
    const known = settings?.tags ?? [];
    const tags: string[] = [];
    const unknownTags: string[] = [];
    for (const tag of lead.flow.tags) {
      const match = known.find((k) => k.toLowerCase() === tag.toLowerCase());
      if (match) tags.push(match);
      else unknownTags.push(tag);
    }

    const found = await findLeadRelation(tx, lead);
    let relationId: number;
    let locationId: number | null;
    if (found) {
      relationId = found.relationId;
      locationId = found.locationId;
    } else {
      const r = lead.relation;
      const created = await createRelation(
        tx,
        {
          name: r.name,
          nameprefix: r.nameprefix,
          // A relation needs a surname: a lead without a name is known by how to reach it.
          surname: r.surname || (r.email || r.phone || r.mobile).slice(0, 150),
          email: r.email,
          phone: r.phone,
          mobile: r.mobile,
          country: lead.location.country || DEFAULT_COUNTRY,
          lead_source: w.leadSource,
          flowprofile_id: w.flowprofileId,
          neworganizationname: lead.organization || undefined,
          location: hasLeadAddress(lead) ? { ...lead.location, is_main: true } : undefined,
          createnewflow: false,
        },
        coords,
      );
      relationId = created.id;
      locationId = await mainLocationOf(tx, relationId);
    }

    const flow = await createFlow(tx, {
      relationId,
      description: lead.flow.description,
      flowprofileId: w.flowprofileId,
      leadSource: w.leadSource,
      userId: w.userId,
      locationId,
      tags,
      websiteId: w.id,
    });

    const extra = [
      ...(found ? givenDetails(lead) : []),
      ...(unknownTags.length ? [`Tags: ${unknownTags.join(', ')}`] : []),
    ];
    const content = websiteLeadNote(lead, extra);
    if (content) {
      const [n] = await tx
        .insert(note)
        .values({ targetType: 'flow', relationId, flowId: flow.id, content, userId: null })
        .returning({ id: note.id });
      await writeLog(tx, {
        type: 'note',
        id: n!.id,
        action: 'create',
        description: `Notitie toegevoegd aan dossier ${flow.number} via websiteformulier`,
        flowId: flow.id,
      });
    }

    const [counted] = await tx
      .update(website)
      .set({ leadsCount: sql`${website.leadsCount} + 1` })
      .where(eq(website.id, w.id))
      .returning({ leadsCount: website.leadsCount });
    await writeLog(tx, {
      type: 'website',
      id: w.id,
      action: 'update',
      description: `Aanvraag ontvangen via websiteformulier ${w.name}: dossier ${flow.number}${found ? ' bij een bestaande relatie' : ''}`,
      changes: { leads_count: counted!.leadsCount, flow_id: flow.id, relation_id: relationId },
    });
    return { relationId, flowId: flow.id, isNewRelation: !found };
  });
}
